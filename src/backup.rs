//! Consistent copies of the data file: scheduled snapshots, downloads, and putting one back.
//!
//! One file of over 800 lines: 647 of them are its code, the rest its unit tests, which read
//! its private parts; split it by concern when the code itself passes 800.
//!
//! Copying the file while a server writes to it gives an unreadable copy, so a copy is only ever
//! taken from inside the process that holds the file, with writes paused for the copy's duration.

use crate::store::{self, Store};
use crate::{data_file, private_files, safe_files};
use anyhow::{Context, Result, bail};
use futures_util::future::BoxFuture;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// Scheduled snapshots are named `studio-<sequence>-<UTC time>.redb`: the sequence orders them,
/// whatever the clock said when each was written; the time is for people.
const SNAPSHOT_PREFIX: &str = "studio-";
const SNAPSHOT_SUFFIX: &str = ".redb";
/// Where a snapshot is written before it is renamed into the folder, so that every file a host
/// sees in the snapshots folder is complete.
const PARTIAL_DIR: &str = ".partial";
/// The longest wait before trying again after a failed snapshot (a full disk, a missing folder).
const RETRY_AFTER_FAILURE: Duration = Duration::from_secs(15 * 60);
/// How often the running server checks its live data file (and once at start).
pub const LIVE_CHECK_EVERY: Duration = Duration::from_secs(24 * 3600);
/// Room left on the disk beyond the check's copy, so the check never fills the disk the server
/// writes to.
const CHECK_HEADROOM: u64 = 64 * 1024 * 1024;

/// Writes a checked copy of the open store to `dest`: a temp file beside it, fsynced, checked,
/// then renamed, so `dest` is either the old file or the whole new one, and never a damaged copy.
/// `dest`'s folder may be another user's (root's `studio backup` into the service's snapshots
/// folder): the temp file is created new under a random name, and a link at `dest` is refused.
pub fn snapshot(store: &Store, dest: &Path) -> Result<()> {
    if same_file(store.path(), dest) {
        bail!(
            "{} is the data file itself; name another file",
            dest.display()
        );
    }
    let (dir, name) = folder_of(dest)?;
    dir.file_there(&name)?;
    let (file, tmp) = dir.create_temp(&name)?;
    let discard = || {
        let _ = dir.remove(&tmp);
    };
    let copied = store.with_writes_paused(|source| copy_into_synced(source, &file, dest));
    if let Err(e) = copied {
        discard();
        return Err(e);
    }
    check_copy(store, &safe_files::fd_path(&file), discard)?;
    if let Err(e) = dir.replace(&tmp, &name) {
        discard();
        return Err(e);
    }
    dir.sync();
    Ok(())
}

/// The folder of `file`, made first when missing, opened without following a link.
fn folder_of(file: &Path) -> Result<(safe_files::Dir, std::ffi::OsString)> {
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.exists()
    {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    safe_files::Dir::of(file)
}

/// Checks that `path` is a studio data file this release can read: not empty, it opens, passes
/// redb's integrity check, has a known format version and every record decodes. redb opens the
/// file for writing to check it, so this is only for copies: a file someone else owns is copied
/// first (see `restore`). Damage that makes redb panic is an error here too.
pub fn verify(path: &Path) -> Result<()> {
    data_file::no_panic(path, || store::verify_file(path))
}

/// Checks a copy this module just made of the live store; a copy that fails is deleted, and the
/// live file is reported as damaged, since the copy holds the same bytes.
fn check_copy(store: &Store, copy: &Path, discard: impl FnOnce()) -> Result<()> {
    let Err(e) = verify(copy) else { return Ok(()) };
    discard();
    if is_io_error(&e) {
        // A disk that fills while redb opens the copy says nothing about the data file.
        return Err(e.context("checking the copy (it was deleted)"));
    }
    let what = format!(
        "the data file {} failed its check: {e:#}",
        store.path().display()
    );
    report_damage(store, &what);
    Err(e.context(CopyFailedCheck))
}

/// A copy of the live data file failed its check: the data file itself is damaged. Kept as a type
/// so the panel can say so in its own words.
#[derive(Debug, thiserror::Error)]
#[error(
    "the copy failed its check and was deleted, so the data file itself is damaged; the earlier \
     backups are kept (see \"A damaged data file\" in docs/operations.md)"
)]
pub struct CopyFailedCheck;

