//! The activity record's table: who did what, append-only, each entry chained to the one before by
//! a SHA-256 hash, so an entry removed, changed or moved in the data file breaks the chain. Entries
//! older than a year are pruned from the start, and the hash of the last pruned one is kept as the
//! chain's anchor. What goes in and the words of it: `src/activity/`.

use super::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Entry id (ascending with time) to the entry.
const ACTIVITY: TableDefinition<u64, &[u8]> = TableDefinition::new("activity");
/// The hash the first kept entry chains to: zeros until the first prune.
const META_ANCHOR: &str = "activity:anchor";

/// How long entries are kept (DPDP Rules 2025, Rule 6: logs kept for a year), and a day's margin.
pub const KEEP_ACTIVITY_MS: u64 = 366 * 24 * 3600 * 1000;
/// At most this many old entries are pruned by one write, so no write is slow.
const PRUNE_PER_WRITE: usize = 64;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityEntry {
    pub id: u64,
    pub at_ms: u64,
    /// The account's user name, `host` for the server's shell, or the name tried at a failed
    /// sign-in.
    pub actor: String,
    /// The name shown ("Meera").
    pub actor_name: String,
    /// What happened, a key (`signed-in`, `changed`, `opened`, ...).
    pub action: String,
    /// The filter it belongs to (`sign-in`, `people`, `content`, `enquiries`, `personal-data`,
    /// `settings`, `backups`, `host`).
    pub kind: String,
    /// What it was done to ("portfolio project 12"); never a person's name or contact.
    pub subject: String,
    /// The sentence the panel shows.
    pub summary: String,
    pub address: String,
    pub device: String,
    /// SHA-256 over the previous entry's hash and this entry's other fields.
    pub hash: [u8; 32],
}

impl Versioned for ActivityEntry {
    const VERSION: u8 = 1;
    const NAME: &'static str = "activity entry";
}

/// An entry to append: everything but its id and hash.
#[derive(Debug, Clone, Default)]
pub struct NewActivity {
    pub actor: String,
    pub actor_name: String,
    pub action: String,
    pub kind: String,
    pub subject: String,
    pub summary: String,
    pub address: String,
    pub device: String,
}

/// Which entries to read: newest first, before id `before`, at most `limit`.
#[derive(Debug, Clone, Default)]
pub struct ActivityFilter {
    pub actor: Option<String>,
    pub kind: Option<String>,
    pub from_ms: Option<u64>,
    pub to_ms: Option<u64>,
    pub before: Option<u64>,
    pub limit: usize,
}

/// Whether the chain holds: `broken_at` is the id of the first entry that does not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainCheck {
    pub entries: u64,
    pub broken_at: Option<u64>,
}

impl ActivityEntry {
    /// The hash this entry must carry after `prev`.
    pub fn chained_hash(&self, prev: &[u8; 32]) -> Result<[u8; 32]> {
        let mut unhashed = self.clone();
        unhashed.hash = [0; 32];
        let mut h = Sha256::new();
        h.update(prev);
        h.update(unhashed.encode()?);
        Ok(h.finalize().into())
    }
}

impl Store {
    /// Appends one entry, and prunes what is past a year.
    pub fn record_activity(&self, new: NewActivity) -> Result<ActivityEntry> {
        self.record_activity_at(new, now_ms())
    }

    /// [`Store::record_activity`] at a given time (milliseconds since the epoch): the year's
    /// simulation in the tests, which cannot wait a year.
    pub fn record_activity_at(&self, new: NewActivity, now: u64) -> Result<ActivityEntry> {
        self.write(|txn| append_activity(txn, new, now))
    }

    /// Appends many entries, each at its own time, in one write: the year's simulation in the
    /// tests, and nothing the server does.
    pub fn record_activities_at(&self, entries: Vec<(NewActivity, u64)>) -> Result<()> {
        self.write(|txn| {
            for (new, at) in entries {
                append_activity(txn, new, at)?;
            }
            Ok(())
        })
    }

