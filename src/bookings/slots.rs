//! Free consultation slots: the owner's weekly hours laid out on the slot grid in the studio's time
//! zone, less days off, past times, the minimum notice, the horizon and the slots already held.
//!
//! Pure functions of the rules, the moment `now` and the bookings held: the clock is the caller's,
//! so tests set it. Zone data is compiled in (jiff's bundled tzdb), never read from the host.

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::{AmbiguousOffset, TimeZone};
use jiff::{SignedDuration, Timestamp};

/// Minutes from local midnight; 1440 is the end of the day.
pub type Minute = u16;

/// What decides which slots are offered, already checked and in the zone's terms.
#[derive(Debug, Clone)]
pub struct Rules {
    pub zone: TimeZone,
    /// Monday first; each day's hours as `[from, to)` in local minutes.
    pub weekly: [Vec<(Minute, Minute)>; 7],
    pub slot_minutes: u16,
    pub horizon_days: u16,
    pub notice_hours: u16,
    pub days_off: Vec<Date>,
}

/// One consultation's time, in absolute terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot {
    pub start: Timestamp,
    pub end: Timestamp,
}

impl Slot {
    pub fn overlaps(&self, other: &Slot) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// Why a chosen start cannot be booked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unbookable {
    /// Not one of the starts offered to anyone (outside the hours, off the grid, past, inside the
    /// notice, beyond the horizon, on a day off): the sentence says which.
    NotOffered(String),
    /// Offered, but someone holds it now.
    Taken,
}

/// The zone of an IANA name, from the compiled-in database.
pub fn zone(name: &str) -> Option<TimeZone> {
    jiff::tz::db().get(name).ok()
}

/// A moment as the studio writes it: `2026-12-03T11:00:00+05:30`.
pub fn iso_in(zone: &TimeZone, at: Timestamp) -> String {
    at.to_zoned(zone.clone())
        .strftime("%Y-%m-%dT%H:%M:%S%:z")
        .to_string()
}

/// The local date of a moment in the zone.
pub fn local_date(zone: &TimeZone, at: Timestamp) -> Date {
    zone.to_datetime(at).date()
}

impl Rules {
    /// The slots offered on the local dates `from` .. `from + days`, at `now`, minus `held`.
    pub fn free(&self, now: Timestamp, from: Date, days: u16, held: &[Slot]) -> Vec<Slot> {
        let mut out = Vec::new();
        let mut date = from;
        for _ in 0..days {
            out.extend(
                self.day(date)
                    .into_iter()
                    .filter(|s| self.in_window(now, s.start).is_ok())
                    .filter(|s| !held.iter().any(|h| h.overlaps(s))),
            );
            match date.tomorrow() {
                Ok(next) => date = next,
                Err(_) => break,
            }
        }
        out
    }

    /// The slot that starts at `start`, if it may be booked at `now` with `held` taken.
    pub fn check(
        &self,
        now: Timestamp,
        start: Timestamp,
        held: &[Slot],
    ) -> Result<Slot, Unbookable> {
        self.in_window(now, start).map_err(Unbookable::NotOffered)?;
        let date = local_date(&self.zone, start);
        if self.days_off.contains(&date) {
            return Err(Unbookable::NotOffered(format!(
                "The studio is closed on {date}. Please pick one of the free times."
            )));
        }
        let slot = self
            .day(date)
            .into_iter()
            .find(|s| s.start == start)
            .ok_or_else(|| {
                Unbookable::NotOffered(
                    "That time is not one of the consultation times. Please pick one of the free \
                     times."
                        .into(),
                )
            })?;
        if held.iter().any(|h| h.overlaps(&slot)) {
            return Err(Unbookable::Taken);
        }
        Ok(slot)
    }

