//! Invitations: an Owner's one-time link for a new person, with the role they will have. Only the
//! hash of the link's secret is kept; a link works once, for 72 hours, until it is withdrawn.

use super::admins::new_admin;
use super::*;
use serde::{Deserialize, Serialize};

/// Invite id to the invite.
const INVITES: TableDefinition<u64, &[u8]> = TableDefinition::new("invites");

/// How long a link works.
pub const INVITE_VALID_MS: u64 = 72 * 3600 * 1000;
/// Used, withdrawn and expired invites are kept this long (the People screen's "used by"), then
/// dropped when the next invite is made.
const KEEP_CLOSED_MS: u64 = 30 * 24 * 3600 * 1000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Invite {
    pub id: u64,
    pub secret_hash: [u8; 32],
    pub display_name: String,
    pub role: Role,
    /// The Owner who made it (an admin id).
    pub created_by: u64,
    pub created_at_ms: u64,
    pub expires_at_ms: u64,
    /// The account that used it.
    pub used_by: Option<u64>,
    pub withdrawn: bool,
}

impl Versioned for Invite {
    const VERSION: u8 = 1;
    const NAME: &'static str = "invite";
}

impl Invite {
    pub fn is_open(&self, now: u64) -> bool {
        self.used_by.is_none() && !self.withdrawn && now < self.expires_at_ms
    }
}

/// Why an invite cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InviteRefused {
    #[error("This invitation link is not known. Check that the whole link was copied.")]
    Unknown,
    #[error(
        "This invitation has expired or was already used. Ask the studio's owner for a new one."
    )]
    Closed,
    #[error("That user name is taken; choose another.")]
    NameTaken,
}

impl Store {
    pub fn create_invite(
        &self,
        secret_hash: [u8; 32],
        display_name: &str,
        role: Role,
        created_by: u64,
    ) -> Result<Invite> {
        self.write(|txn| {
            let now = now_ms();
            let mut table = txn.open_table(INVITES)?;
            let old: Vec<u64> = decode_all::<Invite>(INVITES.name(), &table, false)?
                .into_iter()
                .filter(|i| !i.is_open(now) && now.saturating_sub(i.expires_at_ms) > KEEP_CLOSED_MS)
                .map(|i| i.id)
                .collect();
            for id in old {
                table.remove(id)?;
            }
            let invite = Invite {
                id: next_id(txn, "invites")?,
                secret_hash,
                display_name: display_name.trim().to_string(),
                role,
                created_by,
                created_at_ms: now,
                expires_at_ms: now + INVITE_VALID_MS,
                used_by: None,
                withdrawn: false,
            };
            table.insert(invite.id, invite.encode()?.as_slice())?;
            Ok(invite)
        })
    }

    pub fn invites(&self) -> Result<Vec<Invite>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, INVITES)? else {
            return Ok(Vec::new());
        };
        decode_all(INVITES.name(), &table, self.strict)
    }

    /// The invite whose secret hashes to `secret_hash`, open or not.
    pub fn invite_by_secret(&self, secret_hash: &[u8; 32]) -> Result<Option<Invite>> {
        Ok(self
            .invites()?
            .into_iter()
            .find(|i| same_hash(&i.secret_hash, secret_hash)))
    }

    /// Withdraws an open invite; `None` when there is no open one with that id.
    pub fn withdraw_invite(&self, id: u64) -> Result<Option<Invite>> {
        self.write(|txn| {
            let mut table = txn.open_table(INVITES)?;
            let Some(mut invite) = table
                .get(id)?
                .map(|v| Invite::decode(v.value()))
                .transpose()?
                .filter(|i| i.is_open(now_ms()))
            else {
                return Ok(None);
            };
            invite.withdrawn = true;
            table.insert(id, invite.encode()?.as_slice())?;
            Ok(Some(invite))
        })
    }

    /// Uses the invite: in one write, checks it is open and the name free, creates the account
    /// with the invite's role and name, and closes the invite. Refusals are [`InviteRefused`].
    pub fn accept_invite(
        &self,
        secret_hash: &[u8; 32],
        username: &str,
        password_hash: &str,
    ) -> Result<(Admin, Invite)> {
        self.write(|txn| {
            let now = now_ms();
            let found = decode_all::<Invite>(INVITES.name(), &txn.open_table(INVITES)?, false)?
                .into_iter()
                .find(|i| same_hash(&i.secret_hash, secret_hash));
            let Some(mut invite) = found else {
                return Err(InviteRefused::Unknown.into());
            };
            if !invite.is_open(now) {
                return Err(InviteRefused::Closed.into());
            }
            let taken = decode_all::<Admin>(ADMINS.name(), &txn.open_table(ADMINS)?, false)?
                .iter()
                .any(|a| a.username.eq_ignore_ascii_case(username));
            if taken {
                return Err(InviteRefused::NameTaken.into());
            }
            let mut admin = new_admin(txn, username, password_hash, invite.role)?;
            admin.display_name = invite.display_name.clone();
            txn.open_table(ADMINS)?
                .insert(admin.id, admin.encode()?.as_slice())?;
            invite.used_by = Some(admin.id);
            txn.open_table(INVITES)?
                .insert(invite.id, invite.encode()?.as_slice())?;
            Ok((admin, invite))
        })
    }
}

/// Whether two hashes are equal, in time that does not depend on where they differ. (The store
/// sits below `auth`, whose own comparison it cannot import.)
fn same_hash(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
