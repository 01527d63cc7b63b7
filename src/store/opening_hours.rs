//! The studio's opening hours as the site writes them ("Monday to Friday, 9AM–5PM", "Weekend
//! Closed"), read as weekly hours: what consultations offer until the owner sets hours of their own.

/// Monday first; each day's `[from, to)` in minutes from local midnight.
pub type Weekly = Vec<Vec<(u16, u16)>>;

const DAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// The weekly hours the lines name, or `None` when no line names both days and times (the owner's
/// own words, which no guess should turn into bookable hours). A line that says "closed" adds none.
pub fn weekly_from_words(lines: &[&str]) -> Option<Weekly> {
    let mut weekly: Weekly = vec![Vec::new(); 7];
    let mut any = false;
    for line in lines {
        let lower = line.to_lowercase();
        if lower.contains("closed") {
            continue;
        }
        let (Some(days), Some(span)) = (days_named(&lower), times_named(&lower)) else {
            continue;
        };
        for day in days {
            weekly[day] = vec![span];
        }
        any = true;
    }
    any.then_some(weekly)
}

/// The days a line names: a range ("Monday to Friday", "Mon–Sat") or a list ("Mon, Wed").
fn days_named(line: &str) -> Option<Vec<usize>> {
    // (where the word starts, where it ends, its day)
    let named: Vec<(usize, usize, usize)> = line
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 3)
        .filter_map(|w| {
            let day = DAYS.iter().position(|d| w.starts_with(d))?;
            let at = w.as_ptr() as usize - line.as_ptr() as usize;
            Some((at, at + w.len(), day))
        })
        .collect();
    let (&(_, first_end, first), rest) = named.split_first()?;
    if let Some(&(next_at, _, last)) = rest.first() {
        let between = &line[first_end..next_at];
        if (between.contains("to") || between.contains(['-', '–', '—'])) && last >= first {
            return Some((first..=last).collect());
        }
    }
    Some(named.iter().map(|&(_, _, day)| day).collect())
}

/// The first two times of a line ("9AM–5PM", "09:30 - 18:00", "10 am to 6 pm"), in minutes.
fn times_named(line: &str) -> Option<(u16, u16)> {
    let mut times = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() && times.len() < 2 {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut hour: u16 = 0;
        while i < chars.len() && chars[i].is_ascii_digit() {
            hour = hour
                .saturating_mul(10)
                .saturating_add(chars[i] as u16 - '0' as u16);
            i += 1;
        }
        let mut minute: u16 = 0;
        if i + 2 < chars.len() && matches!(chars[i], ':' | '.') && chars[i + 1].is_ascii_digit() {
            minute = (chars[i + 1] as u16 - '0' as u16) * 10 + (chars[i + 2] as u16 - '0' as u16);
            i += 3;
        }
        let rest: String = chars[i..].iter().collect();
        let rest = rest.trim_start();
        if rest.starts_with("pm") || rest.starts_with("p.m") {
            hour = hour % 12 + 12;
        } else if rest.starts_with("am") || rest.starts_with("a.m") {
            hour %= 12;
        }
        if hour < 24 && minute < 60 {
            times.push(hour * 60 + minute);
        }
    }
    match times[..] {
        [from, to] if from < to => Some((from, to)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sites_hours_are_monday_to_friday_nine_to_five() {
        let weekly = weekly_from_words(&["Monday to Friday, 9AM–5PM", "Weekend Closed"]).unwrap();
        let nine_to_five = vec![(9 * 60, 17 * 60)];
        assert_eq!(weekly[..5], vec![nine_to_five; 5][..]);
        assert!(weekly[5].is_empty() && weekly[6].is_empty());
    }

    #[test]
    fn other_ways_of_writing_hours_read_too() {
        let weekly = weekly_from_words(&["Mon–Sat 09:30 - 18:00", "Sunday 10 am to 1 pm"]).unwrap();
        assert_eq!(weekly[5], vec![(570, 1080)]);
        assert_eq!(weekly[6], vec![(600, 780)]);
        let listed = weekly_from_words(&["Mon, Wed: 10AM-2PM"]).unwrap();
        assert_eq!(listed[0], vec![(600, 840)]);
        assert!(listed[1].is_empty());
        assert_eq!(listed[2], vec![(600, 840)]);
    }

    #[test]
    fn words_without_days_or_times_give_none() {
        assert_eq!(weekly_from_words(&["By appointment"]), None);
        assert_eq!(weekly_from_words(&["Weekdays 9-5"]), None);
        assert_eq!(weekly_from_words(&["Monday to Friday"]), None);
        assert_eq!(weekly_from_words(&[]), None);
    }
}
