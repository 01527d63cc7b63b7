//! Off-site copies against real S3-compatible storage (`rclone serve s3`, signatures checked) and
//! real faults: the round trip through `studio restore --offsite`, wrong keys, storage down, error
//! and cut-short and slow answers, a wrong passphrase and a flipped byte on restore, pruning,
//! unchanged data, secrets kept out of every log and answer, and memory on a 200 MB file.

mod offsite_support;
mod ops_support;

use offsite_support::*;
use ops_support::{Server, fresh_data, login, send_with_token};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;
use studio::store::{MediaFile, Store};

fn add_message(data: &Path, text: &str) {
    let store = Store::open(data).unwrap();
    store.add_contact("Asha", "asha@example.in", text).unwrap();
}

async fn back_up_now(client: &reqwest::Client, server: &Server, token: &str) -> (u16, Value) {
    let res = send_with_token(client.post(server.url("/api/admin/backups/offsite")), token).await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

async fn offsite_status(client: &reqwest::Client, server: &Server, token: &str) -> Value {
    let res = send_with_token(client.get(server.url("/api/admin/backups/offsite")), token).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// Stops a server the way a host does, and waits for it to let go of the data file.
fn stop(mut server: Server) -> String {
    server.signal("TERM");
    assert!(server.wait().success());
    let mut logs = server.stderr_text();
    logs.push('\n');
    logs.push_str(&server.stdout.lock().unwrap().join("\n"));
    logs
}

fn assert_no_secrets(text: &str) {
    for secret in [SECRET_KEY, PASSPHRASE, "X-Amz-Signature"] {
        assert!(!text.contains(secret), "{secret} leaked into: {text}");
    }
}

#[tokio::test]
async fn a_copy_sent_from_the_panel_restores_onto_a_new_machine() {
    let storage_dir = tempfile::tempdir().unwrap();
    let storage = Rclone::start(storage_dir.path());
    let (dir, data) = fresh_data();
    add_message(&data, "We would like a 3BHK done in teak");
    let env = offsite_env(&storage.endpoint(), "nivasa/");
    let server = Server::start(dir.path(), &data, &as_refs(&env));
    // The copy a start makes goes first; a sign-in then writes (its session, the activity record),
    // so the copy asked for below holds newer data than that one.
    server.wait_for_stderr("sent an off-site copy");
    let client = reqwest::Client::new();
    let token = login(&client, &server.base).await;

    let (status, copy) = back_up_now(&client, &server, &token).await;
    assert_eq!(status, 200, "{copy}");
    let name = copy["name"].as_str().unwrap().to_string();
    assert!(
        name.starts_with("studio-") && name.ends_with(".redb.enc"),
        "{name}"
    );
    assert_eq!(
        name.len(),
        "studio-20261124T120000Z.redb.enc".len(),
        "{name}"
    );
    let stored = storage.objects("nivasa");
    assert_eq!(
        stored.len(),
        2,
        "the start's copy and this one, under the prefix"
    );
    let this = stored
        .iter()
        .find(|p| p.file_name().is_some_and(|f| f.to_string_lossy() == name))
        .expect("the copy is in the bucket");
    let sealed = std::fs::read(this).unwrap();
    assert_eq!(copy["size"].as_u64().unwrap(), sealed.len() as u64);
    assert!(sealed.starts_with(b"studioEC"), "sealed");
    let plain = std::fs::read(&data).unwrap();
    assert!(
        !sealed
            .windows(b"3BHK done in teak".len())
            .any(|w| w == b"3BHK done in teak"),
        "no message text in the copy"
    );
    // The copy sent is the one that passed its check, which redb trims of the free space the live
    // file keeps at its end: smaller than the live file, never empty. That it holds everything is
    // shown by the restore onto a new machine below.
    assert!(
        sealed.len() > plain.len() / 4,
        "the whole database went: sealed {} bytes, live file {}",
        sealed.len(),
        plain.len()
    );

    // Unchanged: the same copy answers, nothing new is sent.
    let (status, again) = back_up_now(&client, &server, &token).await;
    assert_eq!(status, 200);
    assert_eq!(again["name"], copy["name"]);
    assert_eq!(storage.objects("nivasa").len(), 2, "not sent again");

    // Unchanged, but gone from the storage (a lifecycle rule, a person): it is sent again.
    delete_object(&storage, &format!("nivasa/{name}")).await;
    let (status, resent) = back_up_now(&client, &server, &token).await;
    assert_eq!(status, 200, "{resent}");
    assert_ne!(resent["name"], copy["name"]);
    assert_eq!(storage.objects("nivasa").len(), 2, "sent again");
    let copy = resent;
    let name = copy["name"].as_str().unwrap().to_string();

    let shown = offsite_status(&client, &server, &token).await;
    assert_eq!(shown["configured"], true);
    assert!(shown["lastSuccess"].is_string(), "{shown}");
    assert!(shown["lastError"].is_null(), "{shown}");
    assert_eq!(shown["overdue"], false);
    assert_eq!(shown["copies"][0]["name"], copy["name"]);
    assert_no_secrets(&shown.to_string());
    let logs = stop(server);
    assert_no_secrets(&logs);

    // A new machine: an empty folder, the same settings.
    let new_dir = tempfile::tempdir().unwrap();
    let new_data = new_dir.path().join("studio.redb");
    let args = restore_args("latest", &new_data);
    let (ok, out, err) = run_env(new_dir.path(), &args, &env);
    assert!(ok, "restore: {out}{err}");
    assert!(out.contains(&name), "{out}");
    assert_no_secrets(&format!("{out}{err}"));
    let leftovers: Vec<_> = std::fs::read_dir(new_dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(leftovers, ["studio.redb"], "no temporary file left");

    let server = Server::start(new_dir.path(), &new_data, &[]);
    let token = login(&client, &server.base).await;
    let res = send_with_token(client.get(server.url("/api/contacts")), &token).await;
    let messages: Value = res.json().await.unwrap();
    assert_eq!(
        messages[0]["message"], "We would like a 3BHK done in teak",
        "{messages}"
    );
    stop(server);

    let (ok, out, _) = run_env(new_dir.path(), &list_args(&new_data), &env);
    assert!(ok);
    assert!(out.contains(&name), "{out}");
}

/// Deletes an object through the S3 API (rclone caches its folders, so not behind its back).
async fn delete_object(storage: &Rclone, key: &str) {
    let config = studio::config::OffsiteConfig {
        endpoint: storage.endpoint(),
        bucket: BUCKET.into(),
        region: "auto".into(),
        prefix: String::new(),
        access_key_id: ACCESS_KEY.into(),
        secret_access_key: studio::config::Secret(SECRET_KEY.into()),
        encrypt: true,
        passphrase: None,
        keep: 0,
        path_style: true,
        timeout: Duration::from_secs(10),
    };
    let s3 = studio::offsite::s3::Storage::new(&config).unwrap();
    s3.delete(key).await.unwrap();
    assert_eq!(s3.head(key).await.unwrap(), None);
}

/// `studio restore --offsite WHICH --data DATA`.
fn restore_args<'a>(which: &'a str, data: &'a Path) -> [&'a str; 5] {
    [
        "restore",
        "--offsite",
        which,
        "--data",
        data.to_str().unwrap(),
    ]
}

/// `studio backups list --offsite --data DATA`.
fn list_args(data: &Path) -> [&str; 5] {
    [
        "backups",
        "list",
        "--offsite",
        "--data",
        data.to_str().unwrap(),
    ]
}

/// Runs `studio` with these settings in its environment; returns success, stdout and stderr.
fn run_env(dir: &Path, args: &[&str], env: &[(String, String)]) -> (bool, String, String) {
    let out = ops_support::studio()
        .args(args)
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .current_dir(dir)
        .output()
        .expect("run studio");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn a_wrong_secret_and_a_storage_that_is_down_are_reported_and_the_site_runs_on() {
    let storage_dir = tempfile::tempdir().unwrap();
    let storage = Rclone::start(storage_dir.path());
    let (dir, data) = fresh_data();
    let env = with(
        &offsite_env(&storage.endpoint(), ""),
        "STUDIO_OFFSITE_SECRET_ACCESS_KEY",
        "SECRETwrong-0000",
    );
    let server = Server::start(dir.path(), &data, &as_refs(&env));
    let client = reqwest::Client::new();
    let token = login(&client, &server.base).await;
    let (status, body) = back_up_now(&client, &server, &token).await;
    assert_eq!(status, 502, "{body}");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("403"), "{message}");
    assert!(!message.contains("SECRETwrong"), "{message}");
    assert_no_secrets(message);
    let shown = offsite_status(&client, &server, &token).await;
    assert!(
        shown["lastError"]["message"]
            .as_str()
            .unwrap()
            .contains("403"),
        "{shown}"
    );
    assert!(storage.objects("").is_empty(), "nothing stored");
    assert_eq!(
        client
            .get(server.url("/api/health"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    let logs = stop(server);
    assert!(!logs.contains("SECRETwrong"), "{logs}");
    assert_no_secrets(&logs);

    // Nothing listens at the endpoint.
    let port = free_port();
    let env = offsite_env(&format!("http://127.0.0.1:{port}"), "");
    let server = Server::start(dir.path(), &data, &as_refs(&env));
    let token = login(&client, &server.base).await;
    let (status, body) = back_up_now(&client, &server, &token).await;
    assert_eq!(status, 502, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("cannot reach"),
        "{body}"
    );
    assert_eq!(
        client
            .get(server.url("/api/health"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    stop(server);
}

// Several threads: the proxy runs on this runtime while the test waits for `studio restore`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn error_answers_cut_answers_and_slow_answers_from_the_storage() {
    let storage_dir = tempfile::tempdir().unwrap();
    let storage = Rclone::start(storage_dir.path());
    let proxy = Proxy::start(storage.port).await;
    let (dir, data) = fresh_data();
    let env = offsite_env(&proxy.endpoint(), "");
    // Failing from the start, so the copy the schedule takes at start fails too (and waits to retry).
    proxy.set(Fault::Status(503));
    let server = Server::start(dir.path(), &data, &as_refs(&env));
    let client = reqwest::Client::new();
    let token = login(&client, &server.base).await;

    for code in [500, 503] {
        proxy.set(Fault::Status(code));
        let (status, body) = back_up_now(&client, &server, &token).await;
        assert_eq!(status, 502, "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains(&code.to_string()),
            "{body}"
        );
    }
    assert!(storage.objects("").is_empty());

    // One 503, then the storage answers: the retry gets the copy through.
    proxy.set(Fault::StatusTimes(503, 1));
    let (status, copy) = back_up_now(&client, &server, &token).await;
    assert_eq!(status, 200, "{copy}");
    assert_eq!(storage.objects("").len(), 1);

    // A slow storage (2 s before each answer, under the 5 s timeout): the check of the unchanged
    // copy gets through, and the site answers at once meanwhile.
    proxy.set(Fault::Delay(Duration::from_secs(2)));
    let slow = {
        let (client, url, token) = (
            client.clone(),
            server.url("/api/admin/backups/offsite"),
            token.clone(),
        );
        tokio::spawn(async move {
            let res = send_with_token(client.post(url), &token).await;
            (res.status().as_u16(), res.json::<Value>().await.unwrap())
        })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    let started = std::time::Instant::now();
    let health = client.get(server.url("/api/health")).send().await.unwrap();
    assert_eq!(health.status(), 200);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "the site never waits for the storage"
    );
    let (status, same) = slow.await.unwrap();
    assert_eq!(status, 200, "{same}");
    assert_eq!(same["name"], copy["name"]);

    let shown = offsite_status(&client, &server, &token).await;
    assert!(
        shown["lastError"].is_object(),
        "the 503s are remembered: {shown}"
    );
    stop(server);

    // The download cut short: the restore fails, the data file is untouched.
    proxy.set(Fault::CutAfter(4096));
    let before = std::fs::read(&data).unwrap();
    let (ok, out, err) = run_env(dir.path(), &restore_args("latest", &data), &env);
    assert!(!ok, "{out}{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("cut short"), "{err}");
    assert!(err.contains("untouched"), "{err}");
    assert!(
        std::fs::read(&data).unwrap() == before,
        "the data file is untouched"
    );
    assert_eq!(leftovers(dir.path()), ["studio.redb"]);
}

fn leftovers(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| !n.starts_with("rclone"))
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_newest_copies_are_kept_and_a_bad_copy_is_never_restored() {
    let storage_dir = tempfile::tempdir().unwrap();
    let storage = Rclone::start(storage_dir.path());
    let (dir, data) = fresh_data();
    let env = with(
        &offsite_env(&storage.endpoint(), "p/"),
        "STUDIO_OFFSITE_KEEP",
        "2",
    );
    let client = reqwest::Client::new();
    // Every copy sent, by name, in order, whoever sent it: the first start sends one (the storage
    // holds none), and "Back up now" after a sign-in (which writes) always does.
    let mut names: Vec<String> = Vec::new();
    let mut last_start_sent = false;
    for i in 0..3 {
        add_message(&data, &format!("message {i}"));
        let server = Server::start(dir.path(), &data, &as_refs(&env));
        if i == 0 {
            // With nothing in the storage yet, the start sends a copy at once: let it land first.
            server.wait_for_stderr("sent an off-site copy");
        }
        let token = login(&client, &server.base).await;
        let (status, copy) = back_up_now(&client, &server, &token).await;
        assert_eq!(status, 200, "{copy}");
        let asked = copy["name"].as_str().unwrap().to_string();
        let said = server.stderr.clone();
        stop(server);
        let sent: Vec<String> = said
            .lock()
            .unwrap()
            .iter()
            .filter(|l| l.contains("sent an off-site copy"))
            .filter_map(|l| {
                l.split("name=")
                    .nth(1)?
                    .split_whitespace()
                    .next()
                    .map(String::from)
            })
            .collect();
        assert!(sent.contains(&asked), "{asked} not among {sent:?}");
        last_start_sent = i > 0 && sent.len() == 2;
        names.extend(sent);
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "one name a copy: {names:?}");
    assert!(unique.len() >= 3, "{names:?}");
    let names = unique[unique.len() - 3..].to_vec();
    let left: Vec<String> = storage
        .objects("p")
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, names[1..], "the newest two are kept");

    // A wrong passphrase: one line, a non-zero exit, the data file as it was.
    let before = std::fs::read(&data).unwrap();
    let restore = restore_args("latest", &data);
    let wrong = with(&env, "STUDIO_OFFSITE_PASSPHRASE", "not the passphrase");
    let (ok, out, err) = run_env(dir.path(), &restore, &wrong);
    assert!(!ok, "{out}{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("passphrase is wrong"), "{err}");
    assert!(!err.contains("not the passphrase"), "{err}");
    assert!(std::fs::read(&data).unwrap() == before, "untouched");
    assert_eq!(leftovers(dir.path()), ["studio.redb"]);

    // One flipped byte in the stored copy.
    let newest = storage.objects("p").pop().unwrap();
    let mut sealed = std::fs::read(&newest).unwrap();
    let mid = sealed.len() / 2;
    sealed[mid] ^= 0x04;
    std::fs::write(&newest, &sealed).unwrap();
    let (ok, out, err) = run_env(dir.path(), &restore, &env);
    assert!(!ok, "{out}{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("damaged"), "{err}");
    assert!(std::fs::read(&data).unwrap() == before, "untouched");
    assert_eq!(leftovers(dir.path()), ["studio.redb"]);

    // The older copy, by name, is whole: it restores, keeping the current file aside.
    let (ok, out, err) = run_env(dir.path(), &restore_args(&names[1], &data), &env);
    assert!(ok, "{out}{err}");
    assert!(out.contains(".bak-"), "{out}");
    let store = Store::open(&data).unwrap();
    let messages = store.contacts().unwrap();
    // The older of the two kept is the third start's copy (all three messages) when that start
    // sent one, else the second "Back up now" (two).
    let expected = if last_start_sent { 3 } else { 2 };
    assert_eq!(messages.len(), expected, "the older of the two copies kept");
}

#[test]
fn serve_refuses_to_start_without_a_passphrase_unless_told_to_send_plain_copies() {
    let (dir, data) = fresh_data();
    let env: Vec<_> = offsite_env("http://127.0.0.1:9", "")
        .into_iter()
        .filter(|(k, _)| k != "STUDIO_OFFSITE_PASSPHRASE")
        .collect();
    let (ok, out, err) = run_env(
        dir.path(),
        &["serve", "--data", data.to_str().unwrap()],
        &env,
    );
    assert!(!ok, "{out}{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("passphrase_file"), "{err}");
    assert!(err.contains("encrypt = false"), "{err}");
    let err = run_env(
        dir.path(),
        &["serve", "--data", data.to_str().unwrap()],
        &with(&env, "STUDIO_OFFSITE_ENDPOINT", "ftp://storage.example"),
    )
    .2;
    assert!(err.contains("https://"), "{err}");
}

/// Fills a data file with `mb` MB of incompressible photos-to-be of 4 MB each (uploads are 10 MB
/// at most), in one transaction.
fn fill_data(data: &Path, mb: usize) {
    let store = Store::open(data).unwrap();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let files: Vec<MediaFile> = (0..mb / 4)
        .map(|i| {
            let mut bytes = vec![0u8; 4 * 1024 * 1024];
            for chunk in bytes.chunks_mut(8) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                chunk.copy_from_slice(&seed.to_le_bytes()[..chunk.len()]);
            }
            MediaFile {
                name: format!("filler-{i}.bin"),
                content_type: "application/octet-stream".into(),
                bytes,
                created_at_ms: 0,
                image: None,
                variant_of: None,
            }
        })
        .collect();
    store.put_media_files(&files).unwrap();
}

/// Runs `studio` to the end; returns success, stderr and the process's peak resident memory in
/// bytes (VmHWM, read every few milliseconds once the process runs studio).
fn run_measured(dir: &Path, args: &[&str], env: &[(String, String)]) -> (bool, String, u64) {
    let mut child = ops_support::studio()
        .args(args)
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut s).unwrap();
        s
    });
    let mut peak = 0;
    let status = loop {
        // Until exec, the child is a copy of this test process: only studio's own memory counts.
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if cmdline
            .windows(args[0].len())
            .any(|w| w == args[0].as_bytes())
        {
            peak = peak.max(peak_rss(pid));
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    (status.success(), reader.join().unwrap(), peak)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_200_mb_data_file_goes_and_comes_back_in_bounded_memory() {
    const MB: u64 = 1024 * 1024;
    let storage_dir = tempfile::tempdir().unwrap();
    let storage = Rclone::start(storage_dir.path());
    let (dir, data) = fresh_data();
    fill_data(&data, 200);
    let size = std::fs::metadata(&data).unwrap().len();
    assert!(size >= 200 * MB, "{size}");
    // The storage fails at first, so the copy the schedule takes at start waits to retry.
    let proxy = Proxy::start(storage.port).await;
    proxy.set(Fault::Status(503));
    let env = with(
        &offsite_env(&proxy.endpoint(), ""),
        "STUDIO_OFFSITE_TIMEOUT",
        "60s",
    );
    let server = Server::start(dir.path(), &data, &as_refs(&env));
    let client = reqwest::Client::new();
    let token = login(&client, &server.base).await;
    server.wait_for_stderr("trying again");
    proxy.set(Fault::None);
    let before = rss(server.pid());
    let (status, copy) = back_up_now(&client, &server, &token).await;
    assert_eq!(status, 200, "{copy}");
    let peak = peak_rss(server.pid());
    assert!(copy["size"].as_u64().unwrap() > size);
    // Bounded, not proportional to the file: argon2id's 19 MiB for the key, the check's 4 MiB
    // cache for the copy, and the 64 KiB chunks on their way; measured 26-33 MB over idle on a
    // loaded machine, so 32 MB left no room for the allocator's own slack.
    assert!(
        peak < before + 40 * MB,
        "sending {size} bytes took the server from {} MB to a peak of {} MB",
        before / MB,
        peak / MB
    );
    let server_peak = peak;
    stop(server);

    let new_dir = tempfile::tempdir().unwrap();
    let new_data = new_dir.path().join("studio.redb");
    let (_, _, idle) = run_measured(new_dir.path(), &list_args(&new_data), &env);
    let (ok, err, peak) = run_measured(new_dir.path(), &restore_args("latest", &new_data), &env);
    assert!(ok, "{err}");
    assert!(
        peak < idle + 32 * MB,
        "restoring {size} bytes peaked at {} MB (an idle command: {} MB)",
        peak / MB,
        idle / MB
    );
    eprintln!(
        "{} MB data file: the server went from {} MB to a peak of {} MB sending it; the restore \
         peaked at {} MB (an idle command: {} MB)",
        size / MB,
        before / MB,
        server_peak / MB,
        peak / MB,
        idle / MB
    );
    let store = Store::open(&new_data).unwrap();
    assert_eq!(
        store.media_names().unwrap().len(),
        50,
        "every photo-to-be came back"
    );
}

#[tokio::test]
async fn the_owner_is_mailed_once_when_copies_stop_getting_through() {
    let (smtp_port, mut mails) = smtp_sink().await;
    let (dir, data) = fresh_data();
    let port = free_port();
    let mut env = offsite_env(&format!("http://127.0.0.1:{port}"), "");
    for (k, v) in [
        ("STUDIO_BACKUP_EVERY", "1s"),
        ("STUDIO_SMTP_HOST", "127.0.0.1"),
        ("STUDIO_SMTP_PORT", &smtp_port.to_string()),
        ("STUDIO_SMTP_SECURITY", "none"),
        ("STUDIO_SMTP_FROM", "studio@example.in"),
        ("STUDIO_SMTP_TO", "owner@example.in"),
    ] {
        env = with(&env, k, v);
    }
    let server = Server::start(dir.path(), &data, &as_refs(&env));
    let mail = tokio::time::timeout(Duration::from_secs(60), mails.recv())
        .await
        .expect("a warning within a minute")
        .unwrap();
    assert!(
        mail.contains("Subject: Off-site backups have stopped"),
        "{mail}"
    );
    assert!(mail.contains("cannot reach the storage"), "{mail}");
    assert_no_secrets(&mail);
    // One mail for the stretch, not one per check.
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert!(mails.try_recv().is_err(), "mailed again");
    let client = reqwest::Client::new();
    let token = login(&client, &server.base).await;
    let shown = offsite_status(&client, &server, &token).await;
    assert_eq!(shown["overdue"], true, "{shown}");
    stop(server);
}
