//! Telling a person's contact message from a bot's: a signed, expiring, single-use form token that
//! says when the form was handed out, and the verdict on a submission (see docs/contact.md, "Spam").
//!
//! Public pages are rendered once per data change, not per visit, so the token cannot be baked into
//! the shared `/contact` page: the SPA fetches one (`GET /api/contact/token`) when the visitor
//! starts typing, and the server-rendered no-JavaScript form carries its own.

use anyhow::{Result, anyhow};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// How long a form token stays good: a visitor may leave the page open while they write.
pub const MAX_AGE: Duration = Duration::from_secs(24 * 3600);

/// `f2.<issued at, ms, 8 bytes LE><8 random bytes>.<HMAC-SHA256>`, both parts unpadded base64url.
/// The random part makes every token handed out unique, so each can carry one message. The prefix
/// is part of what is signed, so an admin token (`v1.`) can never pass as a form token or the
/// reverse, nor a token of the earlier form (`f1.`, without the random part) as one of these.
const PREFIX: &str = "f2.";
/// Tokens remembered as used at most; beyond, further messages are filed under spam until the
/// oldest expire (it takes that many tokens, each handed out under a per-address limit, to get here).
const MAX_REMEMBERED: usize = 100_000;
const MAX_LEN: usize = 96;
/// How far ahead of this server's clock an issue time may be (clock steps on a VPS).
const CLOCK_SKEW_MS: u64 = 60_000;

/// Why a submission was filed under spam.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpamReason {
    /// The hidden `website` field was filled in: only a bot sees it.
    Honeypot,
    NoToken,
    /// Not signed by this data file's key, or damaged.
    Forged,
    /// Sent sooner after the form was handed out than a person can type.
    TooFast,
    Expired,
    /// The token already carried a message.
    Replayed,
}

impl SpamReason {
    pub fn as_str(self) -> &'static str {
        match self {
            SpamReason::Honeypot => "honeypot filled in",
            SpamReason::NoToken => "no form token",
            SpamReason::Forged => "forged form token",
            SpamReason::TooFast => "sent too fast",
            SpamReason::Expired => "expired form token",
            SpamReason::Replayed => "form token used before",
        }
    }
}

/// A form token that passed every check: which one it is, and when it was handed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket {
    /// The whole signed payload, unique per token handed out.
    pub id: u128,
    pub issued_ms: u64,
}

/// Signs a new form token saying it was handed out at `issued_ms` (milliseconds since the epoch).
pub fn issue(key: &[u8], issued_ms: u64) -> Result<String> {
    let mut payload = [0u8; 16];
    payload[..8].copy_from_slice(&issued_ms.to_le_bytes());
    getrandom::fill(&mut payload[8..]).map_err(|e| anyhow!("no system randomness: {e}"))?;
    seal(key, &format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(payload)))
}

/// The token, if this key signed it; `None` for anything else.
pub fn read(key: &[u8], token: &str) -> Option<Ticket> {
    if token.len() > MAX_LEN {
        return None;
    }
    let (payload_b64, mac_b64) = token.strip_prefix(PREFIX)?.split_once('.')?;
    let signed = &token[..PREFIX.len() + payload_b64.len()];
    let payload: [u8; 16] = URL_SAFE_NO_PAD.decode(payload_b64).ok()?.try_into().ok()?;
    if !sealed_by(key, signed, mac_b64) {
        return None;
    }
    let mut issued = [0u8; 8];
    issued.copy_from_slice(&payload[..8]);
    Some(Ticket {
        id: u128::from_le_bytes(payload),
        issued_ms: u64::from_le_bytes(issued),
    })
}

/// When a token was handed out, if this key signed it; `None` for anything else.
pub fn issued_at(key: &[u8], token: &str) -> Option<u64> {
    read(key, token).map(|t| t.issued_ms)
}

/// The verdict on a submission at `now_ms`: the token of a person's, or why it is spam. Whether
/// the token was used before is [`UsedTokens::claim`]'s to say, once the message is kept.
pub fn check(
    key: &[u8],
    token: Option<&str>,
    honeypot: Option<&str>,
    now_ms: u64,
    min_fill: Duration,
) -> Result<Ticket, SpamReason> {
    if honeypot.is_some_and(|w| !w.trim().is_empty()) {
        return Err(SpamReason::Honeypot);
    }
    let token = token
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(SpamReason::NoToken)?;
    let ticket = read(key, token).ok_or(SpamReason::Forged)?;
    if ticket.issued_ms > now_ms.saturating_add(CLOCK_SKEW_MS) {
        return Err(SpamReason::Forged);
    }
    let age = now_ms.saturating_sub(ticket.issued_ms);
    if age < min_fill.as_millis() as u64 {
        return Err(SpamReason::TooFast);
    }
    if age > MAX_AGE.as_millis() as u64 {
        return Err(SpamReason::Expired);
    }
    Ok(ticket)
}

/// The tokens that have carried a message, each until it would have expired anyway: in memory
/// (a restart forgets them, and a token from before it can then carry one more message) and
/// bounded by `MAX_REMEMBERED`.
#[derive(Default)]
pub struct UsedTokens {
    /// Token id to the time it expires, ms.
    used: Mutex<HashMap<u128, u64>>,
}