    /// Entries matching `filter`, newest first, and the `before` of the next page.
    pub fn activity(&self, filter: &ActivityFilter) -> Result<(Vec<ActivityEntry>, Option<u64>)> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, ACTIVITY)? else {
            return Ok((Vec::new(), None));
        };
        let upper = filter.before.unwrap_or(u64::MAX);
        let mut out = Vec::new();
        for row in table.range(..upper)?.rev() {
            let (id, value) = row?;
            let Some(entry) = decoded::<ActivityEntry>(
                ACTIVITY.name(),
                &id.value(),
                ActivityEntry::decode(value.value()),
                false,
            )?
            else {
                continue;
            };
            if filter.from_ms.is_some_and(|from| entry.at_ms < from) {
                break;
            }
            let keep = filter
                .actor
                .as_ref()
                .is_none_or(|a| entry.actor.eq_ignore_ascii_case(a))
                && filter.kind.as_ref().is_none_or(|k| &entry.kind == k)
                && filter.to_ms.is_none_or(|to| entry.at_ms < to);
            if !keep {
                continue;
            }
            if out.len() == filter.limit {
                let next = out.last().map(|e: &ActivityEntry| e.id);
                return Ok((out, next));
            }
            out.push(entry);
        }
        Ok((out, None))
    }

    /// Walks the whole chain from its anchor.
    pub fn verify_activity(&self) -> Result<ChainCheck> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, ACTIVITY)? else {
            return Ok(ChainCheck {
                entries: 0,
                broken_at: None,
            });
        };
        let mut prev = anchor(&txn.open_table(META)?)?;
        let mut entries = 0;
        for row in table.iter()? {
            let (id, value) = row?;
            entries += 1;
            let holds = ActivityEntry::decode(value.value()).and_then(|e| {
                Ok((
                    e.id == id.value() && e.chained_hash(&prev)? == e.hash,
                    e.hash,
                ))
            });
            match holds {
                Ok((true, hash)) => prev = hash,
                _ => {
                    return Ok(ChainCheck {
                        entries: table.len()?,
                        broken_at: Some(id.value()),
                    });
                }
            }
        }
        Ok(ChainCheck {
            entries,
            broken_at: None,
        })
    }
}

fn anchor(meta: &impl ReadableTable<&'static str, &'static [u8]>) -> Result<[u8; 32]> {
    match meta.get(META_ANCHOR)? {
        Some(v) => v
            .value()
            .try_into()
            .map_err(|_| anyhow!("the activity record's anchor is damaged")),
        None => Ok([0; 32]),
    }
}

/// Appends `new` at `now` inside `txn`, chained to the last entry, after pruning up to
/// [`PRUNE_PER_WRITE`] entries older than a year.
pub(super) fn append_activity(
    txn: &WriteTransaction,
    new: NewActivity,
    now: u64,
) -> Result<ActivityEntry> {
    let mut table = txn.open_table(ACTIVITY)?;
    let mut meta = txn.open_table(META)?;
    let mut pruned = None;
    for _ in 0..PRUNE_PER_WRITE {
        let Some((id, value)) = table.first()?.map(|(k, v)| (k.value(), v.value().to_vec())) else {
            break;
        };
        let Ok(old) = ActivityEntry::decode(&value) else {
            break;
        };
        if now.saturating_sub(old.at_ms) < KEEP_ACTIVITY_MS {
            break;
        }
        table.remove(id)?;
        pruned = Some(old.hash);
    }
    if let Some(hash) = pruned {
        meta.insert(META_ANCHOR, hash.as_slice())?;
    }
    let prev = match table.last()? {
        Some((_, v)) => ActivityEntry::decode(v.value())?.hash,
        None => anchor(&meta)?,
    };
    drop(meta);
    let mut entry = ActivityEntry {
        id: next_id(txn, "activity")?,
        at_ms: now,
        actor: new.actor,
        actor_name: new.actor_name,
        action: new.action,
        kind: new.kind,
        subject: new.subject,
        summary: new.summary,
        address: new.address,
        device: new.device,
        hash: [0; 32],
    };
    entry.hash = entry.chained_hash(&prev)?;
    table.insert(entry.id, entry.encode()?.as_slice())?;
    Ok(entry)
}
