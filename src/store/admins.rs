//! The admin accounts: password hashes, and revoking sessions (a new token-signing key and a new
//! token generation).

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
                    a
                }
                None => Admin {
                    id: next_id(txn, "admins")?,
                    username: username.to_string(),
                    password_hash: password_hash.to_string(),
                    token_generation: 0,
                    created_at_ms: now_ms(),
                },
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
            put_new_hmac_key(txn)?;
            Ok(Some(admin))
        })
    }

    /// Replaces the token-signing key with a new random one (`studio admin rotate-key`): every
    /// token signed before is refused.
    pub fn rotate_hmac_key(&self) -> Result<()> {
        self.write(put_new_hmac_key)
    }
}
