//! Consultations booked online and the owner's consultation settings: their own tables and record
//! types. A booking is made, moved or changed in one write transaction that first looks at every
//! booking held, so two visitors can never hold one slot (redb runs one writer at a time).

use super::*;
use serde::{Deserialize, Serialize};

const BOOKINGS: TableDefinition<u64, &[u8]> = TableDefinition::new("consultations");
const CONSULTATION_SETTINGS: TableDefinition<&str, &[u8]> =
    TableDefinition::new("consultation_settings");
const SETTINGS_KEY: &str = "current";

/// Where a consultation happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConsultationMode {
    Studio,
    Call,
    Video,
}

impl ConsultationMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ConsultationMode::Studio => "studio",
            ConsultationMode::Call => "call",
            ConsultationMode::Video => "video",
        }
    }

    pub fn parse(text: &str) -> Option<ConsultationMode> {
        match text {
            "studio" => Some(ConsultationMode::Studio),
            "call" => Some(ConsultationMode::Call),
            "video" => Some(ConsultationMode::Video),
            _ => None,
        }
    }
}

/// The owner's consultation hours and rules. Times are the zone's local minutes from midnight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConsultationSettings {
    pub enabled: bool,
    /// An IANA name (`Asia/Kolkata`).
    pub time_zone: String,
    pub slot_minutes: u16,
    pub horizon_days: u16,
    pub notice_hours: u16,
    /// Monday first, seven days; each a list of `[from, to)` in minutes from local midnight.
    pub weekly: Vec<Vec<(u16, u16)>>,
    /// `YYYY-MM-DD`, the zone's dates.
    pub days_off: Vec<String>,
    pub mode: ConsultationMode,
    pub video_link: String,
    pub updated_at_ms: u64,
}

impl Default for ConsultationSettings {
    /// Off until the owner turns it on; the site's first hours, Monday to Friday 9:00-17:00 in
    /// Hyderabad (a data file's own hours come first: `Store::consultation_settings`).
    fn default() -> ConsultationSettings {
        let mut weekly = vec![vec![(9 * 60, 17 * 60)]; 5];
        weekly.extend([Vec::new(), Vec::new()]);
        ConsultationSettings {
            enabled: false,
            time_zone: "Asia/Kolkata".into(),
            slot_minutes: 60,
            horizon_days: 30,
            notice_hours: 24,
            weekly,
            days_off: Vec::new(),
            mode: ConsultationMode::Studio,
            video_link: String::new(),
            updated_at_ms: 0,
        }
    }
}

impl Versioned for ConsultationSettings {
    const VERSION: u8 = 1;
    const NAME: &'static str = "consultation settings";
}

/// Where a booking stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BookingStatus {
    /// A visitor booked it; the owner has not confirmed it yet.
    Booked,
    Confirmed,
    Cancelled,
    /// The owner kept the time free of visitors.
    Blocked,
}

impl BookingStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BookingStatus::Booked => "booked",
            BookingStatus::Confirmed => "confirmed",
            BookingStatus::Cancelled => "cancelled",
            BookingStatus::Blocked => "blocked",
        }
    }

    pub fn parse(text: &str) -> Option<BookingStatus> {
        match text {
            "booked" => Some(BookingStatus::Booked),
            "confirmed" => Some(BookingStatus::Confirmed),
            "cancelled" => Some(BookingStatus::Cancelled),
            "blocked" => Some(BookingStatus::Blocked),
            _ => None,
        }
    }

    /// Whether a booking in this state keeps its time from anyone else.
    pub fn holds(self) -> bool {
        self != BookingStatus::Cancelled
    }
}

/// A consultation a visitor booked, or a time the owner blocked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Booking {
    pub id: u64,
    /// Milliseconds since the epoch, UTC.
    pub start_ms: i64,
    pub end_ms: i64,
    pub status: BookingStatus,
    pub name: String,
    pub email: String,
    /// As the visitor typed it.
    pub phone: String,
    pub message: String,
    /// The inbox entry (lead) the booking made, once made.
    pub lead_id: Option<u64>,
    /// The stage that lead is at: `consultation-booked` (issue 31's pipeline).
    pub stage_hint: String,
    /// Part of what the visitor's cancel/move link signs; changed when a link is used, so each
    /// link works once.
    pub link_nonce: u64,
    pub created_at_ms: u64,
    pub changed_at_ms: u64,
    /// `visitor` or the owner's user name.
    pub changed_by: String,
    /// The visitor's address as the limits count it (an IPv6 address by its /64); empty for a
    /// blocked time and for bookings made before version 2. Only the caps on open bookings read
    /// it.
    pub client: String,
    /// Mails sent to the visitor because of the visitor's own actions (the booking, moves and
    /// cancels by the link) on day `visitor_mails_day` (days since 1970, UTC): capped per day, and
    /// stored so a restart does not reset the count.
    pub visitor_mails: u8,
    pub visitor_mails_day: u32,
}

