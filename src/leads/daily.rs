//! The owner's daily mail: follow-ups due today and overdue, enquiries still waiting for a first
//! reply, and today's consultations, once a day at the owner's hour in the studio's time zone.
//!
//! The day a mail went out is kept in the data file (claimed before sending), so a restart the
//! same day sends nothing again; a day with nothing to say is claimed too and sends nothing. The
//! clock is the caller's, so tests run days in paused time.

use super::{phone, qualification};
use crate::bookings::slots::{self, local_date};
use crate::html::escape;
use crate::leads::notice::one_line;
use crate::store::{Booking, BookingStatus, ContactMessage, Folder, LeadSettings, Store};
use anyhow::{Context, Result};
use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use std::sync::Arc;
use std::time::Duration;

/// How often the worker looks at the clock and the settings: a changed hour or a mail switched on
/// takes effect within this.
pub const CHECK_EVERY: Duration = Duration::from_secs(60);

/// Where the studio is when the consultation settings name no zone this binary knows.
pub const FALLBACK_ZONE: &str = "Asia/Kolkata";

/// Stages after which a lead needs no follow-up.
const CLOSED: [&str; 2] = ["won", "lost"];

/// An enquiry at stage New this long after it arrived is "not contacted" (as on the Overview).
const WAITING_MS: u64 = 24 * 3600 * 1000;

/// What one day's mail lists.
#[derive(Debug, Default)]
pub struct Digest {
    pub day: Option<Date>,
    /// Follow-ups due today or earlier, earliest first.
    pub due: Vec<ContactMessage>,
    /// Enquiries still at New more than 24 hours after they arrived, oldest first.
    pub waiting: Vec<ContactMessage>,
    /// Today's consultations (booked or confirmed), earliest first.
    pub consultations: Vec<Booking>,
}

impl Digest {
    pub fn is_empty(&self) -> bool {
        self.due.is_empty() && self.waiting.is_empty() && self.consultations.is_empty()
    }
}

/// What one look at the clock did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The owner has not turned the mail on.
    Off,
    /// Today's hour has not come yet.
    NotYet,
    /// Today's mail has gone (or was skipped) already.
    Done,
    /// Nothing to say today: no mail, and the day counts as done.
    Nothing,
    /// Today's mail was handed to the mailer, with its subject.
    Sent(String),
}

/// The studio's time zone: the consultation settings' (Asia/Kolkata by default).
pub fn studio_zone(store: &Store) -> Result<TimeZone> {
    let name = store.consultation_settings()?.time_zone;
    Ok(slots::zone(&name)
        .or_else(|| slots::zone(FALLBACK_ZONE))
        .unwrap_or(TimeZone::UTC))
}

