//! What the Owners are told at once (the Overview, and by mail with `[smtp]`): a sign-in to an Owner
//! account from a device it never used, ten failed sign-ins for one name within an hour, and any
//! change of role. Each is an entry of the activity record with an action of its own, so the
//! Overview reads them back from there and they are kept, and chained, like every other entry.

use super::{Actor, record};
use crate::notify::Notifier;
use crate::store::{ActivityFilter, Admin, Role, Store, now_ms};

/// The actions that are notices.
pub const NOTICE_ACTIONS: [&str; 3] = ["new-device", "failed-sign-ins", "role-changed"];
/// Failed sign-ins for one name within an hour that make a notice.
pub const FAILURES_FOR_NOTICE: usize = 10;
const HOUR_MS: u64 = 3600 * 1000;
/// How far back the Overview shows notices.
pub const SHOWN_FOR_MS: u64 = 30 * 24 * HOUR_MS;

/// The longest name tried that is recorded (a password typed into the name field is cut short).
const MAX_NAME_TRIED: usize = 40;

/// A successful sign-in: recorded, and for an Owner on a new device, a notice.
pub fn signed_in(store: &Store, notifier: &Notifier, admin: &Admin, address: &str, device: &str) {
    let actor = actor_of(admin, address, device);
    record(store, &actor, "sign-in", "signed-in", "", "signed in");
    let new_device = match store.note_device(admin.id, device) {
        Ok(new) => new,
        Err(e) => {
            tracing::error!("noting a sign-in's device: {e:#}");
            false
        }
    };
    // The first device an account ever used is its own, not news.
    let first = store
        .sessions(Some(admin.id))
        .map(|s| s.len() <= 1)
        .unwrap_or(true)
        && store
            .activity(&ActivityFilter {
                actor: Some(admin.username.clone()),
                kind: Some("sign-in".into()),
                limit: 2,
                ..ActivityFilter::default()
            })
            .map(|(e, _)| e.len() <= 1)
            .unwrap_or(true);
    if admin.role == Role::Owner && new_device && !first {
        let text = format!(
            "signed in to an Owner account from a device it had not used before: {device}, from {address}"
        );
        record(store, &actor, "sign-in", "new-device", "", &text);
        notifier.alert(
            format!("New sign-in to {}'s account", admin.shown_name()),
            format!(
                "{} {text}.\n\nIf this was not them, end that session in the panel (People) and \
                 change the password.",
                admin.shown_name()
            ),
        );
    }
}

/// A failed sign-in as `name_tried`: recorded with the name, and the tenth within an hour makes a
/// notice.
pub fn failed_sign_in(
    store: &Store,
    notifier: &Notifier,
    name_tried: &str,
    address: &str,
    device: &str,
) {
    let name: String = name_tried
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_TRIED)
        .collect();
    let actor = Actor {
        username: name.clone(),
        name: format!("Someone trying the name \u{201c}{name}\u{201d}"),
        address: address.to_string(),
        device: device.to_string(),
    };
    record(
        store,
        &actor,
        "sign-in",
        "sign-in-failed",
        "",
        "could not sign in (wrong name or password)",
    );
    let recent = store
        .activity(&ActivityFilter {
            actor: Some(name.clone()),
            kind: Some("sign-in".into()),
            from_ms: Some(now_ms().saturating_sub(HOUR_MS)),
            limit: 100,
            ..ActivityFilter::default()
        })
        .map(|(entries, _)| {
            entries
                .iter()
                .filter(|e| e.action == "sign-in-failed")
                .count()
        })
        .unwrap_or(0);
    if recent == FAILURES_FOR_NOTICE {
        let text = format!(
            "failed to sign in {FAILURES_FOR_NOTICE} times within an hour, the last from {address}"
        );
        record(store, &actor, "sign-in", "failed-sign-ins", "", &text);
        notifier.alert(
            format!("{FAILURES_FOR_NOTICE} failed sign-ins for \u{201c}{name}\u{201d}"),
            format!("Someone trying the name \u{201c}{name}\u{201d} {text}."),
        );
    }
}

/// A role changed: recorded as a notice, and mailed.
pub fn role_changed(store: &Store, notifier: &Notifier, by: &Actor, who: &Admin, from: Role) {
    let text = format!(
        "changed the role of {} from {} to {}",
        who.shown_name(),
        from.label(),
        who.role.label()
    );
    record(store, by, "people", "role-changed", &who.username, &text);
    notifier.alert(
        format!("{}'s role changed", who.shown_name()),
        format!("{} {text}.", by.name),
    );
}

/// The notices of the last 30 days, newest first: (when, sentence).
pub fn recent(store: &Store) -> anyhow::Result<Vec<(u64, String)>> {
    let mut out = Vec::new();
    let mut before = None;
    loop {
        let (entries, next) = store.activity(&ActivityFilter {
            from_ms: Some(now_ms().saturating_sub(SHOWN_FOR_MS)),
            before,
            limit: 500,
            ..ActivityFilter::default()
        })?;
        out.extend(
            entries
                .into_iter()
                .filter(|e| NOTICE_ACTIONS.contains(&e.action.as_str()))
                .map(|e| (e.at_ms, e.summary)),
        );
        match next {
            Some(n) => before = Some(n),
            None => return Ok(out),
        }
    }
}

fn actor_of(admin: &Admin, address: &str, device: &str) -> Actor {
    Actor {
        username: admin.username.clone(),
        name: admin.shown_name().to_string(),
        address: address.to_string(),
        device: device.to_string(),
    }
}
