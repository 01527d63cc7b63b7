//! The activity record (docs/admin-api.md, "People"): what the panel's calls write, the chain that
//! a removed, changed or moved entry breaks (in a real redb file, as an attacker with the file would
//! edit it), `studio audit verify`, and the size of a busy studio's year.

mod common;

use common::{TestServer, call};
use redb::{Database, ReadableTable, TableDefinition};
use reqwest::Method;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;
use studio::store::{NewActivity, Role, Store};

const ACTIVITY: TableDefinition<u64, &[u8]> = TableDefinition::new("activity");

fn entry(n: u64) -> NewActivity {
    NewActivity {
        actor: "meera".into(),
        actor_name: "Meera".into(),
        action: "changed".into(),
        kind: "content".into(),
        subject: format!("portfolio project {n}"),
        summary: format!("Meera changed portfolio project {n}: title"),
        address: "203.0.113.7".into(),
        device: "Chrome on Android".into(),
    }
}

fn studio(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_studio"))
        .args(args)
        .output()
        .expect("run studio")
}

fn file_with_entries(dir: &Path, n: u64) -> std::path::PathBuf {
    let path = dir.join("studio.redb");
    let store = Store::open(&path).expect("open");
    for i in 1..=n {
        store.record_activity(entry(i)).expect("record");
    }
    assert_eq!(store.verify_activity().unwrap().broken_at, None);
    path
}

/// Edits the activity table of a closed data file with `edit`.
fn tamper(path: &Path, edit: impl FnOnce(&mut redb::Table<u64, &[u8]>)) {
    let db = Database::open(path).expect("open with redb");
    let txn = db.begin_write().unwrap();
    {
        let mut table = txn.open_table(ACTIVITY).unwrap();
        edit(&mut table);
    }
    txn.commit().unwrap();
}

fn broken_at(path: &Path) -> Option<u64> {
    Store::open(path)
        .unwrap()
        .verify_activity()
        .unwrap()
        .broken_at
}

