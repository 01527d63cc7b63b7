//! Leads: what an enquiry says about the client (checked against the owner's lead settings),
//! where the visitor came from, the one-line qualification the owner reads, and the daily mail of
//! follow-ups. The records themselves live in `store`.

pub mod daily;
pub mod notice;
pub mod phone;
pub mod settings;

use crate::bookings::rules::refuse;
use crate::site::CATEGORIES;
use crate::store::{FieldRule, Lead, LeadSettings, LeadSource};
use serde::Deserialize;

/// What a project type may be besides the portfolio's categories.
pub const OTHER: &str = "Other";

pub const LOCALITY_MAX: usize = 100;
pub const SIZE_MAX: usize = 50;
pub const HEARD_FROM_MAX: usize = 100;

/// The lead's fields as a client sends them, beside SPEC's three (JSON or a urlencoded form).
#[derive(Debug, Default, Clone, Deserialize)]
// Every field may be missing: a form leaves out what the visitor did not fill in.
#[serde(rename_all = "camelCase", default)]
pub struct LeadInput {
    pub phone: Option<String>,
    pub project_type: Option<String>,
    pub locality: Option<String>,
    pub size: Option<String>,
    pub budget: Option<String>,
    pub timeline: Option<String>,
    pub heard_from: Option<String>,
}

/// Where the visitor came from, as the page sends it.
#[derive(Debug, Default, Clone, Deserialize)]
// Every field may be missing: the page sends only what it knows.
#[serde(rename_all = "camelCase", default)]
pub struct SourceInput {
    pub page: Option<String>,
    pub landing: Option<String>,
    pub referrer: Option<String>,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<String>,
}

/// A field the visitor (or the owner) has to fix, as a refused consultation setting is.
pub use crate::bookings::rules::FieldError;

/// The project types the form offers: the portfolio's categories, then "Other".
pub fn project_types() -> Vec<&'static str> {
    CATEGORIES.iter().copied().chain([OTHER]).collect()
}

/// What the owner sees for each field, for messages.
pub fn label(field: &str) -> &'static str {
    match field {
        "phone" => "Phone",
        "projectType" => "Project type",
        "locality" => "Locality / city",
        "size" => "Size",
        "budget" => "Budget",
        "timeline" => "Timeline",
        "heardFrom" => "How did you hear about us",
        _ => "This field",
    }
}

/// Checks the lead's fields against the owner's settings and gives the lead at `stage`. From the
/// form (`by_hand` false), a field the owner made required must be filled in and a hidden one is
/// ignored; the owner adding a lead by hand may leave anything out.
pub fn check(
    input: &LeadInput,
    settings: &LeadSettings,
    stage: &str,
    by_hand: bool,
) -> Result<Lead, FieldError> {
    let rules = &settings.fields;
    let field = |name: &'static str, value: &Option<String>, rule: FieldRule, max: usize| {
        let value = value.as_deref().unwrap_or("").trim();
        if rule == FieldRule::Hidden && !by_hand {
            return Ok(String::new());
        }
        if value.is_empty() && rule == FieldRule::Required && !by_hand {
            return Err(refuse(name, format!("{} is required.", label(name))));
        }
        if value.chars().count() > max {
            return Err(refuse(
                name,
                format!("{}: please keep it to {max} characters.", label(name)),
            ));
        }
        if value.chars().any(char::is_control) {
            return Err(refuse(
                name,
                format!("{}: contains characters that are not allowed.", label(name)),
            ));
        }
        Ok(value.to_string())
    };
    let one_of = |name: &'static str, value: String, choices: &[&str]| {
        if value.is_empty() || choices.contains(&value.as_str()) {
            Ok(value)
        } else {
            Err(refuse(
                name,
                format!("{}: choose one of {}.", label(name), choices.join(", ")),
            ))
        }
    };
    let phone = field("phone", &input.phone, rules.phone, 40)?;
    let phone = if phone.is_empty() {
        None
    } else {
        Some(phone::to_e164(&phone).ok_or_else(|| refuse("phone", phone::HOW))?)
    };
    let project_type = one_of(
        "projectType",
        field("projectType", &input.project_type, rules.project_type, 40)?,
        &project_types(),
    )?;
    let budgets: Vec<&str> = settings.budgets.iter().map(String::as_str).collect();
    let timelines: Vec<&str> = settings.timelines.iter().map(String::as_str).collect();
    Ok(Lead {
        phone,
        project_type,
        locality: field("locality", &input.locality, rules.locality, LOCALITY_MAX)?,
        size: field("size", &input.size, rules.size, SIZE_MAX)?,
        budget: one_of(
            "budget",
            field("budget", &input.budget, rules.budget, 100)?,
            &budgets,
        )?,
        timeline: one_of(
            "timeline",
            field("timeline", &input.timeline, rules.timeline, 100)?,
            &timelines,
        )?,
        heard_from: field(
            "heardFrom",
            &input.heard_from,
            rules.heard_from,
            HEARD_FROM_MAX,
        )?,
        ..Lead::new_at(stage)
    })
}