/// Whether `e` says the data file is damaged (a copy of it failed its check).
pub fn is_damage(e: &anyhow::Error) -> bool {
    e.downcast_ref::<CopyFailedCheck>().is_some()
}

fn is_io_error(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>().is_some()
            || matches!(
                c.downcast_ref::<redb::StorageError>(),
                Some(redb::StorageError::Io(_))
            )
            || matches!(
                c.downcast_ref::<redb::DatabaseError>(),
                Some(redb::DatabaseError::Storage(redb::StorageError::Io(_)))
            )
    })
}

/// Says everywhere health is shown that the data file is damaged.
fn report_damage(store: &Store, what: &str) {
    if store.health().set_damage(Some(what.to_string())) {
        tracing::error!("{what}");
    }
}

/// Replaces the data file at `data` with `src`, keeping whatever was there (damaged, empty, of a
/// newer release) as `<data>.bak-<timestamp>`; returns where it was kept, if there was a file.
///
/// The current data file is never opened as a database, so a damaged one cannot stop the rescue;
/// `src` is only read (a read-only file or medium works) and is checked as a copy beside `data`,
/// which is then renamed into place. The data file's folder may be another user's (root's
/// `restore` in the service's folder): nothing there is followed through a link (see
/// `safe_files`), and a link at `src` or `data` is refused.
pub fn restore(src: &Path, data: &Path) -> Result<Option<PathBuf>> {
    restore_owned(src, data, None)
}

/// `restore`, the new data file given to `owner` (uid, gid) before it is put in place.
pub fn restore_owned(
    src: &Path,
    data: &Path,
    owner: Option<(u32, u32)>,
) -> Result<Option<PathBuf>> {
    if same_file(src, data) {
        bail!("{} is the data file itself", src.display());
    }
    data_file::refuse_empty(src)
        .with_context(|| format!("{} is not a usable studio data file", src.display()))?;
    let source = safe_files::open_source(src)?;
    let (dir, name) = folder_of(data)?;
    dir.file_there(&name)?;
    let (file, tmp) = dir.create_temp(&name)?;
    let discard = || {
        let _ = dir.remove(&tmp);
    };
    if let Err(e) = copy_file_synced(source, &file, src, data) {
        discard();
        return Err(e.context(format!(
            "copying {}; the data file is untouched",
            src.display()
        )));
    }
    if let Err(e) = verify(&safe_files::fd_path(&file)) {
        discard();
        return Err(e.context(format!(
            "{} is not a usable studio data file; the data file is untouched",
            src.display()
        )));
    }
    let placed = owner
        .map_or(Ok(()), |o| {
            safe_files::set_mode_owner(&file, data, private_files::MODE, Some(o))
        })
        .and_then(|()| put_in_place(&dir, &tmp, &name));
    if placed.is_err() {
        discard();
    }
    placed
}

/// Moves whatever is at `name` aside and renames the checked copy `tmp` to `name`.
fn put_in_place(
    dir: &safe_files::Dir,
    tmp: &std::ffi::OsStr,
    name: &std::ffi::OsStr,
) -> Result<Option<PathBuf>> {
    let data = dir.shown(name);
    // Held until the new file is in place: a server starting meanwhile finds the old file locked.
    let held = match dir.open_file(name, false)? {
        Some(file) => match data_file::lock_file_if_free(file, &data)? {
            Some(lock) => Some(lock),
            None => bail!(
                "{} is in use by another studio process (is `studio serve` running?); stop \
                 it first",
                data.display()
            ),
        },
        None => None,
    };
    let kept = match &held {
        Some(_) => {
            let kept = backup_name(dir, name)?;
            dir.rename_new(name, &kept).with_context(|| {
                format!("keeping the current file as {}", dir.shown(&kept).display())
            })?;
            Some(kept)
        }
        None => None,
    };
    dir.rename_new(tmp, name)
        .with_context(|| format!("putting the restored file in place at {}", data.display()))?;
    dir.sync();
    if let (Some(kept), Some(held)) = (&kept, &held)
        && let Err(e) =
            safe_files::set_mode_owner(held, &dir.shown(kept), private_files::MODE, None)
    {
        // The old file may date from a release that left it readable by everyone; the restore
        // itself is done, so this is a warning, not a failure.
        tracing::warn!("making {} private: {e:#}", dir.shown(kept).display());
    }
    Ok(kept.map(|k| dir.shown(&k)))
}