impl Booking {
    /// Counts one more mail to the visitor today when the day's `cap` allows it; `false` (and
    /// nothing counted) when it does not.
    pub fn take_visitor_mail(&mut self, now_ms: u64, cap: u8) -> bool {
        let today = u32::try_from(now_ms / 86_400_000).unwrap_or(u32::MAX);
        if self.visitor_mails_day != today {
            self.visitor_mails_day = today;
            self.visitor_mails = 0;
        }
        if self.visitor_mails >= cap {
            return false;
        }
        self.visitor_mails += 1;
        true
    }

    /// Whether this is a visitor's booking that still holds a time ahead of `now_ms`.
    pub fn is_open(&self, now_ms: u64) -> bool {
        matches!(
            self.status,
            BookingStatus::Booked | BookingStatus::Confirmed
        ) && self.end_ms > i64::try_from(now_ms).unwrap_or(i64::MAX)
    }
}

/// A booking as version 1 stored it: no client address, no count of the visitor's mails.
#[derive(Deserialize)]
struct BookingV1 {
    id: u64,
    start_ms: i64,
    end_ms: i64,
    status: BookingStatus,
    name: String,
    email: String,
    phone: String,
    message: String,
    lead_id: Option<u64>,
    stage_hint: String,
    link_nonce: u64,
    created_at_ms: u64,
    changed_at_ms: u64,
    changed_by: String,
}

impl Versioned for Booking {
    const VERSION: u8 = 2;
    const NAME: &'static str = "consultation";

    /// A version 1 booking has no address (the caps per address do not count it) and no mails
    /// counted yet.
    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        if version != 1 {
            return Err(Self::newer(version));
        }
        let v1: BookingV1 = Self::older(1, body)?;
        Ok(Booking {
            id: v1.id,
            start_ms: v1.start_ms,
            end_ms: v1.end_ms,
            status: v1.status,
            name: v1.name,
            email: v1.email,
            phone: v1.phone,
            message: v1.message,
            lead_id: v1.lead_id,
            stage_hint: v1.stage_hint,
            link_nonce: v1.link_nonce,
            created_at_ms: v1.created_at_ms,
            changed_at_ms: v1.changed_at_ms,
            changed_by: v1.changed_by,
            client: String::new(),
            visitor_mails: 0,
            visitor_mails_day: 0,
        })
    }
}

impl Store {
    /// The settings, or before the owner saved any the defaults (off), with the studio's hours
    /// as the site states them (Settings: `company_hours`, `company_weekend`) when they can be read
    /// as days and times: turning bookings on offers what the site promises.
    pub fn consultation_settings(&self) -> Result<ConsultationSettings> {
        {
            let txn = self.read_txn()?;
            if let Some(table) = table_to_read(&txn, CONSULTATION_SETTINGS)?
                && let Some(v) = table.get(SETTINGS_KEY)?
            {
                return ConsultationSettings::decode(v.value());
            }
        }
        let settings = self.settings()?;
        let words = |key: &str| {
            settings
                .iter()
                .find(|s| s.key == key)
                .map_or("", |s| s.value.as_str())
        };
        let mut defaults = ConsultationSettings::default();
        if let Some(weekly) = super::opening_hours::weekly_from_words(&[
            words("company_hours"),
            words("company_weekend"),
        ]) {
            defaults.weekly = weekly;
        }
        Ok(defaults)
    }

    pub fn put_consultation_settings(
        &self,
        settings: &ConsultationSettings,
    ) -> Result<ConsultationSettings> {
        let mut settings = settings.clone();
        settings.updated_at_ms = now_ms();
        self.write(|txn| {
            txn.open_table(CONSULTATION_SETTINGS)?
                .insert(SETTINGS_KEY, settings.encode()?.as_slice())?;
            Ok(settings)
        })
    }

