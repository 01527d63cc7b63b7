//! The data file: one redb database holding every record, every upload and the token key.
//!
//! One file of over 800 lines: 649 of them are its code, the rest its unit tests, which read
//! its private parts; split it by concern when the code itself passes 800.
//!
//! Every write is one redb transaction committed with immediate durability before the caller sees
//! success, so an acknowledged write survives a crash. redb is blocking: async callers go through
//! `tokio::task::spawn_blocking`.

mod activity;
mod admins;
mod bookings;
mod collection;
mod contacts;
mod content;
mod hero_slides;
mod invites;
mod leads;
mod media;
mod message_records;
mod opening_hours;
mod pages;
mod project_json;
mod records;
mod revisions;
mod sessions;
mod settings;
mod stats;
mod tls;

pub use activity::{ActivityEntry, ActivityFilter, ChainCheck, KEEP_ACTIVITY_MS, NewActivity};
pub use admins::{AccountRefused, AdminChange};
pub use bookings::{Booking, BookingStatus, ConsultationMode, ConsultationSettings};
pub use collection::{Record, Refused, Rule, Save, no_rule};
pub use contacts::{ContactChange, ContactFilter, ContactPage};
pub use content::{news_rule, project_rule, testimonial_rule};
pub use hero_slides::hero_slide_rule;
pub use invites::{INVITE_VALID_MS, Invite, InviteRefused};
pub use leads::{KEPT_STAGES, LeadChange, LeadRefused, NewLead};
pub use message_records::{ContactMessage, Folder, LeadSource, Stage, StageMove, WON_STAGE};
pub use message_records::{FIRST_STAGE, FieldRule, FieldRules, Lead, LeadNote, LeadSettings};
pub use pages::PAGE_KIND;
pub use project_json::{ImageJson, ProjectJson, SectionJson};
pub use records::{
    Admin, ArticleImage, ArticleStatus, Block, DayStats, GalleryImage, HeroSlide, MediaFile,
    NewsItem, PageRecord, Project, ProjectSection, Revision, Role, Setting, Testimonial, Versioned,
};
pub use records::{StoredImage, StoredVariant};
pub use revisions::{KEEP as KEEP_REVISIONS, changed_paths};
pub use sessions::{Session, TOUCH_EVERY_MS};
pub use stats::{
    MAX_CAMPAIGNS_PER_DAY, MAX_PAGES_PER_DAY, MAX_REFERRERS_PER_DAY, MAX_TAP_LINES_PER_DAY,
};
pub use tls::{AcmeAccount, TlsCertificate};

mod reopen;

pub use reopen::{DISK_FULL, RETRY_AFTER_SECS, WritesRefused};

use crate::health::Health;
use anyhow::{Context, Result, anyhow, bail};
use redb::{
    Database, DatabaseError, ReadTransaction, ReadableDatabase, ReadableTable,
    ReadableTableMetadata, TableDefinition, TableHandle, WriteTransaction,
};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The layout of the data file as a whole; bumped only when tables are added, renamed or re-keyed.
/// 2: the news_items and testimonials tables, and projects with their case studies (issue 13).
/// 3: the media_chunks table: uploads' bytes in pieces beside their records (src/store/media.rs).
/// 4: the page_records and revisions tables (issue 21).
pub const FORMAT_VERSION: u32 = 4;

const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta");
const ADMINS: TableDefinition<u64, &[u8]> = TableDefinition::new("admins");
const HERO_SLIDES: TableDefinition<u64, &[u8]> = TableDefinition::new("hero_slides");
const PROJECTS: TableDefinition<u64, &[u8]> = TableDefinition::new("portfolio_projects");
const CONTACTS: TableDefinition<u64, &[u8]> = TableDefinition::new("contact_messages");
const SETTINGS: TableDefinition<&str, &[u8]> = TableDefinition::new("company_settings");
const MEDIA: TableDefinition<&str, &[u8]> = TableDefinition::new("media_files");
/// (file name, piece number) to the piece's bytes.
const MEDIA_CHUNKS: TableDefinition<(&str, u32), &[u8]> = TableDefinition::new("media_chunks");
const NEWS: TableDefinition<u64, &[u8]> = TableDefinition::new("news_items");
const TESTIMONIALS: TableDefinition<u64, &[u8]> = TableDefinition::new("testimonials");
const PAGES: TableDefinition<&str, &[u8]> = TableDefinition::new("page_records");
/// (kind, id, version) to a `Revision`: kind is a table's name, or `pages` with the page key as id.
const REVISIONS: TableDefinition<(&str, &str, u64), &[u8]> = TableDefinition::new("revisions");

