//! The records of the enquiries and their leads: a contact message with its lead (qualification,
//! source, stage, notes), and the owner's lead settings. Encoded as every record is (`records.rs`).

use super::records::Versioned;
use anyhow::Result;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContactMessage {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub message: String,
    pub created_at_ms: u64,
    /// Whether the owner has opened it (version 2).
    pub read: bool,
    /// Where it is filed (version 2).
    pub folder: Folder,
    /// What the enquiry asks for, where it came from and how the owner follows it up (version 3).
    pub lead: Lead,
}

/// The lead an enquiry is: its qualification, its source and its place in the owner's pipeline.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Lead {
    /// E.164 (`+919848012345`), when one was given.
    pub phone: Option<String>,
    /// One of the portfolio's categories or "Other"; empty when not given (as every text below).
    pub project_type: String,
    pub locality: String,
    /// BHK or square feet, as typed.
    pub size: String,
    /// One of the owner's budget bands.
    pub budget: String,
    /// One of the owner's timelines.
    pub timeline: String,
    pub heard_from: String,
    pub source: LeadSource,
    /// A stage's key in the lead settings (`new` for every earlier message).
    pub stage: String,
    /// Every move between stages, oldest first.
    pub moves: Vec<StageMove>,
    /// `YYYY-MM-DD`, the next day the owner means to follow it up.
    pub follow_up_on: Option<String>,
    pub notes: Vec<LeadNote>,
    /// Who added it by hand (an admin's user name), or empty for the contact form.
    pub added_by: String,
}

/// Where a visitor came from: kept in the page's memory, sent with the enquiry. The API shows it
/// as it is (postcard ignores the names, so the camelCase is the JSON's alone).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LeadSource {
    /// The page the form was sent from.
    pub page: String,
    /// The first page of the visit.
    pub landing: String,
    /// The referring site's host.
    pub referrer: String,
    pub utm_source: String,
    pub utm_medium: String,
    pub utm_campaign: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageMove {
    pub stage: String,
    pub at_ms: u64,
    /// The admin's user name, or `form` / `booking` for a lead that arrived at that stage.
    pub by: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeadNote {
    /// Unique within its lead.
    pub id: u32,
    pub text: String,
    pub at_ms: u64,
    pub by: String,
}

impl Lead {
    /// The lead a message starts as: stage New, nothing else known.
    pub fn new_at(stage: &str) -> Lead {
        Lead {
            stage: stage.to_string(),
            ..Lead::default()
        }
    }
}

/// Where a contact message is filed: a person's in the inbox, a bot's under spam.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Folder {
    Inbox,
    Spam,
}

impl Folder {
    pub fn as_str(self) -> &'static str {
        match self {
            Folder::Inbox => "inbox",
            Folder::Spam => "spam",
        }
    }

    pub fn parse(text: &str) -> Option<Folder> {
        match text {
            "inbox" => Some(Folder::Inbox),
            "spam" => Some(Folder::Spam),
            _ => None,
        }
    }
}

/// Version 1 of [`ContactMessage`], as the first release wrote it.
#[derive(Deserialize)]
struct ContactMessageV1 {
    id: u64,
    name: String,
    email: String,
    message: String,
    created_at_ms: u64,
}

/// Version 2 of [`ContactMessage`] (issue 9): read marks and folders, no lead.
#[derive(Deserialize)]
struct ContactMessageV2 {
    id: u64,
    name: String,
    email: String,
    message: String,
    created_at_ms: u64,
    read: bool,
    folder: Folder,
}

/// The stage every message of an earlier release starts at.
pub const FIRST_STAGE: &str = "new";
/// The stage of an enquiry that became a client: the one the Visitors tab's conversion counts.
pub const WON_STAGE: &str = "won";

impl Versioned for ContactMessage {
    const VERSION: u8 = 3;
    const NAME: &'static str = "contact message";

