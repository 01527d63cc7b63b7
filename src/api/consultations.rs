//! Consultations booked online (docs/contact.md, "Consultations booked online"): the free slots
//! and a visitor's booking (public, with the contact form's token and spam rules), the calendar
//! file, and the owner's list, changes, blocked times and settings (bearer token).
//!
//! A booking is held by one write transaction (`Store::book`), so of two visitors choosing one
//! slot at the same moment one gets it and the other a 409. It then becomes a lead in the inbox
//! ([`record_lead`]) and, with `[smtp]`, an invitation by mail to the visitor and the studio.

use super::body::json_body;
use super::contact::{self, ContactInput};
use super::guard::{AdminIdentity, require_admin};
use super::{ApiError, blocking, json_response};
use crate::app::{App, with_app};
use crate::bookings::ical::{self, Method};
use crate::bookings::links::{self, Link, Purpose};
use crate::bookings::rules::{self, SettingsJson};
use crate::bookings::slots::{self, Rules, Slot, Unbookable};
use crate::notify::{FirstAttempt, Invitation};
use crate::spam::SpamReason;
use crate::store::{
    Booking, BookingStatus, ConsultationMode, ConsultationSettings, Folder, Lead, NewLead,
};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

/// The stage a booking's lead starts at (issue 31's pipeline).
pub const BOOKED_STAGE: &str = "consultation-booked";
pub const JUST_TAKEN: &str = "That time was just taken. Please pick another.";
pub const CLOSED: &str =
    "Consultations cannot be booked online at the moment. Please call or write to the studio.";
pub const PHONE_MAX: usize = 32;
pub const NOTE_MAX: usize = 2000;
/// Days one slots call may cover.
pub const DAYS_MAX: u16 = 62;
const NOT_FOUND: &str = "No consultation has that id";

/// A visitor's booking as sent (JSON or the no-JavaScript form).
#[derive(Debug, Default, Clone, Deserialize)]
pub struct BookingInput {
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub website: Option<String>,
    #[serde(default, rename = "formToken")]
    pub form_token: Option<String>,
}

/// A booking's fields after every check, trimmed.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidBooking {
    pub start: Timestamp,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
}

/// Why a booking was not made; nothing is stored.
#[derive(Debug)]
pub enum Refused {
    /// A field to fix: its name in the API and the sentence.
    Invalid(&'static str, String),
    Closed,
    Taken,
    TooMany(Duration),
    Failed(ApiError),
}

impl Refused {
    pub fn status(&self) -> StatusCode {
        match self {
            Refused::Invalid(..) => StatusCode::BAD_REQUEST,
            Refused::Closed => StatusCode::NOT_FOUND,
            Refused::Taken => StatusCode::CONFLICT,
            Refused::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            Refused::Failed(e) => e.status,
        }
    }

    pub fn message(&self) -> String {
        match self {
            Refused::Invalid(_, m) => m.clone(),
            Refused::Closed => CLOSED.into(),
            Refused::Taken => JUST_TAKEN.into(),
            Refused::TooMany(wait) => format!(
                "You have sent several requests in a short time. Please try again in {} \
                 minutes, or call us directly.",
                crate::limits::retry_after_secs(*wait).div_ceil(60).max(1)
            ),
            Refused::Failed(_) => {
                "We could not save your booking just now. Please try again in a moment.".into()
            }
        }
    }

    pub fn field(&self) -> Option<&'static str> {
        match self {
            Refused::Invalid(field, _) => Some(field),
            _ => None,
        }
    }

    /// The refusal as a JSON answer (`{ "message", "field"? }`), with `Retry-After` on a 429.
    pub fn response(&self) -> Response {
        let mut body = serde_json::json!({ "message": self.message() });
        if let Some(field) = self.field() {
            body["field"] = field.into();
        }
        let mut res = if self.status() == StatusCode::SERVICE_UNAVAILABLE {
            super::error_response(self.status(), &self.message())
        } else {
            json_response(self.status(), &body)
        };
        if let Refused::TooMany(wait) = self
            && let Ok(v) =
                HeaderValue::from_str(&crate::limits::retry_after_secs(*wait).to_string())
        {
            res.headers_mut().insert(header::RETRY_AFTER, v);
        }
        res
    }
}

/// What became of a booking that was not refused.
#[derive(Debug)]
pub enum Booked {
    /// Held, with the links the visitor gets.
    Held(Box<Made>),
    /// A bot's (see docs/contact.md, "Spam"): kept under spam, no time held, answered alike.
    Spam,
}

/// A booking held and what its visitor may do with it.
#[derive(Debug)]
pub struct Made {
    pub booking: Booking,
    pub zone: jiff::tz::TimeZone,
    /// Path and query of the calendar file (`/api/consultations/7.ics?t=...`).
    pub ics: String,
    /// Path and query of the cancel/move page (`/book/manage?t=...`).
    pub manage: String,
}

