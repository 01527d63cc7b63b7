//! Leads in the data file: the owner's lead settings, and the pipeline writes on a message (a lead
//! added with its stage, a move between stages, the next follow-up, notes).

use super::*;
use crate::store::ContactChange;
use crate::store::message_records::{
    FIRST_STAGE, FieldRule, FieldRules, Lead, LeadNote, LeadSettings,
};
use crate::store::message_records::{Stage, StageMove, WON_STAGE};

const META_LEAD_SETTINGS: &str = "lead_settings";
/// The studio's local date (`YYYY-MM-DD`) of the last daily mail: kept in the file, so a restart
/// the same day does not send it again.
const META_DAILY_MAIL_ON: &str = "daily_mail_on";

/// The stages a lead can never lose: where every earlier message starts, where a booking lands,
/// and the one conversion counts.
pub const KEPT_STAGES: [&str; 3] = [FIRST_STAGE, "consultation-booked", WON_STAGE];

/// A lead as it arrives: from the contact form, by hand, or from a consultation booking.
#[derive(Debug, Clone)]
pub struct NewLead {
    pub name: String,
    /// Empty for a lead added by hand with only a phone number.
    pub email: String,
    pub message: String,
    pub folder: Folder,
    /// Whether it starts read (the owner's own) or unread (a visitor's).
    pub read: bool,
    /// Its fields and source; `stage` is where it starts (a key of the lead settings).
    pub lead: Lead,
    /// Who added it: `form`, `booking` or an admin's user name (kept with the first stage).
    pub by: String,
}

/// A change to a lead's place in the pipeline; `None` leaves that part as it is.
#[derive(Debug, Clone, Default)]
pub struct LeadChange {
    pub stage: Option<String>,
    /// `Some(None)` clears the date.
    pub follow_up_on: Option<Option<String>>,
}

/// Why a lead write was refused; nothing is written.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum LeadRefused {
    #[error("stage: there is no stage {0:?}; the stages are set under lead settings")]
    UnknownStage(String),
    #[error(
        "stages: {label} ({key}) still holds {count} lead(s); move them to another stage first"
    )]
    StageInUse {
        key: String,
        label: String,
        count: usize,
    },
}

impl LeadSettings {
    /// What a new data file starts with: the pipeline design studios use, every field optional,
    /// budgets in rupees, the daily mail off at 09:00.
    pub fn defaults() -> LeadSettings {
        let stage = |key: &str, label: &str| Stage {
            key: key.into(),
            label: label.into(),
        };
        LeadSettings {
            stages: vec![
                stage("new", "New"),
                stage("contacted", "Contacted"),
                stage("consultation-booked", "Consultation booked"),
                stage("site-visit", "Site visit"),
                stage("proposal-sent", "Proposal sent"),
                stage("won", "Won"),
                stage("lost", "Lost"),
            ],
            fields: FieldRules {
                phone: FieldRule::Optional,
                project_type: FieldRule::Optional,
                locality: FieldRule::Optional,
                size: FieldRule::Optional,
                budget: FieldRule::Optional,
                timeline: FieldRule::Optional,
                heard_from: FieldRule::Optional,
            },
            budgets: [
                "Under ₹10 lakh",
                "₹10-25 lakh",
                "₹25-50 lakh",
                "Above ₹50 lakh",
            ]
            .map(String::from)
            .to_vec(),
            timelines: [
                "As soon as possible",
                "Within 3 months",
                "3-6 months",
                "Just exploring",
            ]
            .map(String::from)
            .to_vec(),
            daily_mail: false,
            daily_mail_at: "09:00".into(),
        }
    }

    pub fn stage(&self, key: &str) -> Option<&Stage> {
        self.stages.iter().find(|s| s.key == key)
    }
}

fn settings_in(meta: &impl ReadableTable<&'static str, &'static [u8]>) -> Result<LeadSettings> {
    match meta.get(META_LEAD_SETTINGS)? {
        Some(v) => LeadSettings::decode(v.value()),
        None => Ok(LeadSettings::defaults()),
    }
}

fn read_contact(
    table: &impl ReadableTable<u64, &'static [u8]>,
    id: u64,
) -> Result<Option<ContactMessage>> {
    table
        .get(id)?
        .map(|v| ContactMessage::decode(v.value()))
        .transpose()
}

