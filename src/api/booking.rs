//! A visitor's booking (docs/contact.md, "Consultations booked online"): the fields and their
//! checks, the contact form's token and spam rules, the slot held, the lead in the inbox and the
//! invitations. `POST /api/consultations`; the plain form of `web::booking` takes the same path.
//!
//! A booking is held by one write transaction (`Store::book`), so of two visitors choosing one
//! slot at the same moment one gets it and the other a 409. It then becomes a lead in the inbox
//! ([`record_lead`]) and, with `[smtp]`, an invitation by mail to the visitor and the studio.

use super::booking_mail::{holding_told, invite, link_paths, spoken};
use super::contact::{self, ContactInput};
use super::{ApiError, blocking, json_response};
use crate::app::{App, with_app};
use crate::bookings::caps::{self, Cap};
use crate::bookings::ical::Method;
use crate::bookings::links;
use crate::bookings::rules;
use crate::bookings::slots::{self, Rules, Unbookable};
use crate::spam::SpamReason;
use crate::store::{Booking, BookingStatus, ConsultationSettings, Folder, Lead, NewLead};
use jiff::Timestamp;
use serde::Deserialize;
use serde_json::Value;
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
pub(super) const NOT_FOUND: &str = "No consultation has that id";

/// A visitor's booking as sent (JSON or the no-JavaScript form).
#[derive(Debug, Default, Clone, Deserialize)]
// Every field may be missing: a form leaves out what the visitor did not fill in.
#[serde(default)]
pub struct BookingInput {
    pub start: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub message: Option<String>,
    pub website: Option<String>,
    #[serde(rename = "formToken")]
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
    /// The visitor (by address, network, e-mail or phone) holds as many open bookings as a
    /// visitor may (src/bookings/caps.rs).
    Holding(Cap),
    Failed(ApiError),
}

/// What a visitor who holds enough bookings reads: the studio still takes them by phone.
pub const HOLDING: &str = "You already have consultations booked with us. To book another, \
                           please call or WhatsApp the studio.";

impl Refused {
    pub fn status(&self) -> StatusCode {
        match self {
            Refused::Invalid(..) => StatusCode::BAD_REQUEST,
            Refused::Closed => StatusCode::NOT_FOUND,
            Refused::Taken => StatusCode::CONFLICT,
            Refused::TooMany(_) | Refused::Holding(_) => StatusCode::TOO_MANY_REQUESTS,
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
            Refused::Holding(_) => HOLDING.into(),
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
pub(super) async fn open_rules(
    app: &Arc<App>,
) -> Result<Option<(ConsultationSettings, Rules)>, ApiError> {
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
        client: crate::limits::limit_key(client).to_string(),
        // The invitation below is the visitor's first mail of the day.
        visitor_mails: 1,
        visitor_mails_day: u32::try_from(now_ms / 86_400_000).unwrap_or(u32::MAX),
    };
    enum Why {
        Slot(Unbookable),
        Holding(Cap),
        Replayed,
    }
    let store = app.store.clone();
    let (rules_in, app_in) = (rules.clone(), app.clone());
    let start = valid.start;
    let held = blocking(move || {
        store.book(new.clone(), |held| {
            rules_in
                .check(now, start, &rules::held(held))
                .map_err(Why::Slot)?;
            if let Some(cap) = caps::passed(&new, held, now_ms, crate::leads::phone::to_e164) {
                return Err(Why::Holding(cap));
            }
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
        Err(Why::Holding(cap)) => {
            holding_told(app, cap);
            return Err(Refused::Holding(cap));
        }
        Err(Why::Replayed) => {
            file_as_spam(app, &valid, &rules, SpamReason::Replayed).await?;
            return Ok(Booked::Spam);
        }
    };
    tracing::info!(id = booking.id, "consultation booked");
    let booking = record_lead(app, booking, &rules).await;
    let made = made(app, booking, rules.zone.clone()).await?;
    invite(app, &made.booking, &rules, Method::Request, "visitor", true).await;
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

/// `POST /api/consultations`: a visitor's booking.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("consultations")
        .and(warp::post())
        .and(super::json_content_type())
        .and(warp::body::content_length_limit(contact::BODY_MAX))
        .and(warp::body::json::<BookingInput>())
        .and(contact::client_filter(app.clone()))
        .and(with_app(app))
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
        )
}
