//! A consultation as iCalendar bytes (RFC 5545): one VEVENT with its times in UTC (`...Z`), which
//! every calendar reads without a VTIMEZONE block, text escaped and lines folded at 75 octets.

use jiff::Timestamp;

/// What the calendar is asked to do with the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// An invitation by mail: calendars offer to add it, and update it on a later one.
    Request,
    /// A file to add by hand ('Add to calendar').
    Publish,
    /// The consultation was cancelled: calendars that have it remove it.
    Cancel,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Request => "REQUEST",
            Method::Publish => "PUBLISH",
            Method::Cancel => "CANCEL",
        }
    }
}

/// The facts of one invitation.
#[derive(Debug, Clone)]
pub struct Event<'a> {
    /// Stable for the consultation's whole life, so a move or cancel updates the same event.
    pub uid: &'a str,
    /// Grows with every change of the consultation.
    pub sequence: u32,
    pub stamp: Timestamp,
    pub start: Timestamp,
    pub end: Timestamp,
    pub summary: &'a str,
    pub description: &'a str,
    pub location: &'a str,
    pub organizer_name: &'a str,
    pub organizer_email: &'a str,
    pub attendee_name: &'a str,
    pub attendee_email: &'a str,
    /// The visitor's cancel/move page, when there is one.
    pub url: Option<&'a str>,
}

/// `text/calendar; method=...; charset=utf-8` for this method.
pub fn content_type(method: Method) -> String {
    format!("text/calendar; charset=utf-8; method={}", method.as_str())
}

/// The calendar file of `event`.
pub fn calendar(event: &Event, method: Method) -> Vec<u8> {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".into(),
        "PRODID:-//studio//Consultations//EN".into(),
        "CALSCALE:GREGORIAN".into(),
        format!("METHOD:{}", method.as_str()),
        "BEGIN:VEVENT".into(),
        format!("UID:{}", text(event.uid)),
        format!("SEQUENCE:{}", event.sequence),
        format!("DTSTAMP:{}", utc(event.stamp)),
        format!("DTSTART:{}", utc(event.start)),
        format!("DTEND:{}", utc(event.end)),
        format!("SUMMARY:{}", text(event.summary)),
    ];
    if !event.description.is_empty() {
        lines.push(format!("DESCRIPTION:{}", text(event.description)));
    }
    if !event.location.is_empty() {
        lines.push(format!("LOCATION:{}", text(event.location)));
    }
    if !event.organizer_email.is_empty() {
        lines.push(format!(
            "ORGANIZER;CN={}:mailto:{}",
            param(event.organizer_name),
            address(event.organizer_email)
        ));
    }
    if !event.attendee_email.is_empty() {
        let partstat = if method == Method::Cancel {
            "DECLINED"
        } else {
            "ACCEPTED"
        };
        lines.push(format!(
            "ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;PARTSTAT={partstat};RSVP=FALSE:mailto:{}",
            param(event.attendee_name),
            address(event.attendee_email)
        ));
    }
    if let Some(url) = event.url {
        lines.push(format!("URL:{}", address(url)));
    }
    let status = if method == Method::Cancel {
        "CANCELLED"
    } else {
        "CONFIRMED"
    };
    lines.push(format!("STATUS:{status}"));
    lines.push("TRANSP:OPAQUE".into());
    lines.push("END:VEVENT".into());
    lines.push("END:VCALENDAR".into());
    let mut out = Vec::new();
    for line in lines {
        fold(&line, &mut out);
    }
    out
}

/// `20261203T053000Z`.
fn utc(at: Timestamp) -> String {
    at.strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value: backslash, semicolon, comma and line breaks escaped; other controls dropped.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            c if c.is_control() && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A parameter value (`CN=`), always quoted; quotes and controls cannot be written in one.
fn param(s: &str) -> String {
    let clean: String = s.chars().filter(|c| !c.is_control() && *c != '"').collect();
    format!("\"{clean}\"")
}

/// An address or URL: no controls or spaces, which would end the line or the value.
fn address(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control() && !c.is_whitespace())
        .collect()
}