/// `<data>.bak-<UTC time>`, or with `-2`, `-3`… when two restores fall in the same second.
fn backup_name(dir: &safe_files::Dir, data: &std::ffi::OsStr) -> Result<std::ffi::OsString> {
    let stamp = humantime::format_rfc3339_seconds(SystemTime::now())
        .to_string()
        .replace(':', "-");
    let mut n = 1;
    loop {
        let mut name = data.to_owned();
        name.push(format!(".bak-{stamp}"));
        if n > 1 {
            name.push(format!("-{n}"));
        }
        if dir.kind(&name)?.is_none() {
            return Ok(name);
        }
        n += 1;
    }
}

/// Writes a checked snapshot into `dir` as `studio-<sequence>-<UTC time>.redb`, then deletes all
/// but the newest `keep` (by sequence). Returns the new file.
pub fn snapshot_into(store: &Store, dir: &Path, keep: usize) -> Result<PathBuf> {
    let partial = dir.join(PARTIAL_DIR);
    fs::create_dir_all(&partial)
        .with_context(|| format!("creating the snapshots folder {}", dir.display()))?;
    let seq = snapshots(dir)?
        .iter()
        .filter_map(|p| snapshot_seq(p))
        .max()
        .unwrap_or(0)
        + 1;
    let name = snapshot_name(seq, SystemTime::now());
    let tmp = partial.join(&name);
    let copied = store.with_writes_paused(|source| copy_synced(source, &tmp));
    if let Err(e) = copied {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // Only a copy that passed its check is ever named in the folder, so pruning below, which
    // counts named snapshots only, cannot remove the last good one because of bad new ones.
    check_copy(store, &tmp, || {
        let _ = fs::remove_file(&tmp);
    })?;
    let dest = dir.join(&name);
    fs::rename(&tmp, &dest)
        .with_context(|| format!("moving the snapshot to {}", dest.display()))?;
    sync_dir(&dest);
    prune(dir, keep)?;
    Ok(dest)
}

/// `studio-000042-2024-12-15T09-30-00.123Z.redb`: ordered by its sequence, readable, and free of
/// `:` for other systems.
fn snapshot_name(seq: u64, at: SystemTime) -> String {
    let stamp = humantime::format_rfc3339_millis(at)
        .to_string()
        .replace(':', "-");
    format!("{SNAPSHOT_PREFIX}{seq:06}-{stamp}{SNAPSHOT_SUFFIX}")
}

/// The sequence of a snapshot's file name: 0 for names of earlier releases
/// (`studio-<UTC time>.redb`), which come before every numbered one; `None` for other files.
fn snapshot_seq(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    let rest = name
        .strip_prefix(SNAPSHOT_PREFIX)?
        .strip_suffix(SNAPSHOT_SUFFIX)?;
    let first = rest.split('-').next().unwrap_or("");
    // A year has four digits; a sequence is written with at least six.
    if first.len() >= 6 && first.bytes().all(|b| b.is_ascii_digit()) {
        Some(first.parse().unwrap_or(u64::MAX))
    } else {
        Some(0)
    }
}

/// The scheduled snapshots in `dir`, oldest (lowest sequence) first.
pub fn snapshots(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", dir.display())),
    };
    let mut found = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
        let path = entry.path();
        if let Some(seq) = snapshot_seq(&path)
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            found.push((seq, entry.file_name(), path));
        }
    }
    found.sort();
    Ok(found.into_iter().map(|(_, _, path)| path).collect())
}

/// Deletes all but the newest `keep` snapshots in `dir` (never the newest one); returns the
/// deleted files.
pub fn prune(dir: &Path, keep: usize) -> Result<Vec<PathBuf>> {
    let all = snapshots(dir)?;
    let old = all.len().saturating_sub(keep.max(1));
    let mut deleted = Vec::new();
    for path in all.into_iter().take(old) {
        fs::remove_file(&path).with_context(|| format!("deleting {}", path.display()))?;
        deleted.push(path);
    }
    Ok(deleted)
}

