//! The lead settings as JSON (`GET`/`PUT /api/admin/lead-settings`), checked field by field with
//! messages that name the field.

use crate::store::{FieldRule, FieldRules, KEPT_STAGES, LeadSettings, Stage};
use serde_json::{Map, Value, json};

/// Stages a pipeline may have: the seven it starts with and up to eight of the owner's own.
pub const MAX_STAGES: usize = 15;
pub const MAX_CHOICES: usize = 12;
const LABEL_MAX: usize = 40;
const CHOICE_MAX: usize = 60;

/// The form's optional fields in the order it shows them, by their API names.
pub const FIELDS: [&str; 7] = [
    "phone",
    "projectType",
    "locality",
    "size",
    "budget",
    "timeline",
    "heardFrom",
];

fn rule_name(rule: FieldRule) -> &'static str {
    match rule {
        FieldRule::Hidden => "hidden",
        FieldRule::Optional => "optional",
        FieldRule::Required => "required",
    }
}

fn rule_of(rules: &FieldRules, field: &str) -> FieldRule {
    match field {
        "phone" => rules.phone,
        "projectType" => rules.project_type,
        "locality" => rules.locality,
        "size" => rules.size,
        "budget" => rules.budget,
        "timeline" => rules.timeline,
        _ => rules.heard_from,
    }
}

fn rule_slot<'a>(rules: &'a mut FieldRules, field: &str) -> &'a mut FieldRule {
    match field {
        "phone" => &mut rules.phone,
        "projectType" => &mut rules.project_type,
        "locality" => &mut rules.locality,
        "size" => &mut rules.size,
        "budget" => &mut rules.budget,
        "timeline" => &mut rules.timeline,
        _ => &mut rules.heard_from,
    }
}

/// The settings as the panel and the public form read them (`projectTypes` is fixed: the
/// portfolio's categories and "Other").
pub fn to_json(s: &LeadSettings) -> Value {
    let fields: Map<String, Value> = FIELDS
        .iter()
        .map(|f| (f.to_string(), json!(rule_name(rule_of(&s.fields, f)))))
        .collect();
    json!({
        "stages": s.stages.iter().map(|st| json!({"key": st.key, "label": st.label})).collect::<Vec<_>>(),
        "fields": fields,
        "budgets": s.budgets,
        "timelines": s.timelines,
        "projectTypes": super::project_types(),
        "dailyMail": { "enabled": s.daily_mail, "at": s.daily_mail_at },
    })
}

/// What the public contact form needs: which fields it shows and the choices (no stages, no mail).
pub fn form_json(s: &LeadSettings) -> Value {
    let mut all = to_json(s);
    if let Value::Object(m) = &mut all {
        m.remove("stages");
        m.remove("dailyMail");
    }
    all
}

/// The settings a `PUT` sends, over the current ones: a part left out stays as it is.
pub fn from_json(
    body: &Map<String, Value>,
    current: &LeadSettings,
) -> Result<LeadSettings, String> {
    let mut s = current.clone();
    if let Some(stages) = body.get("stages") {
        s.stages = stages_from(stages)?;
    }
    if let Some(fields) = body.get("fields") {
        let Value::Object(fields) = fields else {
            return Err("fields must be an object of field: hidden, optional or required".into());
        };
        for (name, rule) in fields {
            let Some(field) = FIELDS.iter().find(|f| **f == name) else {
                return Err(format!(
                    "fields.{name}: no such field; the fields are {}",
                    FIELDS.join(", ")
                ));
            };
            *rule_slot(&mut s.fields, field) = match rule.as_str() {
                Some("hidden") => FieldRule::Hidden,
                Some("optional") => FieldRule::Optional,
                Some("required") => FieldRule::Required,
                _ => {
                    return Err(format!(
                        "fields.{name} must be hidden, optional or required"
                    ));
                }
            };
        }
    }
    if let Some(v) = body.get("budgets") {
        s.budgets = choices("budgets", v)?;
    }
    if let Some(v) = body.get("timelines") {
        s.timelines = choices("timelines", v)?;
    }
    if let Some(mail) = body.get("dailyMail") {
        let Value::Object(mail) = mail else {
            return Err("dailyMail must be { enabled, at }".into());
        };
        if let Some(enabled) = mail.get("enabled") {
            s.daily_mail = enabled
                .as_bool()
                .ok_or("dailyMail.enabled must be true or false")?;
        }
        if let Some(at) = mail.get("at") {
            let at = at.as_str().unwrap_or("").trim();
            if parse_time(at).is_none() {
                return Err("dailyMail.at must be a time of day like 09:00".into());
            }
            s.daily_mail_at = at.to_string();
        }
    }
    Ok(s)
}