/// Checks the fields: name, e-mail and phone required; the line about the project optional.
pub fn validate(input: &BookingInput) -> Result<ValidBooking, (&'static str, String)> {
    let field = |v: &Option<String>| v.as_deref().unwrap_or("").trim().to_string();
    let start = field(&input.start);
    let start: Timestamp = start
        .parse()
        .map_err(|_| ("start", "Please pick one of the free times.".to_string()))?;
    let contact = contact::validate(&ContactInput {
        name: input.name.clone(),
        email: input.email.clone(),
        message: Some("-".into()),
        ..ContactInput::default()
    });
    let contact = contact.map_err(|m| {
        let which = if field(&input.name).is_empty() || m.contains("name") {
            "name"
        } else {
            "email"
        };
        let m = if m == contact::FILL_ALL {
            format!(
                "Please fill in your {}.",
                if which == "name" {
                    "name"
                } else {
                    "e-mail address"
                }
            )
        } else {
            m
        };
        (which, m)
    })?;
    let phone = field(&input.phone);
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    if phone.is_empty() {
        return Err(("phone", "Please fill in your phone number.".into()));
    }
    if phone.chars().count() > PHONE_MAX
        || !(7..=15).contains(&digits)
        || !phone
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | ' ' | '(' | ')' | '.'))
    {
        return Err((
            "phone",
            "Please enter a phone number we can call, for example 98480 12345.".into(),
        ));
    }
    let message = field(&input.message);
    if message.chars().count() > NOTE_MAX {
        return Err((
            "message",
            format!("Please shorten the note to at most {NOTE_MAX} characters."),
        ));
    }
    if message
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err((
            "message",
            "The note contains characters that are not allowed.".into(),
        ));
    }
    Ok(ValidBooking {
        start,
        name: contact.name,
        email: contact.email,
        phone,
        message,
    })
}

/// The settings and their rules, or `None` while booking is off.
async fn open_rules(app: &Arc<App>) -> Result<Option<(ConsultationSettings, Rules)>, ApiError> {
    let store = app.store.clone();
    let settings = blocking(move || store.consultation_settings()).await?;
    if !settings.enabled {
        return Ok(None);
    }
    Ok(rules::rules_of(&settings).map(|r| (settings, r)))
}

/// The one path every visitor's booking takes (the SPA's and the plain form's): person or bot,
/// the fields, the slot, the client's allowance, then the slot held in one transaction, the lead
/// and the invitations.
pub async fn book(app: &Arc<App>, client: IpAddr, input: BookingInput) -> Result<Booked, Refused> {
    let spam_input = ContactInput {
        website: input.website.clone(),
        form_token: input.form_token.clone(),
        ..ContactInput::default()
    };
    let verdict = contact::verdict(app, &spam_input)
        .await
        .map_err(Refused::Failed)?;
    let valid = match (validate(&input), verdict) {
        (Ok(valid), _) => valid,
        (Err(_), Err(SpamReason::Honeypot)) => {
            app.limits
                .contact_by_ip
                .hit_client(client)
                .map_err(Refused::TooMany)?;
            return Ok(Booked::Spam);
        }
        (Err((field, message)), _) => return Err(Refused::Invalid(field, message)),
    };
    let Some((_, rules)) = open_rules(app).await.map_err(Refused::Failed)? else {
        return Err(Refused::Closed);
    };
    let now = Timestamp::now();
    // A time nobody is offered is refused before it counts against the allowance.
    let slot = match rules.check(now, valid.start, &[]) {
        Ok(slot) => slot,
        Err(Unbookable::NotOffered(m)) => return Err(Refused::Invalid("start", m)),
        Err(Unbookable::Taken) => return Err(Refused::Taken),
    };
    app.limits
        .contact_by_ip
        .hit_client(client)
        .map_err(Refused::TooMany)?;
    let ticket = match verdict {
        Ok(ticket) => ticket,
        Err(reason) => {
            file_as_spam(app, &valid, &rules, reason).await?;
            return Ok(Booked::Spam);
        }
    };
    let nonce = links::fresh_nonce().map_err(|e| Refused::Failed(ApiError::internal(e)))?;
    let now_ms = crate::store::now_ms();
    let new = Booking {
        id: 0,
        start_ms: slot.start.as_millisecond(),
        end_ms: slot.end.as_millisecond(),
        status: BookingStatus::Booked,
        name: valid.name.clone(),
        email: valid.email.clone(),
        phone: valid.phone.clone(),
        message: valid.message.clone(),
        lead_id: None,
        stage_hint: BOOKED_STAGE.into(),
        link_nonce: nonce,
        created_at_ms: now_ms,
        changed_at_ms: now_ms,
        changed_by: "visitor".into(),
    };
    enum Why {
        Slot(Unbookable),
        Replayed,
    }
    let store = app.store.clone();
    let (rules_in, app_in) = (rules.clone(), app.clone());
    let start = valid.start;
    let held = blocking(move || {
        store.book(new, |held| {
            rules_in
                .check(now, start, &rules::held(held))
                .map_err(Why::Slot)?;
            // Spent only by a booking that is held, and inside the transaction, so one token
            // holds one slot however many requests carry it at once.
            if !app_in
                .limits
                .used_form_tokens
                .claim(ticket, crate::store::now_ms())
            {
                return Err(Why::Replayed);
            }
            Ok(())
        })
    })
    .await
    .map_err(Refused::Failed)?;
    let booking = match held {
        Ok(b) => b,
        Err(Why::Slot(Unbookable::Taken)) => return Err(Refused::Taken),
        Err(Why::Slot(Unbookable::NotOffered(m))) => return Err(Refused::Invalid("start", m)),
        Err(Why::Replayed) => {
            file_as_spam(app, &valid, &rules, SpamReason::Replayed).await?;
            return Ok(Booked::Spam);
        }
    };
    tracing::info!(id = booking.id, "consultation booked");
    let booking = record_lead(app, booking, &rules).await;
    let made = made(app, booking, rules.zone.clone()).await?;
    invite(app, &made.booking, &rules, Method::Request, "visitor").await;
    Ok(Booked::Held(Box::new(made)))
}

