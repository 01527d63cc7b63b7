//! Faults of the data file and of the output that must not stop the site: an empty data file is
//! refused (never a new site over it), a record that does not decode is skipped in lists (and
//! `studio serve` still starts), and a stdout and stderr that cannot be written (`/dev/full`)
//! never stop the server.

mod ops_support;

use ops_support::{PATIENCE, Server, login, run, send_with_token, set_admin_password, studio};
use std::fs::File;
use std::process::Stdio;
use std::time::Instant;
use studio::store::Store;

const HERO_SLIDES: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("hero_slides");
const CONTACTS: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new("contact_messages");

#[test]
fn an_empty_data_file_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("studio.redb");
    File::create(&data).unwrap();
    let data_arg = data.to_str().unwrap();
    for args in [
        vec!["serve", "--listen", "127.0.0.1:0", "--data", data_arg],
        vec!["admin", "set-password", "admin", "--data", data_arg],
    ] {
        let (status, out, err) = run(dir.path(), &args, "a-long-test-password\n");
        assert!(!status.success(), "{args:?} succeeded: {out}{err}");
        assert_ne!(status.code(), Some(101), "{args:?} panicked: {err}");
        assert!(
            err.contains("is empty (0 bytes)") && err.contains("studio restore"),
            "{args:?} says what to do: {err}"
        );
        assert!(
            !out.contains("Created the admin account") && !out.contains("Created admin"),
            "{args:?} made a new site: {out}"
        );
        assert_eq!(std::fs::metadata(&data).unwrap().len(), 0, "{args:?} wrote");
    }
    // A file of another program is refused as well, and a missing one is still a new site.
    let foreign = dir.path().join("other.redb");
    {
        let db = redb::Database::create(&foreign).unwrap();
        let txn = db.begin_write().unwrap();
        let table: redb::TableDefinition<&str, &str> = redb::TableDefinition::new("notes");
        txn.open_table(table).unwrap().insert("a", "b").unwrap();
        txn.commit().unwrap();
    }
    match Store::open(&foreign) {
        Err(e) => assert!(format!("{e:#}").contains("not a studio data file"), "{e:#}"),
        Ok(_) => panic!("a foreign redb file was taken for a studio data file"),
    }
    let fresh = Store::open(&dir.path().join("new/studio.redb")).unwrap();
    assert_eq!(fresh.hero_slides().unwrap().len(), 3);
}

/// A populated file with one hero slide and one message that do not decode, written into redb's
/// tables directly.
fn file_with_garbage() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("studio.redb");
    {
        let store = Store::open(&data).unwrap();
        store
            .add_contact("Meera", "meera@example.in", "a good one")
            .unwrap();
    }
    set_admin_password(dir.path(), &data);
    let db = redb::Database::open(&data).unwrap();
    let txn = db.begin_write().unwrap();
    let garbage: &[u8] = &[0xff, 0x13, 0x37, 0x00, 0xfe];
    txn.open_table(HERO_SLIDES)
        .unwrap()
        .insert(999, garbage)
        .unwrap();
    txn.open_table(CONTACTS)
        .unwrap()
        .insert(999, garbage)
        .unwrap();
    txn.commit().unwrap();
    drop(db);
    (dir, data)
}

#[test]
fn lists_skip_a_record_that_does_not_decode_and_the_file_check_does_not() {
    let (_dir, data) = file_with_garbage();
    let store = Store::open(&data).unwrap();
    assert_eq!(store.hero_slides().unwrap().len(), 3, "the good slides");
    let contacts = store.contacts().unwrap();
    assert_eq!(contacts.len(), 1);
    assert_eq!(contacts[0].message, "a good one");
    let page = store
        .contact_page(&Default::default(), 0, 50)
        .expect("the inbox");
    assert_eq!(page.total, 1);
    let err = store
        .read_everything()
        .expect_err("the whole-file check must fail on a record that does not decode");
    assert!(
        format!("{err:#}").contains("999"),
        "names the record: {err:#}"
    );
    assert!(store.get::<studio::store::HeroSlide>(999).is_err());
}

#[tokio::test]
async fn serve_starts_and_answers_lists_over_a_record_that_does_not_decode() {
    let (dir, data) = file_with_garbage();
    let server = Server::start(dir.path(), &data, &[]);
    let client = reqwest::Client::new();
    let home = client.get(server.url("/")).send().await.unwrap();
    assert_eq!(home.status(), 200);
    let token = login(&client, &server.base).await;
    for path in ["/api/contacts", "/api/admin/hero-slides"] {
        let res = send_with_token(client.get(server.url(path)), &token).await;
        assert_eq!(res.status(), 200, "{path}");
        let body = res.text().await.unwrap();
        assert!(!body.contains("\"id\":999"), "{path}: {body}");
    }
    let line = server.wait_for_stderr("does not decode");
    assert!(line.contains("999"), "the log names the record: {line}");
}

#[test]
fn serve_with_stdout_and_stderr_on_dev_full_keeps_serving() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("studio.redb");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let full = || {
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut child = studio()
        .args([
            "serve",
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--data",
            data.to_str().unwrap(),
        ])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(full())
        .stderr(full())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let answered = loop {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("studio serve stopped with {status} on a full stdout");
        }
        let got = std::net::TcpStream::connect(("127.0.0.1", port))
            .ok()
            .and_then(|mut s| {
                use std::io::{Read, Write};
                s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .ok()?;
                let mut answer = String::new();
                s.read_to_string(&mut answer).ok()?;
                Some(answer)
            });
        if let Some(answer) = got {
            break answer;
        }
        assert!(started.elapsed() < PATIENCE, "never answered");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    // The stop message cannot be written either: still a clean stop.
    let kill = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "stopped with {status}");
}