/// What the mail for the studio's `today` lists, at `now`.
pub fn digest(
    contacts: &[ContactMessage],
    bookings: &[Booking],
    zone: &TimeZone,
    now: Timestamp,
) -> Digest {
    let today = local_date(zone, now);
    let now_ms = u64::try_from(now.as_millisecond()).unwrap_or(0);
    let open = |m: &&ContactMessage| m.folder == Folder::Inbox;
    let mut due: Vec<ContactMessage> = contacts
        .iter()
        .filter(open)
        .filter(|m| !CLOSED.contains(&m.lead.stage.as_str()))
        .filter(|m| {
            m.lead
                .follow_up_on
                .as_deref()
                .and_then(|d| d.parse::<Date>().ok())
                .is_some_and(|d| d <= today)
        })
        .cloned()
        .collect();
    due.sort_by(|a, b| (&a.lead.follow_up_on, a.id).cmp(&(&b.lead.follow_up_on, b.id)));
    let mut waiting: Vec<ContactMessage> = contacts
        .iter()
        .filter(open)
        .filter(|m| m.lead.stage == crate::store::FIRST_STAGE)
        .filter(|m| m.created_at_ms.saturating_add(WAITING_MS) <= now_ms)
        .filter(|m| !due.iter().any(|d| d.id == m.id))
        .cloned()
        .collect();
    waiting.sort_by_key(|m| (m.created_at_ms, m.id));
    let consultations = bookings
        .iter()
        .filter(|b| matches!(b.status, BookingStatus::Booked | BookingStatus::Confirmed))
        .filter(|b| {
            Timestamp::from_millisecond(b.start_ms)
                .is_ok_and(|start| local_date(zone, start) == today)
        })
        .cloned()
        .collect();
    Digest {
        day: Some(today),
        due,
        waiting,
        consultations,
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "2 follow-ups, 1 new enquiry, 1 consultation today".
pub fn subject(d: &Digest) -> String {
    let mut parts = Vec::new();
    if !d.due.is_empty() {
        parts.push(plural(d.due.len(), "follow-up", "follow-ups"));
    }
    if !d.waiting.is_empty() {
        parts.push(plural(
            d.waiting.len(),
            "enquiry waiting",
            "enquiries waiting",
        ));
    }
    if !d.consultations.is_empty() {
        parts.push(plural(
            d.consultations.len(),
            "consultation",
            "consultations",
        ));
    }
    format!("Today at the studio: {}", parts.join(", "))
}

fn local_time(zone: &TimeZone, ms: i64) -> String {
    Timestamp::from_millisecond(ms)
        .map(|t| t.to_zoned(zone.clone()).strftime("%H:%M").to_string())
        .unwrap_or_default()
}

fn day_words(d: &Digest) -> String {
    d.day
        .map(|day| day.strftime("%A %-d %B %Y").to_string())
        .unwrap_or_default()
}

/// One lead as a line: the name, the qualification, the stage, and how to reach them.
fn lead_line(m: &ContactMessage, settings: &LeadSettings, when: &str) -> (String, Vec<String>) {
    let mut head = one_line(&m.name);
    let wants = qualification(&m.lead);
    if !wants.is_empty() {
        head.push_str(&format!(" · {}", one_line(&wants)));
    }
    let stage = settings
        .stage(&m.lead.stage)
        .map(|s| s.label.clone())
        .unwrap_or_else(|| m.lead.stage.clone());
    head.push_str(&format!(" · {stage} · {when}"));
    let mut reach = Vec::new();
    if let Some(p) = &m.lead.phone {
        reach.push(format!("tel:{p}"));
        reach.push(format!("https://wa.me/{}", phone::whatsapp_digits(p)));
    }
    if !m.email.is_empty() {
        reach.push(format!("mailto:{}", one_line(&m.email)));
    }
    (head, reach)
}

fn due_words(m: &ContactMessage, today: Option<Date>) -> String {
    let on = m.lead.follow_up_on.clone().unwrap_or_default();
    match (on.parse::<Date>().ok(), today) {
        (Some(d), Some(t)) if d < t => format!("overdue since {on}"),
        _ => "due today".to_string(),
    }
}

fn received_words(m: &ContactMessage, zone: &TimeZone) -> String {
    let ms = i64::try_from(m.created_at_ms).unwrap_or(0);
    Timestamp::from_millisecond(ms)
        .map(|t| {
            format!(
                "received {}",
                t.to_zoned(zone.clone()).strftime("%-d %b %H:%M")
            )
        })
        .unwrap_or_default()
}

fn consultation_line(b: &Booking, zone: &TimeZone) -> (String, Vec<String>) {
    let status = if b.status == BookingStatus::Confirmed {
        "confirmed"
    } else {
        "not confirmed yet"
    };
    let mut head = format!(
        "{}-{} {} ({status})",
        local_time(zone, b.start_ms),
        local_time(zone, b.end_ms),
        one_line(&b.name)
    );
    if !b.message.trim().is_empty() {
        head.push_str(&format!(": {}", one_line(b.message.trim())));
    }
    let mut reach = Vec::new();
    if !b.phone.trim().is_empty() {
        reach.push(format!("tel:{}", one_line(b.phone.trim()).replace(' ', "")));
    }
    if !b.email.is_empty() {
        reach.push(format!("mailto:{}", one_line(&b.email)));
    }
    (head, reach)
}

/// The sections of the mail: a heading and its lines, each with its links.
type Sections = Vec<(String, Vec<(String, Vec<String>)>)>;

fn sections(d: &Digest, settings: &LeadSettings, zone: &TimeZone) -> Sections {
    let mut out: Sections = Vec::new();
    if !d.consultations.is_empty() {
        out.push((
            format!("Consultations today ({})", d.consultations.len()),
            d.consultations
                .iter()
                .map(|b| consultation_line(b, zone))
                .collect(),
        ));
    }
    if !d.due.is_empty() {
        out.push((
            format!("Follow-ups due today and overdue ({})", d.due.len()),
            d.due
                .iter()
                .map(|m| lead_line(m, settings, &due_words(m, d.day)))
                .collect(),
        ));
    }
    if !d.waiting.is_empty() {
        out.push((
            format!(
                "New enquiries not contacted after 24 hours ({})",
                d.waiting.len()
            ),
            d.waiting
                .iter()
                .map(|m| lead_line(m, settings, &received_words(m, zone)))
                .collect(),
        ));
    }
    out
}

/// Kept to short lines, so the text goes as typed (8 bit) rather than quoted-printable.
const FOOTER: &str = "Move them on in the admin panel, under Messages and Consultations.\n\
                      This mail comes each day at the hour set in the lead settings,\n\
                      and only on days with something in it.";

/// The mail as plain text.
pub fn text(d: &Digest, settings: &LeadSettings, zone: &TimeZone) -> String {
    let mut out = format!("The day at the studio, {}.\n", day_words(d));
    for (heading, lines) in sections(d, settings, zone) {
        out.push_str(&format!("\n{heading}\n"));
        for (head, reach) in lines {
            out.push_str(&format!("- {head}\n"));
            if !reach.is_empty() {
                out.push_str(&format!("  {}\n", reach.join("  ")));
            }
        }
    }
    out.push_str(&format!("\n-- \n{FOOTER}\n"));
    out
}

/// The mail as HTML: the same lines, with the phone, WhatsApp and e-mail as links a phone opens.
pub fn html(d: &Digest, settings: &LeadSettings, zone: &TimeZone) -> String {
    let mut body = format!("<p>The day at the studio, {}.</p>", escape(&day_words(d)));
    for (heading, lines) in sections(d, settings, zone) {
        body.push_str(&format!("<h3>{}</h3><ul>", escape(&heading)));
        for (head, reach) in lines {
            let links: Vec<String> = reach
                .iter()
                .map(|href| {
                    let word = if href.starts_with("tel:") {
                        "Call"
                    } else if href.starts_with("https://wa.me/") {
                        "WhatsApp"
                    } else {
                        "E-mail"
                    };
                    format!("<a href=\"{}\">{word}</a>", escape(href))
                })
                .collect();
            body.push_str(&format!(
                "<li style=\"margin-bottom:8px\">{}<br>{}</li>",
                escape(&head),
                links.join(" · ")
            ));
        }
        body.push_str("</ul>");
    }
    format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\">{body}\
         <p style=\"color:#666\">{}</p></body></html>",
        escape(&FOOTER.replace('\n', " "))
    )
}

/// Sends one mail to the studio's own addresses: subject, text, HTML; `false` when it could not
/// be handed over.
pub type Send = Arc<dyn Fn(&str, String, String) -> bool + std::marker::Send + Sync>;

/// The clock the worker reads.
pub type Clock = Arc<dyn Fn() -> Timestamp + std::marker::Send + Sync>;

/// Looks at the clock once: sends today's mail when it is on, its hour has come in the studio's
/// zone and today's has not gone yet.
pub fn tick(store: &Store, send: &Send, now: Timestamp) -> Result<Outcome> {
    let settings = store.lead_settings().context("reading the lead settings")?;
    if !settings.daily_mail {
        return Ok(Outcome::Off);
    }
    let zone = studio_zone(store).context("reading the studio's time zone")?;
    let local = zone.to_datetime(now);
    let at = super::settings::parse_time(&settings.daily_mail_at).unwrap_or(9 * 60);
    let minute =
        u32::from(local.hour().unsigned_abs()) * 60 + u32::from(local.minute().unsigned_abs());
    if minute < at {
        return Ok(Outcome::NotYet);
    }
    let today = local.date().to_string();
    if store.daily_mail_on()?.as_deref() == Some(today.as_str()) {
        return Ok(Outcome::Done);
    }
    let d = digest(
        &store.contacts().context("reading the messages")?,
        &store.bookings().context("reading the consultations")?,
        &zone,
        now,
    );
    // Claimed before it goes: a crash after this loses one day's mail rather than sending two.
    if !store.claim_daily_mail(&today)? {
        return Ok(Outcome::Done);
    }
    if d.is_empty() {
        tracing::info!("nothing for the daily mail of {today}; none sent");
        return Ok(Outcome::Nothing);
    }
    let subject = subject(&d);
    if send(
        &subject,
        text(&d, &settings, &zone),
        html(&d, &settings, &zone),
    ) {
        Ok(Outcome::Sent(subject))
    } else {
        Ok(Outcome::Nothing)
    }
}

/// Runs the daily mail on the current tokio runtime: a look at `clock` every [`CHECK_EVERY`].
pub fn spawn(store: Store, send: Send, clock: Clock) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match tick(&store, &send, clock()) {
                Ok(Outcome::Sent(subject)) => tracing::info!("daily mail handed over: {subject}"),
                Ok(_) => {}
                Err(e) => tracing::warn!("the daily mail could not be prepared: {e:#}"),
            }
            tokio::time::sleep(CHECK_EVERY).await;
        }
    })
}

