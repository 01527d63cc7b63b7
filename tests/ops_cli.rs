//! Operations through the real executable: backup on a held file, restore, graceful stop with a
//! request in flight, scheduled snapshots, and the request log.

mod ops_support;

use ops_support::{ADMIN_PASSWORD, Server, fresh_data, login, run, send_with_token};
use std::io::{Read, Write};
use std::net::TcpStream;
use studio::store::{MediaFile, Store};

#[tokio::test]
async fn backup_of_a_held_file_says_what_to_do_in_one_line() {
    let (dir, data) = fresh_data();
    let server = Server::start(dir.path(), &data, &[("STUDIO_BACKUP_DIR", "snaps")]);
    let (status, out, err) = run(
        dir.path(),
        &["backup", "copy.redb", "--data", data.to_str().unwrap()],
        "",
    );
    assert!(
        !status.success(),
        "backup must fail while a server holds the file"
    );
    assert_eq!(out, "", "nothing on stdout");
    let lines: Vec<_> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {err:?}");
    assert!(
        lines[0].contains("snaps"),
        "names the snapshots folder: {err}"
    );
    assert!(
        lines[0].contains("Download backup"),
        "names the download: {err}"
    );
    assert!(!dir.path().join("copy.redb").exists());
    drop(server);
}

#[tokio::test]
async fn backup_then_restore_on_a_stopped_server() {
    let (dir, data) = fresh_data();
    let d = data.to_str().unwrap();
    {
        let store = Store::open(&data).unwrap();
        store
            .add_contact("Asha", "asha@example.in", "in the backup")
            .unwrap();
    }
    let (status, out, err) = run(dir.path(), &["backup", "b/copy.redb", "--data", d], "");
    assert!(status.success(), "{out}{err}");
    {
        let store = Store::open(&data).unwrap();
        store
            .add_contact("Ravi", "ravi@example.in", "after the backup")
            .unwrap();
    }

    std::fs::write(dir.path().join("junk.redb"), b"not a data file").unwrap();
    let (status, _, err) = run(dir.path(), &["restore", "junk.redb", "--data", d], "");
    assert!(!status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(
        Store::open(&data).unwrap().contacts().unwrap().len(),
        2,
        "a refused restore changes nothing"
    );

    let server = Server::start(dir.path(), &data, &[]);
    let (status, _, err) = run(dir.path(), &["restore", "b/copy.redb", "--data", d], "");
    assert!(!status.success(), "no restore under a running server");
    assert!(err.contains("in use"), "{err}");
    drop(server);

    let (status, out, err) = run(dir.path(), &["restore", "b/copy.redb", "--data", d], "");
    assert!(status.success(), "{out}{err}");
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("studio.redb.bak-"))
        .collect();
    assert_eq!(kept.len(), 1, "the old file is kept aside");
    assert!(out.contains(&kept[0]), "and the host is told where: {out}");
    let restored = Store::open(&data).unwrap().contacts().unwrap();
    assert_eq!(restored.len(), 1);
    assert_eq!(restored[0].message, "in the backup");
    let old = Store::open(&dir.path().join(&kept[0])).unwrap();
    assert_eq!(old.contacts().unwrap().len(), 2);
}

/// SIGTERM while a large backup download is still being sent: the download completes, whole and
/// valid, and the server exits 0. The file is far larger than the socket buffers, so the server is
/// still writing when the signal arrives.
#[tokio::test]
async fn sigterm_finishes_a_request_in_flight_and_exits_zero() {
    let (dir, data) = fresh_data();
    {
        let store = Store::open(&data).unwrap();
        let bytes: Vec<u8> = (0..48 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
        store
            .put_media(&MediaFile {
                name: "big.bin".into(),
                content_type: "application/octet-stream".into(),
                bytes,
                image: None,
                variant_of: None,
                created_at_ms: 0,
            })
            .unwrap();
    }
    let mut server = Server::start(dir.path(), &data, &[]);
    let token = login(&reqwest::Client::new(), &server.base).await;

    let mut conn = TcpStream::connect(server.addr).unwrap();
    write!(
        conn,
        "GET /api/admin/backup HTTP/1.1\r\nHost: studio\r\nAuthorization: Bearer {token}\r\n\
         Connection: close\r\n\r\n"
    )
    .unwrap();
    // Read just the head of the response: the download has started and is now in flight.
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        conn.read_exact(&mut byte).unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length: ")
                .map(str::to_string)
        })
        .expect("content-length")
        .trim()
        .parse()
        .unwrap();
    assert!(length > 48 * 1024 * 1024);

    server.signal("TERM");
    server.wait_for_stderr("stopping");
    let mut body = Vec::new();
    conn.read_to_end(&mut body).unwrap();
    assert_eq!(body.len(), length, "the whole download arrived");
    let status = server.wait();
    assert_eq!(status.code(), Some(0), "{}", server.stderr_text());
    assert!(
        server
            .stdout
            .lock()
            .unwrap()
            .iter()
            .any(|l| l == "studio stopped")
    );

    let copy = dir.path().join("downloaded.redb");
    std::fs::write(&copy, &body).unwrap();
    studio::backup::verify(&copy).unwrap();
    let media = Store::open(&copy)
        .unwrap()
        .media("big.bin")
        .unwrap()
        .unwrap();
    assert_eq!(media.bytes.len(), 48 * 1024 * 1024);
    studio::backup::verify(&data).unwrap();
}

