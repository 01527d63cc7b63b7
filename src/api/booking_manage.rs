//! The visitor's cancel or move through the signed link of their booking (`/book/manage`): the
//! link checked against the booking's current one, then the change in one transaction, which
//! spends the link.

use super::blocking;
use super::booking::JUST_TAKEN;
use super::booking_mail::invite;
use crate::app::App;
use crate::bookings::ical::Method;
use crate::bookings::links::{self, Purpose};
use crate::bookings::rules;
use crate::bookings::slots::{Rules, Unbookable};
use crate::store::{Booking, BookingStatus};
use jiff::Timestamp;
use std::sync::Arc;

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
