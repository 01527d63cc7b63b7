//! `studio admin` and `studio audit` at the server's shell: the host's way in when the Owner is
//! locked out (list accounts, add one with a role, reset a password, change a role, deactivate and
//! reactivate), and the check of the activity record's chain. Each change is recorded in the
//! activity record as done by "host".

use crate::activity::{self, Actor};
use crate::auth;
use crate::store::{AdminChange, Role, Store};
use anyhow::{Context, Result, bail};
use std::io::{BufRead, IsTerminal, Write};

/// Reads a new password for `username` from standard input (prompting on a terminal).
pub fn read_password(username: &str) -> Result<String> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprint!(
            "New password for {username} (at least {} characters): ",
            auth::MIN_PASSWORD_LEN
        );
        std::io::stderr().flush().ok();
    }
    let mut line = String::new();
    stdin
        .lock()
        .read_line(&mut line)
        .context("reading the password from standard input")?;
    let password = line.trim_end_matches(['\r', '\n']).to_string();
    if password.is_empty() {
        bail!(
            "no password on standard input; e.g. `echo 'a long password' | studio admin set-password {username}`"
        );
    }
    auth::check_new_password(&password).map_err(anyhow::Error::msg)?;
    Ok(password)
}

/// The role a host typed.
pub fn parse_role(text: &str) -> Result<Role> {
    Role::from_key(text)
        .with_context(|| format!("{text:?} is not a role: use owner, editor or enquiries"))
}

/// One line per account: name, role, active or not.
pub fn list(store: &Store) -> Result<String> {
    let mut out = String::new();
    for a in store.admins()? {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            crate::host::terminal::clean(&a.username),
            a.role.key(),
            if a.active { "active" } else { "deactivated" },
            crate::host::terminal::clean(a.shown_name()),
        ));
    }
    Ok(out)
}

/// Adds an account with `role` and `password`.
pub fn add(store: &Store, username: &str, role: Role, password: &str) -> Result<()> {
    store.add_admin(username, &auth::hash_password(password)?, role)?;
    activity::record(
        store,
        &Actor::host(),
        "people",
        "added-account",
        username,
        &format!("added the account {username} as {}", role.label()),
    );
    Ok(())
}

/// Changes an account's role or active state.
pub fn change(store: &Store, username: &str, change: AdminChange) -> Result<String> {
    let before = store.admin_by_username(username)?;
    let after = store.change_admin(username, &change)?;
    let words = match (before, change.role, change.active) {
        (Some(b), Some(_), _) => format!(
            "changed the role of {} from {} to {}",
            after.username,
            b.role.label(),
            after.role.label()
        ),
        (_, _, Some(true)) => format!("reactivated the account of {}", after.username),
        (_, _, Some(false)) => format!("deactivated the account of {}", after.username),
        _ => format!("changed the account of {}", after.username),
    };
    activity::record(
        store,
        &Actor::host(),
        "people",
        "changed-account",
        username,
        &words,
    );
    Ok(words)
}

/// Records a password the host set.
pub fn password_set(store: &Store, username: &str, created: bool) {
    let words = if created {
        format!("created the Owner account {username}")
    } else {
        format!("reset the password of {username}")
    };
    activity::record(
        store,
        &Actor::host(),
        "people",
        "password-reset",
        username,
        &words,
    );
}
