//! Off-site copies: each snapshot sealed with the owner's passphrase and sent to S3-compatible
//! storage, the oldest beyond `keep` deleted, and the owner told when copies stop getting through.
//!
//! A copy goes up as `<prefix>studio-<UTC time>.redb.enc` in one PUT, then its size is checked.
//! Failures are retried with growing waits in the background; the site never waits for them.

pub mod crypt;
pub mod restore;
pub mod s3;

use crate::backup::CopyDestination;
use crate::config::OffsiteConfig;
use crate::notify::Notifier;
use anyhow::{Context, Result, anyhow};
use futures_util::future::BoxFuture;
use s3::{S3Error, Storage};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

const NAME_START: &str = "studio-";
const SEALED_END: &str = ".redb.enc";
const PLAIN_END: &str = ".redb";

/// Waits between the attempts of a scheduled copy: a storage that is down for an hour still gets it.
pub const SCHEDULED_RETRIES: [Duration; 5] = [
    Duration::from_secs(30),
    Duration::from_secs(2 * 60),
    Duration::from_secs(10 * 60),
    Duration::from_secs(30 * 60),
    Duration::from_secs(60 * 60),
];
/// Waits between the attempts of Back up now, which someone is watching.
pub const NOW_RETRIES: [Duration; 2] = [Duration::from_secs(1), Duration::from_secs(3)];

/// One copy in the storage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Copy {
    pub name: String,
    pub size: u64,
    /// When the snapshot was taken (RFC 3339, UTC).
    pub at: String,
}

/// What the panel shows of the off-site copies.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub configured: bool,
    pub last_success: Option<String>,
    pub last_error: Option<LastError>,
    pub copies: Vec<Copy>,
    /// No copy has got through for twice `backup_every`.
    pub overdue: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct LastError {
    pub at: String,
    pub message: String,
}

impl Status {
    pub fn unconfigured() -> Status {
        Status {
            configured: false,
            last_success: None,
            last_error: None,
            copies: Vec::new(),
            overdue: false,
        }
    }
}

#[derive(Default)]
struct State {
    last_success: Option<SystemTime>,
    last_error: Option<(SystemTime, String)>,
    /// Newest last, as the last listing (or upload) found them.
    copies: Vec<Copy>,
    /// SHA-256 of the snapshot the newest copy holds, and that copy, when this process sent it.
    last_sent: Option<([u8; 32], Copy)>,
    /// The newest name used, so two copies in one second never share one.
    last_name: Option<String>,
    /// Copies this process has sent.
    sent: u64,
    /// The owner was mailed about this stretch without a copy.
    alerted: bool,
}

/// The off-site side of a running server: settings, storage, key and what happened so far.
pub struct Offsite {
    config: OffsiteConfig,
    storage: Storage,
    /// Temporary files go beside the data file: the same disk, never `/tmp` in memory.
    data: PathBuf,
    every: Duration,
    started: SystemTime,
    key: tokio::sync::OnceCell<Arc<crypt::SealingKey>>,
    state: Mutex<State>,
    /// A scheduled copy is still retrying: the next one is skipped rather than piled up.
    scheduled_busy: AtomicBool,
    /// Copies take turns for sealing, sending and pruning.
    running: tokio::sync::Mutex<()>,
    notifier: Notifier,
}

impl std::fmt::Debug for Offsite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Offsite({:?})", self.storage)
    }
}

fn rfc3339(t: SystemTime) -> String {
    humantime::format_rfc3339_millis(t).to_string()
}

/// `studio-20261124T120000Z`: sortable, and free of characters any storage minds.
fn stem(at: SystemTime) -> String {
    let s = humantime::format_rfc3339_seconds(at).to_string();
    format!("{NAME_START}{}", s.replace(['-', ':'], ""))
}

/// The time a copy's name carries, when it is one of ours.
fn name_time(name: &str) -> Option<SystemTime> {
    let rest = name.strip_prefix(NAME_START)?;
    let stamp = rest
        .strip_suffix(SEALED_END)
        .or_else(|| rest.strip_suffix(PLAIN_END))?;
    let b = stamp.as_bytes();
    if b.len() != 16 || b[8] != b'T' || b[15] != b'Z' {
        return None;
    }
    let text = format!(
        "{}-{}-{}T{}:{}:{}Z",
        &stamp[0..4],
        &stamp[4..6],
        &stamp[6..8],
        &stamp[9..11],
        &stamp[11..13],
        &stamp[13..15]
    );
    humantime::parse_rfc3339(&text).ok()
}

