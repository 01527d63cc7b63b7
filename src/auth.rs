//! Admin credentials: argon2id password hashes and random first-run passwords, bounded password
//! checks, and the signed admin tokens (HMAC-SHA256 with an expiry and a revocation generation).

use anyhow::{Result, anyhow};
use argon2::{Algorithm, Argon2, Block, Params, PasswordHash, PasswordHasher, Version};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::sync::LazyLock;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Shortest password `admin set-password` accepts.
pub const MIN_PASSWORD_LEN: usize = 10;

/// Longest password a login will hash; anything longer simply fails.
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// Password checks running at once. Each holds about 19 MiB; more would not finish sooner on a
/// small machine, only use more memory.
const CONCURRENT_CHECKS: usize = 2;

/// The most argon2 memory a stored hash may ask for (64 MiB); a hash asking more never matches.
const MAX_BLOCKS: usize = 64 * 1024;

/// A well-formed hash with the default parameters (random salt and output, so no password is
/// known to match it): an unknown user name is checked against it, so that it costs the same as a
/// wrong password.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$2LkzWbNmGE6r80BZoDOYxQ$ho6PGR6IuNwWUwEomlt1ijYvxLVEb5NHsPN8MC3w92k";

/// Hashes a password with argon2id and a fresh salt, as a PHC string.
pub fn hash_password(password: &str) -> Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| anyhow!("hashing the password: {e}"))
}

/// Whether `password` matches the PHC string `hash`; a damaged hash never matches.
///
/// The argon2 memory (19 MiB with the default parameters) is allocated for the check and handed
/// back to the system after it (`memory::give_back`): a pool that kept it for the next login held
/// 19 MiB per concurrent check for the life of the process, most of an idle server's growth after
/// one sign-in (issue 28). mimalloc, unlike glibc's per-thread arenas, reuses and purges it.
pub fn verify_password(hash: &str, password: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(parsed.algorithm.as_str()) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from).transpose() {
        Ok(v) => v.unwrap_or_default(),
        Err(_) => return false,
    };
    let Ok(params) = Params::try_from(&parsed) else {
        return false;
    };
    let blocks = params.block_count();
    if blocks > MAX_BLOCKS {
        return false;
    }
    let argon2 = Argon2::new(algorithm, version, params);
    let mut out = vec![0u8; expected.len()];
    let mut memory = vec![Block::new(); blocks];
    let hashed =
        argon2.hash_password_into_with_memory(password.as_bytes(), salt, &mut out, &mut memory[..]);
    drop(memory);
    crate::memory::give_back();
    hashed.is_ok() && constant_time_eq(&out, expected.as_ref())
}

static CHECKS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(CONCURRENT_CHECKS));

/// Checks a login's password off the async workers, at most `CONCURRENT_CHECKS` at a time. With no
/// stored hash (an unknown user) it checks against a dummy hash, so both failures cost one hash.
pub async fn check_login_password(stored_hash: Option<String>, password: String) -> bool {
    let Ok(_permit) = CHECKS.acquire().await else {
        return false;
    };
    let known = stored_hash.is_some();
    let hash = stored_hash.unwrap_or_else(|| DUMMY_HASH.to_string());
    let matched = tokio::task::spawn_blocking(move || {
        password.len() <= MAX_PASSWORD_BYTES && verify_password(&hash, &password)
    })
    .await
    .unwrap_or(false);
    known && matched
}

/// A random password for a first run: 20 characters from an alphabet without look-alikes.
pub fn random_password() -> Result<String> {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 20];
    getrandom::fill(&mut bytes).map_err(|e| anyhow!("no system randomness: {e}"))?;
    // 256 is not a multiple of the alphabet's size; the slight bias costs well under a bit of the
    // password's ~116 bits.
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect())
}

/// Checks a new password an owner typed; the message says what to fix.
pub fn check_new_password(password: &str) -> Result<(), String> {
    if password.chars().count() < MIN_PASSWORD_LEN {
        return Err(format!(
            "the password must have at least {MIN_PASSWORD_LEN} characters"
        ));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(format!(
            "the password must have at most {MAX_PASSWORD_BYTES} bytes"
        ));
    }
    Ok(())
}

pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

// ----- tokens -----

/// The scheme and format of a token: `v1.<payload>.<mac>`, both parts unpadded base64url.
const TOKEN_PREFIX: &str = "v1.";
/// admin id (8 bytes), generation (4), issued at (8), expires at (8), all little-endian.
const PAYLOAD_LEN: usize = 28;
/// Longer strings are refused before any decoding.
const MAX_TOKEN_LEN: usize = 128;
/// How far ahead of this server's clock an issue time may be (clock steps on a VPS).
const CLOCK_SKEW_SECS: u64 = 60;

/// What a valid token says. Whether its generation is still the admin's is the caller's check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claims {
    pub admin_id: u64,
    pub generation: u32,
    pub issued_at: u64,
    pub expires_at: u64,
}

/// Why a token was refused; every reason is answered with the same 401.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("the token is malformed")]
    Malformed,
    #[error("the token's signature does not match")]
    BadSignature,
    #[error("the token has expired")]
    Expired,
    #[error("the token was issued in the future")]
    NotYetValid,
}

