//! What a visitor reads before and after booking: the free slots (`GET /api/consultations/slots`,
//! and the plain page's list) and a booking's calendar file (`GET /api/consultations/{id}.ics`,
//! behind its signed link).

use super::booking::{CLOSED, NOT_FOUND, open_rules};
use super::booking_mail::{spoken, studio};
use super::{ApiError, blocking, json_response};
use crate::app::{App, with_app};
use crate::bookings::ical::{self, Method};
use crate::bookings::links::{self, Purpose};
use crate::bookings::rules;
use crate::bookings::slots::{self, Rules, Slot};
use crate::store::{BookingStatus, ConsultationMode};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

/// Days one slots call may cover.
pub const DAYS_MAX: u16 = 62;

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

/// The free slots and the calendar file.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let slots = warp::path!("consultations" / "slots")
        .and(warp::get())
        .and(warp::query::<HashMap<String, String>>())
        .and(with_app(app.clone()))
        .and_then(|q: HashMap<String, String>, app: Arc<App>| async move {
            free_slots(&app, &q).await.map_err(warp::reject::custom)
        });
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
        .and(with_app(app))
        .and_then(
            |file: String, q: HashMap<String, String>, app: Arc<App>| async move {
                let token = q.get("t").map(String::as_str).unwrap_or("");
                calendar_file(&app, &file, token)
                    .await
                    .map_err(warp::reject::custom)
            },
        );
    slots.or(ics).unify()
}
