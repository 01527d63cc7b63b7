//! The accounts of the people who run the site: password hashes, roles, deactivation (always one
//! active Owner left), and revoking sessions (a new token-signing key and a new token generation).

use super::*;

/// The password hash each admin had when a first run or `studio install` generated (and printed)
/// its password. While the admin's hash is still that one, the owner signs in with the printed
/// password, and the panel leads to choosing one's own. Created by the first mark, so older data
/// files open unchanged (and know of no generated password).
const GENERATED_PASSWORDS: TableDefinition<u64, &str> = TableDefinition::new("generated_passwords");

impl Store {
    /// Notes that `username`'s current password is the generated one, printed once.
    pub fn mark_password_generated(&self, username: &str) -> Result<()> {
        let Some(admin) = self.admin_by_username(username)? else {
            anyhow::bail!("no admin named {username} to mark");
        };
        self.write(|txn| {
            txn.open_table(GENERATED_PASSWORDS)?
                .insert(admin.id, admin.password_hash.as_str())?;
            Ok(())
        })
    }

    /// Whether the admin still signs in with the password generated for it.
    pub fn password_is_generated(&self, admin: &Admin) -> Result<bool> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, GENERATED_PASSWORDS)? else {
            return Ok(false);
        };
        Ok(table
            .get(admin.id)?
            .is_some_and(|hash| hash.value() == admin.password_hash))
    }

    pub fn admin_count(&self) -> Result<u64> {
        let txn = self.read_txn()?;
        Ok(txn.open_table(ADMINS)?.len()?)
    }

    pub fn admin(&self, id: u64) -> Result<Option<Admin>> {
        let txn = self.read_txn()?;
        let table = txn.open_table(ADMINS)?;
        table.get(id)?.map(|v| Admin::decode(v.value())).transpose()
    }

    pub fn admin_by_username(&self, username: &str) -> Result<Option<Admin>> {
        Ok(self.admins()?.into_iter().find(|a| a.username == username))
    }

    pub fn admins(&self) -> Result<Vec<Admin>> {
        let txn = self.read_txn()?;
        decode_all(ADMINS.name(), &txn.open_table(ADMINS)?, self.strict)
    }

    /// Sets an admin's password hash, creating the admin when missing. Changing a password makes a
    /// new token-signing key ([`Store::rotate_hmac_key`]) and bumps the token generation, so every
    /// token signed before is refused. Returns the admin and whether it was created.
    pub fn set_admin_password(&self, username: &str, password_hash: &str) -> Result<(Admin, bool)> {
        self.write(|txn| {
            let existing = decode_all::<Admin>(ADMINS.name(), &txn.open_table(ADMINS)?, false)?
                .into_iter()
                .find(|a| a.username == username);
            let created = existing.is_none();
            let admin = match existing {
                Some(mut a) => {
                    a.password_hash = password_hash.to_string();
                    a.token_generation = a.token_generation.wrapping_add(1);
                    put_new_hmac_key(txn)?;
                    sessions::end_all_of(txn, a.id, None)?;
                    a
                }
                // The host's command for a locked-out studio: a new name is an Owner.
                None => new_admin(txn, username, password_hash, Role::Owner)?,
            };
            txn.open_table(ADMINS)?
                .insert(admin.id, admin.encode()?.as_slice())?;
            Ok((admin, created))
        })
    }

    /// 'Sign out everywhere': a new token-signing key and a new generation for admin `id`, so every
    /// token signed before (sessions, preview links, contact form tokens) is refused, even one
    /// forged with the old key, which is in every earlier backup. `None` when there is no such admin.
    pub fn revoke_admin_tokens(&self, id: u64) -> Result<Option<Admin>> {
        self.write(|txn| {
            let mut table = txn.open_table(ADMINS)?;
            let Some(mut admin) = table
                .get(id)?
                .map(|v| Admin::decode(v.value()))
                .transpose()?
            else {
                return Ok(None);
            };
            admin.token_generation = admin.token_generation.wrapping_add(1);
            table.insert(admin.id, admin.encode()?.as_slice())?;
            drop(table);
            put_new_hmac_key(txn)?;
            sessions::end_all_of(txn, admin.id, None)?;
            Ok(Some(admin))
        })
    }

    /// Replaces the token-signing key with a new random one (`studio admin rotate-key`): every
    /// token signed before is refused, and every session ends.
    pub fn rotate_hmac_key(&self) -> Result<()> {
        self.write(|txn| {
            put_new_hmac_key(txn)?;
            // Sessions do not rest on the key: they are ended themselves.
            sessions::end_every(txn)
        })
    }

    /// Adds an account with `role` (`studio admin add`); an error when the name is taken.
    pub fn add_admin(&self, username: &str, password_hash: &str, role: Role) -> Result<Admin> {
        self.write(|txn| {
            if find_by_name(txn, username)?.is_some() {
                anyhow::bail!("there is already an account named {username}");
            }
            let admin = new_admin(txn, username, password_hash, role)?;
            txn.open_table(ADMINS)?
                .insert(admin.id, admin.encode()?.as_slice())?;
            Ok(admin)
        })
    }

    /// Changes an account's role, active state or display name, by its user name. Refused (as
    /// [`AccountRefused::LastOwner`]) when it would leave no active Owner. Deactivating ends the
    /// account's sessions in the same write.
    pub fn change_admin(&self, username: &str, change: &AdminChange) -> Result<Admin> {
        self.write(|txn| {
            let Some(mut admin) = find_by_name(txn, username)? else {
                return Err(AccountRefused::NoSuchAccount(username.to_string()).into());
            };
            if let Some(role) = change.role {
                admin.role = role;
            }
            if let Some(active) = change.active {
                admin.active = active;
            }
            if let Some(name) = &change.display_name {
                admin.display_name = name.trim().to_string();
            }
            let others_owning =
                decode_all::<Admin>(ADMINS.name(), &txn.open_table(ADMINS)?, false)?
                    .into_iter()
                    .filter(|a| a.id != admin.id && a.active && a.role == Role::Owner)
                    .count();
            if others_owning == 0 && !(admin.active && admin.role == Role::Owner) {
                return Err(AccountRefused::LastOwner.into());
            }
            if !admin.active {
                sessions::end_all_of(txn, admin.id, None)?;
            }
            txn.open_table(ADMINS)?
                .insert(admin.id, admin.encode()?.as_slice())?;
            Ok(admin)
        })
    }
}