/// Our copies among the listed objects under `prefix`, oldest first.
fn our_copies(prefix: &str, objects: Vec<s3::Object>) -> Vec<Copy> {
    let mut copies: Vec<Copy> = objects
        .into_iter()
        .filter_map(|o| {
            let name = o.key.strip_prefix(prefix)?.to_string();
            let at = name_time(&name)?;
            Some(Copy {
                name,
                size: o.size,
                at: rfc3339(at),
            })
        })
        .collect();
    copies.sort_by(|a, b| a.name.cmp(&b.name));
    copies
}

/// Runs `attempt` until it succeeds, waiting each of `delays` after a failure; a failure no retry
/// can change ends it at once. Each failure is logged.
pub async fn retry<T, F, Fut>(delays: &[Duration], what: &str, mut attempt: F) -> Result<T, S3Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, S3Error>>,
{
    let mut n = 0;
    loop {
        match attempt().await {
            Ok(v) => return Ok(v),
            Err(e) => match delays.get(n) {
                Some(wait) if !e.is_final() => {
                    tracing::warn!(
                        "{what} failed ({e}); trying again in {}",
                        humantime::format_duration(*wait)
                    );
                    tokio::time::sleep(*wait).await;
                    n += 1;
                }
                _ => return Err(e),
            },
        }
    }
}

/// A file with no name, beside `near`: nothing is left on disk once its handle is dropped.
fn unnamed_file(near: &Path, what: &str) -> Result<File> {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| anyhow!("no system randomness: {e}"))?;
    let tag: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let mut name = near.as_os_str().to_owned();
    name.push(format!(".{what}-{tag}"));
    let path = PathBuf::from(name);
    let file = crate::private_files::create_new(&path)
        .with_context(|| format!("creating {}", path.display()))?;
    std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
    Ok(file)
}

/// Reads through to a hash of everything read.
struct Hashing<R> {
    inner: R,
    hash: Sha256,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
}

/// The backup schedule's off-site half: it asks when the newest copy was taken, and sends each
/// snapshot with the long retries.
impl CopyDestination for Offsite {
    fn newest(&self) -> BoxFuture<'_, Option<SystemTime>> {
        Box::pin(self.newest_copy_time())
    }

    fn send(self: Arc<Self>, snapshot: File) -> BoxFuture<'static, ()> {
        Box::pin(async move { self.back_up_scheduled(snapshot).await })
    }
}

