//! Visitor statistics without cookies: page views are counted in memory and written to the data file
//! as daily totals every `FLUSH_EVERY` and on a graceful stop (docs/stats.md).
//!
//! One file of over 800 lines: 626 of them are its code, the rest its unit tests, which read
//! its private parts; split it by concern when the code itself passes 800.
//!
//! A visitor of the day is a keyed hash of (address, user agent). The key is random, lives in
//! memory only and is replaced when the studio's day changes, together with the set of the day's
//! hashes; neither the hashes nor what they were made of are ever written anywhere.
//!
//! Every day here is the studio's: a calendar day in the consultation settings' time zone
//! (Asia/Kolkata), so at 01:55 in Hyderabad "today" is already today.

pub mod classify;
pub mod names;
pub mod sources;

use crate::store::{DayStats, Store};
use anyhow::{Result, anyhow};
use classify::{Device, PathKind};
use hmac::{Hmac, KeyInit, Mac};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use serde::Serialize;
use sha2::Sha256;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime};

/// How often the counts go to the data file: the most a crash can lose.
pub const FLUSH_EVERY: Duration = Duration::from_secs(5);
/// Visitors remembered per day (16 bytes each plus the map's own); past this every view of an
/// unknown hash counts as a new visitor, so a flood of made-up addresses cannot exhaust memory.
const MAX_VISITORS_PER_DAY: usize = 200_000;
/// Views and taps one visitor can add in a day; a script replaying the beacon stops counting here.
const MAX_VIEWS_PER_VISITOR: u32 = 1_000;
/// Distinct `/portfolio/{slug}` paths outside the route table counted per day. The beacon reports
/// only pages the site has (src/api/stats.rs), so this is every case study of a large studio.
const MAX_PROJECT_PATHS_PER_DAY: usize = crate::store::MAX_PAGES_PER_DAY;
/// Rows of the report's page and referrer lists.
const REPORT_ROWS: usize = 100;

/// One page view as the beacon reports it.
pub struct View<'a> {
    pub path: &'a str,
    /// `document.referrer` of a full page load; none for navigation inside the app.
    pub referrer: Option<&'a str>,
    /// `utm_campaign` of the landing address, sent with the view that starts the visit.
    pub campaign: Option<&'a str>,
    /// `utm_source` of the landing address: where a visit came from when the browser sent no
    /// referrer (a link opened from the WhatsApp app, `?utm_source=whatsapp`).
    pub source: Option<&'a str>,
    pub user_agent: &'a str,
    pub client: IpAddr,
    /// This site's own host names (its `Host` header, its public URL): never a referrer.
    pub own_hosts: &'a [&'a str],
    /// The founder's page (`/anjali-rao`): its address is the owner's, not the route table's.
    pub founder_path: &'a str,
}

/// The contact links and buttons whose taps are counted, as the beacon names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TapKind {
    Whatsapp,
    Phone,
    Email,
    /// 'Book a consultation'.
    Booking,
    /// The brochure's download button.
    Brochure,
}

impl TapKind {
    /// Every kind, in the order the report lists them.
    pub const ALL: [TapKind; 5] = [
        TapKind::Whatsapp,
        TapKind::Phone,
        TapKind::Email,
        TapKind::Booking,
        TapKind::Brochure,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TapKind::Whatsapp => "whatsapp",
            TapKind::Phone => "phone",
            TapKind::Email => "email",
            TapKind::Booking => "booking",
            TapKind::Brochure => "brochure",
        }
    }

    pub fn parse(text: &str) -> Option<TapKind> {
        TapKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// One tap on a contact link or button, as the beacon reports it.
pub struct Tap<'a> {
    pub kind: TapKind,
    /// The page it was on.
    pub path: &'a str,
    pub user_agent: &'a str,
    pub client: IpAddr,
    pub founder_path: &'a str,
}

/// What became of a reported view or tap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Counted,
    Robot,
    /// An admin page, an unknown path or a malformed one.
    NotAPage,
    /// Over one of the per-day caps.
    OverCap,
}

/// The counter the whole server shares.
pub struct Stats {
    store: Store,
    state: Mutex<State>,
    /// Held by a flush and by a report, so a report never reads the file while counts taken out of
    /// memory are still on their way into it.
    writing: Mutex<()>,
}

