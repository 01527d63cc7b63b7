//! A damaged data file, for real: a populated file with one byte flipped, or cut short, at a
//! seeded set of offsets (redb's header pages, the offset 4104 that made redb panic, data pages).
//! For each, the real `studio backup`, `studio restore` and `studio serve` end with a message,
//! never a crash (exit 101, "panicked"); damage is reported; no damaged copy is left behind; and
//! `studio restore` puts a good backup in place over the damaged file.

mod ops_support;

use ops_support::{Server, login, run, send_with_token, serve_command};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};
use studio::store::Store;

/// A file with records in several tables, so some pages are b-tree pages of records.
fn populated(dir: &Path) -> PathBuf {
    let path = dir.join("populated.redb");
    let store = Store::open(&path).unwrap();
    let hash = studio::auth::hash_password(ops_support::ADMIN_PASSWORD).unwrap();
    store
        .set_admin_password(ops_support::ADMIN_USER, &hash)
        .unwrap();
    for i in 0..300 {
        store
            .add_contact(
                &format!("Visitor {i}"),
                &format!("visitor{i}@example.in"),
                &format!(
                    "Message {i}: we would like a quote for a three-bedroom flat. {}",
                    "x".repeat(i % 90)
                ),
            )
            .unwrap();
    }
    drop(store);
    path
}

/// Whether the library's strict check accepts the file (on a copy: the check opens it for
/// writing).
fn passes_check(file: &Path, scratch: &Path) -> bool {
    let copy = scratch.join("check-copy.redb");
    std::fs::copy(file, &copy).unwrap();
    let ok = studio::backup::verify(&copy).is_ok();
    let _ = std::fs::remove_file(&copy);
    ok
}

/// Offsets spread over the file by a fixed seed, so a failure names a case that repeats.
fn seeded_offsets(len: u64, n: usize) -> Vec<u64> {
    let mut x: u64 = 0x5eed_2028;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            8192 + (x >> 33) % (len - 8192)
        })
        .collect()
}

#[derive(Debug, Clone)]
enum Fault {
    Flip(u64),
    Truncate(u64),
}

fn damage(good: &Path, to: &Path, fault: &Fault) {
    let mut bytes = std::fs::read(good).unwrap();
    match *fault {
        Fault::Flip(at) => bytes[at as usize] ^= 0xff,
        Fault::Truncate(len) => bytes.truncate(len as usize),
    }
    std::fs::write(to, bytes).unwrap();
}

fn assert_no_crash(what: &str, status: ExitStatus, err: &str) {
    assert_ne!(status.code(), Some(101), "{what} crashed: {err}");
    assert!(status.code().is_some(), "{what} was killed: {err}");
    assert!(!err.contains("panicked"), "{what} panicked: {err}");
}

/// Runs `studio serve` on `data` until it serves and has logged its check of the data file, or
/// until it exits; returns whether it served, its exit status if it stopped, and its stderr.
fn serve_briefly(dir: &Path, data: &Path) -> (bool, Option<ExitStatus>, String) {
    let mut child = serve_command(dir, data).spawn().unwrap();
    let (tx, rx) = channel::<(bool, String)>();
    let out_tx = tx.clone();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = out_tx.send((true, line));
        }
    });
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send((false, line));
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let (mut served, mut checked, mut err) = (false, false, String::new());
    while Instant::now() < deadline && !(served && checked) {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok((true, line)) => served |= line.starts_with("studio is serving"),
            Ok((false, line)) => {
                checked |= line.contains("passed its check") || line.contains("failed its check");
                err.push_str(&line);
                err.push('\n');
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if let Some(status) = child.try_wait().unwrap() {
                    // Collect what it said on the way out.
                    std::thread::sleep(Duration::from_millis(100));
                    while let Ok((is_out, line)) = rx.try_recv() {
                        if !is_out {
                            err.push_str(&line);
                            err.push('\n');
                        }
                    }
                    return (served, Some(status), err);
                }
            }
            // Both pipes closed: the process has ended.
            Err(_) => return (served, Some(child.wait().unwrap()), err),
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    (served, None, err)
}

