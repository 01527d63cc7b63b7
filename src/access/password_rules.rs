//! Whether a password a person chooses in the panel is good enough: 12 or more characters, and not
//! one of the passwords people most often choose (breach lists' favourites, the keyboard's rows, a
//! word and a year, the person's own user name or the studio's name in it).

use crate::auth::MAX_PASSWORD_BYTES;

/// The panel's minimum; the host's `studio admin` accepts `auth::MIN_PASSWORD_LEN`.
pub const MIN_LEN: usize = 12;

/// Words that, with digits and symbols around them, make the commonest long passwords in breach
/// lists (and the names a studio in Hyderabad would reach for first).
const COMMON_STEMS: &[&str] = &[
    "password",
    "passw0rd",
    "qwerty",
    "qwertyuiop",
    "asdfgh",
    "asdfghjkl",
    "zxcvbnm",
    "iloveyou",
    "welcome",
    "admin",
    "administrator",
    "letmein",
    "sunshine",
    "football",
    "cricket",
    "monkey",
    "dragon",
    "master",
    "shadow",
    "princess",
    "superman",
    "batman",
    "trustno",
    "whatever",
    "abcdef",
    "abcdefgh",
    "abcdefghijkl",
    "india",
    "hyderabad",
    "secunderabad",
    "bharat",
    "changeme",
    "default",
    "secret",
    "studio",
    "interior",
    "interiors",
    "design",
    "designer",
    "architect",
    "architecture",
    "login",
    "user",
    "test",
    "guest",
    "qazwsx",
    "mypassword",
];

/// Why `password` will not do, in words; `None` when it will.
pub fn problem(password: &str, username: &str) -> Option<String> {
    if password.chars().count() < MIN_LEN {
        return Some(format!(
            "Choose a password of at least {MIN_LEN} characters."
        ));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Some(format!(
            "A password may have at most {MAX_PASSWORD_BYTES} bytes."
        ));
    }
    let lower = password.to_lowercase();
    let letters: String = lower.chars().filter(|c| c.is_alphabetic()).collect();
    let user = username.trim().to_lowercase();
    if user.len() >= 3 && lower.contains(&user) {
        return Some("Your password must not contain your user name.".into());
    }
    let first = lower.chars().next();
    if lower.chars().all(|c| Some(c) == first) || is_run(&lower) {
        return Some(
            "That password is too easy to guess: avoid repeats and runs like 123456.".into(),
        );
    }
    if letters.is_empty() || COMMON_STEMS.contains(&letters.as_str()) || is_stem_repeated(&letters)
    {
        return Some(
            "That password is among the most common ones. Use a few unrelated words, or a phrase."
                .into(),
        );
    }
    None
}

/// A run of neighbouring characters, up or down ("123456789012", "abcdefghijkl").
fn is_run(s: &str) -> bool {
    let c: Vec<u32> = s.chars().map(u32::from).collect();
    let steps: Vec<i64> = c.windows(2).map(|w| w[1] as i64 - w[0] as i64).collect();
    steps.iter().all(|d| d.abs() == 1 || *d == -9)
}

/// A common word said again ("passwordpassword").
fn is_stem_repeated(letters: &str) -> bool {
    COMMON_STEMS.iter().any(|stem| {
        !letters.is_empty()
            && letters.len().is_multiple_of(stem.len())
            && letters == stem.repeat(letters.len() / stem.len())
    })
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn common_and_short_passwords_are_refused() {
        for bad in [
            "short",
            "password1234",
            "Password@2024",
            "qwertyuiop12",
            "123456789012",
            "aaaaaaaaaaaa",
            "iloveyou1234",
            "Hyderabad@123",
            "meera-secret-1",
            "passwordpassword",
        ] {
            assert!(problem(bad, "meera").is_some(), "{bad} was accepted");
        }
        for good in [
            "teak chai monsoon",
            "correct horse battery",
            "Banjara-hills-loft-9",
        ] {
            assert_eq!(problem(good, "meera"), None, "{good}");
        }
    }
}