#[tokio::test]
async fn ctrl_c_stops_the_server_cleanly_too() {
    let (dir, data) = fresh_data();
    let mut server = Server::start(dir.path(), &data, &[]);
    server.signal("INT");
    assert_eq!(server.wait().code(), Some(0), "{}", server.stderr_text());
    // The file is free again: another process may open it at once.
    drop(Store::open(&data).unwrap());
}

#[tokio::test]
async fn a_server_with_backup_dir_writes_a_snapshot_at_start() {
    let (dir, data) = fresh_data();
    let server = Server::start(
        dir.path(),
        &data,
        &[
            ("STUDIO_BACKUP_DIR", "snaps"),
            ("STUDIO_BACKUP_EVERY", "6h"),
        ],
    );
    server.wait_for_stderr("wrote a snapshot");
    let snaps = studio::backup::snapshots(&dir.path().join("snaps")).unwrap();
    assert_eq!(snaps.len(), 1);
    // A snapshot is a complete data file even while the server keeps running.
    studio::backup::verify(&snaps[0]).unwrap();
    drop(server);
}

#[tokio::test]
async fn the_log_has_one_json_line_per_request_without_secrets() {
    let (dir, data) = fresh_data();
    let mut server = Server::start(dir.path(), &data, &[("STUDIO_LOG_FORMAT", "json")]);
    let client = reqwest::Client::new();
    let res = client
        .get(server.url("/portfolio?category=kitchens&token=SECRET-IN-QUERY"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let token = login(&client, &server.base).await;
    let res = send_with_token(client.get(server.url("/api/contacts")), &token).await;
    assert_eq!(res.status(), 200);
    let res = client
        .post(server.url("/api/contact"))
        .json(&serde_json::json!({
            "name": "Asha",
            "email": "asha@example.in",
            "message": "SECRET-MESSAGE-BODY",
        }))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let res = client
        .get(server.url("/no-such-page"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    server.signal("TERM");
    assert_eq!(server.wait().code(), Some(0));

    let log = server.stderr_text();
    for secret in [
        "SECRET-IN-QUERY",
        "category=",
        ADMIN_PASSWORD,
        token.as_str(),
        "SECRET-MESSAGE-BODY",
    ] {
        assert!(!log.contains(secret), "the log shows {secret:?}:\n{log}");
    }
    let requests: Vec<serde_json::Value> = log
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l)
                .unwrap_or_else(|e| panic!("not a JSON line ({e}): {l}"))
        })
        .filter(|v| v["target"] == "studio::request")
        .collect();
    let find = |method: &str, path: &str| {
        requests
            .iter()
            .find(|v| v["fields"]["method"] == method && v["fields"]["path"] == path)
            .unwrap_or_else(|| panic!("no log line for {method} {path}: {requests:#?}"))
    };
    let page = find("GET", "/portfolio");
    assert_eq!(page["fields"]["status"], 200);
    assert!(page["fields"]["latency_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(find("POST", "/api/admin/login")["fields"]["status"], 200);
    assert_eq!(find("GET", "/api/contacts")["fields"]["status"], 200);
    assert_eq!(find("GET", "/no-such-page")["fields"]["status"], 404);
    assert_eq!(
        requests.len(),
        5,
        "one line per request, no more: {requests:#?}"
    );
}

#[tokio::test]
async fn the_pretty_log_names_method_path_status_and_latency() {
    let (dir, data) = fresh_data();
    let mut server = Server::start(dir.path(), &data, &[("STUDIO_LOG_LEVEL", "info")]);
    let res = reqwest::get(server.url("/about?ref=SECRET")).await.unwrap();
    assert_eq!(res.status(), 200);
    let line = server.wait_for_stderr("path=/about");
    for part in ["method=GET", "status=200", "latency_ms="] {
        assert!(line.contains(part), "{line}");
    }
    assert!(!line.contains("SECRET"), "{line}");
    server.signal("TERM");
    assert_eq!(server.wait().code(), Some(0));
}

/// `log_level = "debug"` shows debug lines (fmt's own INFO level once hid them): the render
/// worker's line about the pages it rendered at start-up, with how long they took.
#[tokio::test]
async fn a_debug_log_level_shows_debug_lines() {
    let (dir, data) = fresh_data();
    let mut server = Server::start(dir.path(), &data, &[("STUDIO_LOG_LEVEL", "debug")]);
    let line = server.wait_for_stderr("rendered the pages' bodies");
    assert!(line.contains("DEBUG") && line.contains("ms="), "{line}");
    server.signal("TERM");
    assert_eq!(server.wait().code(), Some(0));
}

fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn set_mode(path: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// They hold the token key, password hashes, messages and TLS keys: never readable by other users,
/// whatever the umask says (022 is the usual one, and gives 0644 to a plain new file).
#[tokio::test]
async fn every_copy_of_the_data_file_is_private_whatever_the_umask() {
    // SAFETY: umask is process-wide and affects only files created afterwards; 022 is the
    // default every other test runs under anyway.
    unsafe { libc::umask(0o022) };
    let (dir, data) = fresh_data();
    let d = data.to_str().unwrap();
    assert_eq!(mode(&data), 0o600, "a new data file");
    let server = Server::start(dir.path(), &data, &[("STUDIO_BACKUP_DIR", "snaps")]);
    server.wait_for_stderr("wrote a snapshot");
    let snaps = studio::backup::snapshots(&dir.path().join("snaps")).unwrap();
    assert_eq!(mode(&snaps[0]), 0o600, "a scheduled snapshot");
    assert!(
        !server.stderr_text().contains("chmod 600"),
        "no warning for a private file"
    );
    drop(server);

    let (status, out, err) = run(dir.path(), &["backup", "b/copy.redb", "--data", d], "");
    assert!(status.success(), "{out}{err}");
    assert_eq!(
        mode(&dir.path().join("b/copy.redb")),
        0o600,
        "studio backup"
    );

    // A data file an earlier release left readable is kept aside private on restore.
    set_mode(&data, 0o644);
    let (status, out, err) = run(dir.path(), &["restore", "b/copy.redb", "--data", d], "");
    assert!(status.success(), "{out}{err}");
    assert_eq!(mode(&data), 0o600, "the restored file");
    let kept = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("studio.redb.bak-"))
        .unwrap();
    assert_eq!(mode(&kept), 0o600, "the .bak- copy");

    // A readable data file gets one warning line at start.
    set_mode(&data, 0o644);
    let server = Server::start(dir.path(), &data, &[]);
    let line = server.wait_for_stderr("chmod 600");
    assert!(line.contains("644"), "{line}");
    assert_eq!(
        server.stderr_text().matches("chmod 600").count(),
        1,
        "one line"
    );
    drop(server);
}

#[tokio::test]
async fn rotate_key_signs_everyone_out_and_refuses_a_file_in_use() {
    let (dir, data) = fresh_data();
    let d = data.to_str().unwrap();
    let server = Server::start(dir.path(), &data, &[]);
    let client = reqwest::Client::new();
    let token = login(&client, &server.base).await;
    let (status, out, err) = run(dir.path(), &["admin", "rotate-key", "--data", d], "");
    assert!(!status.success(), "not while a server holds the file");
    assert!(err.contains("in use"), "{err}");
    assert_eq!(out, "");
    drop(server);

    let old_key = Store::open(&data).unwrap().hmac_key().unwrap();
    let (status, out, err) = run(dir.path(), &["admin", "rotate-key", "--data", d], "");
    assert!(status.success(), "{out}{err}");
    assert!(out.contains("signed out"), "{out}");
    let new_key = Store::open(&data).unwrap().hmac_key().unwrap();
    assert_ne!(old_key, new_key);
    assert_eq!(new_key.len(), 32);

    let server = Server::start(dir.path(), &data, &[]);
    let res = send_with_token(client.get(server.url("/api/admin/verify")), &token).await;
    assert_eq!(res.status(), 401, "the earlier session is over");
    login(&client, &server.base).await;
    drop(server);

    let missing = dir.path().join("none.redb");
    let (status, _, err) = run(
        dir.path(),
        &["admin", "rotate-key", "--data", missing.to_str().unwrap()],
        "",
    );
    assert!(!status.success());
    assert!(err.contains("no data file"), "{err}");
}

/// Whatever answers on the port `studio status` asks may say anything: escape sequences that
/// retitle the terminal or recolour it never reach the host's terminal (issue 39, finding 7).
#[test]
fn status_prints_no_control_characters_from_the_answer() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            // The whole head first: closing with some of it unread resets the connection, and the
            // client then sees a broken pipe instead of the answer.
            let mut head = Vec::new();
            let mut chunk = [0u8; 1024];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&chunk[..n]),
                }
            }
            let body = "ok\x1b]0;owned\x07\x1b[31mfake\r\n\u{9b}2J";
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("studio.toml");
    std::fs::write(&config, format!("listen = \"{addr}\"\n")).unwrap();
    let (_, out, err) = run(
        dir.path(),
        &["status", "--config", config.to_str().unwrap()],
        "",
    );
    let said = format!("{out}{err}");
    assert!(said.contains("fake"), "the answer is shown: {said:?}");
    assert!(
        !said.chars().any(|c| c.is_control() && c != '\n'),
        "no control character: {said:?}"
    );
}