impl UsedTokens {
    /// Marks `ticket` used at `now_ms`; `false` when it was used before (or, with the memory full
    /// of live tokens, when it cannot be remembered: a message is then filed under spam rather
    /// than a replay let through).
    pub fn claim(&self, ticket: Ticket, now_ms: u64) -> bool {
        let mut used = self.used.lock().unwrap_or_else(|p| p.into_inner());
        if used.contains_key(&ticket.id) {
            return false;
        }
        if used.len() >= MAX_REMEMBERED {
            used.retain(|_, expires| *expires > now_ms);
            if used.len() >= MAX_REMEMBERED {
                tracing::warn!("too many form tokens in use to remember another; filed as spam");
                return false;
            }
        }
        let expires = ticket.issued_ms.saturating_add(MAX_AGE.as_millis() as u64);
        used.insert(ticket.id, expires);
        true
    }

    /// How many tokens are remembered.
    pub fn len(&self) -> usize {
        self.used.lock().map(|u| u.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `signed`, a dot and its HMAC-SHA256 under `key` in URL-safe base64: a token only the key's
/// holder can make. Form tokens and booking links (`crate::bookings::links`) are both sealed so.
pub fn seal(key: &[u8], signed: &str) -> Result<String> {
    let mac = mac_of(key, signed.as_bytes())
        .ok_or_else(|| anyhow!("the signing key is unusable"))?
        .finalize()
        .into_bytes();
    Ok(format!("{signed}.{}", URL_SAFE_NO_PAD.encode(mac)))
}

/// Whether `mac_b64` is `signed`'s seal under `key` ([`seal`]), compared in constant time.
pub fn sealed_by(key: &[u8], signed: &str, mac_b64: &str) -> bool {
    let Ok(mac) = URL_SAFE_NO_PAD.decode(mac_b64) else {
        return false;
    };
    mac_of(key, signed.as_bytes()).is_some_and(|m| m.verify_slice(&mac).is_ok())
}

fn mac_of(key: &[u8], data: &[u8]) -> Option<Hmac<Sha256>> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).ok()?;
    mac.update(data);
    Some(mac)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";
    const MIN: Duration = Duration::from_secs(3);
    const T0: u64 = 1_700_000_000_000;

    #[test]
    fn a_token_used_after_typing_time_passes() {
        let token = issue(KEY, T0).unwrap();
        assert_eq!(issued_at(KEY, &token), Some(T0));
        let ticket = read(KEY, &token).unwrap();
        assert_eq!(
            check(KEY, Some(&token), Some(""), T0 + 3_000, MIN),
            Ok(ticket)
        );
        assert_eq!(
            check(KEY, Some(&token), None, T0 + 86_400_000, MIN),
            Ok(ticket)
        );
        assert_ne!(
            read(KEY, &issue(KEY, T0).unwrap()).unwrap().id,
            ticket.id,
            "two tokens of the same millisecond differ"
        );
    }

    #[test]
    fn every_bot_sign_is_caught() {
        let token = issue(KEY, T0).unwrap();
        let at = |now, t: Option<&str>, hp| check(KEY, t, hp, now, MIN);
        assert_eq!(
            at(T0 + 5_000, Some(&token), Some("x")),
            Err(SpamReason::Honeypot)
        );
        assert_eq!(at(T0 + 5_000, None, None), Err(SpamReason::NoToken));
        assert_eq!(at(T0 + 5_000, Some("  "), None), Err(SpamReason::NoToken));
        assert_eq!(at(T0 + 2_999, Some(&token), None), Err(SpamReason::TooFast));
        assert_eq!(
            at(T0 + 86_400_001, Some(&token), None),
            Err(SpamReason::Expired)
        );
        assert_eq!(
            at(T0 - 120_000, Some(&token), None),
            Err(SpamReason::Forged)
        );
        let other = issue(b"another key", T0).unwrap();
        assert_eq!(at(T0 + 5_000, Some(&other), None), Err(SpamReason::Forged));
        let admin = crate::auth::issue_token(KEY, 1, 0, T0 / 1000, MIN).unwrap();
        assert_eq!(at(T0 + 5_000, Some(&admin), None), Err(SpamReason::Forged));
        // The earlier form, signed by the same key, without the random part.
        let (_, f2_mac) = token.rsplit_once('.').unwrap();
        let old = format!("f1.{}.{f2_mac}", URL_SAFE_NO_PAD.encode(T0.to_le_bytes()));
        assert_eq!(at(T0 + 5_000, Some(&old), None), Err(SpamReason::Forged));
        for i in 0..token.len() {
            let mut bytes = token.clone().into_bytes();
            bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
            let tampered = String::from_utf8(bytes).unwrap();
            assert!(issued_at(KEY, &tampered).is_none(), "byte {i}");
            assert!(issued_at(KEY, &token[..i]).is_none(), "truncated at {i}");
        }
    }

    #[test]
    fn a_token_carries_one_message_and_the_memory_forgets_expired_ones() {
        let used = UsedTokens::default();
        let a = read(KEY, &issue(KEY, T0).unwrap()).unwrap();
        let b = read(KEY, &issue(KEY, T0).unwrap()).unwrap();
        assert!(used.claim(a, T0 + 5_000));
        assert!(!used.claim(a, T0 + 6_000), "a replay");
        assert!(used.claim(b, T0 + 6_000));
        assert_eq!(used.len(), 2);
        // Filled to the brim with tokens that have expired: the next claim sweeps them.
        {
            let mut map = used.used.lock().unwrap();
            for i in 0..MAX_REMEMBERED as u128 {
                map.insert(i + 1_000, T0);
            }
        }
        let later = T0 + MAX_AGE.as_millis() as u64 + 10_000;
        let c = read(KEY, &issue(KEY, later - 5_000).unwrap()).unwrap();
        assert!(used.claim(c, later));
        assert_eq!(used.len(), 1, "every expired token was forgotten");
        assert!(!used.claim(c, later));
    }
}
