//! Text from elsewhere (a server's answer, the journal, names in the service's folders) made safe
//! to print on the host's terminal: no escape sequence can retitle the window, recolour or hide
//! lines, or move the cursor.

/// `text` without control characters: C0 (ESC, BEL, CR...) and C1 are dropped, a tab becomes a
/// space, and a newline is kept only when `lines` says the text is several lines. Unicode's
/// direction overrides, which reorder what is shown, are dropped too.
pub fn clean_text(text: &str, lines: bool) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' if lines => Some('\n'),
            '\t' => Some(' '),
            c if c.is_control() => None,
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => None,
            c => Some(c),
        })
        .collect()
}

/// `clean_text` for text of several lines.
pub fn clean(text: &str) -> String {
    clean_text(text, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_controls_are_dropped_and_lines_kept() {
        let hostile = "ok\u{1b}]0;owned\u{07}\u{1b}[31mfake\r\nsecond\u{9b}2J\tline\u{202e}";
        assert_eq!(clean(hostile), "ok]0;owned[31mfake\nsecond2J line");
        assert_eq!(clean_text("a\nb", false), "ab");
        assert_eq!(
            clean("Snapshot: studio-000001.redb (5 m ago)"),
            "Snapshot: studio-000001.redb (5 m ago)"
        );
        assert!(!clean(hostile).chars().any(|c| c.is_control() && c != '\n'));
    }
}