/// `HH:MM` as minutes after midnight.
pub fn parse_time(at: &str) -> Option<u32> {
    let (h, m) = at.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

fn text(v: &Value, path: &str, max: usize) -> Result<String, String> {
    let t = v
        .as_str()
        .ok_or_else(|| format!("{path} must be text"))?
        .trim();
    if t.is_empty() {
        return Err(format!("{path} is required"));
    }
    if t.chars().count() > max {
        return Err(format!("{path} must have at most {max} characters"));
    }
    if t.chars().any(char::is_control) {
        return Err(format!("{path} contains control characters"));
    }
    Ok(t.to_string())
}

fn stages_from(v: &Value) -> Result<Vec<Stage>, String> {
    let list = v
        .as_array()
        .ok_or("stages must be a list of { key, label }")?;
    if list.is_empty() || list.len() > MAX_STAGES {
        return Err(format!("stages: from 1 to {MAX_STAGES} stages"));
    }
    let mut out: Vec<Stage> = Vec::new();
    for (i, st) in list.iter().enumerate() {
        let label = text(&st["label"], &format!("stages[{i}].label"), LABEL_MAX)?;
        // A new stage may come without a key: it is made from its label.
        let key = match st.get("key").and_then(Value::as_str).map(str::trim) {
            Some(k) if !k.is_empty() => k.to_string(),
            _ => crate::site::slug(&label),
        };
        let ok = !key.is_empty()
            && key.len() <= LABEL_MAX
            && key.split('-').all(|w| {
                !w.is_empty()
                    && w.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            });
        if !ok {
            return Err(format!(
                "stages[{i}].key must be lower-case letters and digits joined by single -"
            ));
        }
        if out.iter().any(|o| o.key == key) {
            return Err(format!("stages[{i}].key: {key:?} is there twice"));
        }
        if out.iter().any(|o| o.label.eq_ignore_ascii_case(&label)) {
            return Err(format!("stages[{i}].label: {label:?} is there twice"));
        }
        out.push(Stage { key, label });
    }
    for kept in KEPT_STAGES {
        if !out.iter().any(|s| s.key == kept) {
            return Err(format!(
                "stages: the stage {kept:?} cannot be removed (it may be renamed)"
            ));
        }
    }
    Ok(out)
}

fn choices(name: &str, v: &Value) -> Result<Vec<String>, String> {
    let list = v
        .as_array()
        .ok_or_else(|| format!("{name} must be a list of text"))?;
    if list.len() > MAX_CHOICES {
        return Err(format!("{name}: at most {MAX_CHOICES} choices"));
    }
    let mut out: Vec<String> = Vec::new();
    for (i, c) in list.iter().enumerate() {
        let c = text(c, &format!("{name}[{i}]"), CHOICE_MAX)?;
        if out.contains(&c) {
            return Err(format!("{name}[{i}]: {c:?} is there twice"));
        }
        out.push(c);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_bad_ones_name_their_field() {
        let d = LeadSettings::defaults();
        let Value::Object(body) = to_json(&d) else {
            panic!()
        };
        assert_eq!(from_json(&body, &d).unwrap(), d);
        let bad = |v: Value| {
            let Value::Object(m) = v else { panic!() };
            from_json(&m, &d).unwrap_err()
        };
        assert!(bad(json!({"fields": {"phone": "maybe"}})).starts_with("fields.phone"));
        assert!(bad(json!({"fields": {"fax": "hidden"}})).starts_with("fields.fax"));
        assert!(
            bad(json!({"stages": [{"key": "new", "label": "New"}]})).contains("cannot be removed")
        );
        assert!(bad(json!({"budgets": ["a", "a"]})).starts_with("budgets[1]"));
        assert!(bad(json!({"dailyMail": {"at": "25:00"}})).starts_with("dailyMail.at"));
        let mut stages = to_json(&d)["stages"].clone();
        stages
            .as_array_mut()
            .unwrap()
            .push(json!({"label": "On hold"}));
        let Value::Object(m) = json!({"stages": stages, "fields": {"phone": "required"}}) else {
            panic!()
        };
        let s = from_json(&m, &d).unwrap();
        assert_eq!(s.stages.last().unwrap().key, "on-hold");
        assert_eq!(s.fields.phone, FieldRule::Required);
        assert_eq!(parse_time("09:00"), Some(540));
        assert_eq!(parse_time("9:00"), None);
    }
}
