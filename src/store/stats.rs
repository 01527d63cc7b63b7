//! The visitor statistics table: one `DayStats` per UTC day, keyed by days since 1970-01-01.
//!
//! The table is created by the first write, so data files from before it open unchanged and read as
//! "no statistics yet".

use super::*;
use redb::TableError;

const STATS_DAYS: TableDefinition<u32, &[u8]> = TableDefinition::new("stats_days");

/// Most paths kept for one day; the least viewed go first. The server only counts known pages, so
/// this bounds only what a flood of made-up project slugs could add.
pub const MAX_PAGES_PER_DAY: usize = 500;
/// Most referring hosts kept for one day; the ones that sent the fewest visits go first.
pub const MAX_REFERRERS_PER_DAY: usize = 200;
/// Most campaigns kept for one day; the ones that brought the fewest visits go first.
pub const MAX_CAMPAIGNS_PER_DAY: usize = 200;
/// Most (kind, page) tap counts kept for one day; the least tapped go first.
pub const MAX_TAP_LINES_PER_DAY: usize = 500;

impl DayStats {
    /// Adds `other`'s counts to these, keeping the lists within their caps.
    pub fn add(&mut self, other: &DayStats) {
        self.views += other.views;
        self.visitors += other.visitors;
        self.messages += other.messages;
        self.phone += other.phone;
        self.tablet += other.tablet;
        self.desktop += other.desktop;
        add_counts(&mut self.pages, &other.pages, MAX_PAGES_PER_DAY);
        add_counts(&mut self.referrers, &other.referrers, MAX_REFERRERS_PER_DAY);
        add_counts(&mut self.taps, &other.taps, MAX_TAP_LINES_PER_DAY);
        add_counts(&mut self.campaigns, &other.campaigns, MAX_CAMPAIGNS_PER_DAY);
    }

    /// True when nothing was counted.
    pub fn is_empty(&self) -> bool {
        *self == DayStats::default()
    }
}

/// Adds counts by name into `into`, most counted first, at most `cap` names.
pub fn add_counts<K: Ord + Clone>(into: &mut Vec<(K, u64)>, more: &[(K, u64)], cap: usize) {
    for (name, n) in more {
        match into.iter_mut().find(|(have, _)| have == name) {
            Some((_, count)) => *count += n,
            None => into.push((name.clone(), *n)),
        }
    }
    into.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    into.truncate(cap);
}

impl Store {
    /// Adds each day's counts to what the file holds for that day, all in one transaction.
    pub fn add_stats(&self, days: &[(u32, DayStats)]) -> Result<()> {
        self.write(|txn| {
            let mut table = txn.open_table(STATS_DAYS)?;
            for (day, counts) in days {
                let mut total = match table.get(*day)? {
                    Some(v) => DayStats::decode(v.value())?,
                    None => DayStats::default(),
                };
                total.add(counts);
                table.insert(*day, total.encode()?.as_slice())?;
            }
            Ok(())
        })
    }

    /// The stored days from `first` to `last` (inclusive), oldest first; days with no record are
    /// left out.
    pub fn stats_days(&self, first: u32, last: u32) -> Result<Vec<(u32, DayStats)>> {
        let txn = self.read_txn()?;
        let table = match txn.open_table(STATS_DAYS) {
            Ok(table) => table,
            Err(TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
            Err(e) => return Err(anyhow!(e).context("opening the visitor statistics")),
        };
        let mut out = Vec::new();
        for entry in table.range(first..=last)? {
            let (day, v) = entry?;
            let day = day.value();
            let counts = decoded(
                STATS_DAYS.name(),
                &day,
                DayStats::decode(v.value()),
                self.strict,
            )?;
            out.extend(counts.map(|c| (day, c)));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(views: u64, page: &str) -> DayStats {
        DayStats {
            views,
            visitors: 1,
            desktop: 1,
            pages: vec![(page.into(), views)],
            ..DayStats::default()
        }
    }

    #[test]
    fn counts_add_up_per_day_and_survive_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("studio.redb");
        {
            let store = Store::open(&path).unwrap();
            assert!(store.stats_days(0, u32::MAX).unwrap().is_empty());
            store
                .add_stats(&[(100, day(2, "/")), (101, day(1, "/about"))])
                .unwrap();
            store.add_stats(&[(100, day(3, "/about"))]).unwrap();
        }
        let store = Store::open(&path).unwrap();
        let days = store.stats_days(100, 100).unwrap();
        assert_eq!(days.len(), 1);
        let d = &days[0].1;
        assert_eq!((d.views, d.visitors, d.desktop), (5, 2, 2));
        assert_eq!(d.pages, vec![("/about".into(), 3), ("/".into(), 2)]);
        assert_eq!(store.stats_days(0, u32::MAX).unwrap().len(), 2);
        store.read_everything().unwrap();
    }

    #[test]
    fn a_day_a_version_1_release_wrote_reads_back_with_no_taps_and_takes_new_ones() {
        #[derive(serde::Serialize)]
        struct V1<'a>(
            u64,
            u64,
            u64,
            u64,
            u64,
            u64,
            Vec<(&'a str, u64)>,
            Vec<(&'a str, u64)>,
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("studio.redb");
        {
            let store = Store::open(&path).unwrap();
            let mut v1 = vec![1u8];
            v1.extend(
                postcard::to_allocvec(&V1(4, 2, 1, 1, 0, 1, vec![("/", 4)], vec![])).unwrap(),
            );
            store
                .write(|txn| {
                    txn.open_table(STATS_DAYS)?.insert(100, v1.as_slice())?;
                    Ok(())
                })
                .unwrap();
        }
        let store = Store::open(&path).unwrap();
        store.read_everything().unwrap();
        let old = &store.stats_days(100, 100).unwrap()[0].1;
        assert_eq!((old.views, old.visitors, old.messages), (4, 2, 1));
        assert_eq!(old.pages, vec![("/".into(), 4)]);
        assert!(old.taps.is_empty());
        let tap = DayStats {
            taps: vec![(("whatsapp".into(), "/".into()), 1)],
            ..DayStats::default()
        };
        store.add_stats(&[(100, tap)]).unwrap();
        let day = &store.stats_days(100, 100).unwrap()[0].1;
        assert_eq!((day.views, day.taps.len()), (4, 1));
    }

    #[test]
    fn lists_keep_the_most_counted_within_their_cap() {
        let mut list = vec![("a".to_string(), 5)];
        let more: Vec<(String, u64)> = (0..10).map(|i| (format!("p{i}"), i)).collect();
        add_counts(&mut list, &more, 3);
        assert_eq!(
            list,
            vec![("p9".into(), 9), ("p8".into(), 8), ("p7".into(), 7)]
        );
    }

    #[test]
    fn a_day_record_round_trips() {
        let d = day(7, "/portfolio");
        assert_eq!(DayStats::decode(&d.encode().unwrap()).unwrap(), d);
    }
}
