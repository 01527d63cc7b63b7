//! The contact messages visitors send, and the owner's inbox over them: read marks, folders,
//! search and paging.

use super::*;
use crate::store::message_records::{FIRST_STAGE, Lead};
use std::collections::BTreeMap;

/// Which messages a listing asks for.
#[derive(Debug, Clone, Default)]
pub struct ContactFilter {
    /// Only this folder; every folder when `None`.
    pub folder: Option<Folder>,
    /// Words that must all appear (case-insensitively) in the name, e-mail, message, phone or
    /// the lead's fields.
    pub query: String,
    /// Only leads at this stage (a key of the lead settings).
    pub stage: Option<String>,
    /// Next follow-up first (undated ones last), instead of newest first.
    pub by_follow_up: bool,
}

impl ContactFilter {
    fn matches(&self, msg: &ContactMessage, words: &[String]) -> bool {
        if self.folder.is_some_and(|f| f != msg.folder) {
            return false;
        }
        if self.stage.as_ref().is_some_and(|s| *s != msg.lead.stage) {
            return false;
        }
        if words.is_empty() {
            return true;
        }
        let lead = &msg.lead;
        let text = [
            msg.name.as_str(),
            &msg.email,
            &msg.message,
            lead.phone.as_deref().unwrap_or(""),
            &lead.project_type,
            &lead.locality,
            &lead.size,
            &lead.budget,
            &lead.timeline,
            &lead.heard_from,
        ]
        .join("\n")
        .to_lowercase();
        words.iter().all(|w| text.contains(w.as_str()))
    }
}

/// One page of a listing, with the counts the panel shows beside it.
#[derive(Debug, Clone)]
pub struct ContactPage {
    pub messages: Vec<ContactMessage>,
    /// Messages matching the filter, across all pages.
    pub total: usize,
    /// Unread messages in the inbox (spam is never counted as waiting).
    pub unread: usize,
    pub inbox: usize,
    pub spam: usize,
    /// Inbox messages per stage key (every stage a message is at; the panel adds empty ones).
    pub stages: Vec<(String, usize)>,
}

/// A change the owner makes to a message.
#[derive(Debug, Clone, Copy, Default)]
pub struct ContactChange {
    pub read: Option<bool>,
    pub folder: Option<Folder>,
}

impl Store {
    /// Stores a message in the inbox.
    pub fn add_contact(&self, name: &str, email: &str, message: &str) -> Result<ContactMessage> {
        self.add_contact_in(name, email, message, Folder::Inbox)
    }

    pub fn add_contact_in(
        &self,
        name: &str,
        email: &str,
        message: &str,
        folder: Folder,
    ) -> Result<ContactMessage> {
        self.write(|txn| {
            let msg = ContactMessage {
                id: next_id(txn, "contact_messages")?,
                name: name.to_string(),
                email: email.to_string(),
                message: message.to_string(),
                created_at_ms: now_ms(),
                read: false,
                folder,
                lead: Lead::new_at(FIRST_STAGE),
            };
            txn.open_table(CONTACTS)?
                .insert(msg.id, msg.encode()?.as_slice())?;
            Ok(msg)
        })
    }

    /// Every message, newest first.
    pub fn contacts(&self) -> Result<Vec<ContactMessage>> {
        let txn = self.read_txn()?;
        let mut all: Vec<ContactMessage> =
            decode_all(CONTACTS.name(), &txn.open_table(CONTACTS)?, self.strict)?;
        all.sort_by_key(|m| std::cmp::Reverse((m.created_at_ms, m.id)));
        Ok(all)
    }

    /// The messages matching `filter`, newest first, from `offset`, at most `limit` of them.
    pub fn contact_page(
        &self,
        filter: &ContactFilter,
        offset: usize,
        limit: usize,
    ) -> Result<ContactPage> {
        let all = self.contacts()?;
        let words: Vec<String> = filter
            .query
            .split_whitespace()
            .map(str::to_lowercase)
            .collect();
        let (mut unread, mut inbox) = (0, 0);
        let mut stages = BTreeMap::<String, usize>::new();
        for m in all.iter().filter(|m| m.folder == Folder::Inbox) {
            inbox += 1;
            unread += usize::from(!m.read);
            *stages.entry(m.lead.stage.clone()).or_default() += 1;
        }
        let spam = all.len() - inbox;
        let mut matching: Vec<ContactMessage> = all
            .into_iter()
            .filter(|m| filter.matches(m, &words))
            .collect();
        if filter.by_follow_up {
            // `YYYY-MM-DD` sorts as text; the stable sort keeps newest first within a day.
            matching.sort_by(|a, b| match (&a.lead.follow_up_on, &b.lead.follow_up_on) {
                (Some(x), Some(y)) => x.cmp(y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            });
        }
        let total = matching.len();
        let messages = matching.into_iter().skip(offset).take(limit).collect();
        Ok(ContactPage {
            messages,
            total,
            unread,
            inbox,
            spam,
            stages: stages.into_iter().collect(),
        })
    }

    /// Applies `change` to message `id`; `None` when there is no such message.
    pub fn update_contact(&self, id: u64, change: ContactChange) -> Result<Option<ContactMessage>> {
        self.write(|txn| {
            let mut table = txn.open_table(CONTACTS)?;
            let Some(mut msg) = table
                .get(id)?
                .map(|v| ContactMessage::decode(v.value()))
                .transpose()?
            else {
                return Ok(None);
            };
            if let Some(read) = change.read {
                msg.read = read;
            }
            if let Some(folder) = change.folder {
                msg.folder = folder;
            }
            table.insert(id, msg.encode()?.as_slice())?;
            Ok(Some(msg))
        })
    }

    /// Removes message `id` and hands it back (for an undo); `None` when there was none.
    pub fn delete_contact(&self, id: u64) -> Result<Option<ContactMessage>> {
        self.write(|txn| {
            let mut table = txn.open_table(CONTACTS)?;
            let removed = table.remove(id)?;
            removed
                .map(|v| ContactMessage::decode(v.value()))
                .transpose()
        })
    }

    /// Puts a deleted message back under its own id (the panel's Undo). `false`, and nothing
    /// written, when that id is taken or was never handed out.
    pub fn restore_contact(&self, msg: &ContactMessage) -> Result<bool> {
        self.write(|txn| {
            // Only an id handed out before may come back, so a restore never takes one that
            // `next_id` will give a new message later.
            let issued = txn
                .open_table(META)?
                .get("seq:contact_messages")?
                .and_then(|v| <[u8; 8]>::try_from(v.value()).ok())
                .map_or(0, u64::from_le_bytes);
            let mut table = txn.open_table(CONTACTS)?;
            if msg.id == 0 || msg.id > issued || table.get(msg.id)?.is_some() {
                return Ok(false);
            }
            table.insert(msg.id, msg.encode()?.as_slice())?;
            Ok(true)
        })
    }
}