const META_FORMAT: &str = "format_version";
const META_HMAC_KEY: &str = "hmac_key";

/// Why the data file could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(
        "{0} is in use by another studio process (is `studio serve` running?); stop it first, \
         or use the scheduled snapshots in backup_dir or the admin panel's backup download"
    )]
    Locked(PathBuf),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// The fields of a hero slide that a client sets.
#[derive(Debug, Clone, PartialEq)]
pub struct HeroSlideInput {
    pub title: String,
    pub subtitle: String,
    pub image_url: String,
    pub button_text: String,
    pub button_link: String,
    pub order: i64,
    pub is_active: bool,
}

/// redb's page cache. Its default, 1 GiB, let the server grow by about 2 MB per photo upload and
/// never give it back (41 to 225 MB over a 10-minute soak); a Raspberry Pi 3 has 1 GB for
/// everything. Pages a visitor asks for again are answered from the page cache in memory
/// (src/render), not from redb's, so a small cache costs little (docs/operations.md).
pub const CACHE_SIZE: usize = 4 * 1024 * 1024;

/// A cheap handle on the open data file; every clone shares one database and one health.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
    /// Set only inside `read_everything`: a record that does not decode fails the read, where
    /// every other read skips it so that the rest of the site is still served.
    strict: bool,
}