/// The links of a held booking.
async fn made(app: &Arc<App>, booking: Booking, zone: jiff::tz::TimeZone) -> Result<Made, Refused> {
    let store = app.store.clone();
    let key = blocking(move || store.hmac_key())
        .await
        .map_err(Refused::Failed)?;
    let (ics, manage) =
        link_paths(&key, &booking).map_err(|e| Refused::Failed(ApiError::internal(e)))?;
    Ok(Made {
        booking,
        zone,
        ics,
        manage,
    })
}

/// The calendar file's and the cancel/move page's paths for `booking` as it stands.
pub fn link_paths(key: &[u8], booking: &Booking) -> anyhow::Result<(String, String)> {
    // The calendar link lasts a week past the consultation; the manage link until it starts.
    let calendar = links::sign(
        key,
        Purpose::Calendar,
        Link {
            booking: booking.id,
            nonce: 0,
            expires_ms: booking.end_ms.saturating_add(7 * 24 * 3_600_000),
        },
    )?;
    let manage = links::sign(
        key,
        Purpose::Manage,
        Link {
            booking: booking.id,
            nonce: booking.link_nonce,
            expires_ms: booking.start_ms,
        },
    )?;
    Ok((
        format!("/api/consultations/{}.ics?t={calendar}", booking.id),
        format!("/book/manage?t={manage}"),
    ))
}

/// The booking as an inbox entry (a lead at stage "Consultation booked").
///
/// The one place a booking becomes a lead: an unread inbox entry at the booking's stage
/// (`consultation-booked`, a stage the owner can rename but not remove), with its phone.
async fn record_lead(app: &Arc<App>, booking: Booking, rules: &Rules) -> Booking {
    let text = lead_text(&booking, rules);
    let store = app.store.clone();
    let b = booking.clone();
    let stored = blocking(move || {
        let mut lead = Lead::new_at(&b.stage_hint);
        lead.phone = crate::leads::phone::to_e164(&b.phone);
        let new = NewLead {
            name: b.name.clone(),
            email: b.email.clone(),
            message: text,
            folder: Folder::Inbox,
            read: false,
            lead,
            by: "booking".into(),
        };
        let msg = store.add_lead(new)?.map_err(anyhow::Error::from)?;
        let lead = msg.id;
        Ok(store
            .change_booking(b.id, |b, _| {
                b.lead_id = Some(lead);
                Ok::<_, ()>(())
            })?
            .and_then(Result::ok))
    })
    .await;
    match stored {
        Ok(Some(b)) => b,
        // The booking itself is kept and listed with the consultations; only the copy in the
        // inbox is missing.
        Ok(None) | Err(_) => {
            tracing::error!(
                id = booking.id,
                "the consultation's inbox entry was not stored"
            );
            booking
        }
    }
}

/// What the inbox entry of a booking says.
fn lead_text(b: &Booking, rules: &Rules) -> String {
    let when = Timestamp::from_millisecond(b.start_ms)
        .map(|t| spoken(&rules.zone, t))
        .unwrap_or_default();
    let mut text = format!("Consultation booked for {when}.\nPhone: {}", b.phone);
    if !b.message.is_empty() {
        text.push_str("\n\n");
        text.push_str(&b.message);
    }
    text
}

/// A bot's booking: kept under spam as a message (never lost, never holding a time).
async fn file_as_spam(
    app: &Arc<App>,
    valid: &ValidBooking,
    rules: &Rules,
    reason: SpamReason,
) -> Result<(), Refused> {
    tracing::info!(
        reason = reason.as_str(),
        "consultation booking filed as spam"
    );
    let text = format!(
        "Consultation requested for {}.\nPhone: {}\n\n{}",
        spoken(&rules.zone, valid.start),
        valid.phone,
        valid.message
    );
    let store = app.store.clone();
    let (name, email) = (valid.name.clone(), valid.email.clone());
    blocking(move || store.add_contact_in(&name, &email, &text, Folder::Spam))
        .await
        .map_err(Refused::Failed)?;
    Ok(())
}

/// `Thursday 3 December 2026, 11:00 (Asia/Kolkata)`.
pub fn spoken(zone: &jiff::tz::TimeZone, at: Timestamp) -> String {
    let z = at.to_zoned(zone.clone());
    format!(
        "{} ({})",
        z.strftime("%A %-d %B %Y, %H:%M"),
        zone.iana_name().unwrap_or("UTC")
    )
}

/// The studio's name, e-mail and address from the company settings.
struct Studio {
    name: String,
    email: String,
    address: String,
    origin: String,
}

async fn studio(app: &Arc<App>) -> Studio {
    let store = app.store.clone();
    let origin = app.origin.clone();
    let read = blocking(move || Ok((store.settings()?, origin.for_pages(&store)?))).await;
    let (settings, origin) = read.unwrap_or_default();
    let c = &*crate::site::CONSTANTS;
    let get = |key: &str, default: &str| {
        settings
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value.trim().to_string())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| default.to_string())
    };
    Studio {
        name: get("company_name", &c.studio_name),
        email: get("company_email", &c.email),
        address: get("company_address", &c.address),
        origin,
    }
}