impl Offsite {
    pub fn new(
        config: &OffsiteConfig,
        data: &Path,
        every: Duration,
        notifier: Notifier,
    ) -> Result<Arc<Offsite>> {
        Ok(Arc::new(Offsite {
            storage: Storage::new(config)?,
            config: config.clone(),
            data: data.to_path_buf(),
            every,
            started: SystemTime::now(),
            key: tokio::sync::OnceCell::new(),
            state: Mutex::new(State::default()),
            scheduled_busy: AtomicBool::new(false),
            running: tokio::sync::Mutex::new(()),
            notifier,
        }))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether no copy has got through for twice `backup_every` (counted from the server's start
    /// when none ever did).
    fn overdue(&self, now: SystemTime) -> bool {
        let since = self.state().last_success.unwrap_or(self.started);
        now.duration_since(since).unwrap_or_default() > 2 * self.every
    }

    pub fn status(&self) -> Status {
        let overdue = self.overdue(SystemTime::now());
        let s = self.state();
        Status {
            configured: true,
            last_success: s.last_success.map(rfc3339),
            last_error: s.last_error.as_ref().map(|(at, m)| LastError {
                at: rfc3339(*at),
                message: m.clone(),
            }),
            copies: s.copies.iter().rev().cloned().collect(),
            overdue,
        }
    }

    /// Lists the copies in the storage. At start, the newest one counts as the last success.
    pub async fn refresh(&self) -> Result<Vec<Copy>, S3Error> {
        let objects = self.storage.list(&self.config.prefix).await?;
        let copies = our_copies(&self.config.prefix, objects);
        let mut s = self.state();
        if s.last_success.is_none() {
            s.last_success = copies.last().and_then(|c| name_time(&c.name));
        }
        // A copy sent by an earlier run of the server in this same second keeps its name.
        if let Some(newest) = copies.last()
            && s.last_name.as_ref().is_none_or(|last| *last < newest.name)
        {
            s.last_name = Some(newest.name.clone());
        }
        s.copies = copies.clone();
        Ok(copies)
    }

    /// When the newest copy in the storage was taken, if it can be listed.
    pub async fn newest_copy_time(&self) -> Option<SystemTime> {
        match self.refresh().await {
            Ok(copies) => copies.last().and_then(|c| name_time(&c.name)),
            Err(e) => {
                tracing::warn!("cannot list the off-site copies: {e}");
                self.record_error(e.to_string());
                None
            }
        }
    }

    fn record_error(&self, message: String) {
        self.state().last_error = Some((SystemTime::now(), message));
    }

    /// Copies the snapshot `plain` off-site (unless the newest copy already holds it), retrying
    /// after each of `delays`, then deletes the copies beyond `keep`. Returns the copy that holds
    /// the snapshot. Copies take turns for their work but never for their waits, so Back up now
    /// never queues behind a scheduled copy's retries, and a copy that a newer one overtook stops.
    pub async fn back_up(&self, plain: File, delays: &[Duration]) -> Result<Copy, String> {
        match self.try_back_up(plain, delays).await {
            Ok(copy) => Ok(copy),
            Err(e) => {
                let message = format!("{e:#}");
                tracing::error!("the off-site copy failed: {message}");
                self.record_error(message.clone());
                Err(message)
            }
        }
    }

    /// The schedule's copy: as `back_up` with the long retries, skipped while the previous
    /// scheduled copy is still retrying (each holds a sealed file on disk).
    pub async fn back_up_scheduled(&self, plain: File) {
        if self.scheduled_busy.swap(true, Ordering::AcqRel) {
            tracing::warn!(
                "the previous off-site copy is still being retried; this one is skipped"
            );
            return;
        }
        /// Clears the flag however the copy ends.
        struct Done<'a>(&'a AtomicBool);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                self.0.store(false, Ordering::Release);
            }
        }
        let _done = Done(&self.scheduled_busy);
        // A failure is logged and shown in the panel by `back_up`.
        let _ = self.back_up(plain, &SCHEDULED_RETRIES).await;
    }

    async fn sealing_key(&self) -> Result<Option<Arc<crypt::SealingKey>>> {
        if !self.config.encrypt {
            return Ok(None);
        }
        let passphrase = self
            .config
            .passphrase
            .clone()
            .ok_or_else(|| anyhow!("[offsite] has no passphrase"))?;
        let key = self
            .key
            .get_or_try_init(|| async move {
                tokio::task::spawn_blocking(move || crypt::SealingKey::new(passphrase.expose()))
                    .await
                    .map_err(|e| anyhow!("deriving the key: {e}"))?
                    .map(Arc::new)
                    .map_err(|e| anyhow!("deriving the key: {e}"))
            })
            .await?;
        Ok(Some(key.clone()))
    }

    async fn try_back_up(&self, plain: File, delays: &[Duration]) -> Result<Copy> {
        let key = self.sealing_key().await?;
        let (sealed, len, hash) = {
            let _turn = self.running.lock().await;
            let near = self.data.clone();
            tokio::task::spawn_blocking(move || seal(plain, &near, key))
                .await
                .map_err(|e| anyhow!("sealing the copy: {e}"))??
        };
        let unchanged = self
            .state()
            .last_sent
            .as_ref()
            .filter(|(h, _)| *h == hash)
            .map(|(_, copy)| copy.clone());
        if let Some(copy) = unchanged {
            // Nothing new to send, but the storage must still hold the copy for this to count.
            let object = format!("{}{}", self.config.prefix, copy.name);
            let held = retry(delays, &format!("checking {}", copy.name), || async {
                self.storage
                    .head(&object)
                    .await
                    .inspect_err(|e| self.record_error(e.to_string()))
            })
            .await?;
            if held == Some(copy.size) {
                tracing::info!(name = %copy.name, "the data file is unchanged since the last off-site copy");
                let mut s = self.state();
                s.last_success = Some(SystemTime::now());
                s.alerted = false;
                return Ok(copy);
            }
            tracing::warn!(name = %copy.name, "the last off-site copy is gone from the storage; sending a new one");
        }
        let (name, at, seen) = {
            let mut s = self.state();
            let end = if self.config.encrypt {
                SEALED_END
            } else {
                PLAIN_END
            };
            let mut at = SystemTime::now();
            let name = loop {
                let name = format!("{}{end}", stem(at));
                if s.last_name.as_ref().is_none_or(|last| *last < name) {
                    break name;
                }
                at += Duration::from_secs(1);
            };
            s.last_name = Some(name.clone());
            (name, at, s.sent)
        };
        let object = format!("{}{name}", self.config.prefix);
        let copy = Copy {
            name: name.clone(),
            size: len,
            at: rfc3339(at),
        };
        let (object_ref, sealed_ref, copy_ref) = (&object, &sealed, &copy);
        let overtaken = retry(delays, &format!("sending {name}"), move || async move {
            let _turn = self.running.lock().await;
            if let Some(newer) = self.overtaken(seen) {
                return Ok(Some(newer));
            }
            self.send_once(object_ref, sealed_ref, len)
                .await
                .inspect_err(|e| self.record_error(e.to_string()))?;
            // Recorded in the same turn, so a copy that starts next sees this one.
            let mut s = self.state();
            s.sent += 1;
            s.last_success = Some(SystemTime::now());
            s.last_sent = Some((hash, copy_ref.clone()));
            s.alerted = false;
            s.copies.push(copy_ref.clone());
            Ok(None)
        })
        .await?;
        if let Some(newer) = overtaken {
            tracing::info!(name = %newer.name, "a newer off-site copy got through first");
            return Ok(newer);
        }
        tracing::info!(name = %name, bytes = len, "sent an off-site copy");
        let _turn = self.running.lock().await;
        if let Err(e) = self.prune().await {
            let message = format!("deleting old off-site copies: {e}");
            tracing::warn!("{message}");
            self.record_error(message);
        }
        Ok(copy)
    }

    /// The copy sent since `seen` copies had been, if one was.
    fn overtaken(&self, seen: u64) -> Option<Copy> {
        let s = self.state();
        (s.sent > seen)
            .then(|| s.last_sent.as_ref().map(|(_, c)| c.clone()))
            .flatten()
    }

    /// One PUT of the sealed file, then a HEAD that proves the storage holds all of it.
    async fn send_once(&self, key: &str, sealed: &File, len: u64) -> Result<(), S3Error> {
        let mut file = sealed
            .try_clone()
            .map_err(|e| S3Error::Other(format!("reading the sealed copy: {e}")))?;
        file.rewind()
            .map_err(|e| S3Error::Other(format!("reading the sealed copy: {e}")))?;
        self.storage
            .put_file(key, tokio::fs::File::from_std(file), len)
            .await?;
        match self.storage.head(key).await? {
            Some(n) if n == len => Ok(()),
            Some(n) => Err(S3Error::Other(format!(
                "the storage holds {n} bytes of {key}, not {len}"
            ))),
            None => Err(S3Error::Other(format!(
                "the storage does not show {key} after the upload"
            ))),
        }
    }

    /// Deletes all but the newest `keep` copies (none when `keep` is 0).
    async fn prune(&self) -> Result<(), S3Error> {
        let copies = self.refresh().await?;
        if self.config.keep == 0 {
            return Ok(());
        }
        let old = copies.len().saturating_sub(self.config.keep);
        for copy in &copies[..old] {
            let key = format!("{}{}", self.config.prefix, copy.name);
            self.storage.delete(&key).await?;
            tracing::info!(name = %copy.name, "deleted an old off-site copy");
        }
        self.state().copies.retain(|c| !copies[..old].contains(c));
        Ok(())
    }

    /// Mails the owner once per stretch without a copy, when `[smtp]` is set. Runs forever.
    pub fn spawn_watch(self: Arc<Self>) -> tokio::task::JoinHandle<()> {
        let check = (self.every / 4).clamp(Duration::from_secs(1), Duration::from_secs(3600));
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(check).await;
                self.alert_if_overdue();
            }
        })
    }

    fn alert_if_overdue(&self) {
        if !self.overdue(SystemTime::now()) || !self.notifier.is_enabled() {
            return;
        }
        let (since, error) = {
            let mut s = self.state();
            if s.alerted {
                return;
            }
            s.alerted = true;
            (
                s.last_success.map(rfc3339),
                s.last_error.as_ref().map(|(_, m)| m.clone()),
            )
        };
        let body = format!(
            "No off-site copy of the website's data has got through {}.\n\n\
             Last error: {}\n\n\
             The site itself is running. Check the storage settings ([offsite] in studio.toml) \
             and the admin panel's Settings tab, where Back up now tries again at once.\n",
            match since {
                Some(at) => format!("since {at} (UTC)"),
                None => "since the server started".into(),
            },
            error.as_deref().unwrap_or("none recorded")
        );
        tracing::error!("no off-site copy for twice backup_every; the owner is mailed");
        self.notifier
            .alert("Off-site backups have stopped".to_string(), body);
    }
}