/// What [`Store::change_admin`] changes; `None` keeps a value.
#[derive(Debug, Default, Clone)]
pub struct AdminChange {
    pub role: Option<Role>,
    pub active: Option<bool>,
    pub display_name: Option<String>,
}

/// Why an account change was refused, for a 404 or 409 that says so.
#[derive(Debug, thiserror::Error)]
pub enum AccountRefused {
    #[error("There is no account named {0}.")]
    NoSuchAccount(String),
    #[error(
        "There must always be an active Owner: make another account an Owner first, then change \
         this one."
    )]
    LastOwner,
}

fn find_by_name(txn: &WriteTransaction, username: &str) -> Result<Option<Admin>> {
    Ok(
        decode_all::<Admin>(ADMINS.name(), &txn.open_table(ADMINS)?, false)?
            .into_iter()
            .find(|a| a.username.eq_ignore_ascii_case(username)),
    )
}

/// A new active account (not yet stored: the caller inserts it).
pub(super) fn new_admin(
    txn: &WriteTransaction,
    username: &str,
    password_hash: &str,
    role: Role,
) -> Result<Admin> {
    Ok(Admin {
        id: next_id(txn, "admins")?,
        username: username.to_string(),
        password_hash: password_hash.to_string(),
        token_generation: 0,
        created_at_ms: now_ms(),
        role,
        active: true,
        display_name: String::new(),
    })
}
