//! Where clients come from: the period's enquiries, and how many of them are now at Won, per
//! landing page, campaign and referring site, beside the views and visits counted from the same
//! sources (docs/stats.md, "The report"). Sites are named in words ("Instagram"), so a visit from
//! `l.instagram.com`, one with `?utm_source=instagram` and an enquiry that answered "Instagram" to
//! "How did you hear about us" count on one line.

use super::{classify, names};
use crate::store::{ContactMessage, DayStats, Folder, WON_STAGE};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// Rows of the report's list of sources.
const SOURCE_ROWS: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// The first page of the visit, its path without the query.
    Page,
    /// `utm_campaign` of the landing address.
    Campaign,
    /// The site or app the visit came from, in words: its referring host, else its
    /// `utm_source`, and the enquiry's answer to "How did you hear about us" when it names one.
    Referrer,
    /// An answer to "How did you hear about us" that names no site or app ("a friend").
    Heard,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct SourceLine {
    pub kind: SourceKind,
    pub name: String,
    /// Views of the page, or visits from the site or with the campaign, in the period.
    pub visits: u64,
    /// Enquiries received in the period from this source (spam left out).
    pub enquiries: u64,
    /// How many of them are at the stage Won now.
    pub won: u64,
}

/// The sources of the enquiries received from `from_ms` (inclusive) to `to_ms` (exclusive), most
/// won first, then most enquiries, at most `SOURCE_ROWS`.
pub fn lines(
    messages: &[ContactMessage],
    from_ms: u64,
    to_ms: u64,
    days: &BTreeMap<u32, DayStats>,
) -> Vec<SourceLine> {
    let mut counts: HashMap<(SourceKind, String), (u64, u64)> = HashMap::new();
    for msg in messages {
        if msg.folder == Folder::Spam || !(from_ms..to_ms).contains(&msg.created_at_ms) {
            continue;
        }
        let won = u64::from(msg.lead.stage == WON_STAGE);
        let s = &msg.lead.source;
        // A visitor who opened the form first has no other landing page than the form's.
        let landing = if s.landing.is_empty() {
            &s.page
        } else {
            &s.landing
        };
        let host = classify::referrer_host(&format!("https://{}/", s.referrer), &[]);
        let came_from = host
            .or_else(|| classify::source(&s.utm_source))
            .map(|from| names::named(&from));
        let heard = msg.lead.heard_from.trim();
        let heard = match names::known(heard) {
            Some(name) => (SourceKind::Referrer, name.to_string()),
            None => (SourceKind::Heard, heard.to_string()),
        };
        let mut sources = vec![
            (SourceKind::Page, page_path(landing)),
            (SourceKind::Campaign, s.utm_campaign.trim().to_string()),
            (SourceKind::Referrer, came_from.unwrap_or_default()),
            heard,
        ];
        // "Instagram" as the referrer and as the answer is one enquiry from Instagram.
        sources.sort();
        sources.dedup();
        for (kind, name) in sources {
            if name.is_empty() {
                continue;
            }
            let line = counts.entry((kind, name)).or_default();
            line.0 += 1;
            line.1 += won;
        }
    }
    let mut lines: Vec<SourceLine> = counts
        .into_iter()
        .map(|((kind, name), (enquiries, won))| SourceLine {
            visits: visits(kind, &name, days),
            kind,
            name,
            enquiries,
            won,
        })
        .collect();
    lines.sort_by(|a, b| {
        (b.won, b.enquiries)
            .cmp(&(a.won, a.enquiries))
            .then_with(|| (a.kind, &a.name).cmp(&(b.kind, &b.name)))
    });
    lines.truncate(SOURCE_ROWS);
    lines
}

/// A landing address as the page counter names pages: the path, no query or fragment, no
/// trailing slash.
fn page_path(address: &str) -> String {
    let path = address.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with('/') {
        return String::new();
    }
    match path.trim_end_matches('/') {
        "" => "/".to_string(),
        trimmed => trimmed.to_string(),
    }
}

