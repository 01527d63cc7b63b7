//! The visitor's cancel or move through the signed link of their booking (`/book/manage`): the
//! link checked against the booking's current one, the limits per booking, address and network,
//! then the change in one transaction, which spends the link and counts the visitor's mail.

use super::blocking;
use super::booking::JUST_TAKEN;
use super::booking_mail::invite;
use crate::app::App;
use crate::bookings::caps::VISITOR_MAILS_A_DAY;
use crate::bookings::ical::Method;
use crate::bookings::links::{self, Purpose};
use crate::bookings::rules;
use crate::bookings::slots::{Rules, Unbookable};
use crate::limits::network_key;
use crate::store::{Booking, BookingStatus};
use jiff::Timestamp;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// What a visitor reads when the link has been used too often.
pub const TOO_OFTEN: &str = "This consultation has been changed several times in a short time. \
                             To change it again, please call or WhatsApp the studio.";

/// Counts one change by `client` to booking `id` against the limits per booking, per address and
/// per network; refused (nothing counted) when any is used up. Each change mails the studio and
/// may mail the visitor, so none may be repeated without bound.
fn allowance(app: &App, id: u64, client: IpAddr) -> Result<(), String> {
    let limits = &app.limits;
    let (booking, network) = (id.to_string(), network_key(client).to_string());
    limits
        .manage_by_booking
        .check(&booking)
        .and(limits.manage_by_ip.check_client(client))
        .and(limits.manage_by_network.check(&network))
        .map_err(|_| TOO_OFTEN.to_string())?;
    // Checked above; a race between two requests may let one through over a limit, never more.
    let _ = limits.manage_by_booking.hit(&booking);
    let _ = limits.manage_by_ip.hit_client(client);
    let _ = limits.manage_by_network.hit(&network);
    Ok(())
}

/// Applies `client`'s cancel or move; the link is spent by it. The new booking comes back. The
/// visitor is mailed only while the booking's mails of the day allow it.
pub async fn manage(
    app: &Arc<App>,
    token: &str,
    what: Manage,
    client: IpAddr,
) -> Result<(Booking, Rules), String> {
    let (booking, rules) = managed(app, token).await?;
    allowance(app, booking.id, client)?;
    let nonce = booking.link_nonce;
    let now = Timestamp::now();
    let fresh = links::fresh_nonce().map_err(|e| e.to_string())?;
    let store = app.store.clone();
    let rules_in = rules.clone();
    let moving = matches!(what, Manage::Move(_));
    let mail = Arc::new(AtomicBool::new(false));
    let mail_in = mail.clone();
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
            // Counted in the same write, so neither a race nor a restart gets past the cap.
            let allowed = b.take_visitor_mail(crate::store::now_ms(), VISITOR_MAILS_A_DAY);
            mail_in.store(allowed, Ordering::Relaxed);
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
    let to_visitor = mail.load(Ordering::Relaxed);
    if !to_visitor {
        tracing::info!(
            id = booking.id,
            "the visitor changed a consultation; no mail to them (their mails of the day are used)"
        );
    }
    invite(app, &booking, &rules, method, "visitor", to_visitor).await;
    Ok((booking, rules))
}