/// How long to wait before the next snapshot, given when the newest one was written. A time after
/// `now` means the clock was moved back since: its real age is unknown, so the snapshot is taken
/// at once rather than risk skipping a day.
pub fn next_snapshot_in(newest: Option<SystemTime>, now: SystemTime, every: Duration) -> Duration {
    match newest.map(|at| now.duration_since(at)) {
        Some(Ok(age)) => every.saturating_sub(age),
        Some(Err(_)) | None => Duration::ZERO,
    }
}

/// Copies the live data file (writes paused for the copy only) beside it and checks the copy.
/// `Ok(Err(what))` is damage; `Err` means the check could not run (no room for the copy).
pub fn check_live(store: &Store) -> Result<std::result::Result<(), String>> {
    let data = store.path();
    let size = fs::metadata(data)
        .with_context(|| format!("reading {}", data.display()))?
        .len();
    let dir = data
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let Some(free) = free_bytes(dir)
        && free < size.saturating_add(CHECK_HEADROOM)
    {
        bail!(
            "not enough free space in {} to check a copy of the data file ({} MB free)",
            dir.display(),
            free / 1_000_000
        );
    }
    let mut name = data.as_os_str().to_owned();
    name.push(format!(".check-{}", std::process::id()));
    let tmp = PathBuf::from(name);
    let writer = {
        let stopped = STOPPED.lock().unwrap_or_else(|e| e.into_inner());
        if *stopped {
            bail!("the server is stopping");
        }
        private_files::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?
    };
    let copied = store.with_writes_paused(|source| copy_into_synced(source, &writer, &tmp));
    if let Err(e) = copied {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    let checked = verify(&tmp);
    let _ = fs::remove_file(&tmp);
    match checked {
        Ok(()) => Ok(Ok(())),
        Err(e) if is_io_error(&e) => Err(e.context("checking a copy of the data file")),
        Err(e) => Ok(Err(format!(
            "the data file {} failed its check: {e:#}",
            data.display()
        ))),
    }
}

/// Set once the server stops: no check copy is created after that, so the one removal in
/// `remove_leftovers` is final.
static STOPPED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);

/// Removes the copies a check or a download left beside the data file: at start, those of a server
/// that was killed mid-copy (the data file's lock says no other server is running), and at a
/// graceful stop, this server's own check that is still running on its low-priority thread.
pub fn remove_leftovers(data: &Path, stopping: bool) {
    let mut stopped = STOPPED.lock().unwrap_or_else(|e| e.into_inner());
    if stopping {
        *stopped = true;
    }
    let Some(file_name) = data.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let dir = data
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(&file_name) else {
            continue;
        };
        if rest.starts_with(".check-") || rest.starts_with(".download-") {
            match fs::remove_file(entry.path()) {
                Ok(()) => tracing::info!("removed {name}, a copy left by a check or a download"),
                Err(e) => tracing::warn!("could not remove {name}: {e}"),
            }
        }
    }
}

/// Checks the live data file at start and every `every` after (a monotonic wait: a clock that
/// jumps moves nothing), in the background; damage is shown wherever health is, and the server
/// keeps serving.
pub fn spawn_live_check(store: Store, every: Duration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let s = store.clone();
            match at_low_priority(move || check_live(&s)).await {
                Ok(Ok(Ok(()))) => {
                    store.health().set_damage(None);
                    tracing::info!("the data file passed its check");
                }
                Ok(Ok(Err(what))) => {
                    report_damage(&store, &what);
                }
                Ok(Err(e)) => tracing::warn!("the data file's check could not run: {e:#}"),
                Err(e) => tracing::warn!("the data file's check stopped: {e}"),
            }
            tokio::time::sleep(every).await;
        }
    })
}

/// Runs `f` on a thread of its own at the lowest CPU priority: the check reads the whole file,
/// and at start it ran beside the render of the first pages (cold start 90 -> 110 ms in
/// `scripts/bench`); a visitor's request should never wait for it.
async fn at_low_priority<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("check-data-file".into())
        .spawn(move || {
            // SAFETY: on Linux, setpriority of PRIO_PROCESS with id 0 changes only the calling
            // thread's nice value; it reads and writes no memory of ours.
            unsafe { libc::setpriority(libc::PRIO_PROCESS as _, 0, 19) };
            let _ = tx.send(f());
        })
        .map_err(|e| format!("starting the check's thread: {e}"))?;
    rx.await
        .map_err(|_| "the check's thread stopped".to_string())
}

