//! What a consultation sends and links to, shared by the visitor's calls and the owner's: the
//! signed calendar and cancel/move links, the studio's name and address as the company settings
//! give them, the time spoken in the studio's zone, and the invitation (or cancellation) mailed
//! to the visitor and the studio.

use super::blocking;
use crate::app::App;
use crate::bookings::caps::Cap;
use crate::bookings::ical::{self, Method};
use crate::bookings::links::{self, Link, Purpose};
use crate::bookings::slots::Rules;
use crate::notify::{FirstAttempt, Invitation};
use crate::store::{Booking, BookingStatus, ConsultationMode};
use jiff::Timestamp;
use std::sync::Arc;

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
pub(super) struct Studio {
    pub name: String,
    pub email: String,
    pub address: String,
    pub origin: String,
}

pub(super) async fn studio(app: &Arc<App>) -> Studio {
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

/// Mails the invitation (or its cancellation) to the studio and, when `to_visitor`, to the
/// visitor, with `[smtp]`; the answer is how the visitor's mail goes (none without `[smtp]`, for
/// a blocked time, when not sent, or when it cannot be made).
///
/// The visitor's mail carries nothing the visitor typed (no name, no note): the address has not
/// shown it is theirs, and the studio must not carry someone's text to a stranger's inbox
/// (docs/contact.md, "What the visitor's mail carries"). The studio's own mail has everything.
pub(super) async fn invite(
    app: &Arc<App>,
    b: &Booking,
    rules: &Rules,
    method: Method,
    by: &str,
    to_visitor: bool,
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
    let owners = ical::Event {
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
    let visitors = ical::Event {
        description: &summary,
        attendee_name: &b.email,
        ..owners
    };
    let subject = match method {
        Method::Cancel => format!("Cancelled: consultation on {when}"),
        _ => format!("Consultation on {when}"),
    };
    let visitor = to_visitor
        .then(|| {
            app.notifier.invitation(Invitation {
                to: Some((String::new(), b.email.clone())),
                subject: subject.clone(),
                body: visitor_text,
                ics: ical::calendar(&visitors, method),
                method: method.as_str(),
            })
        })
        .flatten();
    app.notifier.invitation(Invitation {
        to: None,
        subject: format!("{subject}: {}", b.name),
        body: owner_text,
        ics: ical::calendar(&owners, method),
        method: method.as_str(),
    });
    visitor
}

/// Logs a booking refused by a cap and tells the owner by mail, at most once a day: a real client
/// who hits it will call, and the owner should know why.
pub(super) fn holding_told(app: &App, cap: Cap) {
    tracing::warn!(
        cap = ?cap,
        "a consultation was refused: {} holds {} open bookings already",
        cap.holder(),
        cap.limit()
    );
    if app.limits.booking_caps_told.hit("told").is_ok() {
        app.notifier.alert(
            "A visitor could not book a consultation online".into(),
            format!(
                "A visitor was refused a consultation on the website because {} already holds \
                 {} open bookings, the most the website takes from one visitor. They were asked \
                 to call or WhatsApp the studio instead.\n\n\
                 If it happens often, look at the consultations in the admin panel: someone may \
                 be holding times they will not use. This notice comes at most once a day.\n",
                cap.holder(),
                cap.limit()
            ),
        );
    }
}
