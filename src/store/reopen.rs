//! Getting writes back after an I/O error: redb refuses every write (and reads of pages it has not
//! cached) after one failed disk operation until the file is reopened, so a full disk that is
//! freed again would otherwise stop every write until a restart.
//!
//! The first failing write marks writes failing in the health and starts one thread that reopens
//! the file, after 1 s, then 2, 4 ... up to every 30 s: only once a test file shows room on the
//! disk, and only when no other handle holds the old database (redb refuses a second open of a
//! file in one process). A write that commits on the new database clears the failing state.
//! Nothing committed is lost: every acknowledged write was durable before it was acknowledged, and
//! a failed one was never acknowledged.

use super::*;
use std::io::Write as _;
use std::sync::Weak;
use std::time::Instant;

/// The first wait before a reopen, doubled after each failed one up to `LAST_RETRY`.
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LAST_RETRY: Duration = Duration::from_secs(30);
/// How long a reopen waits for other handles on the old database to let go of it.
const LET_GO: Duration = Duration::from_secs(2);
/// What the room test writes beside the data file: a write needs at least this much.
const ROOM_TEST: usize = 256 * 1024;
/// How long a client is told to wait before trying a refused write again.
pub const RETRY_AFTER_SECS: u64 = 30;

/// What the owner reads when the disk is full.
pub const DISK_FULL: &str =
    "The server's disk is full: changes can't be saved until space is freed.";

/// A write refused because the data file cannot be written just now (a full disk); the API
/// answers it with 503 and `Retry-After`.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct WritesRefused(pub String);

impl WritesRefused {
    /// Seconds to wait before trying again.
    pub fn retry_after_secs(&self) -> u64 {
        RETRY_AFTER_SECS
    }

    /// The refusal somewhere in an error's chain, if it is one.
    pub fn find(err: &anyhow::Error) -> Option<&WritesRefused> {
        // anyhow finds a context of any layer; `chain` finds one an error type wraps.
        err.downcast_ref::<WritesRefused>()
            .or_else(|| err.chain().find_map(|e| e.downcast_ref::<WritesRefused>()))
    }
}

/// What an I/O error means for the owner, or `None` when `err` is no I/O error of the data file.
fn io_failure(err: &anyhow::Error) -> Option<Option<String>> {
    use redb::{CommitError, StorageError, TableError, TransactionError};
    fn storage(e: &StorageError) -> Option<Option<String>> {
        match e {
            StorageError::Io(io) => Some(Some(describe(io))),
            StorageError::PreviousIo => Some(None),
            _ => None,
        }
    }
    err.chain().find_map(|e| {
        if let Some(e) = e.downcast_ref::<StorageError>() {
            storage(e)
        } else if let Some(TableError::Storage(e)) = e.downcast_ref::<TableError>() {
            storage(e)
        } else if let Some(TransactionError::Storage(e)) = e.downcast_ref::<TransactionError>() {
            storage(e)
        } else if let Some(CommitError::Storage(e)) = e.downcast_ref::<CommitError>() {
            storage(e)
        } else if let Some(DatabaseError::Storage(e)) = e.downcast_ref::<DatabaseError>() {
            storage(e)
        } else if let Some(e) = e.downcast_ref::<redb::Error>() {
            match e {
                redb::Error::Io(io) => Some(Some(describe(io))),
                redb::Error::PreviousIo => Some(None),
                _ => None,
            }
        } else {
            None
        }
    })
}

fn is_disk_full(io: &std::io::Error) -> bool {
    io.kind() == std::io::ErrorKind::StorageFull
        || io.kind() == std::io::ErrorKind::QuotaExceeded
        || matches!(io.raw_os_error(), Some(libc::ENOSPC | libc::EDQUOT))
}

fn describe(io: &std::io::Error) -> String {
    if is_disk_full(io) {
        DISK_FULL.to_string()
    } else {
        format!(
            "The server cannot write its data file ({io}): changes can't be saved until this is fixed."
        )
    }
}

impl Store {
    /// The refusal while writes are failing.
    pub(super) fn refused(&self) -> WritesRefused {
        WritesRefused(
            self.inner
                .health
                .writes_failing()
                .map(|p| p.message)
                .unwrap_or_else(|| {
                    "The data file is being reopened: changes can't be saved just now.".into()
                }),
        )
    }

    /// Looks at a failed access: an I/O error of the data file marks writes failing and starts
    /// the reopen, and comes back carrying [`WritesRefused`]; any other error comes back as it was.
    pub(super) fn failed(&self, err: anyhow::Error) -> anyhow::Error {
        if WritesRefused::find(&err).is_some() {
            return err;
        }
        let Some(why) = io_failure(&err) else {
            return err;
        };
        let health = &self.inner.health;
        let why =
            why.unwrap_or_else(|| {
                health.writes_failing().map(|p| p.message).unwrap_or_else(|| {
                "The server cannot write its data file after an earlier error: changes can't \
                 be saved until it is reopened."
                    .into()
            })
            });
        if health.set_writes_failing(Some(why.clone())) {
            tracing::error!(
                "{why} The data file {} is reopened as soon as there is room ({err:#})",
                self.path().display()
            );
        }
        self.start_reopening();
        err.context(WritesRefused(why))
    }

    /// A write committed: writes work (again).
    pub(super) fn wrote(&self) {
        if self.inner.health.set_writes_failing(None) {
            tracing::warn!(
                "writes to the data file {} work again",
                self.path().display()
            );
        }
    }

