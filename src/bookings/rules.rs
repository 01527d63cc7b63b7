//! The owner's consultation settings as the API shows them, their checks (each refusal names its
//! field), and the slot [`Rules`] they make.

use super::slots::{Minute, Rules, Slot};
use crate::store::{Booking, ConsultationMode, ConsultationSettings};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const DAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
pub const SLOT_LENGTHS: [u16; 3] = [30, 45, 60];
pub const HORIZON_MAX: u16 = 365;
pub const NOTICE_MAX: u16 = 24 * 30;
const RANGES_PER_DAY: usize = 6;
const DAYS_OFF_MAX: usize = 400;
const LINK_MAX: usize = 500;

/// The settings in the API's words (`GET`/`PUT /api/admin/consultation-settings`). On `PUT`
/// every field is optional: one left out keeps its value.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettingsJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot_minutes: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizon_days: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notice_hours: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weekly: Option<BTreeMap<String, Vec<[String; 2]>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_off: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub video_link: Option<String>,
}

/// A field to fix: its name in the API and a sentence naming it (a refused setting here; a lead's
/// field in `crate::leads`, which shares it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub message: String,
}

pub(crate) fn refuse(field: &'static str, message: impl Into<String>) -> FieldError {
    FieldError {
        field,
        message: message.into(),
    }
}

/// `HH:MM` of local minutes.
pub fn clock(minute: Minute) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

fn parse_clock(text: &str) -> Option<Minute> {
    let (h, m) = text.trim().split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    match (h, m) {
        (24, 0) => Some(24 * 60),
        (0..=23, 0..=59) => Some(h * 60 + m),
        _ => None,
    }
}

impl SettingsJson {
    pub fn of(s: &ConsultationSettings) -> SettingsJson {
        let weekly = DAYS
            .iter()
            .enumerate()
            .map(|(i, day)| {
                let ranges = s
                    .weekly
                    .get(i)
                    .map(|r| r.iter().map(|&(a, b)| [clock(a), clock(b)]).collect())
                    .unwrap_or_default();
                (day.to_string(), ranges)
            })
            .collect();
        SettingsJson {
            enabled: Some(s.enabled),
            time_zone: Some(s.time_zone.clone()),
            slot_minutes: Some(s.slot_minutes),
            horizon_days: Some(s.horizon_days),
            notice_hours: Some(s.notice_hours),
            weekly: Some(weekly),
            days_off: Some(s.days_off.clone()),
            mode: Some(s.mode.as_str().into()),
            video_link: Some(s.video_link.clone()),
        }
    }

    /// `current` with these changes, checked as a whole.
    pub fn apply(self, current: &ConsultationSettings) -> Result<ConsultationSettings, FieldError> {
        let mut s = current.clone();
        if let Some(v) = self.enabled {
            s.enabled = v;
        }
        if let Some(zone) = self.time_zone {
            let zone = zone.trim().to_string();
            if super::slots::zone(&zone).is_none() {
                return Err(refuse(
                    "timeZone",
                    format!(
                        "Time zone: {zone:?} is not a known time zone (for example Asia/Kolkata)."
                    ),
                ));
            }
            s.time_zone = zone;
        }
        if let Some(v) = self.slot_minutes {
            if !SLOT_LENGTHS.contains(&v) {
                return Err(refuse(
                    "slotMinutes",
                    "Length of a consultation: choose 30, 45 or 60 minutes.",
                ));
            }
            s.slot_minutes = v;
        }
        if let Some(v) = self.horizon_days {
            if !(1..=HORIZON_MAX).contains(&v) {
                return Err(refuse(
                    "horizonDays",
                    format!("How far ahead: between 1 and {HORIZON_MAX} days."),
                ));
            }
            s.horizon_days = v;
        }
        if let Some(v) = self.notice_hours {
            if v > NOTICE_MAX {
                return Err(refuse(
                    "noticeHours",
                    format!("Minimum notice: at most {NOTICE_MAX} hours."),
                ));
            }
            s.notice_hours = v;
        }
        if let Some(weekly) = self.weekly {
            s.weekly = parse_weekly(&weekly)?;
        }
        if let Some(days) = self.days_off {
            s.days_off = parse_days_off(&days)?;
        }
        if let Some(mode) = self.mode {
            s.mode = ConsultationMode::parse(mode.trim()).ok_or_else(|| {
                refuse(
                    "mode",
                    "Where: choose at the studio, a call or a video call.",
                )
            })?;
        }
        if let Some(link) = self.video_link {
            let link = link.trim().to_string();
            if link.chars().count() > LINK_MAX || (!link.is_empty() && !is_web_link(&link)) {
                return Err(refuse(
                    "videoLink",
                    "Video call link: paste the whole link, starting with https://.",
                ));
            }
            s.video_link = link;
        }
        if s.mode == ConsultationMode::Video && s.video_link.is_empty() {
            return Err(refuse(
                "videoLink",
                "Video call link: paste the link visitors join, or choose another place.",
            ));
        }
        Ok(s)
    }
}

fn is_web_link(link: &str) -> bool {
    url::Url::parse(link).is_ok_and(|u| u.scheme() == "https" && u.host_str().is_some())
        && !link.chars().any(|c| c.is_whitespace() || c.is_control())
}