struct State {
    /// The studio's time zone, which decides where a day begins.
    zone: TimeZone,
    today: u32,
    key: [u8; 32],
    /// The day's visitor hashes, with how many views each has made.
    visitors: HashMap<u128, u32>,
    project_paths: HashSet<String>,
    /// Counts not yet in the data file, by day.
    pending: BTreeMap<u32, DayStats>,
}

impl Stats {
    pub fn new(store: Store, now: SystemTime) -> Result<Stats> {
        let zone = studio_zone(&store);
        Ok(Stats {
            store,
            state: Mutex::new(State {
                today: day_in(&zone, now),
                zone,
                key: random_key()?,
                visitors: HashMap::new(),
                project_paths: HashSet::new(),
                pending: BTreeMap::new(),
            }),
            writing: Mutex::new(()),
        })
    }

    /// The counter, with its background writer when called inside a tokio runtime.
    pub fn start(store: Store) -> Result<Arc<Stats>> {
        let stats = Arc::new(Stats::new(store, SystemTime::now())?);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(write_every(Arc::downgrade(&stats)));
        }
        Ok(stats)
    }

    /// Counts one page view (or tells why not). Only memory is touched.
    pub fn count_view(&self, view: &View, now: SystemTime) -> Outcome {
        if classify::is_robot(view.user_agent) {
            return Outcome::Robot;
        }
        let referrer = view
            .referrer
            .and_then(|r| classify::referrer_host(r, view.own_hosts));
        let campaign = view.campaign.and_then(classify::campaign);
        // The app a link was shared in, when the browser did not say where the visit came from.
        let referrer = referrer.or_else(|| view.source.and_then(classify::source));
        let mut state = lock(&self.state);
        let today = state.roll_to(now);
        let path = match state.page(view.path, view.founder_path) {
            Ok(path) => path,
            Err(outcome) => return outcome,
        };
        let visitor = visitor_hash(&state.key, view.client, view.user_agent);
        let new_visitor = match state.visitors.get_mut(&visitor) {
            Some(views) if *views >= MAX_VIEWS_PER_VISITOR => return Outcome::OverCap,
            Some(views) => {
                *views += 1;
                false
            }
            None => {
                if state.visitors.len() < MAX_VISITORS_PER_DAY {
                    state.visitors.insert(visitor, 1);
                }
                true
            }
        };
        let day = state.pending.entry(today).or_default();
        day.views += 1;
        if new_visitor {
            day.visitors += 1;
            match classify::device(view.user_agent) {
                Device::Phone => day.phone += 1,
                Device::Tablet => day.tablet += 1,
                Device::Desktop => day.desktop += 1,
            }
        }
        // A view over a list's cap still counts in the day's totals.
        bump(&mut day.pages, path, crate::store::MAX_PAGES_PER_DAY);
        if let Some(host) = referrer {
            bump(
                &mut day.referrers,
                host,
                crate::store::MAX_REFERRERS_PER_DAY,
            );
        }
        if let Some(name) = campaign {
            bump(
                &mut day.campaigns,
                name.to_string(),
                crate::store::MAX_CAMPAIGNS_PER_DAY,
            );
        }
        Outcome::Counted
    }

    /// Counts one tap on a contact link or button (or tells why not), under the same rules as a
    /// view: robots and pages the site has not are left out, and the taps count towards the
    /// visitor's daily cap. A tap never makes a visitor: only a view does.
    pub fn count_tap(&self, tap: &Tap, now: SystemTime) -> Outcome {
        if classify::is_robot(tap.user_agent) {
            return Outcome::Robot;
        }
        let mut state = lock(&self.state);
        let today = state.roll_to(now);
        let path = match state.page(tap.path, tap.founder_path) {
            Ok(path) => path,
            Err(outcome) => return outcome,
        };
        let visitor = visitor_hash(&state.key, tap.client, tap.user_agent);
        if let Some(actions) = state.visitors.get_mut(&visitor) {
            if *actions >= MAX_VIEWS_PER_VISITOR {
                return Outcome::OverCap;
            }
            *actions += 1;
        }
        let day = state.pending.entry(today).or_default();
        let key = (tap.kind.as_str().to_string(), path);
        if bump(&mut day.taps, key, crate::store::MAX_TAP_LINES_PER_DAY) {
            Outcome::Counted
        } else {
            Outcome::OverCap
        }
    }

    /// Counts a contact message, once it is stored.
    pub fn count_message(&self, now: SystemTime) {
        let mut state = lock(&self.state);
        let today = state.roll_to(now);
        state.pending.entry(today).or_default().messages += 1;
    }

    fn has_pending(&self) -> bool {
        !lock(&self.state).pending.is_empty()
    }

    /// Takes the studio's time zone from the data file again: the owner can change it in the
    /// consultation settings. Counts already taken keep the day they were taken on.
    fn refresh_zone(&self) -> TimeZone {
        let zone = studio_zone(&self.store);
        lock(&self.state).zone = zone.clone();
        zone
    }

    /// Writes every count still in memory to the data file in one transaction. On failure the
    /// counts go back to memory for the next try.
    pub fn flush(&self) -> Result<()> {
        let _writing = lock(&self.writing);
        let days: Vec<(u32, DayStats)> = std::mem::take(&mut lock(&self.state).pending)
            .into_iter()
            .collect();
        if days.is_empty() {
            return Ok(());
        }
        if let Err(e) = self.store.add_stats(&days) {
            let mut state = lock(&self.state);
            for (day, counts) in &days {
                state.pending.entry(*day).or_default().add(counts);
            }
            return Err(e.context("writing the visitor counts to the data file"));
        }
        Ok(())
    }

    /// The last `days` days up to `now`, the counts still in memory included.
    pub fn report(&self, days: u32, now: SystemTime) -> Result<Report> {
        let _writing = lock(&self.writing);
        let zone = self.refresh_zone();
        let last = day_in(&zone, now);
        let first = last.saturating_sub(days.saturating_sub(1));
        let mut by_day: BTreeMap<u32, DayStats> =
            self.store.stats_days(first, last)?.into_iter().collect();
        for (day, counts) in lock(&self.state).pending.range(first..=last) {
            by_day.entry(*day).or_default().add(counts);
        }
        let mut report = Report::from_days(first, last, &by_day);
        report.sources = sources::lines(
            &self.store.contacts()?,
            start_ms(&zone, first),
            start_ms(&zone, last.saturating_add(1)),
            &by_day,
        );
        Ok(report)
    }
}