/// Mails the invitation (or its cancellation) to the visitor and the studio, with `[smtp]`; the
/// answer is how the visitor's mail goes (none without `[smtp]`, for a blocked time, or when it
/// cannot be made).
async fn invite(
    app: &Arc<App>,
    b: &Booking,
    rules: &Rules,
    method: Method,
    by: &str,
) -> Option<FirstAttempt> {
    if !app.notifier.is_enabled() || b.status == BookingStatus::Blocked {
        return None;
    }
    let studio = studio(app).await;
    let settings = {
        let store = app.store.clone();
        blocking(move || store.consultation_settings())
            .await
            .unwrap_or_default()
    };
    let store = app.store.clone();
    let key = blocking(move || store.hmac_key()).await.ok()?;
    let (_, manage) = link_paths(&key, b).ok()?;
    let (Ok(start), Ok(end)) = (
        Timestamp::from_millisecond(b.start_ms),
        Timestamp::from_millisecond(b.end_ms),
    ) else {
        return None;
    };
    let manage_url = format!("{}{manage}", studio.origin);
    let location = match settings.mode {
        ConsultationMode::Studio => studio.address.clone(),
        ConsultationMode::Call => format!("Phone call to {}", b.phone),
        ConsultationMode::Video => settings.video_link.clone(),
    };
    let when = spoken(&rules.zone, start);
    let summary = format!("Consultation with {}", studio.name);
    let uid = format!("consultation-{}-{}@studio", b.id, b.created_at_ms);
    let sequence =
        u32::try_from((b.changed_at_ms.saturating_sub(b.created_at_ms)) / 1000).unwrap_or(u32::MAX);
    let visitor_text = match method {
        Method::Cancel => format!(
            "Your consultation with {} on {when} is cancelled.\n\nTo book another time: {}/book\n",
            studio.name, studio.origin
        ),
        _ => format!(
            "Your consultation with {studio} is booked for {when}.\n\nWhere: {location}\n\n\
             To cancel or move it (this link works once): {manage_url}\n\n\
             The invitation is attached for your calendar.\n",
            studio = studio.name
        ),
    };
    let owner_text = format!(
        "{} consultation ({by}): {when}\n\nName:  {}\nPhone: {}\nE-mail: {}\n\n{}\n\n\
         -- \nThe consultation is in the admin panel, under Consultations.\n",
        match method {
            Method::Cancel => "Cancelled",
            _ if b.changed_at_ms > b.created_at_ms => "Changed",
            _ => "New",
        },
        b.name,
        b.phone,
        b.email,
        b.message
    );
    let description = format!("{}\nPhone: {}\n{}", b.name, b.phone, b.message);
    let event = ical::Event {
        uid: &uid,
        sequence,
        stamp: Timestamp::now(),
        start,
        end,
        summary: &summary,
        description: &description,
        location: &location,
        organizer_name: &studio.name,
        organizer_email: &studio.email,
        attendee_name: &b.name,
        attendee_email: &b.email,
        // Only an absolute address is a URL to a calendar (the site address set in the panel or
        // `public_url`); the mail's text carries the link either way.
        url: (method != Method::Cancel && !studio.origin.is_empty()).then_some(manage_url.as_str()),
    };
    let ics = ical::calendar(&event, method);
    let subject = match method {
        Method::Cancel => format!("Cancelled: consultation on {when}"),
        _ => format!("Consultation on {when}"),
    };
    let visitor = app.notifier.invitation(Invitation {
        to: Some((b.name.clone(), b.email.clone())),
        subject: subject.clone(),
        body: visitor_text,
        ics: ics.clone(),
        method: method.as_str(),
    });
    app.notifier.invitation(Invitation {
        to: None,
        subject: format!("{subject}: {}", b.name),
        body: owner_text,
        ics,
        method: method.as_str(),
    });
    visitor
}

#[derive(Serialize)]
struct SlotJson {
    start: String,
    end: String,
}

/// `GET /api/consultations/slots?from=YYYY-MM-DD&days=N`.
async fn free_slots(app: &Arc<App>, q: &HashMap<String, String>) -> Result<Response, ApiError> {
    let Some((_, rules)) = open_rules(app).await? else {
        return Err(ApiError::not_found(CLOSED));
    };
    let now = Timestamp::now();
    let from = match q.get("from") {
        Some(d) => rules::parse_date(d)
            .ok_or_else(|| ApiError::bad_request("from: write the date as YYYY-MM-DD"))?,
        None => slots::local_date(&rules.zone, now),
    };
    let days = match q.get("days") {
        Some(d) => d
            .parse::<u16>()
            .ok()
            .filter(|d| (1..=DAYS_MAX).contains(d))
            .ok_or_else(|| ApiError::bad_request(format!("days: a number from 1 to {DAYS_MAX}")))?,
        None => 14,
    };
    let list = free(app, &rules, now, from, days).await?;
    Ok(json_response(StatusCode::OK, &list))
}

