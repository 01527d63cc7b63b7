//! Phone numbers as people type them, to E.164: Indian numbers with or without +91, a trunk 0 or
//! spaces and dashes; every other country's with its code.

/// Digits an E.164 number may have, country code included.
const E164_MIN: usize = 8;
const E164_MAX: usize = 15;

/// What a visitor is told when a number cannot be read.
pub const HOW: &str = "Phone: please enter a 10-digit Indian number (98480 12345, 040 2345 6789) or \
                       another country's with its code (+44 20 7946 0958).";

/// The number in E.164 (`+919848012345`), or `None` when it is not one. Spaces, dashes, dots and
/// brackets are ignored; `00` stands for `+`; a number without a country code is Indian: ten
/// digits, or eleven with the trunk `0` (landlines are typed with their STD code: `040 2345 6789`).
pub fn to_e164(typed: &str) -> Option<String> {
    let mut plus = false;
    let mut digits = String::new();
    for c in typed.trim().chars() {
        match c {
            '+' if !plus && digits.is_empty() => plus = true,
            '0'..='9' => digits.push(c),
            ' ' | '-' | '.' | '(' | ')' | '\u{a0}' => {}
            _ => return None,
        }
    }
    if !plus && let Some(rest) = digits.strip_prefix("00") {
        (plus, digits) = (true, rest.to_string());
    }
    if plus {
        if let Some(national) = digits.strip_prefix("91") {
            return indian(national);
        }
        let ok = (E164_MIN..=E164_MAX).contains(&digits.len()) && !digits.starts_with('0');
        return ok.then(|| format!("+{digits}"));
    }
    match digits.len() {
        10 => indian(&digits),
        11 => digits.strip_prefix('0').and_then(indian),
        // 91 typed without the plus: `91 98480 12345`.
        12 => digits.strip_prefix("91").and_then(indian),
        _ => None,
    }
}

/// An Indian national number: ten digits, not starting with 0 (mobiles start 6-9, landlines with
/// their STD code).
fn indian(national: &str) -> Option<String> {
    let national = national
        .strip_prefix('0')
        .filter(|n| n.len() == 10)
        .unwrap_or(national);
    (national.len() == 10
        && !national.starts_with('0')
        && national.bytes().all(|b| b.is_ascii_digit()))
    .then(|| format!("+91{national}"))
}

/// The digits `https://wa.me/` wants: E.164 without the plus.
pub fn whatsapp_digits(e164: &str) -> &str {
    e164.trim_start_matches('+')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indian_numbers_are_accepted_as_typed() {
        for typed in [
            "98480 12345",
            "9848012345",
            "+91-98480-12345",
            "+91 98480 12345",
            "+91 098480 12345",
            "0091 98480 12345",
            "09848012345",
            "91 98480 12345",
            "(+91) 98480.12345",
        ] {
            assert_eq!(to_e164(typed).as_deref(), Some("+919848012345"), "{typed}");
        }
        assert_eq!(to_e164("040 2345 6789").as_deref(), Some("+914023456789"));
        assert_eq!(to_e164("040-23456789").as_deref(), Some("+914023456789"));
    }

    #[test]
    fn foreign_numbers_need_their_country_code() {
        assert_eq!(
            to_e164("+44 20 7946 0958").as_deref(),
            Some("+442079460958")
        );
        assert_eq!(
            to_e164("+1 (415) 555-2671").as_deref(),
            Some("+14155552671")
        );
        assert_eq!(
            to_e164("00971 50 123 4567").as_deref(),
            Some("+971501234567")
        );
    }

    #[test]
    fn numbers_that_are_not_phones_are_refused() {
        for typed in [
            "",
            "12345",
            "98480 1234",
            "0000000000",
            "+91 12345",
            "+0 123456789",
            "+1234567",
            "+1234567890123456",
            "98480x12345",
            "call me",
            "9848012345; DROP",
            "++919848012345",
            "98480+12345",
        ] {
            assert_eq!(to_e164(typed), None, "{typed}");
        }
        assert_eq!(whatsapp_digits("+919848012345"), "919848012345");
    }
}