/// What every clone of a `Store` shares.
struct Inner {
    path: PathBuf,
    /// The open database; swapped for a fresh one after an I/O error (redb refuses everything
    /// after one until the file is reopened), and `None` only while a reopen failed.
    db: RwLock<Option<Arc<Database>>>,
    health: Arc<Health>,
    /// Whether a reopen thread is running.
    reopening: Mutex<bool>,
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The end of year 9999: RFC 3339 has no later dates, and formatting one would panic.
pub const LAST_FORMATTABLE_SECS: u64 = 253_402_300_799;

/// A time in ms since 1970 as RFC 3339 with milliseconds (`2026-11-24T14:30:00.000Z`), as JSON
/// carries every stored time.
pub fn iso8601(ms: u64) -> String {
    let ms = ms.min(LAST_FORMATTABLE_SECS * 1000);
    humantime::format_rfc3339_millis(UNIX_EPOCH + Duration::from_millis(ms)).to_string()
}

impl Store {
    /// Opens the data file, creating and seeding it only when there is no file at `path`: an
    /// empty file, or one that is not a studio data file, is refused with what to do.
    pub fn open(path: &Path) -> Result<Store, OpenError> {
        let existed = match std::fs::metadata(path) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => {
                return Err(anyhow!(e)
                    .context(format!("looking at the data file {}", path.display()))
                    .into());
            }
        };
        if existed {
            crate::data_file::refuse_empty(path)?;
        }
        if !existed {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).with_context(|| {
                    format!("creating the folder {} for the data file", dir.display())
                })?;
            }
            // redb would create the file with the umask's mode: make it private first (redb sets
            // up an empty file as a new database).
            match crate::private_files::create_new(path) {
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => {
                    return Err(anyhow!(e)
                        .context(format!("creating the data file {}", path.display()))
                        .into());
                }
            }
        }
        let builder = builder();
        let opened = if existed {
            builder.open(path)
        } else {
            builder.create(path)
        };
        let db = match opened {
            Ok(db) => db,
            Err(DatabaseError::DatabaseAlreadyOpen) => {
                return Err(OpenError::Locked(path.to_path_buf()));
            }
            Err(e)
                if existed && !matches!(e, DatabaseError::Storage(redb::StorageError::Io(_))) =>
            {
                return Err(anyhow!(
                    "{} is not a studio data file, or it is damaged ({e}). {}",
                    path.display(),
                    crate::data_file::what_to_do(path)
                )
                .into());
            }
            Err(e) => {
                return Err(anyhow!(e)
                    .context(format!("opening the data file {}", path.display()))
                    .into());
            }
        };
        let store = Store::over(db, path);
        store
            .prepare(existed)
            .with_context(|| format!("preparing the data file {}", path.display()))?;
        Ok(store)
    }

    /// A handle on an open database.
    fn over(db: Database, path: &Path) -> Store {
        Store {
            inner: Arc::new(Inner {
                path: path.to_path_buf(),
                db: RwLock::new(Some(Arc::new(db))),
                health: Arc::new(Health::default()),
                reopening: Mutex::new(false),
            }),
            strict: false,
        }
    }

    /// The health of the data file, shared by every clone of this store.
    pub fn health(&self) -> Arc<Health> {
        self.inner.health.clone()
    }

    /// The database as it is now. Refused (as [`WritesRefused`]) only while a reopen after an
    /// I/O error has not succeeded yet.
    fn db(&self) -> Result<Arc<Database>> {
        let db = self
            .inner
            .db
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        db.ok_or_else(|| anyhow::Error::new(self.refused()))
    }

    /// Begins a read of the database as it is now.
    fn read_txn(&self) -> Result<ReadTransaction> {
        self.db()?
            .begin_read()
            .map_err(|e| self.failed(anyhow::Error::new(e)))
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Checks the format version of an existing file, or seeds a new one, in one transaction.
    /// A file that `existed` but holds tables and no format version is some other program's
    /// database: it is refused, not seeded over.
    fn prepare(&self, existed: bool) -> Result<()> {
        let db = self.db()?;
        let txn = db.begin_write()?;
        if existed && txn.open_table(META)?.get(META_FORMAT)?.is_none() {
            let others = txn.list_tables()?.any(|t| t.name() != META.name());
            if others {
                bail!(
                    "{} is a redb database but not a studio data file. {}",
                    self.path().display(),
                    crate::data_file::what_to_do(self.path())
                );
            }
        }
        let format = {
            let meta = txn.open_table(META)?;
            meta.get(META_FORMAT)?.map(|v| v.value().to_vec())
        };
        match format {
            Some(bytes) => {
                let version = u32::from_le_bytes(
                    bytes
                        .as_slice()
                        .try_into()
                        .map_err(|_| anyhow!("the format version record is damaged"))?,
                );
                if version > FORMAT_VERSION {
                    bail!(
                        "the data file has format version {version}, written by a newer studio \
                         release (this one reads up to {FORMAT_VERSION})"
                    );
                }
                // A file of an earlier release gains this release's content once.
                let upgraded = content::upgrade_content(&txn)?;
                if version < 3 {
                    let moved = media::upgrade_media(&txn)?;
                    if moved > 0 {
                        tracing::info!(files = moved, "uploads moved into pieces (format 3)");
                    }
                }
                if version < 4 {
                    // The owner's words move from the compiled UI into page records, and every
                    // record gets its first revision: nothing a visitor sees changes.
                    let seed = pages::seed_as_shown(&txn)?;
                    pages::seed_pages(&txn, &seed, "upgrade")?;
                    first_revisions(&txn, "upgrade")?;
                    // Settings this release adds (company_whatsapp) start with their defaults.
                    for (key, value, description) in crate::site::default_settings() {
                        if txn.open_table(SETTINGS)?.get(key)?.is_none() {
                            upsert_setting(&txn, key, &value, &description)?;
                        }
                    }
                }
                if version < FORMAT_VERSION {
                    txn.open_table(META)?
                        .insert(META_FORMAT, FORMAT_VERSION.to_le_bytes().as_slice())?;
                } else if !upgraded {
                    txn.abort()?;
                    return Ok(());
                }
            }
            None => seed(&txn)?,
        }
        txn.commit()?;
        Ok(())
    }

    /// Proves the file is readable (for /healthz).
    pub fn check(&self) -> Result<()> {
        let txn = self.read_txn()?;
        let meta = txn.open_table(META)?;
        meta.get(META_FORMAT)?
            .ok_or_else(|| anyhow!("the data file has no format version"))?;
        Ok(())
    }

    /// The key that signs admin tokens; made on first open and kept in the file.
    pub fn hmac_key(&self) -> Result<Vec<u8>> {
        let txn = self.read_txn()?;
        let meta = txn.open_table(META)?;
        let key = meta
            .get(META_HMAC_KEY)?
            .ok_or_else(|| anyhow!("the data file has no token key"))?;
        Ok(key.value().to_vec())
    }

    /// Runs `f` with the file's path while no write can start: the file on disk is then a
    /// consistent database, so `f` may copy it.
    pub fn with_writes_paused<T>(&self, f: impl FnOnce(&Path) -> Result<T>) -> Result<T> {
        let db = self.db()?;
        let txn = db
            .begin_write()
            .map_err(|e| self.failed(anyhow::Error::new(e)))
            .context("pausing writes")?;
        let out = f(self.path());
        txn.abort().context("resuming writes")?;
        out
    }

    /// Decodes every record of every table: proof that this release can read the whole file.
    pub fn read_everything(&self) -> Result<()> {
        let strict = Store {
            strict: true,
            ..self.clone()
        };
        strict.read_all()
    }

    fn read_all(&self) -> Result<()> {
        self.admins()?;
        self.hero_slides()?;
        self.projects()?;
        self.news_items()?;
        self.testimonials()?;
        self.contacts()?;
        self.lead_settings()?;
        self.settings()?;
        self.bookings()?;
        self.consultation_settings()?;
        for page in self.pages()? {
            for revision in self.revisions(PAGE_KIND, &page.key)? {
                serde_json::from_slice::<serde_json::Value>(&revision.body)
                    .with_context(|| format!("reading a revision of page {}", page.key))?;
            }
        }
        self.stats_days(0, u32::MAX)?;
        for name in self.media_names()? {
            self.media(&name)?;
        }
        Ok(())
    }

    /// Runs `f` in one write transaction and commits it durably, or drops it on error.
    /// An I/O error (a full disk) marks writes failing in the health and starts reopening the
    /// file; the error then carries [`WritesRefused`], which the API answers with a 503.
    fn write<T>(&self, f: impl FnOnce(&WriteTransaction) -> Result<T>) -> Result<T> {
        let db = self.db()?;
        let result = (|| {
            let txn = db.begin_write().context("starting a write")?;
            let out = f(&txn)?;
            txn.commit().context("committing a write")?;
            Ok(out)
        })();
        drop(db);
        match result {
            Ok(out) => {
                self.wrote();
                Ok(out)
            }
            Err(e) => Err(self.failed(e)),
        }
    }
}