/// The free slots as the API writes them.
async fn free(
    app: &Arc<App>,
    rules: &Rules,
    now: Timestamp,
    from: Date,
    days: u16,
) -> Result<Vec<SlotJson>, ApiError> {
    let store = app.store.clone();
    let bookings = blocking(move || store.bookings()).await?;
    Ok(rules
        .free(now, from, days, &rules::held(&bookings))
        .into_iter()
        .map(|s| SlotJson {
            start: slots::iso_in(&rules.zone, s.start),
            end: slots::iso_in(&rules.zone, s.end),
        })
        .collect())
}

/// The free slots of the next `days` days from today, for the plain pages.
pub async fn offered(app: &Arc<App>, days: u16) -> Result<Option<(Rules, Vec<Slot>)>, ApiError> {
    let Some((_, rules)) = open_rules(app).await? else {
        return Ok(None);
    };
    let now = Timestamp::now();
    let store = app.store.clone();
    let bookings = blocking(move || store.bookings()).await?;
    let from = slots::local_date(&rules.zone, now);
    let list = rules.free(now, from, days, &rules::held(&bookings));
    Ok(Some((rules, list)))
}

/// `GET /api/consultations/{id}.ics?t=...`: the calendar file ('Add to calendar').
async fn calendar_file(app: &Arc<App>, file: &str, token: &str) -> Result<Response, ApiError> {
    let id: u64 = file
        .strip_suffix(".ics")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let store = app.store.clone();
    let (key, booking, settings) = blocking(move || {
        Ok((
            store.hmac_key()?,
            store.booking(id)?,
            store.consultation_settings()?,
        ))
    })
    .await?;
    let link = links::read(
        &key,
        Purpose::Calendar,
        token,
        crate::store::now_ms() as i64,
    )
    .map_err(|r| ApiError::new(StatusCode::FORBIDDEN, r.message()))?;
    let booking = booking
        .filter(|b| b.id == link.booking && link.booking == id)
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let zone = slots::zone(&settings.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    let studio = studio(app).await;
    let (Ok(start), Ok(end)) = (
        Timestamp::from_millisecond(booking.start_ms),
        Timestamp::from_millisecond(booking.end_ms),
    ) else {
        return Err(ApiError::not_found(NOT_FOUND));
    };
    let location = match settings.mode {
        ConsultationMode::Studio => studio.address.clone(),
        ConsultationMode::Call => format!("{} will call you", studio.name),
        ConsultationMode::Video => settings.video_link.clone(),
    };
    let summary = format!("Consultation with {}", studio.name);
    let uid = format!(
        "consultation-{}-{}@studio",
        booking.id, booking.created_at_ms
    );
    let method = if booking.status == BookingStatus::Cancelled {
        Method::Cancel
    } else {
        Method::Publish
    };
    let description = format!("{} ({})", summary, spoken(&zone, start));
    let bytes = ical::calendar(
        &ical::Event {
            uid: &uid,
            sequence: 0,
            stamp: Timestamp::now(),
            start,
            end,
            summary: &summary,
            description: &description,
            location: &location,
            organizer_name: &studio.name,
            organizer_email: &studio.email,
            attendee_name: &booking.name,
            attendee_email: &booking.email,
            url: None,
        },
        method,
    );
    let mut res = Response::new(bytes.into());
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&ical::content_type(method)) {
        h.insert(header::CONTENT_TYPE, v);
    }
    h.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"consultation.ics\""),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// A consultation as the owner sees it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AdminBookingJson {
    id: u64,
    start: String,
    end: String,
    status: &'static str,
    name: String,
    email: String,
    phone: String,
    message: String,
    lead_id: Option<u64>,
    stage: String,
    created_at: String,
}

fn admin_json(b: &Booking, zone: &jiff::tz::TimeZone) -> AdminBookingJson {
    let iso = |ms: i64| {
        Timestamp::from_millisecond(ms)
            .map(|t| slots::iso_in(zone, t))
            .unwrap_or_default()
    };
    AdminBookingJson {
        id: b.id,
        start: iso(b.start_ms),
        end: iso(b.end_ms),
        status: b.status.as_str(),
        name: b.name.clone(),
        email: b.email.clone(),
        phone: b.phone.clone(),
        message: b.message.clone(),
        lead_id: b.lead_id,
        stage: b.stage_hint.clone(),
        created_at: crate::store::iso8601(b.created_at_ms),
    }
}

/// The studio's zone (UTC if the stored name is unknown to this build).
async fn zone_and_settings(
    app: &Arc<App>,
) -> Result<(ConsultationSettings, jiff::tz::TimeZone), ApiError> {
    let store = app.store.clone();
    let settings = blocking(move || store.consultation_settings()).await?;
    let zone = slots::zone(&settings.time_zone).unwrap_or(jiff::tz::TimeZone::UTC);
    Ok((settings, zone))
}

