//! Sign-in sessions: one record per sign-in, named by the token (which carries a secret whose hash
//! only is kept here), with the device in words, the address, and when it was last used and last
//! proved its password. Ending a session deletes its record: its token is refused on its next call.

use super::*;
use serde::{Deserialize, Serialize};

/// Session id to the session.
const SESSIONS: TableDefinition<u64, &[u8]> = TableDefinition::new("sessions");

/// (account id, device in words) to when that device first signed in to that account.
const KNOWN_DEVICES: TableDefinition<(u64, &str), u64> = TableDefinition::new("known_devices");

/// How often a session's "last used" is written: a write per call would cost every call a sync.
pub const TOUCH_EVERY_MS: u64 = 60_000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub id: u64,
    pub admin_id: u64,
    /// SHA-256 of the token's secret.
    pub secret_hash: [u8; 32],
    /// "Chrome on Android".
    pub device: String,
    /// The client's address at sign-in.
    pub address: String,
    pub started_at_ms: u64,
    pub last_seen_ms: u64,
    /// When the password was last proved in this session (sign-in or "Confirm it's you").
    pub reauth_at_ms: u64,
}

impl Versioned for Session {
    const VERSION: u8 = 1;
    const NAME: &'static str = "session";
}

impl Store {
    /// Stores a new session for `admin_id`.
    pub fn start_session(
        &self,
        admin_id: u64,
        secret_hash: [u8; 32],
        device: &str,
        address: &str,
    ) -> Result<Session> {
        self.write(|txn| {
            let now = now_ms();
            let session = Session {
                id: next_id(txn, "sessions")?,
                admin_id,
                secret_hash,
                device: device.to_string(),
                address: address.to_string(),
                started_at_ms: now,
                last_seen_ms: now,
                reauth_at_ms: now,
            };
            txn.open_table(SESSIONS)?
                .insert(session.id, session.encode()?.as_slice())?;
            Ok(session)
        })
    }

    /// Notes that `device` signed in to account `admin_id`; `true` when it never had before.
    pub fn note_device(&self, admin_id: u64, device: &str) -> Result<bool> {
        self.write(|txn| {
            let mut table = txn.open_table(KNOWN_DEVICES)?;
            if table.get((admin_id, device))?.is_some() {
                return Ok(false);
            }
            table.insert((admin_id, device), now_ms())?;
            Ok(true)
        })
    }

    pub fn session(&self, id: u64) -> Result<Option<Session>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, SESSIONS)? else {
            return Ok(None);
        };
        table
            .get(id)?
            .map(|v| Session::decode(v.value()))
            .transpose()
    }

    /// Every session, or one account's, newest use first.
    pub fn sessions(&self, admin_id: Option<u64>) -> Result<Vec<Session>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, SESSIONS)? else {
            return Ok(Vec::new());
        };
        let mut list: Vec<Session> = decode_all(SESSIONS.name(), &table, self.strict)?
            .into_iter()
            .filter(|s: &Session| admin_id.is_none_or(|id| s.admin_id == id))
            .collect();
        list.sort_by_key(|s| std::cmp::Reverse((s.last_seen_ms, s.id)));
        Ok(list)
    }

    /// Notes a use of the session at `now` (and, with `reauth`, a proved password). Returns
    /// whether the session still exists.
    pub fn touch_session(&self, id: u64, now: u64, reauth: bool) -> Result<bool> {
        self.write(|txn| {
            let mut table = txn.open_table(SESSIONS)?;
            let Some(mut session) = table
                .get(id)?
                .map(|v| Session::decode(v.value()))
                .transpose()?
            else {
                return Ok(false);
            };
            session.last_seen_ms = session.last_seen_ms.max(now);
            if reauth {
                session.reauth_at_ms = now;
            }
            table.insert(id, session.encode()?.as_slice())?;
            Ok(true)
        })
    }

    /// Ends one session; `false` when there was none.
    pub fn end_session(&self, id: u64) -> Result<bool> {
        self.write(|txn| Ok(txn.open_table(SESSIONS)?.remove(id)?.is_some()))
    }

    /// Ends every session of `admin_id` but `keep`; how many ended.
    pub fn end_sessions_of(&self, admin_id: u64, keep: Option<u64>) -> Result<usize> {
        self.write(|txn| end_all_of(txn, admin_id, keep))
    }

    /// Ends every session unused for `idle_ms` or older than `max_ms` at `now`; how many ended.
    pub fn prune_sessions(&self, now: u64, idle_ms: u64, max_ms: u64) -> Result<usize> {
        self.write(|txn| {
            let mut table = txn.open_table(SESSIONS)?;
            let stale: Vec<u64> = decode_all::<Session>(SESSIONS.name(), &table, false)?
                .into_iter()
                .filter(|s| s.is_over(now, idle_ms, max_ms))
                .map(|s| s.id)
                .collect();
            for id in &stale {
                table.remove(*id)?;
            }
            Ok(stale.len())
        })
    }
}

impl Session {
    /// Whether the session has ended by time at `now`: unused for `idle_ms`, or begun `max_ms` ago.
    pub fn is_over(&self, now: u64, idle_ms: u64, max_ms: u64) -> bool {
        now.saturating_sub(self.last_seen_ms) >= idle_ms
            || now.saturating_sub(self.started_at_ms) >= max_ms
    }
}

/// Ends, inside `txn`, every session of `admin_id` but `keep`.
pub(super) fn end_all_of(
    txn: &WriteTransaction,
    admin_id: u64,
    keep: Option<u64>,
) -> Result<usize> {
    let mut table = txn.open_table(SESSIONS)?;
    let ended: Vec<u64> = decode_all::<Session>(SESSIONS.name(), &table, false)?
        .into_iter()
        .filter(|s| s.admin_id == admin_id && Some(s.id) != keep)
        .map(|s| s.id)
        .collect();
    for id in &ended {
        table.remove(*id)?;
    }
    Ok(ended.len())
}

/// Ends, inside `txn`, every session of every account.
pub(super) fn end_every(txn: &WriteTransaction) -> Result<()> {
    let mut table = txn.open_table(SESSIONS)?;
    let ids: Vec<u64> = table
        .iter()?
        .map(|row| row.map(|(id, _)| id.value()))
        .collect::<Result<_, _>>()?;
    for id in ids {
        table.remove(id)?;
    }
    Ok(())
}
