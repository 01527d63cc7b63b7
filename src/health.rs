//! The one health state of the running server: whether the data file takes writes and whether it
//! passed its last check. Every place that shows health (`/healthz`, `/api/health`, the Overview,
//! `studio status`, the host's e-mail) reads this, never a state of its own.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

/// A problem the server has now, in words a host or the owner can act on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    /// A short stable name: `writes` (the data file refuses writes) or `damage` (it failed a check).
    pub kind: &'static str,
    /// One sentence for a person.
    pub message: String,
    /// When it was first seen, ms since 1970.
    pub since_ms: u64,
}

/// The health of the data file, shared by every handle on the store.
#[derive(Debug)]
pub struct Health {
    writes: Mutex<Option<Problem>>,
    damage: Mutex<Option<Problem>>,
    /// Bumped at every change, so that a watcher (the host's e-mail) wakes on a change rather
    /// than polling.
    changes: tokio::sync::watch::Sender<u64>,
    /// How many times writes have started failing: a watcher that wakes late still tells one
    /// episode from the next.
    write_episodes: AtomicU64,
    /// Mails the outbox dropped because its queue was full (`src/outbox.rs`), since the start.
    mail_dropped: AtomicU64,
}

impl Default for Health {
    fn default() -> Health {
        Health {
            writes: Mutex::default(),
            damage: Mutex::default(),
            changes: tokio::sync::watch::Sender::new(0),
            write_episodes: AtomicU64::new(0),
            mail_dropped: AtomicU64::new(0),
        }
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

fn set(slot: &Mutex<Option<Problem>>, kind: &'static str, message: Option<String>) -> bool {
    let mut slot = slot.lock().unwrap_or_else(|e| e.into_inner());
    let changed = match (&*slot, &message) {
        (None, None) => false,
        (Some(old), Some(new)) => &old.message != new,
        _ => true,
    };
    *slot = message.map(|message| Problem {
        kind,
        message,
        since_ms: slot.as_ref().map(|p| p.since_ms).unwrap_or_else(now_ms),
    });
    changed
}

impl Health {
    /// Writes are failing (`Some(why)`) or work again (`None`). True when that changed.
    pub fn set_writes_failing(&self, why: Option<String>) -> bool {
        let starts = why.is_some() && self.writes_failing().is_none();
        if starts {
            self.write_episodes.fetch_add(1, Ordering::SeqCst);
        }
        self.changed(set(&self.writes, "writes", why))
    }

    /// The number of the current (or last) time writes started failing; 0 before the first.
    pub fn write_episode(&self) -> u64 {
        self.write_episodes.load(Ordering::SeqCst)
    }

    /// The data file failed a check (`Some(what)`) or passed one (`None`). True when that changed.
    pub fn set_damage(&self, what: Option<String>) -> bool {
        self.changed(set(&self.damage, "damage", what))
    }

    fn changed(&self, changed: bool) -> bool {
        if changed {
            self.changes.send_modify(|n| *n = n.wrapping_add(1));
        }
        changed
    }

    /// Wakes at each change of the health from now on (`changed().await`).
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changes.subscribe()
    }

    pub fn writes_failing(&self) -> Option<Problem> {
        self.writes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub fn damage(&self) -> Option<Problem> {
        self.damage
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// One more mail dropped because the mail queue was full.
    pub fn count_mail_dropped(&self) {
        self.mail_dropped.fetch_add(1, Ordering::Relaxed);
    }

    /// Mails dropped since the server started: not a problem that makes it unhealthy (the records
    /// they copy are kept), but a number the owner sees.
    pub fn mail_dropped(&self) -> u64 {
        self.mail_dropped.load(Ordering::Relaxed)
    }

    /// Every current problem; empty when healthy.
    pub fn problems(&self) -> Vec<Problem> {
        self.writes_failing()
            .into_iter()
            .chain(self.damage())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_come_and_go_and_keep_when_they_began() {
        let health = Health::default();
        assert!(health.problems().is_empty());
        assert!(health.set_writes_failing(Some("the server's disk is full".into())));
        let since = health.writes_failing().map(|p| p.since_ms);
        assert!(!health.set_writes_failing(Some("the server's disk is full".into())));
        assert!(health.set_damage(Some("a page failed".into())));
        assert_eq!(health.problems().len(), 2);
        assert_eq!(health.writes_failing().map(|p| p.since_ms), since);
        assert!(health.set_writes_failing(None));
        assert_eq!(health.problems().len(), 1);
    }
}