/// Free bytes for an unprivileged writer on the file system of `dir`, if it can be asked.
fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: a zeroed statvfs is a valid value of the plain C struct the call fills in.
    let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a valid C string and `s` a valid statvfs for the call's duration.
    if unsafe { libc::statvfs(c.as_ptr(), &mut s) } != 0 {
        return None;
    }
    Some((s.f_bavail as u64).saturating_mul(s.f_frsize as u64))
}

/// Where the schedule also sends each snapshot: the off-site storage (src/offsite/), known here only
/// by what the schedule asks of it, since restoring from off-site goes through this module.
pub trait CopyDestination: Send + Sync {
    /// When the newest copy there was taken, if it can be listed.
    fn newest(&self) -> BoxFuture<'_, Option<SystemTime>>;
    /// Sends one snapshot, an open file; a failure is the destination's to log and show.
    fn send(self: Arc<Self>, snapshot: File) -> BoxFuture<'static, ()>;
}

/// Takes a snapshot every `every`: into `dir` (keeping the newest `keep`) when it is set, and sent
/// off-site when `offsite` is set (a snapshot with no name on disk when there is no `dir`). A
/// restart keeps to the schedule: the first snapshot comes `every` after the newest one already
/// in the folder (by sequence, aged by its file's time), or off-site (at once when there is none,
/// it is overdue, or it seems to come from the future); after that the waits are monotonic, so a
/// clock moved back or forward neither skips a snapshot nor deletes a new one.
pub fn spawn_schedule(
    store: Store,
    dir: Option<PathBuf>,
    every: Duration,
    keep: usize,
    offsite: Option<Arc<dyn CopyDestination>>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let newest = match (&dir, &offsite) {
            (Some(dir), _) => {
                // Leftovers of a snapshot interrupted by a crash are never complete copies.
                let _ = fs::remove_dir_all(dir.join(PARTIAL_DIR));
                snapshots(dir)
                    .ok()
                    .and_then(|all| all.last().cloned())
                    .and_then(|p| fs::metadata(p).and_then(|m| m.modified()).ok())
            }
            (None, Some(offsite)) => offsite.newest().await,
            (None, None) => return,
        };
        let mut wait = next_snapshot_in(newest, SystemTime::now(), every);
        tracing::info!(
            dir = %dir.as_deref().map(|d| d.display().to_string()).unwrap_or_default(),
            offsite = offsite.is_some(),
            "snapshots every {}, keeping {keep}; next in {}",
            humantime::format_duration(every),
            humantime::format_duration(Duration::from_secs(wait.as_secs()))
        );
        loop {
            tokio::time::sleep(wait).await;
            let (store, dir) = (store.clone(), dir.clone());
            let done = tokio::task::spawn_blocking(move || -> Result<(Option<PathBuf>, File)> {
                match dir {
                    Some(dir) => {
                        let path = snapshot_into(&store, &dir, keep)?;
                        // An open handle reads on even if a later prune deletes the file.
                        let file = File::open(&path)
                            .with_context(|| format!("opening {}", path.display()))?;
                        Ok((Some(path), file))
                    }
                    None => Ok((None, download_copy(&store)?.0)),
                }
            })
            .await;
            wait = match done {
                Ok(Ok((path, file))) => {
                    if let Some(path) = path {
                        tracing::info!(file = %path.display(), "wrote a snapshot");
                    }
                    if let Some(offsite) = &offsite {
                        tokio::spawn(offsite.clone().send(file));
                    }
                    every
                }
                Ok(Err(e)) => {
                    tracing::error!("the scheduled snapshot failed: {e:#}");
                    every.min(RETRY_AFTER_FAILURE)
                }
                Err(e) => {
                    tracing::error!("the scheduled snapshot stopped: {e}");
                    every.min(RETRY_AFTER_FAILURE)
                }
            };
        }
    })
}