/// `GET /api/admin/consultations?from=&to=`: from today (the zone's) for 60 days by default.
async fn admin_list(app: &Arc<App>, q: &HashMap<String, String>) -> Result<Response, ApiError> {
    let (_, zone) = zone_and_settings(app).await?;
    let date = |name: &'static str| -> Result<Option<Date>, ApiError> {
        q.get(name)
            .filter(|v| !v.trim().is_empty())
            .map(|v| {
                rules::parse_date(v).ok_or_else(|| {
                    ApiError::bad_request(format!("{name}: write the date as YYYY-MM-DD"))
                })
            })
            .transpose()
    };
    let from = date("from")?.unwrap_or_else(|| slots::local_date(&zone, Timestamp::now()));
    let to = match date("to")? {
        Some(to) => to,
        None => from
            .checked_add(jiff::Span::new().days(60))
            .map_err(|_| ApiError::bad_request("from: a date too far ahead"))?,
    };
    if to < from {
        return Err(ApiError::bad_request("to: a date on or after from"));
    }
    let store = app.store.clone();
    let all = blocking(move || store.bookings()).await?;
    let list: Vec<AdminBookingJson> = all
        .iter()
        .filter(|b| {
            rules::slot_of(b).is_some_and(|s| {
                let d = slots::local_date(&zone, s.start);
                d >= from && d <= to
            })
        })
        .map(|b| admin_json(b, &zone))
        .collect();
    Ok(json_response(StatusCode::OK, &list))
}

/// The owner's rules for a move or a block: the grid and the hours, but neither notice nor
/// horizon (the owner may fit a client in tomorrow, or a year ahead).
fn owner_rules(settings: &ConsultationSettings) -> Result<Rules, ApiError> {
    let mut rules = rules::rules_of(settings)
        .ok_or_else(|| ApiError::bad_request("timeZone: the studio's time zone is unknown"))?;
    rules.notice_hours = 0;
    rules.horizon_days = 3660;
    Ok(rules)
}

fn start_field(body: &Map<String, Value>) -> Result<Option<Timestamp>, ApiError> {
    match body.get("start") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| ApiError::bad_request("start: a time like 2026-12-03T11:00:00+05:30")),
        Some(_) => Err(ApiError::bad_request("start must be text")),
    }
}

fn slot_refusal(u: Unbookable) -> ApiError {
    match u {
        Unbookable::Taken => ApiError::new(StatusCode::CONFLICT, JUST_TAKEN),
        Unbookable::NotOffered(m) => ApiError::bad_request(format!("start: {m}")),
    }
}

/// `PATCH /api/admin/consultations/{id}`: `{ "status" }` and/or `{ "start" }` (a move).
async fn admin_change(
    app: &Arc<App>,
    who: &AdminIdentity,
    id: u64,
    body: Map<String, Value>,
) -> Result<Response, ApiError> {
    if let Some(unknown) = body
        .keys()
        .find(|k| !matches!(k.as_str(), "status" | "start"))
    {
        return Err(ApiError::bad_request(format!(
            "{unknown}: not a field of a consultation (status, start)"
        )));
    }
    let status = match body.get("status") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(
            BookingStatus::parse(s)
                .filter(|s| *s != BookingStatus::Blocked)
                .ok_or_else(|| {
                    ApiError::bad_request("status: one of booked, confirmed, cancelled")
                })?,
        ),
        Some(_) => return Err(ApiError::bad_request("status must be text")),
    };
    let start = start_field(&body)?;
    let (settings, zone) = zone_and_settings(app).await?;
    let rules = owner_rules(&settings)?;
    let now = Timestamp::now();
    let by = who.username.clone();
    let store = app.store.clone();
    let rules_in = rules.clone();
    let changed = blocking(move || {
        store.change_booking(id, |b, others| {
            if b.status == BookingStatus::Blocked
                && status.is_some_and(|s| s != BookingStatus::Cancelled)
            {
                return Err(ApiError::bad_request(
                    "status: a blocked time can only be cancelled (freed)",
                ));
            }
            if let Some(start) = start {
                if b.status == BookingStatus::Cancelled
                    && status != Some(BookingStatus::Booked)
                    && status != Some(BookingStatus::Confirmed)
                {
                    return Err(ApiError::bad_request(
                        "start: a cancelled consultation cannot be moved",
                    ));
                }
                let slot = rules_in
                    .check(now, start, &rules::held(others))
                    .map_err(slot_refusal)?;
                b.start_ms = slot.start.as_millisecond();
                b.end_ms = slot.end.as_millisecond();
                // The visitor's old link no longer fits the new time.
                b.link_nonce = links::fresh_nonce().map_err(ApiError::internal)?;
            }
            if let Some(status) = status {
                if status.holds() && !b.status.holds() {
                    let slot = rules::slot_of(b).ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
                    if rules::held(others).iter().any(|h| h.overlaps(&slot)) {
                        return Err(ApiError::new(StatusCode::CONFLICT, JUST_TAKEN));
                    }
                }
                b.status = status;
            }
            b.changed_by = by.clone();
            Ok(())
        })
    })
    .await?;
    let booking = match changed {
        None => return Err(ApiError::not_found(NOT_FOUND)),
        Some(Err(e)) => return Err(e),
        Some(Ok(b)) => b,
    };
    let method = if booking.status == BookingStatus::Cancelled {
        Method::Cancel
    } else {
        Method::Request
    };
    let mailed = if start.is_some()
        || status == Some(BookingStatus::Cancelled)
        || status == Some(BookingStatus::Confirmed)
    {
        invite(app, &booking, &rules, method, "the studio").await
    } else {
        None
    };
    // The owner is told at once whether the visitor heard of it, so that without mail (or when
    // the mail fails) they call instead; the retries go on in the background.
    let visitor_told = match mailed {
        Some(first) => first.accepted(TOLD_WAIT).await,
        None => false,
    };
    Ok(json_response(
        StatusCode::OK,
        &ChangedJson {
            booking: admin_json(&booking, &zone),
            visitor_told,
            mail_set_up: app.notifier.is_enabled(),
        },
    ))
}

