//! The part of `scripts/bench-content`'s content that no API call makes: years of enquiries and of
//! daily visitor statistics, written through the library into a data file the server is not running
//! on (redb lets one process open it). Projects, news and photos go through the API.
//!
//!   cargo run --example bench_seed -- DATA_FILE MESSAGES DAYS

use anyhow::{Context, Result, bail};
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};
use studio::store::{DayStats, Store};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [data, messages, days] = args.as_slice() else {
        bail!("usage: bench_seed DATA_FILE MESSAGES DAYS");
    };
    let messages: u32 = messages.parse().context("MESSAGES is not a number")?;
    let days: u32 = days.parse().context("DAYS is not a number")?;
    let store = Store::open(&PathBuf::from(data)).map_err(|e| anyhow::anyhow!("{e:#}"))?;
    for i in 0..messages {
        store.add_contact(
            &format!("Visitor {i}"),
            &format!("visitor{i}@example.com"),
            &format!(
                "Hello, we are renovating a {}-bedroom flat in Jubilee Hills and would like to \
                 talk about the living room, the kitchen and two bedrooms. Enquiry {i}.",
                i % 4 + 1
            ),
        )?;
    }
    let today = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .context("the clock is before 1970")?
        .as_secs()
        / 86_400;
    let today = u32::try_from(today).context("the date is too far out")?;
    let first = today.saturating_sub(days);
    let records: Vec<(u32, DayStats)> = (first..today)
        .map(|day| {
            let views = 800 + u64::from(day % 400);
            let pages = (0..100)
                .map(|p| (format!("/portfolio/project-{p:03}"), views / 100 + p % 7))
                .collect();
            let referrers = (0..20)
                .map(|r| (format!("www.referrer-{r:02}.example.com"), 5 + r % 3))
                .collect();
            let stats = DayStats {
                views,
                visitors: views / 3,
                messages: 9,
                phone: views / 5,
                tablet: views / 30,
                desktop: views / 10,
                pages,
                referrers,
                taps: ["whatsapp", "phone", "email"]
                    .iter()
                    .flat_map(|kind| {
                        (0..10).map(move |p| {
                            (
                                (kind.to_string(), format!("/portfolio/project-{p:03}")),
                                1 + p % 3,
                            )
                        })
                    })
                    .collect(),
                campaigns: (0..5)
                    .map(|c| (format!("campaign-{c}"), 3 + c % 4))
                    .collect(),
            };
            (day, stats)
        })
        .collect();
    store.add_stats(&records)?;
    println!("seeded {messages} messages and {days} days of statistics");
    Ok(())
}