impl Store {
    /// The owner's lead settings (the defaults until they save their own).
    pub fn lead_settings(&self) -> Result<LeadSettings> {
        let txn = self.read_txn()?;
        match table_to_read(&txn, META)? {
            Some(meta) => settings_in(&meta),
            None => Ok(LeadSettings::defaults()),
        }
    }

    /// Saves the lead settings. A stage that still holds a lead cannot go (`LeadRefused`), so no
    /// lead is ever left at a stage nobody can see.
    pub fn put_lead_settings(
        &self,
        settings: &LeadSettings,
    ) -> Result<std::result::Result<LeadSettings, LeadRefused>> {
        self.write(|txn| {
            let old = settings_in(&txn.open_table(META)?)?;
            let contacts = txn.open_table(CONTACTS)?;
            for gone in old
                .stages
                .iter()
                .filter(|s| settings.stage(&s.key).is_none())
            {
                let mut count = 0;
                for entry in contacts.iter()? {
                    let (_, v) = entry?;
                    if ContactMessage::decode(v.value()).is_ok_and(|m| m.lead.stage == gone.key) {
                        count += 1;
                    }
                }
                if count > 0 {
                    return Ok(Err(LeadRefused::StageInUse {
                        key: gone.key.clone(),
                        label: gone.label.clone(),
                        count,
                    }));
                }
            }
            drop(contacts);
            txn.open_table(META)?
                .insert(META_LEAD_SETTINGS, settings.encode()?.as_slice())?;
            Ok(Ok(settings.clone()))
        })
    }

    /// Stores a lead at its own stage, in one write with the check that the stage exists: the
    /// contact form, a lead added by hand and a consultation booking all arrive here.
    pub fn add_lead(
        &self,
        new: NewLead,
    ) -> Result<std::result::Result<ContactMessage, LeadRefused>> {
        self.write(|txn| {
            let settings = settings_in(&txn.open_table(META)?)?;
            if settings.stage(&new.lead.stage).is_none() {
                return Ok(Err(LeadRefused::UnknownStage(new.lead.stage.clone())));
            }
            let now = now_ms();
            let mut lead = new.lead;
            lead.moves = vec![StageMove {
                stage: lead.stage.clone(),
                at_ms: now,
                by: new.by,
            }];
            let msg = ContactMessage {
                id: next_id(txn, "contact_messages")?,
                name: new.name,
                email: new.email,
                message: new.message,
                created_at_ms: now,
                read: new.read,
                folder: new.folder,
                lead,
            };
            txn.open_table(CONTACTS)?
                .insert(msg.id, msg.encode()?.as_slice())?;
            Ok(Ok(msg))
        })
    }

    /// Moves lead `id` and/or sets its next follow-up; a move records when and by whom. `None`
    /// when there is no such message.
    pub fn change_lead(
        &self,
        id: u64,
        marks: ContactChange,
        change: &LeadChange,
        by: &str,
    ) -> Result<Option<std::result::Result<ContactMessage, LeadRefused>>> {
        self.write(|txn| {
            let settings = settings_in(&txn.open_table(META)?)?;
            let mut table = txn.open_table(CONTACTS)?;
            let Some(mut msg) = read_contact(&table, id)? else {
                return Ok(None);
            };
            if let Some(read) = marks.read {
                msg.read = read;
            }
            if let Some(folder) = marks.folder {
                msg.folder = folder;
            }
            if let Some(stage) = &change.stage {
                if settings.stage(stage).is_none() {
                    return Ok(Some(Err(LeadRefused::UnknownStage(stage.clone()))));
                }
                if *stage != msg.lead.stage {
                    msg.lead.stage = stage.clone();
                    msg.lead.moves.push(StageMove {
                        stage: stage.clone(),
                        at_ms: now_ms(),
                        by: by.to_string(),
                    });
                }
            }
            if let Some(date) = &change.follow_up_on {
                msg.lead.follow_up_on = date.clone();
            }
            table.insert(id, msg.encode()?.as_slice())?;
            Ok(Some(Ok(msg)))
        })
    }

