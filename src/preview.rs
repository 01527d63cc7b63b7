//! Preview links to a draft's page: `/portfolio/<slug>?preview=<token>`, where the token names the
//! project and an expiry and is signed with the data file's key. Only the signed-in owner gets one
//! (`POST /api/admin/portfolio-projects/{id}/preview`), and it stops working after an hour.

use anyhow::{Result, anyhow};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// How long a preview link works.
pub const VALID_SECS: u64 = 3600;

/// Keeps a preview signature from ever passing for another kind of token signed with the same key.
const DOMAIN: &str = "studio-preview-v1";

fn mac(key: &[u8], project_id: u64, expires_at: u64) -> Result<Hmac<Sha256>> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key)
        .map_err(|_| anyhow!("the token key is unusable"))?;
    mac.update(format!("{DOMAIN}:{project_id}:{expires_at}").as_bytes());
    Ok(mac)
}

/// A token for project `project_id` valid until `expires_at` (seconds since the epoch).
pub fn sign(key: &[u8], project_id: u64, expires_at: u64) -> Result<String> {
    let sig = mac(key, project_id, expires_at)?.finalize().into_bytes();
    Ok(format!(
        "{project_id}.{expires_at}.{}",
        URL_SAFE_NO_PAD.encode(sig)
    ))
}

/// The project a token opens at `now`, when it is well formed, signed with `key` and not expired.
pub fn verify(key: &[u8], token: &str, now: u64) -> Option<u64> {
    if token.len() > 200 {
        return None;
    }
    let mut parts = token.splitn(3, '.');
    let id = canonical_number(parts.next()?)?;
    let expires_at = canonical_number(parts.next()?)?;
    let sig = URL_SAFE_NO_PAD.decode(parts.next()?).ok()?;
    mac(key, id, expires_at).ok()?.verify_slice(&sig).ok()?;
    (now < expires_at && expires_at <= now.saturating_add(VALID_SECS)).then_some(id)
}

/// A number as `sign` writes it: digits only, no sign, no leading zero, so that one signature has
/// one spelling (`u64::from_str` also takes `+8` and `0008`).
fn canonical_number(text: &str) -> Option<u64> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let leading_zero = text.len() > 1 && text.starts_with('0');
    if !digits || leading_zero {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_its_project_until_it_expires() {
        let key = [7u8; 32];
        let token = sign(&key, 5, 1000 + VALID_SECS).unwrap();
        assert_eq!(verify(&key, &token, 1000), Some(5));
        assert_eq!(verify(&key, &token, 1000 + VALID_SECS), None, "expired");
        assert_eq!(verify(&[8u8; 32], &token, 1000), None, "another file's key");
        let other = token.replacen("5.", "6.", 1);
        assert_eq!(verify(&key, &other, 1000), None, "another project");
        let far = sign(&key, 5, 1000 + 10 * VALID_SECS).unwrap();
        assert_eq!(verify(&key, &far, 1000), None, "longer than an hour");
        assert_eq!(verify(&key, "garbage", 1000), None);
        let (id, rest) = token.split_once('.').unwrap();
        for respelt in [format!("+{id}.{rest}"), format!("0{id}.{rest}")] {
            assert_eq!(verify(&key, &respelt, 1000), None, "{respelt}");
        }
        let (head, sig) = token.rsplit_once('.').unwrap();
        let (id, exp) = head.split_once('.').unwrap();
        assert_eq!(verify(&key, &format!("{id}.+{exp}.{sig}"), 1000), None);
        assert_eq!(verify(&key, &format!("{id}.00{exp}.{sig}"), 1000), None);
    }
}
