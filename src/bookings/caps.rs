//! How much one visitor may hold and be sent (issue 39, findings 2 and 5): the open bookings per
//! address, per network, per e-mail and per phone, and the mails a booking sends its visitor in a
//! day. Counted from the stored bookings, so a restart resets none of it.

use crate::limits::network_key;
use crate::store::Booking;
use std::net::IpAddr;

/// Open bookings (ahead, not cancelled) one client address may hold: a household books one or
/// two; the whole 30-day horizon is some 120 slots.
pub const OPEN_PER_ADDRESS: usize = 4;
/// The same for its network (an IPv4 /24; an IPv6 /64, which the address already is): an office
/// or a provider's neighbouring addresses hold a few people.
pub const OPEN_PER_NETWORK: usize = 8;
pub const OPEN_PER_EMAIL: usize = 2;
pub const OPEN_PER_PHONE: usize = 2;
/// Mails one booking sends its visitor a day because of what is done through its links.
pub const VISITOR_MAILS_A_DAY: u8 = 3;

/// Which cap a booking would pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    Address,
    Network,
    Email,
    Phone,
}

impl Cap {
    /// For the owner's notice and the log: "one address".
    pub fn holder(self) -> &'static str {
        match self {
            Cap::Address => "one address",
            Cap::Network => "one network",
            Cap::Email => "one e-mail address",
            Cap::Phone => "one phone number",
        }
    }

    pub fn limit(self) -> usize {
        match self {
            Cap::Address => OPEN_PER_ADDRESS,
            Cap::Network => OPEN_PER_NETWORK,
            Cap::Email => OPEN_PER_EMAIL,
            Cap::Phone => OPEN_PER_PHONE,
        }
    }
}

/// The network a stored client address belongs to (`None` for a booking without one).
fn network_of(client: &str) -> Option<IpAddr> {
    client.parse().ok().map(network_key)
}

/// The first cap `new` would pass were it held beside the bookings `held`, each booking's phone
/// compared as `phone_key` writes it (the leads' normaliser, so one number written two ways counts
/// once; `bookings` cannot import `leads`, which imports it).
pub fn passed(
    new: &Booking,
    held: &[Booking],
    now_ms: u64,
    phone_key: impl Fn(&str) -> Option<String>,
) -> Option<Cap> {
    let open: Vec<&Booking> = held.iter().filter(|b| b.is_open(now_ms)).collect();
    let count = |same: &dyn Fn(&Booking) -> bool| open.iter().filter(|b| same(b)).count();
    let network = network_of(&new.client);
    let phone = phone_key(&new.phone);
    let checks: [(Cap, usize); 4] = [
        (
            Cap::Address,
            if new.client.is_empty() {
                0
            } else {
                count(&|b| b.client == new.client)
            },
        ),
        (
            Cap::Network,
            match network {
                Some(n) => count(&|b| network_of(&b.client) == Some(n)),
                None => 0,
            },
        ),
        (
            Cap::Email,
            count(&|b| b.email.trim().eq_ignore_ascii_case(new.email.trim())),
        ),
        (
            Cap::Phone,
            match &phone {
                Some(p) => count(&|b| phone_key(&b.phone).as_ref() == Some(p)),
                None => 0,
            },
        ),
    ];
    checks
        .into_iter()
        .find(|(cap, n)| *n >= cap.limit())
        .map(|(cap, _)| cap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::BookingStatus;

    const HOUR: i64 = 3_600_000;
    const NOW: u64 = 1_800_000_000_000;

    fn booking(n: i64, client: &str, email: &str, phone: &str) -> Booking {
        let start = NOW as i64 + (n + 1) * HOUR;
        Booking {
            id: n as u64,
            start_ms: start,
            end_ms: start + HOUR,
            status: BookingStatus::Booked,
            name: "Asha".into(),
            email: email.into(),
            phone: phone.into(),
            message: String::new(),
            lead_id: None,
            stage_hint: String::new(),
            link_nonce: 1,
            created_at_ms: 0,
            changed_at_ms: 0,
            changed_by: "visitor".into(),
            client: client.into(),
            visitor_mails: 0,
            visitor_mails_day: 0,
        }
    }

    /// Digits only, enough for the tests (the server passes the leads' normaliser).
    fn digits(p: &str) -> Option<String> {
        let d: String = p.chars().filter(char::is_ascii_digit).collect();
        (!d.is_empty()).then_some(d)
    }

    #[test]
    fn each_cap_counts_only_open_bookings_of_its_holder() {
        let new = booking(50, "203.0.113.9", "asha@example.in", "98480 12345");
        let mut held: Vec<Booking> = (0..OPEN_PER_ADDRESS as i64)
            .map(|n| {
                booking(
                    n,
                    "203.0.113.9",
                    &format!("v{n}@example.in"),
                    &format!("9000{n}"),
                )
            })
            .collect();
        assert_eq!(passed(&new, &held, NOW, digits), Some(Cap::Address));
        // Past or cancelled ones hold nothing.
        held[0].end_ms = NOW as i64 - 1;
        held[1].status = BookingStatus::Cancelled;
        assert_eq!(passed(&new, &held, NOW, digits), None);
        // Neighbours on the same /24 count for the network.
        let neighbours: Vec<Booking> = (0..OPEN_PER_NETWORK as i64)
            .map(|n| {
                booking(
                    n,
                    &format!("203.0.113.{}", 100 + n),
                    &format!("n{n}@example.in"),
                    &format!("8000{n}"),
                )
            })
            .collect();
        assert_eq!(passed(&new, &neighbours, NOW, digits), Some(Cap::Network));
        let far = booking(50, "198.51.100.1", "asha@example.in", "98480 12345");
        assert_eq!(passed(&far, &neighbours, NOW, digits), None);
        // The same e-mail in any case, the same phone however it is written.
        let mine = [
            booking(1, "192.0.2.1", "ASHA@example.in", "1"),
            booking(2, "192.0.2.2", "asha@example.in ", "2"),
        ];
        assert_eq!(passed(&far, &mine, NOW, digits), Some(Cap::Email));
        let mine = [
            booking(1, "192.0.2.1", "a@example.in", "98480-12345"),
            booking(2, "192.0.2.2", "b@example.in", "(98480) 12345"),
        ];
        assert_eq!(passed(&far, &mine, NOW, digits), Some(Cap::Phone));
        // A booking from before addresses were stored counts for no address.
        let old = booking(50, "", "z@example.in", "7");
        let blank: Vec<Booking> = (0..9).map(|n| booking(n, "", "", "")).collect();
        assert_eq!(passed(&old, &blank, NOW, |_| None), None);
    }
}
