//! Admin credentials: argon2id password hashes and random first-run passwords.

use anyhow::{Result, anyhow};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};

/// Shortest password `admin set-password` accepts.
pub const MIN_PASSWORD_LEN: usize = 10;

/// Hashes a password with argon2id and a fresh salt, as a PHC string.
pub fn hash_password(password: &str) -> Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| anyhow!("hashing the password: {e}"))
}

/// Whether `password` matches the PHC string `hash`; a damaged hash never matches.
pub fn verify_password(hash: &str, password: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
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
    if password.len() > 1024 {
        return Err("the password must have at most 1024 bytes".to_string());
    }
    Ok(())
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
    }

    #[test]
    fn random_passwords_are_long_and_differ() {
        let a = random_password().unwrap();
        assert_eq!(a.len(), 20);
        assert_ne!(a, random_password().unwrap());
        assert!(check_new_password(&a).is_ok());
        assert!(check_new_password("short").is_err());
    }
}