    /// Every booking and blocked time, earliest first.
    pub fn bookings(&self) -> Result<Vec<Booking>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, BOOKINGS)? else {
            return Ok(Vec::new());
        };
        let mut all: Vec<Booking> = decode_all(BOOKINGS.name(), &table, self.strict)?;
        all.sort_by_key(|b| (b.start_ms, b.id));
        Ok(all)
    }

    pub fn booking(&self, id: u64) -> Result<Option<Booking>> {
        let txn = self.read_txn()?;
        let Some(table) = table_to_read(&txn, BOOKINGS)? else {
            return Ok(None);
        };
        table
            .get(id)?
            .map(|v| Booking::decode(v.value()))
            .transpose()
    }

    /// Stores `new` (its id is given here) in one write transaction if `fits`, shown every booking
    /// held at that moment, agrees; otherwise nothing is written and its refusal comes back.
    pub fn book<E>(
        &self,
        new: Booking,
        fits: impl FnOnce(&[Booking]) -> std::result::Result<(), E>,
    ) -> Result<std::result::Result<Booking, E>> {
        self.write(|txn| {
            let mut table = txn.open_table(BOOKINGS)?;
            let held = held(&table, None)?;
            if let Err(refused) = fits(&held) {
                return Ok(Err(refused));
            }
            let booking = Booking {
                id: next_id(txn, BOOKINGS.name())?,
                ..new
            };
            table.insert(booking.id, booking.encode()?.as_slice())?;
            Ok(Ok(booking))
        })
    }

    /// Changes booking `id` in one write transaction: `change` sees it and every other booking
    /// held, and either edits it (stored) or refuses (nothing written). `None` for an unknown id.
    pub fn change_booking<E>(
        &self,
        id: u64,
        change: impl FnOnce(&mut Booking, &[Booking]) -> std::result::Result<(), E>,
    ) -> Result<Option<std::result::Result<Booking, E>>> {
        self.write(|txn| {
            let mut table = txn.open_table(BOOKINGS)?;
            let Some(mut booking) = table
                .get(id)?
                .map(|v| Booking::decode(v.value()))
                .transpose()?
            else {
                return Ok(None);
            };
            let others = held(&table, Some(id))?;
            if let Err(refused) = change(&mut booking, &others) {
                return Ok(Some(Err(refused)));
            }
            booking.changed_at_ms = now_ms();
            table.insert(id, booking.encode()?.as_slice())?;
            Ok(Some(Ok(booking)))
        })
    }
}