/// A checked, consistent copy of the open store for a download: an unnamed file (created beside
/// the data file, checked, then unlinked) and its length. Nothing is left on disk once the handle
/// is dropped, and a copy that fails its check is never handed out.
pub fn download_copy(store: &Store) -> Result<(File, u64)> {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| anyhow::anyhow!("no system randomness: {e}"))?;
    let tag: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let mut name = store.path().as_os_str().to_owned();
    name.push(format!(".download-{tag}"));
    let tmp = PathBuf::from(name);
    let copied = store.with_writes_paused(|source| {
        let mut reader =
            File::open(source).with_context(|| format!("opening {}", source.display()))?;
        let mut writer = private_files::create_new(&tmp)
            .with_context(|| format!("creating {}", tmp.display()))?;
        std::io::copy(&mut reader, &mut writer)
            .with_context(|| format!("copying to {}", tmp.display()))?;
        Ok(writer)
    });
    let mut file = match copied {
        Ok(file) => file,
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
    };
    // The check opens the copy by its name; this handle then reads what the check left.
    check_copy(store, &tmp, || {
        let _ = fs::remove_file(&tmp);
    })?;
    fs::remove_file(&tmp).with_context(|| format!("removing {}", tmp.display()))?;
    let len = file.metadata().context("reading the copy's size")?.len();
    std::io::Seek::rewind(&mut file).context("rewinding the copy")?;
    Ok((file, len))
}

fn copy_synced(from: &Path, to: &Path) -> Result<()> {
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let writer = private_files::create(to).with_context(|| format!("creating {}", to.display()))?;
    copy_into_synced(from, &writer, to)
}

/// Copies `from` into `writer` (the file `to`, already created) and syncs it.
fn copy_into_synced(from: &Path, writer: &File, to: &Path) -> Result<()> {
    let reader = File::open(from).with_context(|| format!("opening {}", from.display()))?;
    copy_file_synced(reader, writer, from, to)
}