/// The real clock.
pub fn system_clock() -> Clock {
    Arc::new(Timestamp::now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Lead, LeadSettings};

    fn zone() -> TimeZone {
        slots::zone("Asia/Kolkata").unwrap()
    }

    fn at(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    fn lead(id: u64, stage: &str, follow_up: Option<&str>, created: &str) -> ContactMessage {
        ContactMessage {
            id,
            name: format!("Client {id}"),
            email: format!("c{id}@example.in"),
            message: String::new(),
            created_at_ms: at(created).as_millisecond() as u64,
            read: true,
            folder: Folder::Inbox,
            lead: Lead {
                phone: Some("+919848012345".into()),
                size: "3BHK".into(),
                follow_up_on: follow_up.map(String::from),
                ..Lead::new_at(stage)
            },
        }
    }

    #[test]
    fn the_digest_holds_due_waiting_and_todays_consultations_in_the_studios_day() {
        // 00:30 in Hyderabad on the 3rd is still the 2nd in UTC: the studio's date counts.
        let now = at("2026-12-02T19:00:00Z");
        let mut spam = lead(5, "contacted", Some("2026-12-01"), "2026-11-01T00:00:00Z");
        spam.folder = Folder::Spam;
        let contacts = vec![
            lead(1, "contacted", Some("2026-12-03"), "2026-11-01T00:00:00Z"),
            lead(2, "contacted", Some("2026-12-01"), "2026-11-01T00:00:00Z"),
            lead(3, "won", Some("2026-12-01"), "2026-11-01T00:00:00Z"),
            lead(4, "contacted", Some("2026-12-04"), "2026-11-01T00:00:00Z"),
            spam,
            lead(6, "new", None, "2026-12-01T10:00:00Z"),
            lead(7, "new", None, "2026-12-02T18:00:00Z"),
        ];
        let booking = |id: u64, start: &str, status| Booking {
            id,
            start_ms: at(start).as_millisecond(),
            end_ms: at(start).as_millisecond() + 3_600_000,
            status,
            name: format!("Visitor {id}"),
            email: String::new(),
            phone: "98480 12345".into(),
            message: "Villa".into(),
            lead_id: None,
            stage_hint: String::new(),
            link_nonce: 0,
            created_at_ms: 0,
            changed_at_ms: 0,
            changed_by: String::new(),
            client: String::new(),
            visitor_mails: 0,
            visitor_mails_day: 0,
        };
        let bookings = vec![
            booking(1, "2026-12-03T05:30:00Z", BookingStatus::Booked),
            booking(2, "2026-12-03T06:30:00Z", BookingStatus::Cancelled),
            booking(3, "2026-12-04T05:30:00Z", BookingStatus::Confirmed),
        ];
        let d = digest(&contacts, &bookings, &zone(), now);
        assert_eq!(d.day, Some("2026-12-03".parse().unwrap()));
        let ids = |l: &[ContactMessage]| l.iter().map(|m| m.id).collect::<Vec<_>>();
        assert_eq!(ids(&d.due), [2, 1]);
        assert_eq!(ids(&d.waiting), [6]);
        assert_eq!(d.consultations.len(), 1);
        assert_eq!(
            subject(&d),
            "Today at the studio: 2 follow-ups, 1 enquiry waiting, 1 consultation"
        );
        let t = text(&d, &LeadSettings::defaults(), &zone());
        assert!(t.contains("Thursday 3 December 2026"), "{t}");
        assert!(
            t.contains("11:00-12:00 Visitor 1 (not confirmed yet): Villa"),
            "{t}"
        );
        assert!(
            t.contains("Client 2 · 3BHK · Contacted · overdue since 2026-12-01"),
            "{t}"
        );
        assert!(t.contains("Client 1 · 3BHK · Contacted · due today"), "{t}");
        assert!(
            t.contains("tel:+919848012345  https://wa.me/919848012345"),
            "{t}"
        );
        let h = html(&d, &LeadSettings::defaults(), &zone());
        assert!(h.contains("<a href=\"tel:+919848012345\">Call</a>"), "{h}");

        let quiet = digest(&contacts[2..3], &bookings[1..2], &zone(), now);
        assert!(quiet.is_empty());
    }
}