#[test]
fn no_byte_of_the_data_file_crashes_a_command_or_gets_copied() {
    let dir = tempfile::tempdir().unwrap();
    let good = populated(dir.path());
    let len = std::fs::metadata(&good).unwrap().len();
    let backup = dir.path().join("good-backup.redb");
    std::fs::copy(&good, &backup).unwrap();

    let mut faults: Vec<Fault> = [0, 9, 64, 512, 4096, 4104, 4200]
        .into_iter()
        .map(Fault::Flip)
        .collect();
    faults.extend(seeded_offsets(len, 8).into_iter().map(Fault::Flip));
    faults.extend([0, 4096, len / 2, len - 1].into_iter().map(Fault::Truncate));

    let mut damaged_cases = 0;
    for (i, fault) in faults.iter().enumerate() {
        let case = dir.path().join(format!("case-{i}"));
        std::fs::create_dir_all(&case).unwrap();
        let data = case.join("studio.redb");
        damage(&good, &data, fault);
        let original = std::fs::read(&data).unwrap();
        let sound = passes_check(&data, dir.path());
        damaged_cases += usize::from(!sound);
        let d = data.to_str().unwrap();

        // A backup of the file: a checked copy, or an error and no copy.
        let (status, out, err) = run(&case, &["backup", "copy.redb", "--data", d], "");
        assert_no_crash(&format!("backup, {fault:?}"), status, &err);
        if sound {
            assert!(
                status.success(),
                "backup of a sound file, {fault:?}: {out}{err}"
            );
            assert!(passes_check(&case.join("copy.redb"), dir.path()));
        } else {
            assert!(
                !status.success(),
                "backup of a damaged file succeeded, {fault:?}: {out}"
            );
            assert!(!err.trim().is_empty(), "the failure says why, {fault:?}");
        }
        if !status.success() {
            let left: Vec<_> = std::fs::read_dir(&case)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("copy.redb"))
                .collect();
            assert!(left.is_empty(), "a failed backup left {left:?}, {fault:?}");
        }

        // The damaged file as a restore's source: refused with a message, nothing put in place.
        std::fs::write(&data, &original).unwrap();
        let other = case.join("other.redb");
        let (status, _, err) = run(
            &case,
            &["restore", d, "--data", other.to_str().unwrap()],
            "",
        );
        assert_no_crash(&format!("restore from, {fault:?}"), status, &err);
        if !sound {
            assert!(
                !status.success(),
                "a damaged source was restored, {fault:?}"
            );
            assert!(!other.exists(), "{fault:?}");
        }
        assert_eq!(
            std::fs::read(&data).unwrap(),
            original,
            "the source is untouched"
        );

        // The server on the damaged file: it refuses to start with a message, or serves and says
        // whether its check found damage.
        let (served, stopped, err) = serve_briefly(&case, &data);
        eprintln!(
            "{fault:?}: sound {sound}, serve {}",
            match stopped {
                Some(_) => format!("stopped: {}", err.lines().last().unwrap_or("")),
                None => format!("served {served}"),
            }
        );
        if let Some(status) = stopped {
            assert_no_crash(&format!("serve, {fault:?}"), status, &err);
            assert!(!status.success(), "{fault:?}");
            assert!(err.contains("studio:"), "a message, {fault:?}: {err}");
        } else {
            assert!(served, "serve neither served nor stopped, {fault:?}: {err}");
            assert!(
                !err.contains("panicked"),
                "serve panicked, {fault:?}: {err}"
            );
            if !sound {
                assert!(
                    err.contains("failed its check"),
                    "damage unreported, {fault:?}: {err}"
                );
            }
        }

        // The rescue: the good backup goes in place, the damaged file is kept aside.
        let (status, out, err) = run(
            &case,
            &["restore", backup.to_str().unwrap(), "--data", d],
            "",
        );
        assert_no_crash(&format!("restore over, {fault:?}"), status, &err);
        assert!(
            status.success(),
            "restore over a damaged file, {fault:?}: {out}{err}"
        );
        assert!(
            out.contains(".bak-"),
            "the old file is kept, {fault:?}: {out}"
        );
        assert!(passes_check(&data, dir.path()), "{fault:?}");
    }
    assert!(
        damaged_cases >= 6,
        "most faults are damage: {damaged_cases}"
    );
}