    /// The studio's date the daily mail last went out (or was skipped for want of news).
    pub fn daily_mail_on(&self) -> Result<Option<String>> {
        let txn = self.read_txn()?;
        let Some(meta) = table_to_read(&txn, META)? else {
            return Ok(None);
        };
        Ok(meta
            .get(META_DAILY_MAIL_ON)?
            .map(|v| String::from_utf8_lossy(v.value()).into_owned()))
    }

    /// Claims `day` (`YYYY-MM-DD`) for the daily mail: `true` the first time, `false` when that
    /// day was already claimed, so one day's mail goes once however often it is asked for.
    pub fn claim_daily_mail(&self, day: &str) -> Result<bool> {
        self.write(|txn| {
            let mut meta = txn.open_table(META)?;
            if meta
                .get(META_DAILY_MAIL_ON)?
                .is_some_and(|v| v.value() == day.as_bytes())
            {
                return Ok(false);
            }
            meta.insert(META_DAILY_MAIL_ON, day.as_bytes())?;
            Ok(true)
        })
    }

    /// Adds a note to lead `id`; the note back, or `None` when there is no such message.
    pub fn add_lead_note(&self, id: u64, text: &str, by: &str) -> Result<Option<LeadNote>> {
        self.write(|txn| {
            let mut table = txn.open_table(CONTACTS)?;
            let Some(mut msg) = read_contact(&table, id)? else {
                return Ok(None);
            };
            let note = LeadNote {
                id: msg.lead.notes.iter().map(|n| n.id).max().unwrap_or(0) + 1,
                text: text.to_string(),
                at_ms: now_ms(),
                by: by.to_string(),
            };
            msg.lead.notes.push(note.clone());
            table.insert(id, msg.encode()?.as_slice())?;
            Ok(Some(note))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb")).unwrap();
        (dir, store)
    }

    fn lead_at(stage: &str) -> NewLead {
        NewLead {
            name: "Asha".into(),
            email: String::new(),
            message: String::new(),
            folder: Folder::Inbox,
            read: false,
            lead: Lead {
                phone: Some("+919848012345".into()),
                ..Lead::new_at(stage)
            },
            by: "booking".into(),
        }
    }

    #[test]
    fn a_lead_is_added_at_its_stage_and_an_unknown_stage_is_refused() {
        let (_dir, store) = temp_store();
        let msg = store
            .add_lead(lead_at("consultation-booked"))
            .unwrap()
            .unwrap();
        assert_eq!(msg.lead.stage, "consultation-booked");
        assert_eq!(msg.lead.moves[0].by, "booking");
        assert_eq!(
            store.add_lead(lead_at("nowhere")).unwrap(),
            Err(LeadRefused::UnknownStage("nowhere".into()))
        );
        assert_eq!(store.contacts().unwrap().len(), 1);
    }

    #[test]
    fn moves_notes_and_follow_ups_are_kept_and_a_stage_in_use_cannot_go() {
        let (_dir, store) = temp_store();
        let id = store.add_lead(lead_at("new")).unwrap().unwrap().id;
        let change = LeadChange {
            stage: Some("contacted".into()),
            follow_up_on: Some(Some("2026-12-01".into())),
        };
        let msg = store
            .change_lead(id, ContactChange::default(), &change, "admin")
            .unwrap()
            .unwrap();
        let msg = msg.unwrap();
        assert_eq!(msg.lead.moves.len(), 2);
        assert_eq!(msg.lead.moves[1].by, "admin");
        assert_eq!(msg.lead.follow_up_on.as_deref(), Some("2026-12-01"));
        let note = store.add_lead_note(id, "Called", "admin").unwrap().unwrap();
        let second = store.add_lead_note(id, "Again", "admin").unwrap().unwrap();
        assert_eq!((note.id, second.id), (1, 2));
        assert!(store.add_lead_note(99, "x", "admin").unwrap().is_none());

        let mut settings = LeadSettings::defaults();
        settings.stages.retain(|s| s.key != "contacted");
        let refused = store.put_lead_settings(&settings).unwrap().unwrap_err();
        assert!(refused.to_string().contains("Contacted"), "{refused}");
        settings.stages.retain(|s| s.key != "lost");
        let mut keep = LeadSettings::defaults();
        keep.stages.retain(|s| s.key != "lost");
        assert!(store.put_lead_settings(&keep).unwrap().is_ok());
        assert_eq!(store.lead_settings().unwrap(), keep);
    }
}
