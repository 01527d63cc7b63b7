//! Touching a data file that may be damaged: redb panics on some damaged bytes (a flip at offset
//! 4104 stops it inside its b-tree code), so every open or check of such a file goes through
//! `no_panic`, which turns that panic into an error with a message; and a probe that tells whether
//! another process holds a file, without opening it as a database.

use anyhow::{Context, Result, anyhow, bail};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fs::File;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Once;

static INSTALL_HOOK: Once = Once::new();

thread_local! {
    /// Set while this thread runs inside `no_panic`: its panics are expected and reported as
    /// errors, so the default hook must not print a "panicked at" line a host would take for a crash.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// What the last quiet panic said, with where it happened.
    static CAUGHT: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "no message".to_string()
    }
}

/// Wraps whatever hook is in place once; a panic on any other thread still reaches it.
fn install_hook() {
    INSTALL_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let mut text = payload_text(info.payload());
                if let Some(at) = info.location() {
                    text.push_str(&format!(" ({}:{})", at.file(), at.line()));
                }
                CAUGHT.with(|c| *c.borrow_mut() = Some(text));
                return;
            }
            previous(info);
        }));
    });
}

/// Runs `f`, which opens or reads the data file `path`; a panic inside it becomes an error that
/// says the file is damaged, and nothing is printed for it.
pub fn no_panic<T>(path: &Path, f: impl FnOnce() -> Result<T>) -> Result<T> {
    install_hook();
    let was_quiet = QUIET.with(|q| q.replace(true));
    let out = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was_quiet));
    match out {
        Ok(result) => result,
        Err(payload) => {
            let detail = CAUGHT
                .with(|c| c.borrow_mut().take())
                .unwrap_or_else(|| payload_text(payload.as_ref()));
            Err(anyhow!(
                "{} is damaged: the database library stopped reading it ({detail})",
                path.display()
            ))
        }
    }
}

/// What a host can do about a data file studio cannot use: the same words wherever one is refused.
pub fn what_to_do(path: &Path) -> String {
    format!(
        "Restore a backup with `studio restore SNAPSHOT --data {}`, or move the file away to \
         start a new site.",
        path.display()
    )
}

/// Refuses a file of 0 bytes: redb would quietly make a new, empty database of it.
pub fn refuse_empty(path: &Path) -> Result<()> {
    let meta = std::fs::metadata(path).with_context(|| format!("reading {}", path.display()))?;
    if !meta.is_file() {
        bail!("{} is not a file", path.display());
    }
    if meta.len() == 0 {
        bail!(
            "{} is empty (0 bytes): it holds no studio data. {}",
            path.display(),
            what_to_do(path)
        );
    }
    Ok(())
}

/// Whether another process holds `path` open as a database (a running `studio serve`), asked of
/// the kernel's file locks: redb takes a byte-range lock (and, for older releases' sake, a whole
/// file lock) on every file it opens for writing. The file is only opened for reading, never as
/// a database, so a damaged file is safe to probe. Returns the probe's open file, which holds a
/// whole-file lock until it is dropped, so no server can start on the file meanwhile.
pub fn lock_if_free(path: &Path) -> Result<Option<File>> {
    let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
    lock_file_if_free(file, path)
}

/// `lock_if_free` on a file already open (for reading), shown as `path`.
pub fn lock_file_if_free(file: File, path: &Path) -> Result<Option<File>> {
    if range_locked(&file)? {
        return Ok(None);
    }
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("checking whether {} is in use", path.display()))
        }
    }
}

#[cfg(target_os = "linux")]
fn range_locked(file: &File) -> Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: a zeroed `flock` is a valid value of the plain C struct; fields are set below.
    let mut lock: libc::flock = unsafe { std::mem::zeroed() };
    lock.l_type = libc::F_WRLCK as _;
    lock.l_whence = libc::SEEK_SET as _;
    lock.l_start = 0;
    lock.l_len = 0;
    // SAFETY: the descriptor is open for the call's duration and `lock` is a valid flock.
    let rc = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_OFD_GETLK, &mut lock) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error()).context("asking for the file's locks");
    }
    Ok(i32::from(lock.l_type) != libc::F_UNLCK)
}

#[cfg(not(target_os = "linux"))]
fn range_locked(_file: &File) -> Result<bool> {
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_with_its_message() {
        let path = Path::new("studio.redb");
        let err = no_panic(path, || -> Result<()> { panic!("bad page") }).unwrap_err();
        let text = format!("{err:#}");
        assert!(text.contains("studio.redb is damaged"), "{text}");
        assert!(text.contains("bad page"), "{text}");
        assert_eq!(no_panic(path, || Ok(7)).unwrap(), 7);
        assert!(!QUIET.with(Cell::get), "quiet only inside the call");
    }

    #[test]
    fn a_file_held_by_a_database_is_seen_as_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("studio.redb");
        {
            // What `Store::open` holds (the store uses this module, so not named here).
            let _db = redb::Database::create(&path).unwrap();
            assert!(
                lock_if_free(&path).unwrap().is_none(),
                "held by the database"
            );
        }
        let held = lock_if_free(&path).unwrap();
        assert!(held.is_some(), "free once closed");
        assert!(lock_if_free(&path).unwrap().is_none(), "the probe holds it");
        drop(held);
        std::fs::write(&path, b"").unwrap();
        assert!(refuse_empty(&path).is_err());
    }
}