/// Signs a token for `admin_id` at `generation`, valid from `now` (seconds since the epoch) for `ttl`.
pub fn issue_token(
    key: &[u8],
    admin_id: u64,
    generation: u32,
    now: u64,
    ttl: Duration,
) -> Result<String> {
    let claims = Claims {
        admin_id,
        generation,
        issued_at: now,
        expires_at: now.saturating_add(ttl.as_secs().max(1)),
    };
    let mut payload = Vec::with_capacity(PAYLOAD_LEN);
    payload.extend_from_slice(&claims.admin_id.to_le_bytes());
    payload.extend_from_slice(&claims.generation.to_le_bytes());
    payload.extend_from_slice(&claims.issued_at.to_le_bytes());
    payload.extend_from_slice(&claims.expires_at.to_le_bytes());
    let signed = format!("{TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(&payload));
    let mac = mac_of(key, signed.as_bytes())
        .ok_or_else(|| anyhow!("the token key is unusable"))?
        .finalize()
        .into_bytes();
    Ok(format!("{signed}.{}", URL_SAFE_NO_PAD.encode(mac)))
}

/// Checks a token's form, signature (in constant time) and time window at `now`.
pub fn verify_token(key: &[u8], token: &str, now: u64) -> Result<Claims, TokenError> {
    if token.len() > MAX_TOKEN_LEN {
        return Err(TokenError::Malformed);
    }
    let body = token
        .strip_prefix(TOKEN_PREFIX)
        .ok_or(TokenError::Malformed)?;
    let (payload_b64, mac_b64) = body.split_once('.').ok_or(TokenError::Malformed)?;
    let signed = &token[..TOKEN_PREFIX.len() + payload_b64.len()];
    let payload = URL_SAFE_NO_PAD
        .decode(payload_b64)
        .map_err(|_| TokenError::Malformed)?;
    let mac = URL_SAFE_NO_PAD
        .decode(mac_b64)
        .map_err(|_| TokenError::Malformed)?;
    if payload.len() != PAYLOAD_LEN {
        return Err(TokenError::Malformed);
    }
    mac_of(key, signed.as_bytes())
        .ok_or(TokenError::BadSignature)?
        .verify_slice(&mac)
        .map_err(|_| TokenError::BadSignature)?;
    let u64_at = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&payload[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let mut generation = [0u8; 4];
    generation.copy_from_slice(&payload[8..12]);
    let claims = Claims {
        admin_id: u64_at(0),
        generation: u32::from_le_bytes(generation),
        issued_at: u64_at(12),
        expires_at: u64_at(20),
    };
    if claims.issued_at > now.saturating_add(CLOCK_SKEW_SECS) {
        return Err(TokenError::NotYetValid);
    }
    if now >= claims.expires_at {
        return Err(TokenError::Expired);
    }
    Ok(claims)
}

fn mac_of(key: &[u8], data: &[u8]) -> Option<Hmac<Sha256>> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).ok()?;
    mac.update(data);
    Some(mac)
}

/// Seconds since the Unix epoch.
pub fn now_secs() -> u64 {
    crate::store::now_ms() / 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_are_salted() {
        let a = hash_password("correct horse battery").unwrap();
        let b = hash_password("correct horse battery").unwrap();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b);
        assert!(verify_password(&a, "correct horse battery"));
        assert!(!verify_password(&a, "wrong"));
        assert!(!verify_password("not a hash", "wrong"));
        // The pooled memory is reused: a second round gives the same answers.
        assert!(verify_password(&b, "correct horse battery"));
        assert!(!verify_password(&b, "correct horse batter"));
    }

    #[test]
    fn the_dummy_hash_costs_what_a_real_one_does() {
        let real = PasswordHash::new(&hash_password("x").unwrap())
            .unwrap()
            .params
            .to_string();
        let dummy = PasswordHash::new(DUMMY_HASH).unwrap();
        assert_eq!(dummy.algorithm.as_str(), "argon2id");
        assert_eq!(dummy.params.to_string(), real);
    }

    #[tokio::test]
    async fn unknown_users_never_log_in() {
        let hash = hash_password("correct horse battery").unwrap();
        assert!(check_login_password(Some(hash.clone()), "correct horse battery".into()).await);
        assert!(!check_login_password(Some(hash), "nope".into()).await);
        assert!(!check_login_password(None, "correct horse battery".into()).await);
        assert!(!check_login_password(None, String::new()).await);
    }

    #[test]
    fn random_passwords_are_long_and_differ() {
        let a = random_password().unwrap();
        assert_eq!(a.len(), 20);
        assert_ne!(a, random_password().unwrap());
        assert!(check_new_password(&a).is_ok());
        assert!(check_new_password("short").is_err());
    }

    const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";
    const HOUR: Duration = Duration::from_secs(3600);

    #[test]
    fn tokens_round_trip_until_they_expire() {
        let token = issue_token(KEY, 7, 3, 1_000, HOUR).unwrap();
        let claims = verify_token(KEY, &token, 1_500).unwrap();
        assert_eq!(
            claims,
            Claims {
                admin_id: 7,
                generation: 3,
                issued_at: 1_000,
                expires_at: 4_600
            }
        );
        assert_eq!(verify_token(KEY, &token, 4_600), Err(TokenError::Expired));
        assert_eq!(verify_token(KEY, &token, 100), Err(TokenError::NotYetValid));
    }

    #[test]
    fn any_change_to_a_token_is_refused() {
        let token = issue_token(KEY, 1, 0, 1_000, HOUR).unwrap();
        assert_eq!(
            verify_token(b"another key", &token, 1_001),
            Err(TokenError::BadSignature)
        );
        for i in 0..token.len() {
            let mut bytes = token.clone().into_bytes();
            bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
            let tampered = String::from_utf8(bytes).unwrap();
            assert!(verify_token(KEY, &tampered, 1_001).is_err(), "byte {i}");
            assert!(
                verify_token(KEY, &token[..i], 1_001).is_err(),
                "truncated at {i}"
            );
        }
        assert!(verify_token(KEY, &format!("{token}x"), 1_001).is_err());
        assert!(verify_token(KEY, &format!("{token}.x"), 1_001).is_err());
        assert!(verify_token(KEY, "", 1_001).is_err());
    }
}