    /// Whether `start` is neither past, nor inside the notice, nor beyond the horizon.
    fn in_window(&self, now: Timestamp, start: Timestamp) -> Result<(), String> {
        let notice = SignedDuration::from_hours(i64::from(self.notice_hours));
        let horizon = SignedDuration::from_hours(24 * i64::from(self.horizon_days));
        if start <= now {
            return Err("That time has passed. Please pick one of the free times.".into());
        }
        if now
            .checked_add(notice)
            .is_ok_and(|earliest| start < earliest)
        {
            return Err(format!(
                "Consultations are booked at least {} ahead. Please pick a later time.",
                hours(self.notice_hours)
            ));
        }
        if now.checked_add(horizon).is_ok_and(|latest| start > latest) {
            return Err(format!(
                "Consultations can be booked up to {} days ahead. Please pick an earlier time.",
                self.horizon_days
            ));
        }
        Ok(())
    }

    /// Every slot of the grid on one local date, days off excluded, whatever the clock says.
    /// A local time the zone skips (a DST gap) is no slot; a repeated one is its first instance.
    fn day(&self, date: Date) -> Vec<Slot> {
        if self.days_off.contains(&date) || self.slot_minutes == 0 {
            return Vec::new();
        }
        let weekday = usize::from(date.weekday().to_monday_zero_offset().unsigned_abs());
        let Some(hours) = self.weekly.get(weekday) else {
            return Vec::new();
        };
        let step = self.slot_minutes;
        let mut out = Vec::new();
        for &(from, to) in hours {
            let mut at = from;
            while at.saturating_add(step) <= to {
                if let Some(start) = self.instant(date, at) {
                    out.push(Slot {
                        start,
                        end: start + SignedDuration::from_mins(i64::from(step)),
                    });
                }
                at += step;
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn instant(&self, date: Date, minute: Minute) -> Option<Timestamp> {
        let time = Time::new((minute / 60) as i8, (minute % 60) as i8, 0, 0).ok()?;
        let local = DateTime::from_parts(date, time);
        let ambiguous = self.zone.to_ambiguous_timestamp(local);
        match ambiguous.offset() {
            AmbiguousOffset::Gap { .. } => None,
            AmbiguousOffset::Unambiguous { .. } | AmbiguousOffset::Fold { .. } => {
                ambiguous.earlier().ok()
            }
        }
    }
}

fn hours(n: u16) -> String {
    if n == 1 {
        "1 hour".into()
    } else if n.is_multiple_of(24) && n > 0 {
        let days = n / 24;
        if days == 1 {
            "24 hours".into()
        } else {
            format!("{days} days")
        }
    } else {
        format!("{n} hours")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn hm(h: u16, m: u16) -> Minute {
        h * 60 + m
    }

    /// Mon-Sat 11:00-13:00 and 15:00-18:00, 60-minute slots, 24 h notice, 30 days ahead.
    fn studio(zone_name: &str) -> Rules {
        let day = vec![(hm(11, 0), hm(13, 0)), (hm(15, 0), hm(18, 0))];
        Rules {
            zone: zone(zone_name).unwrap(),
            weekly: [
                day.clone(),
                day.clone(),
                day.clone(),
                day.clone(),
                day.clone(),
                day,
                vec![],
            ],
            slot_minutes: 60,
            horizon_days: 30,
            notice_hours: 24,
            days_off: vec![],
        }
    }

    fn at(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    fn starts(rules: &Rules, slots: &[Slot]) -> Vec<String> {
        slots.iter().map(|s| iso_in(&rules.zone, s.start)).collect()
    }

    #[test]
    fn weekly_hours_make_the_grid_in_kolkata_time() {
        let rules = studio("Asia/Kolkata");
        // Tuesday 1 December 2026, 09:00 IST; Thursday 3 December is past the notice.
        let now = at("2026-12-01T03:30:00Z");
        let free = rules.free(now, date(2026, 12, 3), 1, &[]);
        assert_eq!(
            starts(&rules, &free),
            [
                "2026-12-03T11:00:00+05:30",
                "2026-12-03T12:00:00+05:30",
                "2026-12-03T15:00:00+05:30",
                "2026-12-03T16:00:00+05:30",
                "2026-12-03T17:00:00+05:30",
            ]
        );
        assert_eq!(free[0].start, at("2026-12-03T05:30:00Z"));
        assert_eq!(free[0].end, at("2026-12-03T06:30:00Z"));
        // Sunday has no hours.
        assert!(rules.free(now, date(2026, 12, 6), 1, &[]).is_empty());
    }

    #[test]
    fn a_slot_must_fit_whole_inside_the_hours() {
        let mut rules = studio("Asia/Kolkata");
        rules.slot_minutes = 45;
        let now = at("2026-12-01T03:30:00Z");
        let free = rules.free(now, date(2026, 12, 3), 1, &[]);
        // 11:00-13:00 holds 11:00 and 11:45 (12:30 would end at 13:15); 15:00-18:00 holds four.
        assert_eq!(
            starts(&rules, &free),
            [
                "2026-12-03T11:00:00+05:30",
                "2026-12-03T11:45:00+05:30",
                "2026-12-03T15:00:00+05:30",
                "2026-12-03T15:45:00+05:30",
                "2026-12-03T16:30:00+05:30",
                "2026-12-03T17:15:00+05:30",
            ]
        );
        let off_grid = at("2026-12-03T11:30:00+05:30");
        assert!(matches!(
            rules.check(now, off_grid, &[]),
            Err(Unbookable::NotOffered(_))
        ));
        let outside = at("2026-12-03T13:00:00+05:30");
        assert!(matches!(
            rules.check(now, outside, &[]),
            Err(Unbookable::NotOffered(_))
        ));
        assert!(
            rules
                .check(now, at("2026-12-03T11:45:00+05:30"), &[])
                .is_ok()
        );
    }

    #[test]
    fn the_notice_and_the_horizon_bound_what_is_offered() {
        let rules = studio("Asia/Kolkata");
        // Tuesday 1 December 2026, 12:30 IST: Wednesday's 11:00 and 12:00 are inside 24 h.
        let now = at("2026-12-01T12:30:00+05:30");
        let wed = rules.free(now, date(2026, 12, 2), 1, &[]);
        assert_eq!(
            starts(&rules, &wed),
            [
                "2026-12-02T15:00:00+05:30",
                "2026-12-02T16:00:00+05:30",
                "2026-12-02T17:00:00+05:30",
            ]
        );
        let inside = rules.check(now, at("2026-12-02T12:00:00+05:30"), &[]);
        match inside {
            Err(Unbookable::NotOffered(m)) => assert!(m.contains("24 hours"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(
            rules
                .check(now, at("2026-12-02T15:00:00+05:30"), &[])
                .is_ok()
        );
        // Past.
        let past = rules.check(now, at("2026-11-30T11:00:00+05:30"), &[]);
        assert!(matches!(past, Err(Unbookable::NotOffered(m)) if m.contains("passed")));
        // 30 days: 31 December 12:00 is in, 31 December 15:00 is beyond.
        assert!(
            rules
                .check(now, at("2026-12-31T12:00:00+05:30"), &[])
                .is_ok()
        );
        let beyond = rules.check(now, at("2026-12-31T15:00:00+05:30"), &[]);
        assert!(matches!(beyond, Err(Unbookable::NotOffered(m)) if m.contains("30 days")));
        let all = rules.free(now, date(2026, 12, 1), 60, &[]);
        let last = all.last().unwrap();
        assert_eq!(iso_in(&rules.zone, last.start), "2026-12-31T12:00:00+05:30");
    }

    #[test]
    fn days_off_offer_nothing_and_refuse_a_booking() {
        let mut rules = studio("Asia/Kolkata");
        rules.days_off = vec![date(2026, 12, 3)];
        let now = at("2026-12-01T03:30:00Z");
        assert!(rules.free(now, date(2026, 12, 3), 1, &[]).is_empty());
        assert_eq!(rules.free(now, date(2026, 12, 3), 2, &[]).len(), 5);
        let refused = rules.check(now, at("2026-12-03T11:00:00+05:30"), &[]);
        assert!(matches!(refused, Err(Unbookable::NotOffered(m)) if m.contains("closed")));
    }

    #[test]
    fn a_held_slot_is_gone_and_says_taken() {
        let rules = studio("Asia/Kolkata");
        let now = at("2026-12-01T03:30:00Z");
        let slot = rules
            .check(now, at("2026-12-03T11:00:00+05:30"), &[])
            .unwrap();
        let free = rules.free(now, date(2026, 12, 3), 1, &[slot]);
        assert_eq!(free.len(), 4);
        assert!(!free.contains(&slot));
        assert_eq!(
            rules.check(now, slot.start, &[slot]),
            Err(Unbookable::Taken)
        );
        // A blocked half hour makes the slot it overlaps unavailable.
        let half = Slot {
            start: at("2026-12-03T12:30:00+05:30"),
            end: at("2026-12-03T13:00:00+05:30"),
        };
        assert_eq!(rules.free(now, date(2026, 12, 3), 1, &[half]).len(), 4);
    }

    #[test]
    fn a_zone_across_the_date_line_keeps_its_own_dates() {
        // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: the same local Thursday
        // is two different UTC days, and a visitor's offset does not move the grid.
        let east = studio("Pacific/Kiritimati");
        let west = studio("Pacific/Pago_Pago");
        let now = at("2026-11-28T00:00:00Z");
        let e = east.free(now, date(2026, 12, 3), 1, &[]);
        let w = west.free(now, date(2026, 12, 3), 1, &[]);
        assert_eq!(iso_in(&east.zone, e[0].start), "2026-12-03T11:00:00+14:00");
        assert_eq!(e[0].start, at("2026-12-02T21:00:00Z"));
        assert_eq!(iso_in(&west.zone, w[0].start), "2026-12-03T11:00:00-11:00");
        assert_eq!(w[0].start, at("2026-12-03T22:00:00Z"));
        // The same instant written with another offset is the same slot.
        assert!(
            east.check(now, at("2026-12-02T21:00:00+00:00"), &[])
                .is_ok()
        );
        // Kiritimati's Thursday 11:00 is Wednesday in UTC: still Thursday's hours apply (Thursday
        // has hours, Sunday has none).
        assert!(east.free(now, date(2026, 12, 6), 1, &[]).is_empty());
        assert!(
            east.check(now, at("2026-12-06T11:00:00+14:00"), &[])
                .is_err()
        );
    }

    #[test]
    fn kolkata_has_no_daylight_saving_and_new_york_does() {
        let rules = studio("Asia/Kolkata");
        // Summer and winter: the same offset all year.
        let now = at("2026-06-01T00:00:00Z");
        let june = rules.free(now, date(2026, 6, 10), 1, &[]);
        assert_eq!(
            iso_in(&rules.zone, june[0].start),
            "2026-06-10T11:00:00+05:30"
        );

        // New York: 11:00 is 15:00Z in summer and 16:00Z in winter; on 8 March 2026 clocks jump
        // 02:00 -> 03:00, so a slot at 02:00 or 02:30 local does not exist.
        let mut ny = studio("America/New_York");
        ny.weekly = std::array::from_fn(|_| vec![(hm(1, 0), hm(4, 0))]);
        ny.slot_minutes = 30;
        ny.notice_hours = 0;
        let now = at("2026-03-01T00:00:00Z");
        let day = ny.free(now, date(2026, 3, 8), 1, &[]);
        assert_eq!(
            starts(&ny, &day),
            [
                "2026-03-08T01:00:00-05:00",
                "2026-03-08T01:30:00-05:00",
                "2026-03-08T03:00:00-04:00",
                "2026-03-08T03:30:00-04:00",
            ]
        );
        let summer = studio("America/New_York").free(now, date(2026, 3, 10), 1, &[]);
        assert_eq!(summer[0].start, at("2026-03-10T15:00:00Z"));
        let winter = studio("America/New_York").free(now, date(2026, 3, 5), 1, &[]);
        assert_eq!(winter[0].start, at("2026-03-05T16:00:00Z"));
        // 1 November 2026: 01:00-02:00 happens twice; each local start is offered once (the first).
        let now = at("2026-10-25T00:00:00Z");
        let fold = ny.free(now, date(2026, 11, 1), 1, &[]);
        assert_eq!(
            starts(&ny, &fold)[..2],
            ["2026-11-01T01:00:00-04:00", "2026-11-01T01:30:00-04:00"]
        );
        assert!(fold.windows(2).all(|w| w[0].end <= w[1].start));
    }

    #[test]
    fn unknown_zones_are_none_and_kolkata_is_compiled_in() {
        assert!(zone("Asia/Kolkata").is_some());
        assert!(zone("Mars/Olympus_Mons").is_none());
    }
}
