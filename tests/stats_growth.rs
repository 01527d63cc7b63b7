//! The data file's growth from a year of visitor statistics: 1,000 views a day over 100 paths,
//! counted through the real counter and written in batches as the server writes them. A
//! measurement, not a check of speed: run by `scripts/stats-growth` (ignored by `cargo test`).

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, UNIX_EPOCH};
use studio::site::ROUTES;
use studio::stats::{Outcome, Stats, View};
use studio::store::{Store, Versioned};

const UA: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                  Chrome/131.0.0.0 Safari/537.36";

#[test]
#[ignore = "a measurement: run scripts/stats-growth"]
fn a_year_of_statistics_fits_in_a_few_megabytes() {
    let views_per_day: u64 = env("STATS_GROWTH_VIEWS", 1_000);
    let batches_per_day: u64 = env("STATS_GROWTH_BATCHES", 24);
    let days: u64 = env("STATS_GROWTH_DAYS", 365);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("studio.redb");
    let store = Store::open(&path).unwrap();
    let fresh = std::fs::metadata(&path).unwrap().len();
    // 100 paths: every public route, then made-up project pages up to 100.
    let mut paths: Vec<String> = ROUTES
        .routes
        .iter()
        .filter(|r| !r.admin)
        .map(|r| r.path.clone())
        .collect();
    let mut n = 0;
    while paths.len() < 100 {
        paths.push(format!("/portfolio/a-project-of-ours-{n:02}"));
        n += 1;
    }
    let referrers: Vec<String> = (0..20)
        .map(|i| format!("https://www.referrer-{i:02}.example.com/some/page"))
        .collect();
    let first_day = 20_000;
    let stats = Stats::new(
        store.clone(),
        UNIX_EPOCH + Duration::from_secs(first_day * 86_400),
    )
    .unwrap();
    let per_batch = views_per_day.div_ceil(batches_per_day);
    for day in first_day..first_day + days {
        for i in 0..views_per_day {
            let now = UNIX_EPOCH + Duration::from_secs(day * 86_400 + i * 86_000 / views_per_day);
            let view = View {
                path: &paths[(i % 100) as usize],
                referrer: (i % 5 == 0).then(|| referrers[(i / 5 % 20) as usize].as_str()),
                campaign: None,
                source: None,
                user_agent: UA,
                // About 300 people a day.
                client: IpAddr::V4(Ipv4Addr::from((i % 300) as u32 + 1)),
                own_hosts: &["studio.example"],
                founder_path: "/anjali-rao",
            };
            assert_eq!(stats.count_view(&view, now), Outcome::Counted);
            if (i + 1) % per_batch == 0 {
                stats.flush().unwrap();
            }
        }
        stats.flush().unwrap();
    }
    drop(stats);
    let records: usize = store
        .stats_days(0, u32::MAX)
        .unwrap()
        .iter()
        .map(|(_, day)| day.encode().unwrap().len())
        .sum();
    drop(store);
    let size = std::fs::metadata(&path).unwrap().len();
    let grown = size.saturating_sub(fresh);
    println!(
        "stats-growth: {days} days x {views_per_day} views over {} paths in {batches_per_day} \
         writes a day: data file {fresh} -> {size} bytes, grown {:.2} MB; the day records \
         themselves {:.2} MB",
        paths.len(),
        grown as f64 / 1e6,
        records as f64 / 1e6
    );
    assert!(grown <= 5_000_000, "grew {grown} bytes");
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