#[test]
fn a_removed_changed_or_moved_entry_breaks_the_chain() {
    // Removed: the entry after it no longer chains.
    let dir = tempfile::tempdir().unwrap();
    let path = file_with_entries(dir.path(), 6);
    tamper(&path, |t| {
        t.remove(3).unwrap();
    });
    assert_eq!(broken_at(&path), Some(4));
    let out = studio(&["audit", "verify", "--data", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("broken at entry 4"));

    // Changed: a summary rewritten in place (the bytes of a longer sentence, same version).
    let dir = tempfile::tempdir().unwrap();
    let path = file_with_entries(dir.path(), 6);
    tamper(&path, |t| {
        let bytes = t.get(2).unwrap().unwrap().value().to_vec();
        let text = String::from_utf8_lossy(&bytes).replace("project 2", "project 9");
        let mut changed = bytes.clone();
        let at = text.find("project 9").expect("the subject in the bytes");
        changed[at..at + 9].copy_from_slice(b"project 9");
        t.insert(2, changed.as_slice()).unwrap();
    });
    assert_eq!(broken_at(&path), Some(2));

    // Moved: two entries swapped.
    let dir = tempfile::tempdir().unwrap();
    let path = file_with_entries(dir.path(), 6);
    tamper(&path, |t| {
        let a = t.get(2).unwrap().unwrap().value().to_vec();
        let b = t.get(5).unwrap().unwrap().value().to_vec();
        t.insert(2, b.as_slice()).unwrap();
        t.insert(5, a.as_slice()).unwrap();
    });
    assert_eq!(broken_at(&path), Some(2));

    // Whole: the command says so and exits 0.
    let dir = tempfile::tempdir().unwrap();
    let path = file_with_entries(dir.path(), 3);
    let out = studio(&["audit", "verify", "--data", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("is whole (3 entries)"));
}

#[test]
fn a_busy_year_stays_small_and_old_entries_go() {
    // 100 changes and 300 openings of a person's details a day, for a year and a month: the
    // record keeps a year, its chain whole from the anchor the pruning left.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("studio.redb");
    let store = Store::open(&path).unwrap();
    let start: u64 = 1_767_225_600_000; // 2026-01-01
    let day = 24 * 3600 * 1000;
    let days = 396;
    for d in 0..days {
        let batch = (0..400u64)
            .map(|i| {
                let mut e = entry(i);
                if i >= 100 {
                    e.action = "opened".into();
                    e.kind = "personal-data".into();
                    e.subject = format!("enquiry {}", d * 7 + i);
                    e.summary = format!("Meera opened the details of enquiry {}", d * 7 + i);
                }
                (e, start + d * day + i * 60_000)
            })
            .collect();
        store.record_activities_at(batch).unwrap();
    }
    let check = store.verify_activity().unwrap();
    assert_eq!(check.broken_at, None);
    // Pruning is bounded per write, so a little past a year may remain; never much less.
    assert!(
        check.entries >= 366 * 400 && check.entries <= 372 * 400,
        "{} entries",
        check.entries
    );
    drop(store);
    let size = std::fs::metadata(&path).unwrap().len();
    println!(
        "a year of activity: {} entries, {size} bytes",
        check.entries
    );
    // docs/admin-api.md: measured at 33.7 MB (about 230 bytes an entry); the bound leaves room
    // for redb's page layout, it is not a target.
    assert!(size < 48 * 1024 * 1024, "{size} bytes");
}

#[tokio::test]
async fn the_panels_calls_are_recorded_in_sentences() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let hash = studio::auth::hash_password("teak chai monsoon").unwrap();
    server
        .app
        .store
        .add_admin("meera", &hash, Role::Editor)
        .unwrap();
    let bad = server.sign_in_as("meera", "not her password").await;
    assert_eq!(bad.status(), 401);
    let res = server
        .client
        .post(server.url("/api/admin/login"))
        .header(
            "user-agent",
            "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36",
        )
        .json(&json!({ "username": "meera", "password": "teak chai monsoon" }))
        .send()
        .await
        .unwrap();
    let meera: Value = res.json().await.unwrap();
    let meera = meera["token"].as_str().unwrap().to_string();
    let (status, made) = call(
        &server,
        &meera,
        Method::POST,
        "/api/admin/testimonials",
        Some(json!({ "quote": "Lovely work", "name": "A client", "role": "Home owner" })),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let (status, _) = call(
        &server,
        &meera,
        Method::PUT,
        &format!("/api/admin/testimonials/{}", made["id"]),
        Some(json!({ "quote": "Lovely work, on time", "name": "A client", "role": "Home owner" })),
    )
    .await;
    assert_eq!(status, 200);
    let msg = server
        .app
        .store
        .add_contact("Asha Reddy", "asha@example.com", "A 3BHK in Kondapur")
        .unwrap();
    let (status, _) = owner.get(&format!("/api/contacts/{}", msg.id)).await;
    assert_eq!(status, 200);

    let (status, page) = owner.get("/api/admin/activity").await;
    assert_eq!(status, 200);
    let summaries: Vec<&str> = page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["summary"].as_str().unwrap())
        .collect();
    let has = |s: &str| summaries.iter().any(|x| x.contains(s));
    assert!(has("admin opened the details of enquiry"), "{summaries:#?}");
    assert!(
        has("meera changed testimonial") && has("(A client): quote"),
        "{summaries:#?}"
    );
    assert!(has("meera added a new testimonial"), "{summaries:#?}");
    assert!(has("meera signed in"), "{summaries:#?}");
    assert!(
        has("trying the name \u{201c}meera\u{201d} could not sign in"),
        "{summaries:#?}"
    );
    // Never a client's name or contact in the record.
    assert!(!page.to_string().contains("Asha"), "{page}");
    let signed_in = page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["summary"] == "meera signed in")
        .unwrap();
    assert_eq!(signed_in["device"], "Chrome on Android");

    // Filters, paging and the spreadsheet.
    let (_, only) = owner.get("/api/admin/activity?kind=personal-data").await;
    assert_eq!(only["entries"].as_array().unwrap().len(), 1);
    let (_, mine) = owner.get("/api/admin/activity?username=meera").await;
    assert!(
        mine["entries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["actor"] == "meera")
    );
    let (status, _) = owner.get("/api/admin/activity?kind=everything").await;
    assert_eq!(status, 400);
    let csv = owner.send(Method::GET, "/api/admin/activity.csv").await;
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let text = csv.text().await.unwrap();
    assert!(text.contains("meera changed testimonial"));
    let (_, whole) = owner.get("/api/admin/activity/verify").await;
    assert_eq!(whole["whole"], true);
    // The Editor may not read it.
    let (status, _) = call(&server, &meera, Method::GET, "/api/admin/activity", None).await;
    assert_eq!(status, 403);
    server.stop().await;
}

#[tokio::test]
async fn ten_failures_and_role_changes_are_notices() {
    // Ten addresses, each under the per-address limit, guessing one name.
    let server = TestServer::behind_proxy().await;
    let owner = server.sign_in().await;
    for i in 0..10 {
        let res = server
            .client
            .post(server.url("/api/admin/login"))
            .header("x-forwarded-for", format!("198.51.100.{}", i + 1))
            .json(&json!({ "username": "founder", "password": "guess" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 401);
    }
    let hash = studio::auth::hash_password("teak chai monsoon").unwrap();
    server
        .app
        .store
        .add_admin("meera", &hash, Role::Editor)
        .unwrap();
    let (status, _) = owner
        .patch("/api/admin/accounts/meera", json!({ "role": "owner" }))
        .await;
    assert_eq!(status, 200);
    // Each change of people is one entry, in the handler's words.
    let (_, people) = owner.get("/api/admin/activity?kind=people").await;
    let summaries: Vec<&str> = people["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["summary"].as_str().unwrap())
        .collect();
    assert_eq!(
        summaries,
        ["admin changed the role of meera from Editor to Owner"]
    );
    let (status, notices) = owner.get("/api/admin/security-notices").await;
    assert_eq!(status, 200);
    let texts: Vec<&str> = notices
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts.len(), 2, "{texts:#?}");
    assert!(texts[0].contains("changed the role of meera from Editor to Owner"));
    assert!(texts[1].contains("failed to sign in 10 times within an hour"));
    server.stop().await;
}

#[test]
fn the_hosts_account_commands() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("studio.redb");
    let d = data.to_str().unwrap();
    let run_with = |args: &[&str], stdin: &str| {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_studio"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let ok = |out: std::process::Output| {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    ok(run_with(
        &["admin", "set-password", "founder", "--data", d],
        "a long host password\n",
    ));
    ok(run_with(
        &["admin", "add", "meera", "--role", "editor", "--data", d],
        "another long one\n",
    ));
    let bad = run_with(
        &["admin", "add", "ravi", "--role", "boss", "--data", d],
        "another long one\n",
    );
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a role"));
    let list = ok(studio(&["admin", "list", "--data", d]));
    assert!(list.contains("founder\towner\tactive"), "{list}");
    assert!(list.contains("meera\teditor\tactive"), "{list}");
    ok(studio(&["admin", "deactivate", "meera", "--data", d]));
    assert!(ok(studio(&["admin", "list", "--data", d])).contains("meera\teditor\tdeactivated"));
    ok(studio(&["admin", "reactivate", "meera", "--data", d]));
    ok(studio(&[
        "admin",
        "set-role",
        "meera",
        "enquiries",
        "--data",
        d,
    ]));
    // The last Owner stays one.
    let refused = studio(&["admin", "deactivate", "founder", "--data", d]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("always be an active Owner"));
    // Each is in the record as the host's.
    let store = Store::open(&data).unwrap();
    let (entries, _) = store
        .activity(&studio::store::ActivityFilter {
            actor: Some("host".into()),
            limit: 50,
            ..Default::default()
        })
        .unwrap();
    let summaries: Vec<String> = entries.iter().map(|e| e.summary.clone()).collect();
    assert!(
        summaries
            .iter()
            .any(|s| s == "The host changed the role of meera from Editor to Enquiries"),
        "{summaries:#?}"
    );
    assert!(
        summaries
            .iter()
            .any(|s| s == "The host created the Owner account founder"),
        "{summaries:#?}"
    );
    assert_eq!(store.verify_activity().unwrap().broken_at, None);
}