/// Writes `line` folded to lines of at most 75 octets (never inside a UTF-8 character), CRLF.
fn fold(line: &str, out: &mut Vec<u8>) {
    let mut width = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if width + len > 75 {
            out.extend_from_slice(b"\r\n ");
            width = 1;
        }
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        width += len;
    }
    out.extend_from_slice(b"\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use icalendar::parser::{read_calendar, unfold};

    fn event<'a>(description: &'a str, attendee: &'a str) -> Event<'a> {
        Event {
            uid: "consultation-7@studio.example.in",
            sequence: 2,
            stamp: "2026-12-01T03:30:00Z".parse().unwrap(),
            start: "2026-12-03T11:00:00+05:30".parse().unwrap(),
            end: "2026-12-03T12:00:00+05:30".parse().unwrap(),
            summary: "Consultation with Studio Aranya, Hyderabad",
            description,
            location: "Plot 12, Road No. 36; Jubilee Hills, Hyderabad",
            organizer_name: "Studio Aranya",
            organizer_email: "hello@studio.example.in",
            attendee_name: attendee,
            attendee_email: "asha@example.in",
            url: Some("https://studio.example.in/book/manage?t=abc.def"),
        }
    }

    fn value<'a>(cal: &'a icalendar::parser::Calendar<'a>, name: &str) -> String {
        let ev = cal
            .components
            .iter()
            .find(|c| c.name == "VEVENT")
            .expect("a VEVENT");
        ev.find_prop(name)
            .unwrap_or_else(|| panic!("no {name}"))
            .val
            .clone()
            .unescape_text()
            .as_str()
            .to_string()
    }

    #[test]
    fn a_real_parser_reads_back_every_field() {
        let long = format!(
            "Phone: +91 98480 12345\nAbout the project: {}, in teak; and brass\\done",
            "a 3BHK in Gachibowli with a study ".repeat(6)
        );
        let bytes = calendar(&event(&long, "Asha \"Rao\"\r\nBcc: x"), Method::Request);
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.lines().all(|l| l.len() <= 76), "folded:\n{text}");
        assert!(text.split("\r\n").all(|l| !l.contains('\n')));
        let unfolded = unfold(&text);
        let cal = read_calendar(&unfolded).unwrap();
        let method = cal.properties.iter().find(|p| p.name == "METHOD").unwrap();
        assert_eq!(method.val.as_str(), "REQUEST");
        // The studio's 11:00 IST is 05:30 UTC.
        assert_eq!(value(&cal, "DTSTART"), "20261203T053000Z");
        assert_eq!(value(&cal, "DTEND"), "20261203T063000Z");
        let start: icalendar::CalendarDateTime = value(&cal, "DTSTART").parse().unwrap();
        assert!(
            matches!(start, icalendar::CalendarDateTime::Utc(t) if t.timestamp() == 1_796_275_800)
        );
        assert_eq!(value(&cal, "DESCRIPTION"), long);
        assert_eq!(
            value(&cal, "LOCATION"),
            "Plot 12, Road No. 36; Jubilee Hills, Hyderabad"
        );
        assert_eq!(value(&cal, "UID"), "consultation-7@studio.example.in");
        assert_eq!(value(&cal, "SEQUENCE"), "2");
        assert_eq!(value(&cal, "STATUS"), "CONFIRMED");
        let attendee = value(&cal, "ATTENDEE");
        assert_eq!(attendee, "mailto:asha@example.in");
        // A visitor's name cannot break out of its parameter or the line.
        assert!(!text.contains("\r\nBcc"), "{text}");
    }

    #[test]
    fn a_cancellation_says_so() {
        let text = String::from_utf8(calendar(&event("", "Asha"), Method::Cancel)).unwrap();
        let unfolded = unfold(&text);
        let cal = read_calendar(&unfolded).unwrap();
        assert_eq!(value(&cal, "STATUS"), "CANCELLED");
        assert!(text.contains("METHOD:CANCEL\r\n"));
        assert_eq!(
            content_type(Method::Cancel),
            "text/calendar; charset=utf-8; method=CANCEL"
        );
    }

    #[test]
    fn folding_never_splits_a_character() {
        let mut out = Vec::new();
        fold(&format!("SUMMARY:{}", "అ".repeat(60)), &mut out);
        let text = String::from_utf8(out).unwrap();
        assert!(text.split("\r\n").all(|l| l.len() <= 75));
        assert_eq!(
            unfold(&text).trim_end(),
            format!("SUMMARY:{}", "అ".repeat(60))
        );
    }
}