/// A folder mounted read-only over `dir` for the test's duration (root only); `None` where the
/// test cannot mount, and then the source is read-only by its modes alone.
struct ReadOnlyMount(PathBuf);

impl ReadOnlyMount {
    fn over(dir: &Path) -> Option<ReadOnlyMount> {
        let d = dir.to_str().unwrap();
        let ok = |args: &[&str]| {
            std::process::Command::new("mount")
                .args(args)
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        if !ok(&["--bind", d, d]) {
            return None;
        }
        let mounted = ReadOnlyMount(dir.to_path_buf());
        ok(&["-o", "remount,ro,bind", d]).then_some(mounted)
    }
}

impl Drop for ReadOnlyMount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// Writes a format version one past this release's into a copy of a good file: a file a newer
/// release wrote.
fn newer_format(good: &Path, to: &Path) {
    std::fs::copy(good, to).unwrap();
    let db = redb::Database::open(to).unwrap();
    let txn = db.begin_write().unwrap();
    {
        let meta: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("meta");
        let mut meta = txn.open_table(meta).unwrap();
        let newer = (studio::store::FORMAT_VERSION + 1).to_le_bytes();
        meta.insert("format_version", newer.as_slice()).unwrap();
    }
    txn.commit().unwrap();
}

#[test]
fn restore_rescues_a_damaged_empty_missing_or_newer_file_from_a_read_only_source() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let good = populated(dir.path());
    let source_dir = dir.path().join("usb");
    std::fs::create_dir_all(&source_dir).unwrap();
    let src = source_dir.join("snapshot.redb");
    std::fs::copy(&good, &src).unwrap();
    std::fs::set_permissions(&src, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(&source_dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let mount = ReadOnlyMount::over(&source_dir);
    eprintln!("source on a read-only mount: {}", mount.is_some());
    let before = std::fs::read(&src).unwrap();
    let len = before.len() as u64;

    for case in ["damaged", "truncated", "empty", "missing", "newer"] {
        let at = dir.path().join(case);
        std::fs::create_dir_all(&at).unwrap();
        let data = at.join("studio.redb");
        match case {
            "damaged" => damage(&good, &data, &Fault::Flip(4096)),
            "truncated" => damage(&good, &data, &Fault::Truncate(len / 2)),
            "empty" => std::fs::write(&data, b"").unwrap(),
            "missing" => {}
            _ => newer_format(&good, &data),
        }
        let old = std::fs::read(&data).ok();
        let (status, out, err) = run(
            &at,
            &[
                "restore",
                src.to_str().unwrap(),
                "--data",
                data.to_str().unwrap(),
            ],
            "",
        );
        assert_no_crash(case, status, &err);
        assert!(status.success(), "restore over a {case} file: {out}{err}");
        let kept: Vec<PathBuf> = std::fs::read_dir(&at)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains(".bak-"))
            .collect();
        match old {
            Some(old) => {
                assert_eq!(kept.len(), 1, "{case}: the old file is kept aside: {out}");
                assert_eq!(
                    std::fs::read(&kept[0]).unwrap(),
                    old,
                    "{case}: kept as it was"
                );
            }
            None => assert!(kept.is_empty(), "{case}: nothing to keep"),
        }
        let leftovers: Vec<_> = std::fs::read_dir(&at)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp-"))
            .collect();
        assert!(leftovers.is_empty(), "{case}: {leftovers:?}");
        let store = Store::open(&data).unwrap();
        assert_eq!(store.contacts().unwrap().len(), 300, "{case}");
    }
    drop(mount);
    assert_eq!(
        std::fs::read(&src).unwrap(),
        before,
        "the source is never written to"
    );
    std::fs::set_permissions(&source_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[tokio::test]
async fn a_damaged_file_is_served_with_its_damage_shown_and_never_downloaded() {
    let dir = tempfile::tempdir().unwrap();
    let good = populated(dir.path());
    let len = std::fs::metadata(&good).unwrap().len();
    let data = dir.path().join("studio.redb");
    // A flip that the server opens and signs the admin in with, but that the check refuses even
    // after what a sign-in writes (a session, a known device, an activity entry: a write can
    // replace the damaged page and so mend it).
    let found = [4104, 4200]
        .into_iter()
        .chain(seeded_offsets(len, 40))
        .find(|&at| {
            damage(&good, &data, &Fault::Flip(at));
            let opened = studio::data_file::no_panic(&data, || {
                let store = Store::open(&data)?;
                store.hmac_key()?;
                let Some(admin) = store.admin_by_username(ops_support::ADMIN_USER)? else {
                    return Ok(false);
                };
                store.start_session(admin.id, [1; 32], "curl", "127.0.0.1")?;
                store.note_device(admin.id, "curl")?;
                store.record_activity(studio::store::NewActivity::default())?;
                Ok(true)
            });
            matches!(opened, Ok(true)) && !passes_check(&data, dir.path())
        });
    let at = found.expect("a flip that opens but fails the check");
    damage(&good, &data, &Fault::Flip(at));
    let server = Server::start(dir.path(), &data, &[("STUDIO_BACKUP_DIR", "snaps")]);
    server.wait_for_stderr("failed its check");
    let client = reqwest::Client::new();
    let health = client.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), 503, "health says the file is damaged");
    let token = login(&client, &server.base).await;
    let res = send_with_token(client.get(server.url("/api/admin/backup")), &token).await;
    assert_eq!(res.status(), 500);
    let body = res.text().await.unwrap();
    assert!(body.contains("damaged"), "{body}");
    // The live check runs at the lowest CPU priority and may still hold its copy when the
    // snapshot has already reported the damage: wait for it to end, then nothing may be left.
    let leftovers = || -> Vec<String> {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".download-") || n.contains(".check-"))
            .collect()
    };
    let started = std::time::Instant::now();
    while !leftovers().is_empty() && started.elapsed() < ops_support::PATIENCE {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let left = leftovers();
    assert!(left.is_empty(), "{left:?}");
    let snaps = studio::backup::snapshots(&dir.path().join("snaps")).unwrap();
    assert!(snaps.is_empty(), "no damaged snapshot kept: {snaps:?}");
    assert!(!server.stderr_text().contains("panicked"));
}