/// How long a change waits for the mail server to take the visitor's mail before it answers
/// that the visitor was not told.
const TOLD_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// A consultation after the owner's change, and whether the visitor was told by mail.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChangedJson {
    #[serde(flatten)]
    booking: AdminBookingJson,
    visitor_told: bool,
    mail_set_up: bool,
}

/// `POST /api/admin/consultations`: `{ "start" }` keeps that slot from visitors.
async fn admin_block(
    app: &Arc<App>,
    who: &AdminIdentity,
    body: Map<String, Value>,
) -> Result<Response, ApiError> {
    let start = start_field(&body)?.ok_or_else(|| ApiError::bad_request("start: pick a time"))?;
    let (settings, zone) = zone_and_settings(app).await?;
    let rules = owner_rules(&settings)?;
    let now = Timestamp::now();
    let now_ms = crate::store::now_ms();
    let by = who.username.clone();
    let store = app.store.clone();
    let slot = rules.check(now, start, &[]).map_err(slot_refusal)?;
    let blocked = blocking(move || {
        let new = Booking {
            id: 0,
            start_ms: slot.start.as_millisecond(),
            end_ms: slot.end.as_millisecond(),
            status: BookingStatus::Blocked,
            name: String::new(),
            email: String::new(),
            phone: String::new(),
            message: String::new(),
            lead_id: None,
            stage_hint: String::new(),
            link_nonce: 0,
            created_at_ms: now_ms,
            changed_at_ms: now_ms,
            changed_by: by,
        };
        store.book(new, |held| {
            rules
                .check(now, start, &rules::held(held))
                .map(|_| ())
                .map_err(slot_refusal)
        })
    })
    .await??;
    Ok(json_response(
        StatusCode::CREATED,
        &admin_json(&blocked, &zone),
    ))
}

/// `PUT /api/admin/consultation-settings`.
async fn put_settings(app: &Arc<App>, body: Map<String, Value>) -> Result<Response, ApiError> {
    let changes: SettingsJson = serde_json::from_value(Value::Object(body)).map_err(|e| {
        ApiError::bad_request(format!("The settings are not in the expected shape: {e}"))
    })?;
    let store = app.store.clone();
    let current = blocking(move || store.consultation_settings()).await?;
    // A refusal names its field too, so the panel marks it there.
    let next = match changes.apply(&current) {
        Ok(next) => next,
        Err(e) => {
            return Ok(json_response(
                StatusCode::BAD_REQUEST,
                &serde_json::json!({ "message": e.message, "field": e.field }),
            ));
        }
    };
    let store = app.store.clone();
    let saved = blocking(move || store.put_consultation_settings(&next)).await?;
    // The 'Book a consultation' buttons show only while booking is on.
    if saved.enabled != current.enabled
        && let Err(e) = app.refresh_site()
    {
        tracing::error!("re-rendering the pages after the consultation settings: {e:#}");
    }
    Ok(json_response(StatusCode::OK, &SettingsJson::of(&saved)))
}

/// The visitor's cancel or move through a signed link: checked and changed in one transaction.
pub enum Manage {
    Cancel,
    Move(Timestamp),
}

/// The booking a manage link names, if the link is good now.
pub async fn managed(app: &Arc<App>, token: &str) -> Result<(Booking, Rules), String> {
    let store = app.store.clone();
    let read = blocking(move || Ok((store.hmac_key()?, store.consultation_settings()?))).await;
    let Ok((key, settings)) = read else {
        return Err("Something went wrong on the server. Please try again in a moment.".into());
    };
    let link = links::read(&key, Purpose::Manage, token, crate::store::now_ms() as i64)
        .map_err(|r| r.message().to_string())?;
    let store = app.store.clone();
    let booking = blocking(move || store.booking(link.booking))
        .await
        .ok()
        .flatten()
        .ok_or_else(|| links::Refusal::Invalid.message().to_string())?;
    links::check_unused(&link, booking.link_nonce).map_err(|r| r.message().to_string())?;
    if booking.status == BookingStatus::Cancelled {
        return Err("This consultation is cancelled already.".into());
    }
    let rules = rules::rules_of(&settings).ok_or("The studio's time zone is unknown.")?;
    Ok((booking, rules))
}

/// Applies a visitor's cancel or move; the link is spent by it. The new booking comes back.
pub async fn manage(app: &Arc<App>, token: &str, what: Manage) -> Result<(Booking, Rules), String> {
    let (booking, rules) = managed(app, token).await?;
    let nonce = booking.link_nonce;
    let now = Timestamp::now();
    let fresh = links::fresh_nonce().map_err(|e| e.to_string())?;
    let store = app.store.clone();
    let rules_in = rules.clone();
    let moving = matches!(what, Manage::Move(_));
    let changed = blocking(move || {
        store.change_booking(booking.id, |b, others| {
            // Another request used the link first.
            if b.link_nonce != nonce || b.status == BookingStatus::Cancelled {
                return Err(links::Refusal::Used.message().to_string());
            }
            match what {
                Manage::Cancel => b.status = BookingStatus::Cancelled,
                Manage::Move(start) => {
                    let slot =
                        rules_in
                            .check(now, start, &rules::held(others))
                            .map_err(|u| match u {
                                Unbookable::Taken => JUST_TAKEN.to_string(),
                                Unbookable::NotOffered(m) => m,
                            })?;
                    b.start_ms = slot.start.as_millisecond();
                    b.end_ms = slot.end.as_millisecond();
                    b.status = BookingStatus::Booked;
                }
            }
            b.link_nonce = fresh;
            b.changed_by = "visitor".into();
            Ok(())
        })
    })
    .await
    .map_err(|e| e.message)?;
    let booking = match changed {
        Some(Ok(b)) => b,
        Some(Err(m)) => return Err(m),
        None => return Err(links::Refusal::Invalid.message().to_string()),
    };
    let method = if moving {
        Method::Request
    } else {
        Method::Cancel
    };
    invite(app, &booking, &rules, method, "visitor").await;
    Ok((booking, rules))
}