/// Copies the open file `reader` (`from`) into `writer` (`to`) and syncs it.
fn copy_file_synced(mut reader: File, mut writer: &File, from: &Path, to: &Path) -> Result<()> {
    std::io::copy(&mut reader, &mut writer)
        .with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
    writer.flush()?;
    writer
        .sync_all()
        .with_context(|| format!("syncing {}", to.display()))?;
    Ok(())
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

    #[test]
    fn the_next_snapshot_keeps_to_the_schedule_across_restarts() {
        let now = SystemTime::now();
        let day = Duration::from_secs(86400);
        assert_eq!(next_snapshot_in(None, now, day), Duration::ZERO);
        let hour = Duration::from_secs(3600);
        assert_eq!(next_snapshot_in(Some(now - hour), now, day), day - hour);
        assert_eq!(
            next_snapshot_in(Some(now - 2 * day), now, day),
            Duration::ZERO,
            "overdue: at once"
        );
    }

    #[test]
    fn snapshots_are_complete_files_and_only_the_newest_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        let snaps = dir.path().join("backups");
        fs::create_dir_all(&snaps).unwrap();
        fs::write(snaps.join("notes.txt"), "the host's own file").unwrap();
        let mut written = Vec::new();
        for i in 0..4 {
            store
                .add_contact("Asha", "asha@example.in", &format!("message {i}"))
                .unwrap();
            written.push(snapshot_into(&store, &snaps, 2).unwrap());
        }
        let left = snapshots(&snaps).unwrap();
        assert_eq!(left, written[2..], "the two newest, oldest first");
        assert!(
            snaps.join("notes.txt").exists(),
            "other files are left alone"
        );
        assert_eq!(
            fs::read_dir(snaps.join(PARTIAL_DIR)).unwrap().count(),
            0,
            "no partial file stays behind"
        );
        drop(store);
        verify(&left[1]).unwrap();
        let copy = Store::open(&left[1]).unwrap();
        assert_eq!(copy.contacts().unwrap().len(), 4);
    }

    #[test]
    fn a_download_copy_is_consistent_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        store
            .add_contact("Ravi", "ravi@example.in", "hello")
            .unwrap();
        let (mut file, len) = download_copy(&store).unwrap();
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["studio.redb"], "the copy has no name on disk");
        let out = dir.path().join("downloaded.redb");
        let copied = std::io::copy(&mut file, &mut File::create(&out).unwrap()).unwrap();
        assert_eq!(copied, len);
        verify(&out).unwrap();
    }

    /// Fake time: six "days" pass in an instant, and the schedule writes one snapshot a day.
    #[tokio::test(start_paused = true)]
    async fn the_schedule_writes_one_snapshot_per_period_and_prunes() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        let snaps = dir.path().join("backups");
        let day = Duration::from_secs(86400);
        let task = spawn_schedule(store, Some(snaps.clone()), day, 3, None);
        let count = || snapshots(&snaps).unwrap().len();
        // Let the first snapshot (due at once) finish, then check one day at a time.
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert_eq!(count(), 1, "the first snapshot is written at start");
        tokio::time::sleep(day / 2).await;
        assert_eq!(count(), 1, "nothing before the period is over");
        tokio::time::sleep(day / 2).await;
        assert_eq!(count(), 2);
        tokio::time::sleep(4 * day).await;
        assert_eq!(count(), 3, "six written, the newest three kept");
        task.abort();
    }
    #[test]
    fn names_carry_a_sequence_and_old_names_come_first() {
        let at = SystemTime::UNIX_EPOCH + Duration::from_secs(1_734_255_000);
        let name = snapshot_name(42, at);
        assert_eq!(name, "studio-000042-2024-12-15T09-30-00.000Z.redb");
        assert_eq!(snapshot_seq(Path::new(&name)), Some(42));
        assert_eq!(
            snapshot_seq(Path::new("studio-2024-12-15T09-30-00.123Z.redb")),
            Some(0),
            "an earlier release's name"
        );
        assert_eq!(
            snapshot_seq(Path::new(&snapshot_name(1_234_567, at))),
            Some(1_234_567)
        );
        assert_eq!(snapshot_seq(Path::new("notes.txt")), None);
    }

    #[test]
    fn pruning_goes_by_sequence_whatever_the_clock_said() {
        let dir = tempfile::tempdir().unwrap();
        let day = Duration::from_secs(86400);
        let now = SystemTime::now();
        // An earlier release's snapshot, then three numbered ones whose clock went back a day
        // each time: the newest has the oldest time in its name.
        let old = "studio-2024-12-15T09-30-00.123Z.redb".to_string();
        let names = [
            old.clone(),
            snapshot_name(1, now),
            snapshot_name(2, now - day),
            snapshot_name(3, now - 2 * day),
        ];
        for n in &names {
            fs::write(dir.path().join(n), b"x").unwrap();
        }
        let listed: Vec<_> = snapshots(dir.path()).unwrap();
        let expected: Vec<_> = names.iter().map(|n| dir.path().join(n)).collect();
        assert_eq!(
            listed, expected,
            "oldest first by sequence; old names first"
        );
        let deleted = prune(dir.path(), 2).unwrap();
        assert_eq!(deleted, expected[..2]);
        assert_eq!(snapshots(dir.path()).unwrap(), expected[2..]);
        prune(dir.path(), 0).unwrap();
        assert_eq!(
            snapshots(dir.path()).unwrap(),
            expected[3..],
            "the newest is never pruned"
        );
    }

    #[test]
    fn a_new_snapshot_follows_the_highest_sequence_even_with_a_clock_gone_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        let snaps = dir.path().join("backups");
        fs::create_dir_all(&snaps).unwrap();
        // Named by a clock a year ahead: an earlier release would keep these and delete the new.
        let future = SystemTime::now() + Duration::from_secs(365 * 86400);
        let ahead = snaps.join(snapshot_name(7, future));
        let legacy = snaps.join("studio-2999-01-01T00-00-00.000Z.redb");
        fs::write(&ahead, b"x").unwrap();
        fs::write(&legacy, b"x").unwrap();
        let new = snapshot_into(&store, &snaps, 2).unwrap();
        assert_eq!(snapshot_seq(&new), Some(8));
        assert_eq!(snapshots(&snaps).unwrap(), [ahead, new]);
    }

    #[test]
    fn a_clock_moved_back_makes_the_next_snapshot_due_at_once() {
        let now = SystemTime::now();
        let day = Duration::from_secs(86400);
        assert_eq!(
            next_snapshot_in(Some(now + day), now, day),
            Duration::ZERO,
            "a newest snapshot from the future: its age is unknown"
        );
    }

    /// Fake time: the newest snapshot's file is an hour old, so the schedule waits 23 hours.
    #[tokio::test(start_paused = true)]
    async fn the_schedule_goes_by_the_newest_snapshots_real_age() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        let snaps = dir.path().join("backups");
        fs::create_dir_all(&snaps).unwrap();
        let hour = Duration::from_secs(3600);
        // Its name says a day ago (a clock that was wrong); its file's age is what counts.
        let newest = snaps.join(snapshot_name(3, SystemTime::now() - 24 * hour));
        let file = File::create(&newest).unwrap();
        file.set_modified(SystemTime::now() - hour).unwrap();
        drop(file);
        let task = spawn_schedule(store, Some(snaps.clone()), 24 * hour, 5, None);
        let count = || snapshots(&snaps).unwrap().len();
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert_eq!(count(), 1, "not due yet");
        tokio::time::sleep(22 * hour).await;
        assert_eq!(count(), 1);
        tokio::time::sleep(hour).await;
        // The copy is written on a blocking thread: give it real time to finish.
        for _ in 0..200 {
            if count() == 2 {
                break;
            }
            tokio::task::yield_now().await;
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(count(), 2, "due 23 hours after start");
        task.abort();
    }

    /// A store whose file opens but fails the strict check: a flipped byte found by trying.
    fn damaged_store(dir: &Path) -> Store {
        let good = dir.join("good.redb");
        {
            let store = Store::open(&good).unwrap();
            for i in 0..200 {
                store
                    .add_contact("Asha", "asha@example.in", &format!("message {i}"))
                    .unwrap();
            }
        }
        let bytes = fs::read(&good).unwrap();
        for at in (4100..bytes.len()).step_by(97) {
            let path = dir.join(format!("damaged-{at}.redb"));
            let mut damaged = bytes.clone();
            damaged[at] ^= 0xff;
            fs::write(&path, &damaged).unwrap();
            let copy = dir.join("probe.redb");
            fs::write(&copy, &damaged).unwrap();
            if verify(&copy).is_ok() {
                continue;
            }
            if let Ok(store) = data_file::no_panic(&path, || Ok(Store::open(&path)?)) {
                return store;
            }
        }
        panic!("no flipped byte gave a file that opens but fails its check");
    }

    #[test]
    fn a_snapshot_of_a_damaged_file_fails_leaves_no_copy_and_keeps_the_good_ones() {
        let dir = tempfile::tempdir().unwrap();
        let snaps = dir.path().join("backups");
        fs::create_dir_all(&snaps).unwrap();
        let good: Vec<_> = (1..=2)
            .map(|seq| {
                let path = snaps.join(snapshot_name(seq, SystemTime::now()));
                fs::write(&path, b"an earlier good snapshot").unwrap();
                path
            })
            .collect();
        let store = damaged_store(dir.path());
        assert!(store.health().damage().is_none());
        for _ in 0..3 {
            let err = snapshot_into(&store, &snaps, 1).unwrap_err();
            assert!(is_damage(&err), "{err:#}");
            assert!(format!("{err:#}").contains("damaged"), "{err:#}");
        }
        assert_eq!(
            snapshots(&snaps).unwrap(),
            good,
            "nothing pruned, nothing added"
        );
        assert_eq!(fs::read_dir(snaps.join(PARTIAL_DIR)).unwrap().count(), 0);
        assert!(store.health().damage().is_some(), "health says so");

        let dest = dir.path().join("copy.redb");
        assert!(snapshot(&store, &dest).is_err());
        assert!(!dest.exists());
        let temps: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp-"))
            .collect();
        assert!(temps.is_empty(), "{temps:?}");
        assert!(download_copy(&store).is_err());
        match check_live(&store).unwrap() {
            Err(what) => assert!(what.contains("failed its check"), "{what}"),
            Ok(()) => panic!("the live check passed a damaged file"),
        }
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".download-") || n.contains(".check-"))
            .collect();
        assert!(names.is_empty(), "{names:?}");
    }
}
