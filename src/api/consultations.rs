//! The owner's consultations (bearer token): the list, a change (confirm, move, cancel; the
//! visitor is mailed and the answer says whether they were told), a blocked time, and the
//! settings. [`routes`] also mounts the visitor's calls (`booking`, `booking_slots`).

use super::body::json_body;
use super::booking::{JUST_TAKEN, NOT_FOUND};
use super::booking_mail::invite;
use super::guard::{AdminIdentity, require_admin};
use super::{ApiError, blocking, json_response};
use crate::app::{App, with_app};
use crate::bookings::ical::Method;
use crate::bookings::links;
use crate::bookings::rules::{self, SettingsJson};
use crate::bookings::slots::{self, Rules, Unbookable};
use crate::store::{Booking, BookingStatus, ConsultationSettings};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

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
        invite(app, &booking, &rules, method, "the studio", true).await
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
            client: String::new(),
            visitor_mails: 0,
            visitor_mails_day: 0,
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

/// Every consultation call: the visitor's and the owner's.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let visitor = super::booking_slots::routes(app.clone())
        .or(super::booking::routes(app.clone()))
        .unify();
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
    visitor
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