/// The response to a held booking (`201 { id, start, end, ics, manage }`).
pub fn made_json(made: &Made) -> Value {
    let iso = |ms: i64| {
        Timestamp::from_millisecond(ms)
            .map(|t| slots::iso_in(&made.zone, t))
            .unwrap_or_default()
    };
    serde_json::json!({
        "id": made.booking.id,
        "start": iso(made.booking.start_ms),
        "end": iso(made.booking.end_ms),
        "ics": made.ics,
        "manage": made.manage,
    })
}

/// Every consultation call.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let slots = warp::path!("consultations" / "slots")
        .and(warp::get())
        .and(warp::query::<HashMap<String, String>>())
        .and(with_app(app.clone()))
        .and_then(|q: HashMap<String, String>, app: Arc<App>| async move {
            free_slots(&app, &q).await.map_err(warp::reject::custom)
        });
    let post = warp::path!("consultations")
        .and(warp::post())
        .and(super::json_content_type())
        .and(warp::body::content_length_limit(contact::BODY_MAX))
        .and(warp::body::json::<BookingInput>())
        .and(contact::client_filter(app.clone()))
        .and(with_app(app.clone()))
        .then(
            |input: BookingInput, client: IpAddr, app: Arc<App>| async move {
                match book(&app, client, input).await {
                    Ok(Booked::Held(made)) => json_response(StatusCode::CREATED, &made_json(&made)),
                    Ok(Booked::Spam) => json_response(
                        StatusCode::CREATED,
                        &serde_json::json!({ "message": "Your consultation is booked." }),
                    ),
                    Err(refused) => refused.response(),
                }
            },
        );
    let ics = warp::path!("consultations" / String)
        // Only `{id}.ics`, so that a refusal here never hides the slots call's own.
        .and_then(|file: String| async move {
            if file.ends_with(".ics") {
                Ok(file)
            } else {
                Err(warp::reject::not_found())
            }
        })
        .and(warp::get())
        .and(warp::query::<HashMap<String, String>>())
        .and(with_app(app.clone()))
        .and_then(
            |file: String, q: HashMap<String, String>, app: Arc<App>| async move {
                let token = q.get("t").map(String::as_str).unwrap_or("");
                calendar_file(&app, &file, token)
                    .await
                    .map_err(warp::reject::custom)
            },
        );
    let list = warp::path!("admin" / "consultations")
        .and(warp::get())
        .and(require_admin(app.clone()))
        .and(warp::query::<HashMap<String, String>>())
        .and(with_app(app.clone()))
        .and_then(
            |_: AdminIdentity, q: HashMap<String, String>, app: Arc<App>| async move {
                admin_list(&app, &q).await.map_err(warp::reject::custom)
            },
        );
    let block = warp::path!("admin" / "consultations")
        .and(warp::post())
        .and(require_admin(app.clone()))
        .and(json_body())
        .and(with_app(app.clone()))
        .and_then(
            |who: AdminIdentity, body: Map<String, Value>, app: Arc<App>| async move {
                admin_block(&app, &who, body)
                    .await
                    .map_err(warp::reject::custom)
            },
        );
    let change = warp::path!("admin" / "consultations" / u64)
        .and(warp::patch())
        .and(require_admin(app.clone()))
        .and(json_body())
        .and(with_app(app.clone()))
        .and_then(
            |id: u64, who: AdminIdentity, body: Map<String, Value>, app: Arc<App>| async move {
                admin_change(&app, &who, id, body)
                    .await
                    .map_err(warp::reject::custom)
            },
        );
    let get_settings = warp::path!("admin" / "consultation-settings")
        .and(warp::get())
        .and(require_admin(app.clone()))
        .and(with_app(app.clone()))
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let s = blocking(move || store.consultation_settings())
                .await
                .map_err(warp::reject::custom)?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &SettingsJson::of(&s)))
        });
    let put = warp::path!("admin" / "consultation-settings")
        .and(warp::put())
        .and(require_admin(app.clone()))
        .and(json_body())
        .and(with_app(app))
        .and_then(
            |_: AdminIdentity, body: Map<String, Value>, app: Arc<App>| async move {
                put_settings(&app, body).await.map_err(warp::reject::custom)
            },
        );
    slots
        .or(post)
        .unify()
        .or(ics)
        .unify()
        .or(list)
        .unify()
        .or(block)
        .unify()
        .or(change)
        .unify()
        .or(get_settings)
        .unify()
        .or(put)
        .unify()
}