fn visits(kind: SourceKind, name: &str, days: &BTreeMap<u32, DayStats>) -> u64 {
    let count = |list: &Vec<(String, u64)>, same: &dyn Fn(&str) -> bool| -> u64 {
        list.iter()
            .filter(|(have, _)| same(have))
            .map(|(_, n)| *n)
            .sum()
    };
    days.values()
        .map(|d| match kind {
            SourceKind::Page => count(&d.pages, &|have| have == name),
            SourceKind::Campaign => count(&d.campaigns, &|have| have == name),
            SourceKind::Referrer => count(&d.referrers, &|host| names::named(host) == name),
            SourceKind::Heard => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Lead, LeadSource};

    fn msg(at: u64, stage: &str, folder: Folder, source: LeadSource) -> ContactMessage {
        ContactMessage {
            id: at,
            name: "A".into(),
            email: "a@b.in".into(),
            message: "Hi".into(),
            created_at_ms: at,
            read: false,
            folder,
            lead: Lead {
                source,
                ..Lead::new_at(stage)
            },
        }
    }

    fn from_case_study() -> LeadSource {
        LeadSource {
            page: "/contact".into(),
            landing: "/portfolio/modern-serenity/?utm_campaign=diwali".into(),
            referrer: "www.Instagram.com".into(),
            utm_campaign: "diwali".into(),
            ..LeadSource::default()
        }
    }

    #[test]
    fn enquiries_and_wins_add_up_per_source_beside_the_visits() {
        let days = BTreeMap::from([(
            1,
            DayStats {
                pages: vec![("/portfolio/modern-serenity".into(), 40)],
                referrers: vec![("instagram.com".into(), 12)],
                campaigns: vec![("diwali".into(), 9)],
                ..DayStats::default()
            },
        )]);
        let messages = [
            msg(10, "won", Folder::Inbox, from_case_study()),
            msg(11, "new", Folder::Inbox, from_case_study()),
            // Spam, outside the period, or with no source: not counted.
            msg(12, "won", Folder::Spam, from_case_study()),
            msg(100, "won", Folder::Inbox, from_case_study()),
            msg(13, "won", Folder::Inbox, LeadSource::default()),
            // No landing page: the page the form was sent from.
            msg(
                14,
                "new",
                Folder::Inbox,
                LeadSource {
                    page: "/contact".into(),
                    ..LeadSource::default()
                },
            ),
        ];
        let lines = lines(&messages, 10, 100, &days);
        let find = |kind, name: &str| {
            lines
                .iter()
                .find(|l| l.kind == kind && l.name == name)
                .map(|l| (l.visits, l.enquiries, l.won))
        };
        assert_eq!(
            find(SourceKind::Page, "/portfolio/modern-serenity"),
            Some((40, 2, 1))
        );
        assert_eq!(find(SourceKind::Campaign, "diwali"), Some((9, 2, 1)));
        assert_eq!(find(SourceKind::Referrer, "Instagram"), Some((12, 2, 1)));
        assert_eq!(find(SourceKind::Page, "/contact"), Some((0, 1, 0)));
        assert_eq!(lines.len(), 4);
        assert_eq!(lines.last().map(|l| l.name.as_str()), Some("/contact"));
    }

    fn heard(at: u64, answer: &str, source: LeadSource) -> ContactMessage {
        let mut m = msg(at, "new", Folder::Inbox, source);
        m.lead.heard_from = answer.into();
        m
    }

    #[test]
    fn a_site_is_one_line_whether_it_referred_tagged_or_was_named_in_the_answer() {
        let days = BTreeMap::from([(
            1,
            DayStats {
                referrers: vec![
                    ("instagram.com".into(), 12),
                    ("l.instagram.com".into(), 3),
                    ("whatsapp".into(), 5),
                ],
                ..DayStats::default()
            },
        )]);
        let from_whatsapp = LeadSource {
            utm_source: "WhatsApp".into(),
            ..LeadSource::default()
        };
        let messages = [
            // Referred by Instagram and answered Instagram: one enquiry from Instagram.
            heard(10, "Instagram", from_case_study()),
            heard(11, "instagram", LeadSource::default()),
            heard(12, "", from_whatsapp),
            heard(13, "A friend", LeadSource::default()),
        ];
        let lines = lines(&messages, 10, 100, &days);
        let find = |kind, name: &str| {
            lines
                .iter()
                .find(|l| l.kind == kind && l.name == name)
                .map(|l| (l.visits, l.enquiries))
        };
        assert_eq!(find(SourceKind::Referrer, "Instagram"), Some((15, 2)));
        assert_eq!(find(SourceKind::Referrer, "WhatsApp"), Some((5, 1)));
        assert_eq!(find(SourceKind::Heard, "A friend"), Some((0, 1)));
    }
}
