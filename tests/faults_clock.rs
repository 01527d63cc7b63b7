//! A clock that jumps, for real: the server runs under libfaketime (Debian's `faketime`) a day
//! behind, then a day ahead, of the clock its earlier snapshots were written by. Each start takes
//! its snapshot at once (the newest is from the "future", or a day old), and no new snapshot is
//! ever deleted by pruning, which goes by the names' sequence, not their times.

mod ops_support;

use ops_support::{Server, fresh_data};
use std::path::{Path, PathBuf};

const LIBFAKETIME: &str = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";

/// The snapshot a server logged it wrote.
fn wrote(server: &Server) -> PathBuf {
    let line = server.wait_for_stderr("wrote a snapshot");
    let at = line.find("file=").expect("the log names the file") + "file=".len();
    let rest = &line[at..];
    let end = rest
        .find(|c: char| c.is_whitespace() || c == '"' || c == ',')
        .unwrap_or(rest.len());
    PathBuf::from(rest[..end].trim_matches('"'))
}

fn names(dir: &Path) -> Vec<String> {
    studio::backup::snapshots(dir)
        .unwrap()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// The time in a snapshot's name, after its sequence.
fn stamp(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy();
    name.splitn(3, '-').nth(2).unwrap().to_string()
}

/// Runs the server until it has written its start-up snapshot, with the clock `offset` away.
fn one_start(dir: &Path, data: &Path, offset: Option<&str>) -> PathBuf {
    let mut env = vec![("STUDIO_BACKUP_DIR", "snaps"), ("STUDIO_BACKUP_KEEP", "2")];
    if let Some(offset) = offset {
        env.extend([
            ("LD_PRELOAD", LIBFAKETIME),
            ("FAKETIME", offset),
            // Timers and the files' own times stay real: only the wall clock moves, as when a
            // host's clock is set wrong.
            ("FAKETIME_DONT_FAKE_MONOTONIC", "1"),
            ("NO_FAKE_STAT", "1"),
        ]);
    }
    let server = Server::start(dir, data, &env);
    let path = wrote(&server);
    let path = if path.is_absolute() {
        path
    } else {
        dir.join(path)
    };
    drop(server);
    path
}

#[test]
fn a_clock_moved_back_or_forward_a_day_never_deletes_a_new_snapshot() {
    if !Path::new(LIBFAKETIME).exists() {
        panic!("libfaketime is missing: apt-get install -y faketime");
    }
    let (dir, data) = fresh_data();
    let snaps = dir.path().join("snaps");

    let first = one_start(dir.path(), &data, None);
    assert!(first.exists());

    // The clock goes back a day: the newest snapshot looks a day in the future.
    let behind = one_start(dir.path(), &data, Some("-1d"));
    assert!(
        behind.exists(),
        "the new snapshot is kept: {:?}",
        names(&snaps)
    );
    assert!(first.exists(), "keep = 2: the earlier one too");
    assert_eq!(names(&snaps).len(), 2);
    assert!(
        stamp(&behind) < stamp(&first),
        "the clock really was behind: {behind:?} after {first:?}"
    );

    // The clock goes a day ahead: the newest looks a day old, so a snapshot is due at once.
    let ahead = one_start(dir.path(), &data, Some("+1d"));
    assert!(ahead.exists(), "{:?}", names(&snaps));
    assert!(
        behind.exists(),
        "the one written with the clock behind is newer than the first"
    );
    assert!(!first.exists(), "the oldest by sequence is the one pruned");
    assert_eq!(
        names(&snaps),
        [
            behind.file_name().unwrap().to_string_lossy(),
            ahead.file_name().unwrap().to_string_lossy()
        ],
        "ordered by sequence, not by the times in their names"
    );
}