impl State {
    /// The name a reported path is counted under, or why it is not: a route of the table, the
    /// founder's page, or a case study while the day's list of them has room.
    fn page(&mut self, path: &str, founder_path: &str) -> Result<String, Outcome> {
        match classify::classify_path(path, founder_path) {
            PathKind::Route(path) => Ok(path),
            PathKind::Project(path) => {
                if !self.project_paths.contains(&path) {
                    if self.project_paths.len() >= MAX_PROJECT_PATHS_PER_DAY {
                        return Err(Outcome::OverCap);
                    }
                    self.project_paths.insert(path.clone());
                }
                Ok(path)
            }
            PathKind::NotCounted => Err(Outcome::NotAPage),
        }
    }

    /// The studio's day at `now`. A new day starts with a new key and forgets the last day's
    /// visitors.
    fn roll_to(&mut self, now: SystemTime) -> u32 {
        let today = day_in(&self.zone, now);
        if today == self.today {
            return today;
        }
        match random_key() {
            Ok(key) => self.key = key,
            // Still never written anywhere; visitors of the two days just cannot be told apart.
            Err(e) => tracing::error!("keeping yesterday's visitor key: {e:#}"),
        }
        self.today = today;
        self.visitors = HashMap::new();
        self.project_paths.clear();
        today
    }
}