fn parse_weekly(
    weekly: &BTreeMap<String, Vec<[String; 2]>>,
) -> Result<Vec<Vec<(Minute, Minute)>>, FieldError> {
    if let Some(unknown) = weekly.keys().find(|k| !DAYS.contains(&k.as_str())) {
        return Err(refuse(
            "weekly",
            format!("Weekly hours: {unknown:?} is not a day (mon, tue, ... sun)."),
        ));
    }
    DAYS.iter()
        .map(|day| {
            let mut ranges = Vec::new();
            for [from, to] in weekly.get(*day).map(Vec::as_slice).unwrap_or_default() {
                let (Some(a), Some(b)) = (parse_clock(from), parse_clock(to)) else {
                    return Err(refuse(
                        "weekly",
                        format!("Weekly hours ({day}): write times as HH:MM, for example 11:00."),
                    ));
                };
                if a >= b {
                    return Err(refuse(
                        "weekly",
                        format!("Weekly hours ({day}): {from} to {to} ends before it starts."),
                    ));
                }
                ranges.push((a, b));
            }
            if ranges.len() > RANGES_PER_DAY {
                return Err(refuse(
                    "weekly",
                    format!("Weekly hours ({day}): at most {RANGES_PER_DAY} periods a day."),
                ));
            }
            ranges.sort();
            if ranges.windows(2).any(|w| w[0].1 > w[1].0) {
                return Err(refuse(
                    "weekly",
                    format!("Weekly hours ({day}): two periods overlap."),
                ));
            }
            Ok(ranges)
        })
        .collect()
}

fn parse_days_off(days: &[String]) -> Result<Vec<String>, FieldError> {
    if days.len() > DAYS_OFF_MAX {
        return Err(refuse(
            "daysOff",
            format!("Days off: at most {DAYS_OFF_MAX} dates."),
        ));
    }
    let mut out = Vec::new();
    for day in days {
        let date = parse_date(day).ok_or_else(|| {
            refuse(
                "daysOff",
                format!("Days off: {day:?} is not a date like 2026-12-25."),
            )
        })?;
        out.push(date.to_string());
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// A strict `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Option<Date> {
    let text = text.trim();
    if text.len() != 10 {
        return None;
    }
    text.parse::<Date>().ok()
}

/// The slot rules of stored settings; `None` when their zone is unknown to this build.
pub fn rules_of(s: &ConsultationSettings) -> Option<Rules> {
    let zone = super::slots::zone(&s.time_zone)?;
    let weekly = std::array::from_fn(|i| s.weekly.get(i).cloned().unwrap_or_default());
    Some(Rules {
        zone,
        weekly,
        slot_minutes: s.slot_minutes,
        horizon_days: s.horizon_days,
        notice_hours: s.notice_hours,
        days_off: s.days_off.iter().filter_map(|d| parse_date(d)).collect(),
    })
}

/// A booking's time as a slot.
pub fn slot_of(b: &Booking) -> Option<Slot> {
    Some(Slot {
        start: Timestamp::from_millisecond(b.start_ms).ok()?,
        end: Timestamp::from_millisecond(b.end_ms).ok()?,
    })
}

/// The times `bookings` hold.
pub fn held(bookings: &[Booking]) -> Vec<Slot> {
    bookings
        .iter()
        .filter(|b| b.status.holds())
        .filter_map(slot_of)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(json: serde_json::Value) -> Result<ConsultationSettings, FieldError> {
        serde_json::from_value::<SettingsJson>(json)
            .unwrap()
            .apply(&ConsultationSettings::default())
    }

    #[test]
    fn the_defaults_round_trip_through_the_api_shape() {
        let d = ConsultationSettings::default();
        let json = serde_json::to_value(SettingsJson::of(&d)).unwrap();
        assert_eq!(
            json["weekly"]["mon"],
            serde_json::json!([["09:00", "17:00"]])
        );
        assert_eq!(json["weekly"]["sat"], serde_json::json!([]));
        assert_eq!(json["weekly"]["sun"], serde_json::json!([]));
        assert_eq!(json["enabled"], false);
        assert_eq!(json["timeZone"], "Asia/Kolkata");
        assert_eq!(put(json).unwrap(), d);
    }

    #[test]
    fn each_refusal_names_its_field() {
        let cases = [
            (
                serde_json::json!({"timeZone": "Asia/Hyderabad"}),
                "timeZone",
            ),
            (serde_json::json!({"slotMinutes": 50}), "slotMinutes"),
            (serde_json::json!({"horizonDays": 0}), "horizonDays"),
            (serde_json::json!({"noticeHours": 10000}), "noticeHours"),
            (
                serde_json::json!({"weekly": {"mon": [["13:00", "11:00"]]}}),
                "weekly",
            ),
            (
                serde_json::json!({"weekly": {"mon": [["11:00", "13:00"], ["12:00", "14:00"]]}}),
                "weekly",
            ),
            (
                serde_json::json!({"weekly": {"mon": [["25:00", "26:00"]]}}),
                "weekly",
            ),
            (serde_json::json!({"weekly": {"funday": []}}), "weekly"),
            (serde_json::json!({"daysOff": ["2026-02-30"]}), "daysOff"),
            (serde_json::json!({"daysOff": ["26-12-25"]}), "daysOff"),
            (serde_json::json!({"mode": "home"}), "mode"),
            (serde_json::json!({"mode": "video"}), "videoLink"),
            (
                serde_json::json!({"mode": "video", "videoLink": "javascript:alert(1)"}),
                "videoLink",
            ),
        ];
        for (json, field) in cases {
            let err = put(json.clone()).unwrap_err();
            assert_eq!(err.field, field, "{json}: {err:?}");
        }
        let ok = put(serde_json::json!({
            "enabled": true, "mode": "video", "videoLink": "https://meet.example.in/studio",
            "weekly": {"sun": [["10:00", "24:00"]]}, "daysOff": ["2026-12-25", "2026-12-25"]
        }))
        .unwrap();
        assert_eq!(ok.weekly[6], vec![(600, 1440)]);
        assert!(ok.weekly[0].is_empty());
        assert_eq!(ok.days_off, ["2026-12-25"]);
        assert!(rules_of(&ok).is_some());
    }
}
