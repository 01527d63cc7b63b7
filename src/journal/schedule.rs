//! When an article is on the site, and the worker that puts scheduled ones there on time: it wakes
//! at the next article's publish time (at least once a minute, so that one scheduled while it
//! sleeps is never more than a minute late) and re-renders the pages; at start-up the pages are
//! rendered with every article already due, so one whose time passed while the server was stopped
//! is published then. Time comes from a [`Clock`], so tests move it without sleeping.

use crate::blocking::read_or_log;
use crate::store::{ArticleStatus, NewsItem, Store};
use anyhow::Result;
use std::sync::Arc;
use std::time::Duration;

/// The time now, in ms since the epoch.
pub type Clock = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The system's clock.
pub fn system_clock() -> Clock {
    Arc::new(crate::store::now_ms)
}

/// A clock that starts at `start_ms` and moves with tokio's clock: under paused time (tests) it
/// moves only when the runtime advances it.
pub fn tokio_clock(start_ms: u64) -> Clock {
    let zero = tokio::time::Instant::now();
    Arc::new(move || start_ms + zero.elapsed().as_millis() as u64)
}

/// The longest the worker sleeps: a scheduled article saved meanwhile is never later than this.
pub const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Whether visitors see the article at `now_ms`: active, and published or due.
pub fn is_public(item: &NewsItem, now_ms: u64) -> bool {
    item.is_active
        && match item.status {
            ArticleStatus::Published => true,
            ArticleStatus::Scheduled => item.publish_at.is_some_and(|(at, _)| at <= now_ms),
            ArticleStatus::Draft => false,
        }
}

/// The earliest publish time after `now_ms` of an active scheduled article.
pub fn next_due(items: &[NewsItem], now_ms: u64) -> Option<u64> {
    items
        .iter()
        .filter(|i| i.is_active && i.status == ArticleStatus::Scheduled)
        .filter_map(|i| i.publish_at.map(|(at, _)| at))
        .filter(|&at| at > now_ms)
        .min()
}

/// Whether an active scheduled article fell due in `(after_ms, now_ms]`.
fn fell_due(items: &[NewsItem], after_ms: u64, now_ms: u64) -> bool {
    items.iter().any(|i| {
        i.is_active
            && i.status == ArticleStatus::Scheduled
            && i.publish_at
                .is_some_and(|(at, _)| at > after_ms && at <= now_ms)
    })
}

/// The year (UTC, as the pages' render reads the clock) of a time in ms since the epoch.
pub fn year_of(ms: u64) -> i16 {
    jiff::Timestamp::from_millisecond(i64::try_from(ms).unwrap_or(i64::MAX))
        .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).year())
        .unwrap_or(i16::MAX)
}

/// Publishes scheduled articles as they fall due, and renders the pages again when a new year
/// begins (the footer's years), forever: `refresh` re-renders the pages (which read the same clock). `since_ms` is the time the pages were last rendered at.
pub async fn run(
    store: Store,
    clock: Clock,
    since_ms: u64,
    refresh: impl Fn() -> Result<()> + Send + Sync + 'static,
) {
    let refresh = Arc::new(refresh);
    let mut checked = since_ms;
    loop {
        let now = clock();
        let items = {
            let store = store.clone();
            read_or_log("reading the journal for scheduled articles", move || {
                store.news_items()
            })
            .await
            .unwrap_or_default()
        };
        let new_year = year_of(now) != year_of(checked);
        if fell_due(&items, checked, now) || new_year {
            if new_year {
                // The footer's "© 2024–2026" ends at the year the pages were rendered in.
                tracing::info!("a new year: the pages are rendered again");
            } else {
                tracing::info!("publishing scheduled journal articles");
            }
            // Reading the site and making its pages blocks: off the runtime's threads.
            let refresh = refresh.clone();
            match tokio::task::spawn_blocking(move || refresh()).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    tracing::error!("re-rendering the pages for a scheduled article: {e:#}")
                }
                Err(e) => tracing::error!("re-rendering the pages for a scheduled article: {e}"),
            }
        }
        checked = now;
        let wait = next_due(&items, now)
            .map(|at| Duration::from_millis(at - now))
            .unwrap_or(MAX_SLEEP)
            .min(MAX_SLEEP);
        tokio::time::sleep(wait).await;
    }
}

/// A time in ms since the epoch as RFC 3339 in UTC, to the second.
pub fn rfc3339(ms: u64) -> String {
    let secs = (ms / 1000).min(253_402_300_799);
    humantime::format_rfc3339_seconds(std::time::UNIX_EPOCH + Duration::from_secs(secs)).to_string()
}

/// `publishAt` as sent: ISO 8601 with an offset (`2026-12-01T09:30:00+05:30`), as (ms since the
/// epoch, offset in minutes).
pub fn parse_publish_at(text: &str) -> Option<(u64, i32)> {
    let zoned: jiff::Timestamp = text.trim().parse().ok()?;
    let offset = offset_minutes(text.trim())?;
    let ms = u64::try_from(zoned.as_millisecond()).ok()?;
    Some((ms, offset))
}

/// The offset an RFC 3339 time ends with (`Z`, `+05:30`, `-0400`).
fn offset_minutes(text: &str) -> Option<i32> {
    if text.ends_with(['Z', 'z']) {
        return Some(0);
    }
    let at = text.rfind(['+', '-'])?;
    if at < 11 {
        return None;
    }
    let sign = if text[at..].starts_with('-') { -1 } else { 1 };
    let digits: String = text[at + 1..]
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    if digits.len() != 4 {
        return None;
    }
    let hours: i32 = digits[..2].parse().ok()?;
    let minutes: i32 = digits[2..].parse().ok()?;
    Some(sign * (hours * 60 + minutes))
}

/// `publishAt` as the calls write it: the time in the offset it was written with.
pub fn format_publish_at((ms, offset): (u64, i32)) -> String {
    let Ok(stamp) = jiff::Timestamp::from_millisecond(ms as i64) else {
        return String::new();
    };
    let Ok(offset) = jiff::tz::Offset::from_seconds(offset * 60) else {
        return stamp.to_string();
    };
    let local = offset.to_datetime(stamp);
    let sign = if offset.seconds() < 0 { '-' } else { '+' };
    let abs = offset.seconds().unsigned_abs() / 60;
    format!(
        "{}{sign}{:02}:{:02}",
        local.strftime("%Y-%m-%dT%H:%M:%S"),
        abs / 60,
        abs % 60
    )
}

/// The `YYYY-MM-DD` a publish time falls on where it was written.
pub fn local_date((ms, offset): (u64, i32)) -> String {
    format_publish_at((ms, offset)).chars().take(10).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn publish_times_keep_their_offset() {
        let at = parse_publish_at("2026-12-01T09:30:00+05:30").unwrap();
        assert_eq!(at.1, 330);
        assert_eq!(format_publish_at(at), "2026-12-01T09:30:00+05:30");
        assert_eq!(local_date(at), "2026-12-01");
        assert_eq!(parse_publish_at("2026-12-01T04:00:00Z").unwrap().0, at.0);
        for bad in ["2026-12-01", "tomorrow", "2026-12-01T09:30:00", ""] {
            assert!(parse_publish_at(bad).is_none(), "{bad}");
        }
    }
}