/// The bookings that hold their time, but `except`.
fn held(
    table: &impl ReadableTable<u64, &'static [u8]>,
    except: Option<u64>,
) -> Result<Vec<Booking>> {
    let all: Vec<Booking> = decode_all(BOOKINGS.name(), table, false)?;
    Ok(all
        .into_iter()
        .filter(|b| b.status.holds() && Some(b.id) != except)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn booking(start_ms: i64) -> Booking {
        Booking {
            id: 0,
            start_ms,
            end_ms: start_ms + 3_600_000,
            status: BookingStatus::Booked,
            name: "Asha".into(),
            email: "asha@example.in".into(),
            phone: "+919848012345".into(),
            message: "3BHK in Gachibowli".into(),
            lead_id: None,
            stage_hint: "consultation-booked".into(),
            link_nonce: 1,
            created_at_ms: 0,
            changed_at_ms: 0,
            changed_by: "visitor".into(),
            client: "203.0.113.9".into(),
            visitor_mails: 0,
            visitor_mails_day: 0,
        }
    }

    /// The rule every booking call gives the store: nothing held may overlap.
    fn free(new: &Booking) -> impl FnOnce(&[Booking]) -> std::result::Result<(), &'static str> {
        let (start, end) = (new.start_ms, new.end_ms);
        move |held| {
            if held.iter().any(|b| b.start_ms < end && start < b.end_ms) {
                Err("taken")
            } else {
                Ok(())
            }
        }
    }

    #[test]
    fn threads_racing_for_one_slot_make_one_booking() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        let start = 1_800_000_000_000;
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..16)
                .map(|_| {
                    let store = store.clone();
                    s.spawn(move || {
                        let new = booking(start);
                        store.book(new.clone(), free(&new)).unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1);
        assert_eq!(results.iter().filter(|r| r.is_err()).count(), 15);
        let all = store.bookings().unwrap();
        assert_eq!(all.len(), 1);
        // Cancelled, the time is free again; moved onto a held time, refused.
        let first = all[0].id;
        let other = store.book(
            booking(start + 3_600_000),
            free(&booking(start + 3_600_000)),
        );
        let other = other.unwrap().unwrap();
        let refused = store
            .change_booking(other.id, |b, held| {
                b.start_ms = start;
                b.end_ms = start + 3_600_000;
                free(b)(held)
            })
            .unwrap()
            .unwrap();
        assert!(refused.is_err());
        assert_eq!(
            store.booking(other.id).unwrap().unwrap().start_ms,
            start + 3_600_000
        );
        store
            .change_booking(first, |b, _| {
                b.status = BookingStatus::Cancelled;
                Ok::<_, ()>(())
            })
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(
            store
                .book(booking(start), free(&booking(start)))
                .unwrap()
                .is_ok()
        );
        assert!(
            store
                .change_booking(999, |_, _| Ok::<_, ()>(()))
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn a_version_1_booking_reads_with_no_address_and_no_mails_counted() {
        #[derive(Serialize)]
        struct V1<'a>(
            u64,
            i64,
            i64,
            BookingStatus,
            &'a str,
            &'a str,
            &'a str,
            &'a str,
            Option<u64>,
            &'a str,
            u64,
            u64,
            u64,
            &'a str,
        );
        let mut bytes = vec![1u8];
        bytes.extend(
            postcard::to_allocvec(&V1(
                3,
                1_800_000_000_000,
                1_800_003_600_000,
                BookingStatus::Confirmed,
                "Asha",
                "asha@example.in",
                "98480 12345",
                "A 3BHK",
                Some(9),
                "consultation-booked",
                77,
                5,
                6,
                "visitor",
            ))
            .unwrap(),
        );
        let b = Booking::decode(&bytes).unwrap();
        assert_eq!((b.id, b.link_nonce, b.lead_id), (3, 77, Some(9)));
        assert_eq!(b.status, BookingStatus::Confirmed);
        assert_eq!((b.client.as_str(), b.visitor_mails), ("", 0));
        assert_eq!(Booking::decode(&b.encode().unwrap()).unwrap(), b);
        let mut newer = b.encode().unwrap();
        newer[0] = 3;
        let err = Booking::decode(&newer).unwrap_err().to_string();
        assert!(err.contains("newer than this release"), "{err}");
        // Three mails a day, counted afresh the next day.
        let day = 86_400_000;
        let mut b = b;
        assert!((0..3).all(|_| b.take_visitor_mail(10 * day, 3)));
        assert!(!b.take_visitor_mail(10 * day + 5, 3));
        assert!(b.take_visitor_mail(11 * day, 3));
    }

    #[test]
    fn settings_are_the_defaults_until_saved() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        assert_eq!(
            store.consultation_settings().unwrap(),
            ConsultationSettings::default()
        );
        let s = ConsultationSettings {
            enabled: true,
            slot_minutes: 45,
            ..Default::default()
        };
        let saved = store.put_consultation_settings(&s).unwrap();
        assert!(saved.updated_at_ms > 0);
        assert_eq!(store.consultation_settings().unwrap(), saved);
        store.read_everything().unwrap();
    }

    #[test]
    fn until_saved_the_hours_are_the_ones_the_site_states() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        let weekly = |store: &Store| store.consultation_settings().unwrap().weekly;
        // The site's first words: Monday to Friday, 9AM–5PM, Weekend Closed.
        let nine_to_five = vec![(9 * 60, 17 * 60)];
        assert_eq!(weekly(&store)[..5], vec![nine_to_five; 5][..]);
        assert!(weekly(&store)[5].is_empty() && weekly(&store)[6].is_empty());
        store
            .upsert_setting("company_hours", "Monday to Saturday, 10AM–6PM", "")
            .unwrap();
        store
            .upsert_setting("company_weekend", "Sunday Closed", "")
            .unwrap();
        assert_eq!(weekly(&store)[5], vec![(10 * 60, 18 * 60)]);
        assert!(weekly(&store)[6].is_empty());
        // Words that name no days and times leave the defaults.
        store
            .upsert_setting("company_hours", "By appointment", "")
            .unwrap();
        assert_eq!(weekly(&store), ConsultationSettings::default().weekly);
    }
}