/// The live check copies the data file beside it on a thread of its own; a server stopped while
/// that copy is being made, or killed before, leaves nothing beside the data file for long: its own
/// copy goes at a graceful stop and a killed server's at the next start.
#[test]
fn a_checks_copy_is_never_left_beside_the_data_file() {
    let dir = tempfile::tempdir().unwrap();
    let data = populated(dir.path());
    let beside = |name: &str| {
        let mut p = data.as_os_str().to_owned();
        p.push(name);
        PathBuf::from(p)
    };
    std::fs::write(beside(".check-4242"), b"left by a killed server").unwrap();
    std::fs::write(
        beside(".download-00ff00ff00ff00ff"),
        b"left by a killed server",
    )
    .unwrap();
    let unrelated = dir.path().join("notes.check-1");
    std::fs::write(&unrelated, b"the owner's").unwrap();
    let leftovers = || -> Vec<String> {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".check-") || n.contains(".download-"))
            .collect()
    };
    for _ in 0..5 {
        let mut server = Server::start(dir.path(), &data, &[]);
        // Stopped as soon as it serves: the check has just started copying.
        server.signal("TERM");
        assert!(server.wait().success(), "{}", server.stderr_text());
        assert_eq!(leftovers(), ["notes.check-1"], "{}", server.stderr_text());
    }
    assert!(
        unrelated.exists(),
        "a file of another name is never touched"
    );
}