/// Seals (or, with `encrypt = false`, copies) `plain` into an unnamed file beside `near`; returns
/// it with its length and the SHA-256 of the snapshot.
fn seal(
    plain: File,
    near: &Path,
    key: Option<Arc<crypt::SealingKey>>,
) -> Result<(File, u64, [u8; 32])> {
    let mut out = std::io::BufWriter::with_capacity(crypt::CHUNK, unnamed_file(near, "offsite")?);
    let mut input = Hashing {
        inner: plain,
        hash: Sha256::new(),
    };
    let len = match key {
        Some(key) => crypt::encrypt(&key, &mut input, &mut out).context("sealing the copy")?,
        None => std::io::copy(&mut input, &mut out).context("copying the snapshot")?,
    };
    let sealed = out
        .into_inner()
        .map_err(|e| anyhow!("writing the sealed copy: {}", e.error()))?;
    let hash: [u8; 32] = input.hash.finalize().into();
    Ok((sealed, len, hash))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    #[test]
    fn names_sort_by_time_and_read_back() {
        let at = UNIX_EPOCH + Duration::from_secs(1_795_521_600);
        let name = format!("{}{SEALED_END}", stem(at));
        assert_eq!(name, "studio-20261124T120000Z.redb.enc");
        assert_eq!(name_time(&name), Some(at));
        let later = format!("{}{SEALED_END}", stem(at + Duration::from_secs(1)));
        assert!(later > name);
        assert_eq!(name_time("studio-notatime.redb.enc"), None);
        assert_eq!(name_time("other.redb.enc"), None);
        let copies = our_copies(
            "p/",
            vec![
                s3::Object {
                    key: format!("p/{later}"),
                    size: 2,
                },
                s3::Object {
                    key: "p/notes.txt".into(),
                    size: 1,
                },
                s3::Object {
                    key: format!("p/{name}"),
                    size: 1,
                },
            ],
        );
        assert_eq!(
            copies.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
            [name.as_str(), later.as_str()]
        );
    }

    /// Fake time: the retries wait their whole schedule without the test sleeping.
    #[tokio::test(start_paused = true)]
    async fn retries_back_off_and_stop_at_a_final_answer() {
        let started = tokio::time::Instant::now();
        let calls = std::cell::Cell::new(0);
        let out = retry(&SCHEDULED_RETRIES, "test", || {
            calls.set(calls.get() + 1);
            let n = calls.get();
            async move {
                if n < 4 {
                    Err(S3Error::Status {
                        what: "x".into(),
                        status: 503,
                        detail: String::new(),
                    })
                } else {
                    Ok(n)
                }
            }
        })
        .await;
        assert_eq!(out.unwrap(), 4);
        let waited: Duration = SCHEDULED_RETRIES[..3].iter().sum();
        assert_eq!(started.elapsed(), waited, "30 s, 2 min and 10 min");

        calls.set(0);
        let out: Result<(), _> = retry(&SCHEDULED_RETRIES, "test", || {
            calls.set(calls.get() + 1);
            async { Err(S3Error::Unreachable("h:1".into(), "refused".into())) }
        })
        .await;
        assert!(out.is_err());
        assert_eq!(
            calls.get(),
            SCHEDULED_RETRIES.len() + 1,
            "every attempt, then it gives up"
        );

        calls.set(0);
        let out: Result<(), _> = retry(&SCHEDULED_RETRIES, "test", || {
            calls.set(calls.get() + 1);
            async {
                Err(S3Error::Status {
                    what: "x".into(),
                    status: 404,
                    detail: String::new(),
                })
            }
        })
        .await;
        assert!(out.is_err());
        assert_eq!(calls.get(), 1, "a missing object is not asked for again");
    }
}
