//! The contact messages visitors send.

use super::*;

impl Store {
    pub fn add_contact(&self, name: &str, email: &str, message: &str) -> Result<ContactMessage> {
        self.write(|txn| {
            let msg = ContactMessage {
                id: next_id(txn, "contact_messages")?,
                name: name.to_string(),
                email: email.to_string(),
                message: message.to_string(),
                created_at_ms: now_ms(),
            };
            txn.open_table(CONTACTS)?
                .insert(msg.id, msg.encode()?.as_slice())?;
            Ok(msg)
        })
    }

    /// Every message, newest first.
    pub fn contacts(&self) -> Result<Vec<ContactMessage>> {
        let txn = self.db.begin_read()?;
        let mut all: Vec<ContactMessage> = decode_all(&txn.open_table(CONTACTS)?)?;
        all.sort_by_key(|m| std::cmp::Reverse((m.created_at_ms, m.id)));
        Ok(all)
    }
}
