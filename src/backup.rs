//! Consistent copies of the data file, and putting one back.
//!
//! Copying the file while a server writes to it gives an unreadable copy, so a copy is only ever
//! taken from inside the process that holds the file, with writes paused for the copy's duration.

use crate::store::{self, Store};
use anyhow::{Context, Result, bail};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes a consistent copy of the open store to `dest`: a temp file beside it, fsynced, then
/// renamed, so `dest` is either the old file or the whole new one.
pub fn snapshot(store: &Store, dest: &Path) -> Result<()> {
    if same_file(store.path(), dest) {
        bail!(
            "{} is the data file itself; name another file",
            dest.display()
        );
    }
    let tmp = temp_path(dest);
    let copied = store.with_writes_paused(|source| copy_synced(source, &tmp));
    if let Err(e) = copied {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    fs::rename(&tmp, dest)
        .with_context(|| format!("moving the copy into place at {}", dest.display()))?;
    sync_dir(dest);
    Ok(())
}

/// Checks that `path` is a studio data file this release can read: it opens, passes redb's
/// integrity check and has a known format version.
pub fn verify(path: &Path) -> Result<()> {
    if !path.is_file() {
        bail!("{} is not a file", path.display());
    }
    store::verify_file(path)
}

/// Replaces the data file at `data` with `src`, keeping the old one as `<data>.bak-<timestamp>`.
/// Returns where the old file was kept, if there was one.
pub fn restore(src: &Path, data: &Path) -> Result<Option<PathBuf>> {
    if same_file(src, data) {
        bail!("{} is the data file itself", src.display());
    }
    verify(src).with_context(|| format!("{} is not a usable studio data file", src.display()))?;
    // Opening the current file proves no server holds it; it is closed again at once.
    if data.exists() {
        drop(Store::open(data)?);
    }
    let tmp = temp_path(data);
    copy_synced(src, &tmp)?;
    let kept = if data.exists() {
        let stamp = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
            .to_string()
            .replace(':', "-");
        let mut name = data.as_os_str().to_owned();
        name.push(format!(".bak-{stamp}"));
        let kept = PathBuf::from(name);
        fs::rename(data, &kept)
            .with_context(|| format!("keeping the current file as {}", kept.display()))?;
        Some(kept)
    } else {
        None
    };
    fs::rename(&tmp, data)
        .with_context(|| format!("putting the restored file in place at {}", data.display()))?;
    sync_dir(data);
    Ok(kept)
}

fn copy_synced(from: &Path, to: &Path) -> Result<()> {
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut reader = File::open(from).with_context(|| format!("opening {}", from.display()))?;
    let mut writer = File::create(to).with_context(|| format!("creating {}", to.display()))?;
    std::io::copy(&mut reader, &mut writer)
        .with_context(|| format!("copying to {}", to.display()))?;
    writer.flush()?;
    writer
        .sync_all()
        .with_context(|| format!("syncing {}", to.display()))?;
    Ok(())
}

fn temp_path(dest: &Path) -> PathBuf {
    let mut name = dest.as_os_str().to_owned();
    name.push(format!(".tmp-{}", std::process::id()));
    PathBuf::from(name)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Makes a rename durable; best effort, as not every file system allows syncing a folder.
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_then_restore_round_trips_and_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("studio.redb");
        let copy = dir.path().join("backups/copy.redb");
        {
            let store = Store::open(&data).unwrap();
            store
                .add_contact("Asha", "asha@example.in", "before the backup")
                .unwrap();
            snapshot(&store, &copy).unwrap();
            assert!(
                snapshot(&store, &data).is_err(),
                "never over the data file itself"
            );
            store
                .add_contact("Ravi", "ravi@example.in", "after the backup")
                .unwrap();
        }
        verify(&copy).unwrap();
        let kept = restore(&copy, &data).unwrap().expect("old file kept");
        assert!(kept.exists());
        let store = Store::open(&data).unwrap();
        let msgs = store.contacts().unwrap();
        assert_eq!(msgs.len(), 1);
        assert_eq!(msgs[0].message, "before the backup");
    }

    #[test]
    fn restore_refuses_garbage_and_a_file_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("studio.redb");
        let junk = dir.path().join("junk.redb");
        fs::write(&junk, b"not a database at all").unwrap();
        assert!(restore(&junk, &data).is_err());
        assert!(!data.exists(), "nothing was put in place");
        let good = dir.path().join("good.redb");
        drop(Store::open(&good).unwrap());
        let _held = Store::open(&data).unwrap();
        let err = restore(&good, &data).unwrap_err().to_string();
        assert!(err.contains("in use"), "{err}");
    }
}