    /// Earlier messages keep every field and become leads at stage New.
    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        match version {
            1 => {
                let v1: ContactMessageV1 = Self::older(1, body)?;
                Ok(ContactMessage {
                    id: v1.id,
                    name: v1.name,
                    email: v1.email,
                    message: v1.message,
                    created_at_ms: v1.created_at_ms,
                    // The first release showed every message in full in one list, so the owner
                    // has seen them; and it had no spam filter, so all of them sit in the inbox.
                    read: true,
                    folder: Folder::Inbox,
                    lead: Lead::new_at(FIRST_STAGE),
                })
            }
            2 => {
                let v2: ContactMessageV2 = Self::older(2, body)?;
                Ok(ContactMessage {
                    id: v2.id,
                    name: v2.name,
                    email: v2.email,
                    message: v2.message,
                    created_at_ms: v2.created_at_ms,
                    read: v2.read,
                    folder: v2.folder,
                    lead: Lead::new_at(FIRST_STAGE),
                })
            }
            _ => Err(Self::newer(version)),
        }
    }
}

/// How the owner runs leads: the pipeline's stages, which optional fields the contact form shows,
/// the budget and timeline choices, and the daily follow-up mail.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeadSettings {
    pub stages: Vec<Stage>,
    pub fields: FieldRules,
    pub budgets: Vec<String>,
    pub timelines: Vec<String>,
    /// Whether the daily mail of follow-ups goes out (with `[smtp]`).
    pub daily_mail: bool,
    /// `HH:MM`, the studio's time (India).
    pub daily_mail_at: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    pub key: String,
    pub label: String,
}

/// For each optional field of the contact form: hidden, optional or required.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldRules {
    pub phone: FieldRule,
    pub project_type: FieldRule,
    pub locality: FieldRule,
    pub size: FieldRule,
    pub budget: FieldRule,
    pub timeline: FieldRule,
    pub heard_from: FieldRule,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FieldRule {
    Hidden,
    Optional,
    Required,
}

impl Versioned for LeadSettings {
    const VERSION: u8 = 1;
    const NAME: &'static str = "lead settings";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_1_contact_messages_upgrade_to_read_inbox_messages() {
        #[derive(Serialize)]
        struct V1<'a>(u64, &'a str, &'a str, &'a str, u64);
        let mut bytes = vec![1u8];
        bytes.extend(postcard::to_allocvec(&V1(4, "Asha", "a@b.in", "Hello", 99)).unwrap());
        let msg = ContactMessage::decode(&bytes).unwrap();
        assert_eq!(
            (msg.id, msg.name.as_str(), msg.created_at_ms),
            (4, "Asha", 99)
        );
        assert!(msg.read);
        assert_eq!(msg.folder, Folder::Inbox);
        assert_eq!(msg.lead, Lead::new_at("new"));
        let again = ContactMessage::decode(&msg.encode().unwrap()).unwrap();
        assert_eq!(again, msg);
        assert!(
            ContactMessage::decode(&[4, 0])
                .unwrap_err()
                .to_string()
                .contains("newer")
        );
    }

    #[test]
    fn version_2_contact_messages_become_leads_at_stage_new_with_every_field_kept() {
        #[derive(Serialize)]
        struct V2<'a>(u64, &'a str, &'a str, &'a str, u64, bool, Folder);
        let mut bytes = vec![2u8];
        let v2 = V2(9, "Ravi", "r@b.in", "A 2BHK", 77, false, Folder::Spam);
        bytes.extend(postcard::to_allocvec(&v2).unwrap());
        let msg = ContactMessage::decode(&bytes).unwrap();
        assert_eq!(
            (
                msg.id,
                msg.name.as_str(),
                msg.email.as_str(),
                msg.message.as_str(),
                msg.created_at_ms,
                msg.read,
                msg.folder
            ),
            (9, "Ravi", "r@b.in", "A 2BHK", 77, false, Folder::Spam)
        );
        assert_eq!(msg.lead.stage, "new");
        assert!(msg.lead.notes.is_empty() && msg.lead.phone.is_none());
        let v3 = msg.encode().unwrap();
        assert_eq!(v3[0], 3);
        assert_eq!(ContactMessage::decode(&v3).unwrap(), msg);
    }
}