/// The source as far as it is usable: a visitor cannot fix it, so anything malformed is left out
/// rather than refused. Pages are paths of this site, the referrer a host name.
pub fn source(input: Option<&SourceInput>) -> LeadSource {
    let Some(input) = input else {
        return LeadSource::default();
    };
    let text = |v: &Option<String>, max: usize| {
        let v = v.as_deref().unwrap_or("").trim();
        if v.chars().count() > max || v.chars().any(char::is_control) {
            String::new()
        } else {
            v.to_string()
        }
    };
    let path = |v: &Option<String>| {
        let v = text(v, 500);
        if v.starts_with('/') && !v.starts_with("//") && !v.contains(char::is_whitespace) {
            v
        } else {
            String::new()
        }
    };
    LeadSource {
        page: path(&input.page),
        landing: path(&input.landing),
        referrer: host(&text(&input.referrer, 500)),
        utm_source: text(&input.utm_source, 100),
        utm_medium: text(&input.utm_medium, 100),
        utm_campaign: text(&input.utm_campaign, 100),
    }
}

/// The host of a referrer given as a host or an address (`https://www.google.com/search?q=`).
fn host(referrer: &str) -> String {
    let rest = referrer
        .split_once("://")
        .map_or(referrer, |(_, rest)| rest);
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or("").to_ascii_lowercase();
    let ok = !host.is_empty()
        && host.len() <= 253
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if ok { host } else { String::new() }
}

/// The qualification at a glance: "Residential · 3BHK · Gachibowli · ₹25-50 lakh · Within 3 months".
pub fn qualification(lead: &Lead) -> String {
    [
        &lead.project_type,
        &lead.size,
        &lead.locality,
        &lead.budget,
        &lead.timeline,
    ]
    .into_iter()
    .filter(|p| !p.is_empty())
    .map(String::as_str)
    .collect::<Vec<_>>()
    .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> LeadInput {
        LeadInput {
            phone: Some("98480 12345".into()),
            project_type: Some("Residential".into()),
            locality: Some(" Gachibowli ".into()),
            size: Some("3BHK".into()),
            budget: Some("₹25-50 lakh".into()),
            timeline: Some("Within 3 months".into()),
            heard_from: Some("Instagram".into()),
        }
    }

    #[test]
    fn a_qualified_enquiry_reads_at_a_glance() {
        let lead = check(&input(), &LeadSettings::defaults(), "new", false).unwrap();
        assert_eq!(lead.phone.as_deref(), Some("+919848012345"));
        assert_eq!(
            qualification(&lead),
            "Residential · 3BHK · Gachibowli · ₹25-50 lakh · Within 3 months"
        );
        assert_eq!(lead.stage, "new");
    }

    #[test]
    fn each_bad_field_is_named() {
        let settings = LeadSettings::defaults();
        let bad = |f: fn(&mut LeadInput)| {
            let mut i = input();
            f(&mut i);
            check(&i, &settings, "new", false).unwrap_err()
        };
        let e = bad(|i| i.phone = Some("12345".into()));
        assert_eq!(e.field, "phone");
        assert!(e.message.starts_with("Phone:"), "{}", e.message);
        assert_eq!(
            bad(|i| i.project_type = Some("Palace".into())).field,
            "projectType"
        );
        assert_eq!(bad(|i| i.budget = Some("₹1 crore".into())).field, "budget");
        assert_eq!(bad(|i| i.timeline = Some("never".into())).field, "timeline");
        assert_eq!(bad(|i| i.size = Some("x".repeat(51))).field, "size");
        assert_eq!(
            bad(|i| i.locality = Some("a\u{7}b".into())).field,
            "locality"
        );
    }

    #[test]
    fn required_and_hidden_follow_the_owners_settings_but_not_by_hand() {
        let mut settings = LeadSettings::defaults();
        settings.fields.phone = FieldRule::Required;
        settings.fields.heard_from = FieldRule::Hidden;
        let empty = LeadInput {
            heard_from: Some("a friend".into()),
            ..LeadInput::default()
        };
        let e = check(&empty, &settings, "new", false).unwrap_err();
        assert_eq!(
            (e.field, e.message.as_str()),
            ("phone", "Phone is required.")
        );
        let by_hand = check(&empty, &settings, "new", true).unwrap();
        assert_eq!(by_hand.heard_from, "a friend");
        let mut typed = empty.clone();
        typed.phone = Some("+44 20 7946 0958".into());
        let lead = check(&typed, &settings, "new", false).unwrap();
        assert_eq!(lead.heard_from, "", "a hidden field is not kept");
    }

    #[test]
    fn a_malformed_source_is_left_out_not_refused() {
        let s = source(Some(&SourceInput {
            page: Some("/portfolio/modern-serenity".into()),
            landing: Some("//evil.example/x".into()),
            referrer: Some("https://www.Google.com/search?q=studio".into()),
            utm_source: Some("instagram".into()),
            utm_medium: Some("x".repeat(101)),
            utm_campaign: Some("diwali".into()),
        }));
        assert_eq!(s.page, "/portfolio/modern-serenity");
        assert_eq!(s.landing, "");
        assert_eq!(s.referrer, "www.google.com");
        assert_eq!(
            (s.utm_source.as_str(), s.utm_medium.as_str()),
            ("instagram", "")
        );
        assert_eq!(host("not a host"), "");
    }
}