    fn start_reopening(&self) {
        let mut running = self
            .inner
            .reopening
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if *running {
            return;
        }
        let inner = Arc::downgrade(&self.inner);
        let spawned = std::thread::Builder::new()
            .name("studio-reopen".into())
            .spawn(move || reopen_until_writes_work(inner));
        match spawned {
            Ok(_) => *running = true,
            Err(e) => tracing::error!("could not start reopening the data file: {e}"),
        }
    }
}

/// The reopen thread: tries with a growing wait until a write commits, and ends when it does or
/// when the store is gone.
fn reopen_until_writes_work(inner: Weak<Inner>) {
    let mut wait = FIRST_RETRY;
    loop {
        std::thread::sleep(wait);
        let Some(inner) = inner.upgrade() else { return };
        let store = Store {
            inner,
            strict: false,
        };
        match reopen(&store) {
            Ok(()) => tracing::info!("reopened the data file {}", store.path().display()),
            Err(e) => tracing::debug!("the data file is not reopened yet: {e:#}"),
        }
        let mut running = store
            .inner
            .reopening
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // Decided under the lock `failed` starts a thread under: a failure after this starts a
        // new thread, one before it keeps this one going.
        if store.inner.health.writes_failing().is_none() {
            *running = false;
            return;
        }
        drop(running);
        wait = (wait * 2).min(LAST_RETRY);
    }
}

/// One attempt: room on the disk, the old database let go of, the file opened again, and a write
/// that proves it (which clears the failing state).
pub(super) fn reopen(store: &Store) -> Result<()> {
    room_for_writes(store.path())?;
    let mut cell = store
        .inner
        .db
        .write()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(mut old) = cell.take() {
        // Requests that took the old database before this lock finish with it first.
        let started = Instant::now();
        loop {
            match Arc::try_unwrap(old) {
                Ok(db) => {
                    drop(db);
                    break;
                }
                Err(again) if started.elapsed() < LET_GO => {
                    old = again;
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(again) => {
                    *cell = Some(again);
                    bail!("the old database is still in use");
                }
            }
        }
    }
    // A read that began on the old database keeps its file open a moment longer.
    let started = Instant::now();
    let db = loop {
        match builder().open(store.path()) {
            Ok(db) => break db,
            Err(DatabaseError::DatabaseAlreadyOpen) if started.elapsed() < LET_GO => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => {
                return Err(anyhow!(e)).with_context(|| {
                    format!("reopening the data file {}", store.path().display())
                });
            }
        }
    };
    *cell = Some(Arc::new(db));
    drop(cell);
    store.write(|txn| {
        txn.open_table(META)?
            .insert(META_WRITES_CHECKED, now_ms().to_le_bytes().as_slice())?;
        Ok(())
    })
}

/// When writes were last proven to work again after a failure, ms since 1970.
const META_WRITES_CHECKED: &str = "writes_checked_ms";

/// Fails while the disk beside `data` has no room: reopening then would only fail again (redb
/// writes while it opens a file it did not close), and the old database still answers reads
/// from its cache.
fn room_for_writes(data: &Path) -> Result<()> {
    let mut name = data.as_os_str().to_owned();
    name.push(".room-test");
    let test = PathBuf::from(name);
    let written = std::fs::File::create(&test).and_then(|mut f| {
        f.write_all(&[0u8; ROOM_TEST])?;
        f.sync_data()
    });
    let _ = std::fs::remove_file(&test);
    match written {
        Err(e) if is_disk_full(&e) => Err(anyhow!(e).context("the disk is still full")),
        // Some other reason (a folder the server may not write in): the reopen itself tells.
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_of_redb_are_told_from_others() {
        let full = std::io::Error::from_raw_os_error(libc::ENOSPC);
        let err = anyhow::Error::new(redb::CommitError::Storage(redb::StorageError::Io(full)))
            .context("committing a write");
        assert_eq!(io_failure(&err), Some(Some(DISK_FULL.to_string())));
        let previous = anyhow::Error::new(redb::TransactionError::Storage(
            redb::StorageError::PreviousIo,
        ));
        assert_eq!(io_failure(&previous), Some(None));
        let other = anyhow::Error::new(redb::StorageError::Corrupted("x".into()));
        assert_eq!(io_failure(&other), None);
        assert_eq!(io_failure(&anyhow!("a record is damaged")), None);
    }

    #[test]
    fn a_refusal_is_found_under_more_context() {
        let (_dir, store) = {
            let dir = tempfile::tempdir().unwrap();
            let store = Store::open(&dir.path().join("studio.redb")).unwrap();
            (dir, store)
        };
        let full = std::io::Error::from_raw_os_error(libc::ENOSPC);
        let err = store
            .failed(anyhow::Error::new(redb::StorageError::Io(full)))
            .context("saving a project");
        assert_eq!(
            WritesRefused::find(&err).map(|r| r.0.as_str()),
            Some(DISK_FULL)
        );
        assert_eq!(
            store.health().writes_failing().map(|p| p.message),
            Some(DISK_FULL.to_string())
        );
        // The disk is not really full: the reopen succeeds, its write clears the health.
        let started = Instant::now();
        while store.health().writes_failing().is_some() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "never reopened"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(store.hero_slides().unwrap().len() >= 3);
        store
            .create_hero_slide(HeroSlideInput {
                title: "after".into(),
                subtitle: String::new(),
                image_url: "/images/hero-1.webp".into(),
                button_text: String::new(),
                button_link: String::new(),
                order: 9,
                is_active: true,
            })
            .unwrap();
    }
}