/// The page cache of `verify_file`.
const VERIFY_CACHE: usize = 4 * 1024 * 1024;

/// Checks a data file that no process holds: redb's integrity check, a known format version, and
/// every record readable.
pub fn verify_file(path: &Path) -> Result<()> {
    crate::data_file::refuse_empty(path)?;
    // A small cache: the check reads every page once, and redb's default cache would keep them
    // all, so restoring a 300 MB file took 300 MB of memory (tests/offsite_backup.rs).
    let mut db = match Database::builder().set_cache_size(VERIFY_CACHE).open(path) {
        Ok(db) => db,
        Err(DatabaseError::DatabaseAlreadyOpen) => {
            bail!("{} is in use by another process", path.display())
        }
        Err(e) => {
            return Err(anyhow!(e).context(format!("{} is not a redb database", path.display())));
        }
    };
    if !db
        .check_integrity()
        .context("running the integrity check")?
    {
        bail!(
            "{} failed the integrity check (it was repaired in memory only)",
            path.display()
        );
    }
    let version = {
        let txn = db.begin_read()?;
        let meta = txn
            .open_table(META)
            .with_context(|| format!("{} is not a studio data file", path.display()))?;
        let bytes = meta
            .get(META_FORMAT)?
            .ok_or_else(|| anyhow!("{} has no studio format version", path.display()))?
            .value()
            .to_vec();
        u32::from_le_bytes(
            bytes
                .as_slice()
                .try_into()
                .map_err(|_| anyhow!("the format version record is damaged"))?,
        )
    };
    if version == 0 || version > FORMAT_VERSION {
        bail!(
            "{} has format version {version}; this release reads 1 to {FORMAT_VERSION}",
            path.display()
        );
    }
    Store::over(db, path).read_everything()
}

