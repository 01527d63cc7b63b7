//! The token a sign-in hands the browser: `v2.<session id>.<secret>`. The session's record keeps
//! only the secret's SHA-256, so neither the data file nor a backup of it holds a usable token, and
//! no token-signing key is involved: replacing that key (a password change) signs nobody else out.

use anyhow::{Result, anyhow};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

const PREFIX: &str = "v2.";
const SECRET_LEN: usize = 32;
/// Longer strings are refused before any decoding.
const MAX_LEN: usize = 128;

/// A new random secret, and its hash to store.
pub fn new_secret() -> Result<([u8; SECRET_LEN], [u8; 32])> {
    let mut secret = [0u8; SECRET_LEN];
    getrandom::fill(&mut secret).map_err(|e| anyhow!("no system randomness for a token: {e}"))?;
    Ok((secret, hash(&secret)))
}

pub fn hash(secret: &[u8]) -> [u8; 32] {
    Sha256::digest(secret).into()
}

/// The token for session `id` with `secret`.
pub fn encode(id: u64, secret: &[u8; SECRET_LEN]) -> String {
    format!("{PREFIX}{id}.{}", URL_SAFE_NO_PAD.encode(secret))
}

/// Whether `token` is of this form (the older signed form is `auth::verify_token`'s).
pub fn is_session_token(token: &str) -> bool {
    token.starts_with(PREFIX)
}

/// The session id and the hash of the secret a token carries; `None` for anything malformed.
pub fn decode(token: &str) -> Option<(u64, [u8; 32])> {
    if token.len() > MAX_LEN {
        return None;
    }
    let (id, secret) = token.strip_prefix(PREFIX)?.split_once('.')?;
    if id.is_empty() || id.len() > 20 || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let id: u64 = id.parse().ok()?;
    let secret = URL_SAFE_NO_PAD.decode(secret).ok()?;
    (secret.len() == SECRET_LEN).then(|| (id, hash(&secret)))
}

/// An invitation link's secret: 32 random bytes, URL-safe, and its hash to store.
pub fn new_invite_secret() -> Result<(String, [u8; 32])> {
    let (secret, hashed) = new_secret()?;
    Ok((URL_SAFE_NO_PAD.encode(secret), hashed))
}

/// The hash of an invitation link's secret; `None` when it is not one.
pub fn invite_hash(secret: &str) -> Option<[u8; 32]> {
    if secret.len() > MAX_LEN {
        return None;
    }
    let bytes = URL_SAFE_NO_PAD.decode(secret).ok()?;
    (bytes.len() == SECRET_LEN).then(|| hash(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_refuse_tampering() {
        let (secret, hashed) = new_secret().expect("randomness");
        let token = encode(42, &secret);
        assert_eq!(decode(&token), Some((42, hashed)));
        assert_ne!(
            decode(&token.replace("v2.42.", "v2.43.")),
            Some((42, hashed))
        );
        for bad in [
            "",
            "v2.",
            "v2.1",
            "v2.x.abc",
            "v2.-1.abc",
            "v1.abc.def",
            &"v2.1.".repeat(40),
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