/// What `GET /api/admin/stats` answers.
#[derive(Debug, Serialize, PartialEq)]
pub struct Report {
    pub days: Vec<DayLine>,
    pub pages: Vec<PageLine>,
    pub referrers: Vec<ReferrerLine>,
    pub devices: Devices,
    /// Enquiries and wins per landing page, campaign and referring site (docs/stats.md).
    pub sources: Vec<sources::SourceLine>,
    /// Taps per kind, every kind in `TapKind::ALL`'s order, zeros included.
    pub taps: Vec<TapLine>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct TapLine {
    pub kind: &'static str,
    pub taps: u64,
    /// The pages they were on, most first.
    pub pages: Vec<TapPage>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct TapPage {
    pub path: String,
    pub taps: u64,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct DayLine {
    pub date: String,
    pub views: u64,
    pub visitors: u64,
    pub messages: u64,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct PageLine {
    pub path: String,
    pub views: u64,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct ReferrerLine {
    /// The referring host, or the `utm_source` of a visit that came with no referrer.
    pub host: String,
    /// What the owner reads: "Instagram" for `l.instagram.com` (`names::named`).
    pub name: String,
    pub visits: u64,
}

#[derive(Debug, Serialize, PartialEq, Default)]
pub struct Devices {
    pub phone: u64,
    pub tablet: u64,
    pub desktop: u64,
}

impl Report {
    /// Every day from `first` to `last` (zeros where nothing was counted), and the lists summed
    /// over them, most counted first.
    fn from_days(first: u32, last: u32, by_day: &BTreeMap<u32, DayStats>) -> Report {
        let empty = DayStats::default();
        let mut pages: HashMap<&str, u64> = HashMap::new();
        let mut referrers: HashMap<&str, u64> = HashMap::new();
        let mut devices = Devices::default();
        let mut taps: HashMap<(&str, &str), u64> = HashMap::new();
        let days = (first..=last)
            .map(|day| {
                let d = by_day.get(&day).unwrap_or(&empty);
                for (path, n) in &d.pages {
                    *pages.entry(path).or_default() += n;
                }
                for (host, n) in &d.referrers {
                    *referrers.entry(host).or_default() += n;
                }
                for ((kind, path), n) in &d.taps {
                    *taps.entry((kind, path)).or_default() += n;
                }
                devices.phone += d.phone;
                devices.tablet += d.tablet;
                devices.desktop += d.desktop;
                DayLine {
                    date: date_of(day),
                    views: d.views,
                    visitors: d.visitors,
                    messages: d.messages,
                }
            })
            .collect();
        Report {
            days,
            pages: top(pages)
                .map(|(path, views)| PageLine { path, views })
                .collect(),
            referrers: top(referrers)
                .map(|(host, visits)| ReferrerLine {
                    name: names::named(&host),
                    host,
                    visits,
                })
                .collect(),
            devices,
            sources: Vec::new(),
            taps: TapKind::ALL
                .into_iter()
                .map(|kind| {
                    let pages: HashMap<&str, u64> = taps
                        .iter()
                        .filter(|((k, _), _)| *k == kind.as_str())
                        .map(|((_, path), n)| (*path, *n))
                        .collect();
                    let pages: Vec<TapPage> = top(pages)
                        .map(|(path, taps)| TapPage { path, taps })
                        .collect();
                    TapLine {
                        kind: kind.as_str(),
                        taps: pages.iter().map(|p| p.taps).sum(),
                        pages,
                    }
                })
                .collect(),
        }
    }
}

fn top(counts: HashMap<&str, u64>) -> impl Iterator<Item = (String, u64)> {
    let mut rows: Vec<(&str, u64)> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    rows.into_iter()
        .take(REPORT_ROWS)
        .map(|(name, n)| (name.to_string(), n))
}

/// Adds one to `name`'s count, unless it is new and the list is full (then false).
fn bump<K: PartialEq>(list: &mut Vec<(K, u64)>, name: K, cap: usize) -> bool {
    if let Some((_, n)) = list.iter_mut().find(|(have, _)| *have == name) {
        *n += 1;
        true
    } else if list.len() < cap {
        list.push((name, 1));
        true
    } else {
        false
    }
}

/// Writes the counts every `FLUSH_EVERY` while the counter lives; a failed write is logged and its
/// counts wait for the next one.
async fn write_every(stats: std::sync::Weak<Stats>) {
    let mut tick = tokio::time::interval(FLUSH_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The first tick is immediate; nothing is counted yet.
    tick.tick().await;
    loop {
        tick.tick().await;
        let Some(stats) = stats.upgrade() else {
            return;
        };
        let write = move || {
            stats.refresh_zone();
            if stats.has_pending() {
                stats.flush()
            } else {
                Ok(())
            }
        };
        match tokio::task::spawn_blocking(write).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::error!("{e:#}"),
            Err(e) => tracing::error!("the visitor counts writer failed: {e}"),
        }
    }
}

fn visitor_hash(key: &[u8; 32], client: IpAddr, user_agent: &str) -> u128 {
    // The key is 32 bytes, which HMAC always accepts; the fallback only keeps this free of panics.
    let Ok(mut mac) = <Hmac<Sha256> as KeyInit>::new_from_slice(key) else {
        return 0;
    };
    match client {
        IpAddr::V4(ip) => mac.update(&ip.octets()),
        IpAddr::V6(ip) => mac.update(&ip.octets()),
    }
    mac.update(&[0]);
    mac.update(user_agent.as_bytes());
    let digest = mac.finalize().into_bytes();
    let mut first = [0u8; 16];
    first.copy_from_slice(&digest[..16]);
    u128::from_le_bytes(first)
}

fn random_key() -> Result<[u8; 32]> {
    let mut key = [0u8; 32];
    getrandom::fill(&mut key)
        .map_err(|e| anyhow!("no system randomness for the visitor key: {e}"))?;
    Ok(key)
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The studio's time zone; the data file's fault is logged and the default zone used, so that
/// counting never stops for it.
fn studio_zone(store: &Store) -> TimeZone {
    crate::leads::daily::studio_zone(store).unwrap_or_else(|e| {
        tracing::error!("reading the studio's time zone for the statistics: {e:#}");
        crate::bookings::slots::zone(crate::leads::daily::FALLBACK_ZONE).unwrap_or(TimeZone::UTC)
    })
}

/// The studio's day of a moment: days since 1970-01-01 of its date in `zone`.
pub fn day_in(zone: &TimeZone, now: SystemTime) -> u32 {
    let Ok(at) = Timestamp::try_from(now) else {
        return 0;
    };
    let date = zone.to_datetime(at).date();
    let days = days_from_civil(
        i64::from(date.year()),
        i64::from(date.month()),
        i64::from(date.day()),
    );
    u32::try_from(days).unwrap_or(0)
}

/// The moment a studio day begins, in ms since the epoch (its first moment in `zone`).
fn start_ms(zone: &TimeZone, day: u32) -> u64 {
    let (y, m, d) = civil_from_days(day);
    let start = || {
        let date = jiff::civil::Date::new(
            i16::try_from(y).ok()?,
            i8::try_from(m).ok()?,
            i8::try_from(d).ok()?,
        );
        date.ok()?.to_zoned(zone.clone()).ok()
    };
    match start() {
        Some(start) => u64::try_from(start.timestamp().as_millisecond()).unwrap_or(0),
        None => u64::from(day) * 86_400_000,
    }
}

/// `YYYY-MM-DD` of a day number.
pub fn date_of(day: u32) -> String {
    let (y, m, d) = civil_from_days(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// (year, month, day) of days since 1970-01-01 (H. Hinnant's civil-from-days).
fn civil_from_days(day: u32) -> (i64, i64, i64) {
    let z = i64::from(day) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Days since 1970-01-01 of a date (H. Hinnant's days-from-civil).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::classify::tests::{CHROME, IPHONE};
    use super::*;
    use std::time::UNIX_EPOCH;

    const DAY: u64 = 86_400;

    fn at(day: u64, secs: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(day * DAY + secs)
    }

    fn view<'a>(path: &'a str, ua: &'a str, referrer: Option<&'a str>) -> View<'a> {
        View {
            path,
            referrer,
            campaign: None,
            source: None,
            user_agent: ua,
            client: "203.0.113.7".parse().unwrap(),
            own_hosts: &["studio.example"],
            founder_path: "/anjali-rao",
        }
    }

    fn stats() -> (tempfile::TempDir, Stats) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("studio.redb")).unwrap();
        (dir, Stats::new(store, at(20_000, 0)).unwrap())
    }

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(19_723), "2024-01-01");
        assert_eq!(date_of(19_782), "2024-02-29");
        assert_eq!(day_in(&TimeZone::UTC, at(19_723, DAY - 1)), 19_723);
        for day in [0, 19_723, 19_782, 20_000] {
            let (y, m, d) = civil_from_days(day);
            assert_eq!(days_from_civil(y, m, d), i64::from(day));
        }
    }

    /// 01:55 in Hyderabad is 20:25 UTC of the day before: the owner's "today" is Hyderabad's.
    #[test]
    fn at_five_to_two_in_hyderabad_today_is_hyderabads_day() {
        let (_dir, stats) = stats();
        let ist = |day: u64, h: u64, m: u64| {
            UNIX_EPOCH + Duration::from_secs(day * DAY + h * 3600 + m * 60 - 5 * 3600 - 30 * 60)
        };
        // 23:50 the evening before, and 01:55 the next morning, Hyderabad time.
        stats.count_view(&view("/", CHROME, None), ist(20_000, 23, 50));
        let now = ist(20_001, 1, 55);
        stats.count_view(&view("/about", IPHONE, None), now);
        stats.count_message(now);
        let report = stats.report(2, now).unwrap();
        let days: Vec<(&str, u64, u64)> = report
            .days
            .iter()
            .map(|d| (d.date.as_str(), d.views, d.messages))
            .collect();
        assert_eq!(
            days,
            [
                (date_of(20_000).as_str(), 1, 0),
                (date_of(20_001).as_str(), 1, 1)
            ]
        );
        let boundary = start_ms(&lock(&stats.state).zone, 20_001);
        assert_eq!(boundary, (20_001 * DAY - 5 * 3600 - 30 * 60) * 1000);
    }

    #[test]
    fn views_visitors_and_devices_add_up() {
        let (_dir, stats) = stats();
        let now = at(20_000, 60);
        let google = Some("https://www.google.com/search?q=x");
        assert_eq!(
            stats.count_view(&view("/", CHROME, google), now),
            Outcome::Counted
        );
        stats.count_view(&view("/portfolio", CHROME, None), now);
        stats.count_view(&view("/", IPHONE, Some("https://studio.example/")), now);
        assert_eq!(
            stats.count_view(&view("/adminpanel", CHROME, None), now),
            Outcome::NotAPage
        );
        assert_eq!(
            stats.count_view(&view("/", "curl/8", None), now),
            Outcome::Robot
        );
        stats.count_message(now);
        let report = stats.report(1, now).unwrap();
        assert_eq!(
            report.days,
            vec![DayLine {
                date: date_of(20_000),
                views: 3,
                visitors: 2,
                messages: 1
            }]
        );
        assert_eq!(
            report.pages[0],
            PageLine {
                path: "/".into(),
                views: 2
            }
        );
        assert_eq!(
            report.referrers,
            vec![ReferrerLine {
                host: "google.com".into(),
                name: "Google".into(),
                visits: 1
            }]
        );
        assert_eq!(
            report.devices,
            Devices {
                phone: 1,
                tablet: 0,
                desktop: 1
            }
        );
    }

    #[test]
    fn a_new_day_has_a_new_key_and_forgets_the_visitors_of_the_last() {
        let (_dir, stats) = stats();
        stats.count_view(&view("/", CHROME, None), at(20_000, 10));
        let key = lock(&stats.state).key;
        stats.count_view(&view("/", CHROME, None), at(20_001, 10));
        {
            let state = lock(&stats.state);
            assert_ne!(state.key, key);
            assert_eq!(state.visitors.len(), 1);
        }
        stats.flush().unwrap();
        let report = stats.report(2, at(20_001, 20)).unwrap();
        let visitors: Vec<u64> = report.days.iter().map(|d| d.visitors).collect();
        assert_eq!(visitors, [1, 1], "the same person counts once per day");
        assert_eq!(report.days[0].date, date_of(20_000));
    }

    #[test]
    fn a_report_sums_the_file_and_memory_and_fills_empty_days() {
        let (_dir, stats) = stats();
        stats.count_view(&view("/about", CHROME, None), at(20_000, 10));
        stats.flush().unwrap();
        assert!(!stats.has_pending());
        stats.count_view(&view("/about", IPHONE, None), at(20_000, 20));
        let report = stats.report(7, at(20_000, 30)).unwrap();
        assert_eq!(report.days.len(), 7);
        assert!(report.days[..6].iter().all(|d| d.views == 0));
        assert_eq!(report.days[6].views, 2);
        assert_eq!(report.days[6].visitors, 2);
    }

    fn tap<'a>(kind: TapKind, path: &'a str, ua: &'a str) -> Tap<'a> {
        Tap {
            kind,
            path,
            user_agent: ua,
            client: "203.0.113.7".parse().unwrap(),
            founder_path: "/anjali-rao",
        }
    }

    #[test]
    fn taps_are_counted_per_kind_and_page_and_make_no_visitor() {
        let (_dir, stats) = stats();
        let now = at(20_000, 60);
        let serenity = "/portfolio/modern-serenity";
        for _ in 0..2 {
            assert_eq!(
                stats.count_tap(&tap(TapKind::Whatsapp, serenity, IPHONE), now),
                Outcome::Counted
            );
        }
        stats.count_tap(&tap(TapKind::Whatsapp, "/contact/", IPHONE), now);
        stats.count_tap(&tap(TapKind::Phone, "/contact", CHROME), now);
        stats.flush().unwrap();
        stats.count_tap(&tap(TapKind::Whatsapp, "/contact", CHROME), now);
        assert_eq!(
            stats.count_tap(&tap(TapKind::Email, "/adminpanel", CHROME), now),
            Outcome::NotAPage
        );
        assert_eq!(
            stats.count_tap(&tap(TapKind::Email, "/", "curl/8"), now),
            Outcome::Robot
        );
        let report = stats.report(1, now).unwrap();
        let kinds: Vec<(&str, u64)> = report.taps.iter().map(|t| (t.kind, t.taps)).collect();
        assert_eq!(
            kinds,
            [
                ("whatsapp", 4),
                ("phone", 1),
                ("email", 0),
                ("booking", 0),
                ("brochure", 0)
            ]
        );
        assert_eq!(
            report.taps[0].pages,
            vec![
                TapPage {
                    path: "/contact".into(),
                    taps: 2
                },
                TapPage {
                    path: serenity.into(),
                    taps: 2
                }
            ]
        );
        assert_eq!((report.days[0].views, report.days[0].visitors), (0, 0));
        assert_eq!(TapKind::parse("whatsapp"), Some(TapKind::Whatsapp));
        assert_eq!(TapKind::parse("WhatsApp"), None);
    }

    #[test]
    fn a_hostile_client_meets_the_caps() {
        let (_dir, stats) = stats();
        let now = at(20_000, 0);
        let mut over = 0;
        for i in 0..(MAX_PROJECT_PATHS_PER_DAY + 5) {
            let path = format!("/portfolio/made-up-{i}");
            if stats.count_view(&view(&path, CHROME, None), now) == Outcome::OverCap {
                over += 1;
            }
        }
        assert_eq!(over, 5);
        for _ in 0..MAX_VIEWS_PER_VISITOR {
            stats.count_view(&view("/", IPHONE, None), now);
        }
        assert_eq!(
            stats.count_view(&view("/", IPHONE, None), now),
            Outcome::OverCap
        );
    }

    #[test]
    fn campaigns_are_counted_per_day_within_their_cap() {
        let (_dir, stats) = stats();
        let now = at(20_000, 0);
        let from = |campaign: &'static str| View {
            campaign: Some(campaign),
            ..view("/", CHROME, None)
        };
        for name in ["diwali", " diwali ", "", "  ", "bad\u{7}name"] {
            stats.count_view(&from(name), now);
        }
        let long = "x".repeat(classify::CAMPAIGN_MAX_CHARS + 1);
        stats.count_view(
            &View {
                campaign: Some(&long),
                ..view("/", CHROME, None)
            },
            now,
        );
        let names: Vec<String> = (0..crate::store::MAX_CAMPAIGNS_PER_DAY + 5)
            .map(|i| format!("made-up-{i}"))
            .collect();
        for name in &names {
            let made_up = View {
                campaign: Some(name),
                ..view("/", IPHONE, None)
            };
            // Past the cap the view still counts; only the list stops growing.
            assert_eq!(stats.count_view(&made_up, now), Outcome::Counted);
        }
        stats.flush().unwrap();
        let day = &stats.store.stats_days(20_000, 20_000).unwrap()[0].1;
        assert_eq!(day.views, 6 + names.len() as u64);
        assert_eq!(day.campaigns.len(), crate::store::MAX_CAMPAIGNS_PER_DAY);
        assert_eq!(day.campaigns[0], ("diwali".to_string(), 2));
        assert!(!day.campaigns.iter().any(|(n, _)| n == "made-up-200"));
    }
}