/// How every data file is opened: with a cache a small machine can spare.
fn builder() -> redb::Builder {
    let mut builder = Database::builder();
    builder.set_cache_size(CACHE_SIZE);
    builder
}

fn slide_from(id: u64, i: HeroSlideInput, created_at_ms: u64) -> HeroSlide {
    HeroSlide {
        id,
        title: i.title,
        subtitle: i.subtitle,
        image_url: i.image_url,
        button_text: i.button_text,
        button_link: i.button_link,
        order: i.order,
        is_active: i.is_active,
        created_at_ms,
        alt: String::new(),
    }
}

/// A table to read, or `None` in a file an earlier release wrote and that was read without being
/// opened for writing (the restore check): it holds none of those records.
fn table_to_read<K: redb::Key + 'static, V: redb::Value + 'static>(
    txn: &redb::ReadTransaction,
    table: TableDefinition<K, V>,
) -> Result<Option<redb::ReadOnlyTable<K, V>>> {
    match txn.open_table(table) {
        Ok(table) => Ok(Some(table)),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Every record of a table. One that does not decode is skipped and logged, so the rest is still
/// served, unless `strict` (the check that a whole file is readable), where it fails the read.
fn decode_all<T: Versioned>(
    name: &str,
    table: &impl ReadableTable<u64, &'static [u8]>,
    strict: bool,
) -> Result<Vec<T>> {
    let mut out = Vec::new();
    for entry in table.iter()? {
        let (id, v) = entry?;
        if let Some(record) = decoded(name, &id.value(), T::decode(v.value()), strict)? {
            out.push(record);
        }
    }
    Ok(out)
}

/// A decoded record, or `None` (logged with its table and id) for one that does not decode,
/// unless `strict`, where that is an error naming the record.
fn decoded<T>(
    table: &str,
    id: &dyn std::fmt::Display,
    record: Result<T>,
    strict: bool,
) -> Result<Option<T>> {
    match record {
        Ok(record) => Ok(Some(record)),
        Err(e) if strict => Err(e.context(format!("reading record {id} of {table}"))),
        Err(error) => {
            tracing::warn!(
                table,
                id = %id,
                error = %format!("{error:#}"),
                "skipped a record that does not decode; the rest is served"
            );
            Ok(None)
        }
    }
}

/// The next id of a table, from a counter in meta, so a deleted id is never handed out again.
fn next_id(txn: &WriteTransaction, table: &str) -> Result<u64> {
    let mut meta = txn.open_table(META)?;
    let key = format!("seq:{table}");
    let current = match meta.get(key.as_str())? {
        Some(v) => u64::from_le_bytes(
            v.value()
                .try_into()
                .map_err(|_| anyhow!("the id counter of {table} is damaged"))?,
        ),
        None => 0,
    };
    let next = current + 1;
    meta.insert(key.as_str(), next.to_le_bytes().as_slice())?;
    Ok(next)
}

fn upsert_setting(
    txn: &WriteTransaction,
    key: &str,
    value: &str,
    description: &str,
) -> Result<Setting> {
    let existing = txn
        .open_table(SETTINGS)?
        .get(key)?
        .map(|v| Setting::decode(v.value()))
        .transpose()?;
    let id = match existing {
        Some(s) => s.id,
        None => next_id(txn, "company_settings")?,
    };
    let setting = Setting {
        id,
        key: key.to_string(),
        value: value.to_string(),
        description: description.to_string(),
    };
    txn.open_table(SETTINGS)?
        .insert(key, setting.encode()?.as_slice())?;
    Ok(setting)
}

/// Puts a new random 32-byte token-signing key in place of the old one (or the first one).
fn put_new_hmac_key(txn: &WriteTransaction) -> Result<()> {
    let mut key = vec![0u8; 32];
    getrandom::fill(&mut key)
        .map_err(|e| anyhow!("no system randomness for the token key: {e}"))?;
    txn.open_table(META)?
        .insert(META_HMAC_KEY, key.as_slice())?;
    Ok(())
}

/// Fills a new data file: format version, token key, and the default content of the site.
fn seed(txn: &WriteTransaction) -> Result<()> {
    txn.open_table(META)?
        .insert(META_FORMAT, FORMAT_VERSION.to_le_bytes().as_slice())?;
    put_new_hmac_key(txn)?;
    // Open every table once so that readers never meet a missing one.
    txn.open_table(ADMINS)?;
    txn.open_table(CONTACTS)?;
    txn.open_table(MEDIA)?;
    txn.open_table(MEDIA_CHUNKS)?;
    let seed = &*crate::site::SEED;
    let now = now_ms();
    for (order, s) in seed.hero_slides.iter().enumerate() {
        let slide = HeroSlide {
            id: next_id(txn, "hero_slides")?,
            title: s.title.clone(),
            subtitle: s.subtitle.clone(),
            image_url: s.image_url.clone(),
            button_text: s.button_text.clone(),
            button_link: s.button_link.clone(),
            order: order as i64,
            is_active: true,
            created_at_ms: now,
            alt: String::new(),
        };
        txn.open_table(HERO_SLIDES)?
            .insert(slide.id, slide.encode()?.as_slice())?;
    }
    content::upgrade_content(txn)?;
    for (key, value, description) in crate::site::default_settings() {
        upsert_setting(txn, key, &value, &description)?;
    }
    pages::seed_pages(txn, &crate::site::PAGE_SEED, "seed")?;
    first_revisions(txn, "seed")
}

/// Version 1 of every project, news item, testimonial and hero slide that has no revision yet.
fn first_revisions(txn: &WriteTransaction, by: &str) -> Result<()> {
    fn each<R: Record>(txn: &WriteTransaction, by: &str) -> Result<()> {
        let all: Vec<R> = decode_all(R::TABLE.name(), &txn.open_table(R::TABLE)?, false)?;
        for record in &all {
            if revisions::latest(txn, R::TABLE.name(), &record.id().to_string())?.is_none() {
                collection::revise(txn, None, record, by)?;
            }
        }
        Ok(())
    }
    each::<Project>(txn, by)?;
    each::<NewsItem>(txn, by)?;
    each::<Testimonial>(txn, by)?;
    each::<HeroSlide>(txn, by)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        (dir, store)
    }

    fn input(title: &str, order: i64) -> HeroSlideInput {
        HeroSlideInput {
            title: title.into(),
            subtitle: String::new(),
            image_url: "/images/hero-1.webp".into(),
            button_text: String::new(),
            button_link: String::new(),
            order,
            is_active: true,
        }
    }

    #[test]
    fn an_upgraded_footer_keeps_the_owners_own_tagline() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("studio.redb");
        {
            // A file as the release before page records left it: format 3, no page records,
            // and the owner's own tagline, which that release's footer showed first.
            let store = Store::open(&path).unwrap();
            store
                .upsert_setting("company_tagline", "Quiet Rooms, Built to Last", "Tagline")
                .unwrap();
            let txn = store.db().unwrap().begin_write().unwrap();
            txn.open_table(META)
                .unwrap()
                .insert(META_FORMAT, 3u32.to_le_bytes().as_slice())
                .unwrap();
            txn.delete_table(PAGES).unwrap();
            txn.commit().unwrap();
        }
        let store = Store::open(&path).unwrap();
        let site = store.page("site").unwrap().unwrap();
        let content: serde_json::Value = serde_json::from_str(&site.content).unwrap();
        assert_eq!(content["taglines"][0], "Quiet Rooms, Built to Last");
        assert_eq!(
            content["taglines"][1],
            crate::site::PAGE_SEED["site"]["taglines"][1]
        );
    }

    #[test]
    fn a_new_file_is_seeded_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/studio.redb");
        let key = {
            let store = Store::open(&path).unwrap();
            assert_eq!(store.hero_slides().unwrap().len(), 3);
            assert_eq!(store.projects().unwrap().len(), 7);
            assert!(
                store
                    .settings()
                    .unwrap()
                    .iter()
                    .any(|s| s.key == "company_phone")
            );
            assert_eq!(store.admin_count().unwrap(), 0);
            store.create_hero_slide(input("extra", 9)).unwrap();
            store.hmac_key().unwrap()
        };
        let store = Store::open(&path).unwrap();
        assert_eq!(store.hero_slides().unwrap().len(), 4, "not seeded twice");
        assert_eq!(store.hmac_key().unwrap(), key, "the token key is kept");
        assert_eq!(key.len(), 32);
    }

    #[test]
    fn a_second_open_of_the_same_file_is_refused_as_locked() {
        let (dir, _store) = temp_store();
        match Store::open(&dir.path().join("studio.redb")) {
            Err(OpenError::Locked(_)) => {}
            Err(e) => panic!("wrong error: {e}"),
            Ok(_) => panic!("opened twice"),
        }
    }

    #[test]
    fn slides_sort_by_order_then_creation_and_ids_are_never_reused() {
        let (_dir, store) = temp_store();
        let a = store.create_hero_slide(input("a", -1)).unwrap();
        let b = store.create_hero_slide(input("b", -1)).unwrap();
        let titles: Vec<_> = store
            .hero_slides()
            .unwrap()
            .into_iter()
            .map(|s| s.title)
            .collect();
        assert_eq!(&titles[..2], ["a", "b"]);
        assert!(store.delete_hero_slide(b.id).unwrap());
        assert!(!store.delete_hero_slide(b.id).unwrap());
        let c = store.create_hero_slide(input("c", 0)).unwrap();
        assert!(c.id > b.id);
        let updated = store
            .update_hero_slide(a.id, input("a2", 5))
            .unwrap()
            .unwrap();
        assert_eq!(updated.created_at_ms, a.created_at_ms);
        assert!(
            store
                .update_hero_slide(999, input("x", 0))
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn set_password_creates_then_bumps_the_generation() {
        let (_dir, store) = temp_store();
        let (a, created) = store.set_admin_password("admin", "h1").unwrap();
        assert!(created);
        let (b, created) = store.set_admin_password("admin", "h2").unwrap();
        assert!(!created);
        assert_eq!(a.id, b.id);
        assert_eq!(b.token_generation, a.token_generation + 1);
        assert_eq!(
            store
                .admin_by_username("admin")
                .unwrap()
                .unwrap()
                .password_hash,
            "h2"
        );
    }

    #[test]
    fn a_generated_password_is_known_until_the_owner_sets_one() {
        let (_dir, store) = temp_store();
        let (admin, _) = store.set_admin_password("admin", "printed").unwrap();
        assert!(!store.password_is_generated(&admin).unwrap(), "unmarked");
        store.mark_password_generated("admin").unwrap();
        let admin = store.admin_by_username("admin").unwrap().unwrap();
        assert!(store.password_is_generated(&admin).unwrap());
        // Signing everyone out keeps the password, and so the mark.
        let admin = store.revoke_admin_tokens(admin.id).unwrap().unwrap();
        assert!(store.password_is_generated(&admin).unwrap());
        let (admin, _) = store.set_admin_password("admin", "chosen").unwrap();
        assert!(!store.password_is_generated(&admin).unwrap());
        assert!(store.mark_password_generated("nobody").is_err());
    }

    #[test]
    fn settings_upsert_keeps_the_id_and_contacts_list_newest_first() {
        let (_dir, store) = temp_store();
        let before = store.settings().unwrap();
        let phone = before.iter().find(|s| s.key == "company_phone").unwrap();
        let after = store
            .upsert_setting("company_phone", "+91 1", "Company phone")
            .unwrap();
        assert_eq!(after.id, phone.id);
        let new = store
            .upsert_setting("company_gst", "X", "Company gst")
            .unwrap();
        assert!(new.id > phone.id);
        store.add_contact("A", "a@x.in", "first").unwrap();
        store.add_contact("B", "b@x.in", "second").unwrap();
        let msgs = store.contacts().unwrap();
        assert_eq!(msgs[0].message, "second");
    }
}
