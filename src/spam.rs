//! Telling a person's contact message from a bot's: a signed, expiring form token that says when the
//! form was handed out, and the verdict on a submission (see docs/contact.md, "Spam").
//!
//! Public pages are rendered once per data change, not per visit, so the token cannot be baked into
//! the shared `/contact` page: the SPA fetches one (`GET /api/contact/token`) when the visitor
//! starts typing, and the server-rendered no-JavaScript form carries its own.

use anyhow::{Result, anyhow};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::time::Duration;

/// How long a form token stays good: a visitor may leave the page open while they write.
pub const MAX_AGE: Duration = Duration::from_secs(24 * 3600);

/// `f1.<issued at, ms, 8 bytes LE>.<HMAC-SHA256>`, both parts unpadded base64url. The prefix is part
/// of what is signed, so an admin token (`v1.`) can never pass as a form token or the reverse.
const PREFIX: &str = "f1.";
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
}

impl SpamReason {
    pub fn as_str(self) -> &'static str {
        match self {
            SpamReason::Honeypot => "honeypot filled in",
            SpamReason::NoToken => "no form token",
            SpamReason::Forged => "forged form token",
            SpamReason::TooFast => "sent too fast",
            SpamReason::Expired => "expired form token",
        }
    }
}

/// Signs a form token saying it was handed out at `issued_ms` (milliseconds since the epoch).
pub fn issue(key: &[u8], issued_ms: u64) -> Result<String> {
    let signed = format!(
        "{PREFIX}{}",
        URL_SAFE_NO_PAD.encode(issued_ms.to_le_bytes())
    );
    let mac = mac_of(key, signed.as_bytes())
        .ok_or_else(|| anyhow!("the signing key is unusable"))?
        .finalize()
        .into_bytes();
    Ok(format!("{signed}.{}", URL_SAFE_NO_PAD.encode(mac)))
}

/// When a token was handed out, if this key signed it; `None` for anything else.
pub fn issued_at(key: &[u8], token: &str) -> Option<u64> {
    if token.len() > MAX_LEN {
        return None;
    }
    let (payload_b64, mac_b64) = token.strip_prefix(PREFIX)?.split_once('.')?;
    let signed = &token[..PREFIX.len() + payload_b64.len()];
    let payload: [u8; 8] = URL_SAFE_NO_PAD.decode(payload_b64).ok()?.try_into().ok()?;
    let mac = URL_SAFE_NO_PAD.decode(mac_b64).ok()?;
    mac_of(key, signed.as_bytes())?.verify_slice(&mac).ok()?;
    Some(u64::from_le_bytes(payload))
}

/// The verdict on a submission at `now_ms`: `Ok` for a person's, or why it is spam.
pub fn check(
    key: &[u8],
    token: Option<&str>,
    honeypot: Option<&str>,
    now_ms: u64,
    min_fill: Duration,
) -> Result<(), SpamReason> {
    if honeypot.is_some_and(|w| !w.trim().is_empty()) {
        return Err(SpamReason::Honeypot);
    }
    let token = token
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(SpamReason::NoToken)?;
    let issued = issued_at(key, token).ok_or(SpamReason::Forged)?;
    if issued > now_ms.saturating_add(CLOCK_SKEW_MS) {
        return Err(SpamReason::Forged);
    }
    let age = now_ms.saturating_sub(issued);
    if age < min_fill.as_millis() as u64 {
        return Err(SpamReason::TooFast);
    }
    if age > MAX_AGE.as_millis() as u64 {
        return Err(SpamReason::Expired);
    }
    Ok(())
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
        assert_eq!(check(KEY, Some(&token), Some(""), T0 + 3_000, MIN), Ok(()));
        assert_eq!(check(KEY, Some(&token), None, T0 + 86_400_000, MIN), Ok(()));
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
        for i in 0..token.len() {
            let mut bytes = token.clone().into_bytes();
            bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
            let tampered = String::from_utf8(bytes).unwrap();
            assert!(issued_at(KEY, &tampered).is_none(), "byte {i}");
            assert!(issued_at(KEY, &token[..i]).is_none(), "truncated at {i}");
        }
    }
}
