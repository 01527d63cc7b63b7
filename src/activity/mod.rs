//! The activity record: who did what, from where, in sentences the owner reads. Calls of the panel
//! are recorded from the table of rules (`access::rules`) by `recorder`; sign-ins, invitations and
//! the host's commands write their entries here directly. Stored, chained and pruned by
//! `store/activity.rs`; read and checked by `api/activity.rs` and `studio audit verify`.
//!
//! Entries name records by kind and number ("enquiry 12"), never a client's name or contact, and
//! never hold a password, token, code or key.

pub mod notices;
pub mod recorder;
pub mod words;

use crate::store::{NewActivity, Store};

/// Who acted, and from where.
#[derive(Debug, Clone, Default)]
pub struct Actor {
    /// The user name; `host` for the server's shell.
    pub username: String,
    /// The name shown ("Meera").
    pub name: String,
    pub address: String,
    pub device: String,
}

impl Actor {
    /// The host at the server's shell (`studio admin`, `update`, `rollback`, `restore`).
    pub fn host() -> Actor {
        Actor {
            username: "host".into(),
            name: "The host".into(),
            address: "the server's shell".into(),
            device: "studio command".into(),
        }
    }
}

/// Records `actor` did `action` (of `kind`) to `subject`; `words` follows the actor's name in the
/// sentence ("changed the role of meera to Editor"). A failure to record is logged, never the
/// caller's failure: the act itself has happened.
pub fn record(store: &Store, actor: &Actor, kind: &str, action: &str, subject: &str, words: &str) {
    let entry = NewActivity {
        actor: actor.username.clone(),
        actor_name: actor.name.clone(),
        action: action.to_string(),
        kind: kind.to_string(),
        subject: subject.to_string(),
        summary: format!("{} {words}", actor.name),
        address: actor.address.clone(),
        device: actor.device.clone(),
    };
    if let Err(e) = store.record_activity(entry) {
        tracing::error!("writing the activity record: {e:#}");
    }
}
