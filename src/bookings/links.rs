//! The visitor's links to a consultation: signed with the data file's key (no account), expiring,
//! and, for cancelling or moving, good once: a link carries the booking's `link_nonce`, which
//! every use changes, so the same link cannot cancel twice or move a consultation back.

use crate::spam::{seal, sealed_by};
use anyhow::{Result, anyhow};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// What a link lets its holder do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Cancel or move the consultation (single use).
    Manage,
    /// Download its calendar file.
    Calendar,
}

impl Purpose {
    /// Signed with the rest, so one kind of link never passes as the other (nor as a form or
    /// admin token).
    fn prefix(self) -> &'static str {
        match self {
            Purpose::Manage => "m1.",
            Purpose::Calendar => "k1.",
        }
    }
}

/// A link that this key signed for this purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    pub booking: u64,
    pub nonce: u64,
    pub expires_ms: i64,
}

/// Why a link does not work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not signed by this key for this purpose, or damaged.
    Invalid,
    Expired,
    /// Used before (the booking's nonce moved on).
    Used,
}

impl Refusal {
    /// What the visitor reads.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::Invalid => {
                "This link is not complete or not valid. Please use the link in your confirmation mail."
            }
            Refusal::Expired => {
                "This link has expired: the consultation has started or passed. Please call or write to the studio."
            }
            Refusal::Used => {
                "This link has been used already. Please use the link in your latest confirmation mail."
            }
        }
    }
}

const MAX_LEN: usize = 128;

/// A new random nonce for a booking's links.
pub fn fresh_nonce() -> Result<u64> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| anyhow!("no system randomness: {e}"))?;
    Ok(u64::from_le_bytes(b))
}

/// The token of a link.
pub fn sign(key: &[u8], purpose: Purpose, link: Link) -> Result<String> {
    let mut payload = [0u8; 24];
    payload[..8].copy_from_slice(&link.booking.to_le_bytes());
    payload[8..16].copy_from_slice(&link.nonce.to_le_bytes());
    payload[16..].copy_from_slice(&link.expires_ms.to_le_bytes());
    seal(
        key,
        &format!("{}{}", purpose.prefix(), URL_SAFE_NO_PAD.encode(payload)),
    )
}

/// The link in `token` if this key signed it for `purpose` and it has not expired at `now_ms`.
/// Whether it was used is the booking's to say ([`check_unused`]).
pub fn read(key: &[u8], purpose: Purpose, token: &str, now_ms: i64) -> Result<Link, Refusal> {
    let token = token.trim();
    if token.len() > MAX_LEN {
        return Err(Refusal::Invalid);
    }
    let rest = token
        .strip_prefix(purpose.prefix())
        .ok_or(Refusal::Invalid)?;
    let (payload_b64, mac_b64) = rest.split_once('.').ok_or(Refusal::Invalid)?;
    let signed = &token[..purpose.prefix().len() + payload_b64.len()];
    if !sealed_by(key, signed, mac_b64) {
        return Err(Refusal::Invalid);
    }
    let payload: [u8; 24] = URL_SAFE_NO_PAD
        .decode(payload_b64)
        .ok()
        .and_then(|p| p.try_into().ok())
        .ok_or(Refusal::Invalid)?;
    let part = |i: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&payload[i * 8..i * 8 + 8]);
        b
    };
    let link = Link {
        booking: u64::from_le_bytes(part(0)),
        nonce: u64::from_le_bytes(part(1)),
        expires_ms: i64::from_le_bytes(part(2)),
    };
    if now_ms >= link.expires_ms {
        return Err(Refusal::Expired);
    }
    Ok(link)
}

/// Whether `link` is the booking's current one.
pub fn check_unused(link: &Link, current_nonce: u64) -> Result<(), Refusal> {
    if link.nonce == current_nonce {
        Ok(())
    } else {
        Err(Refusal::Used)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";
    const LINK: Link = Link {
        booking: 7,
        nonce: 42,
        expires_ms: 2_000,
    };

    #[test]
    fn a_signed_link_reads_back_until_it_expires() {
        let token = sign(KEY, Purpose::Manage, LINK).unwrap();
        assert_eq!(read(KEY, Purpose::Manage, &token, 1_999), Ok(LINK));
        assert_eq!(
            read(KEY, Purpose::Manage, &token, 2_000),
            Err(Refusal::Expired)
        );
        assert_eq!(
            read(KEY, Purpose::Manage, &token, 9_999),
            Err(Refusal::Expired)
        );
    }

    #[test]
    fn forged_or_other_links_are_invalid() {
        let token = sign(KEY, Purpose::Manage, LINK).unwrap();
        let other_key = b"another key, another data file..";
        assert_eq!(
            read(other_key, Purpose::Manage, &token, 0),
            Err(Refusal::Invalid)
        );
        assert_eq!(
            read(KEY, Purpose::Calendar, &token, 0),
            Err(Refusal::Invalid)
        );
        let calendar = sign(KEY, Purpose::Calendar, LINK).unwrap();
        assert_eq!(
            read(KEY, Purpose::Manage, &calendar, 0),
            Err(Refusal::Invalid)
        );
        // Another booking's id or a later expiry under the same signature.
        let (signed, mac) = token.rsplit_once('.').unwrap();
        let mut payload = URL_SAFE_NO_PAD.decode(&signed[3..]).unwrap();
        payload[0] = 8;
        let tampered = format!("m1.{}.{mac}", URL_SAFE_NO_PAD.encode(&payload));
        assert_eq!(
            read(KEY, Purpose::Manage, &tampered, 0),
            Err(Refusal::Invalid)
        );
        for junk in ["", "m1.", "m1.x.y", "v1.abc.def", &"m1.a".repeat(100)] {
            assert_eq!(
                read(KEY, Purpose::Manage, junk, 0),
                Err(Refusal::Invalid),
                "{junk}"
            );
        }
    }

    #[test]
    fn a_link_works_once() {
        let link = read(
            KEY,
            Purpose::Manage,
            &sign(KEY, Purpose::Manage, LINK).unwrap(),
            0,
        )
        .unwrap();
        assert_eq!(check_unused(&link, 42), Ok(()));
        // The booking's nonce moved on when the link was used.
        assert_eq!(check_unused(&link, 43), Err(Refusal::Used));
        assert_ne!(fresh_nonce().unwrap(), fresh_nonce().unwrap());
    }
}
