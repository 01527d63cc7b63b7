//! The owner's inbox (docs/admin-api.md, "Messages"): the list with read marks, folders, search and
//! paging; marking, moving, deleting and restoring one message; the CSV export. Every call sits
//! behind `guard::require_admin`.

use super::body::{Fields, json_body};
use super::contact::{ContactInput, MESSAGE_MAX, NAME_MAX, is_email, validate};
use super::guard::{AdminIdentity, require_admin};
use super::leads::{LeadJson, field_error, follow_up_from, refused};
use super::{ApiError, blocking, json_response, query_number};
use crate::app::App;
use crate::app::with_app;
use crate::leads::{self, LeadInput, SourceInput};
use crate::store::iso8601;
use crate::store::{
    ContactChange, ContactFilter, ContactMessage, FIRST_STAGE, Folder, LeadChange, NewLead,
};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::UNIX_EPOCH;
use warp::filters::BoxedFilter;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

/// Most messages one page may ask for.
pub const MAX_LIMIT: usize = 1000;

const NOT_FOUND: &str = "No message has that id";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ContactJson {
    id: u64,
    name: String,
    email: String,
    message: String,
    created_at: String,
    read: bool,
    folder: &'static str,
    /// The lead's fields, stage, follow-up and notes, beside SPEC's.
    #[serde(flatten)]
    lead: LeadJson,
}

impl From<ContactMessage> for ContactJson {
    fn from(m: ContactMessage) -> ContactJson {
        ContactJson {
            id: m.id,
            name: m.name,
            email: m.email,
            message: m.message,
            created_at: iso8601(m.created_at_ms),
            read: m.read,
            folder: m.folder.as_str(),
            lead: LeadJson::from(m.lead),
        }
    }
}

/// What `GET /api/contacts` was asked: a filter, and a page only when `limit` or `offset` is given.
#[derive(Debug)]
struct ListQuery {
    filter: ContactFilter,
    page: Option<(usize, usize)>,
}

fn list_query(raw: &HashMap<String, String>) -> Result<ListQuery, ApiError> {
    let folder = match raw
        .get("folder")
        .map(|f| f.trim())
        .filter(|f| !f.is_empty())
    {
        None => None,
        Some(f) => Some(
            Folder::parse(f)
                .ok_or_else(|| ApiError::bad_request("folder must be inbox or spam"))?,
        ),
    };
    let limit = query_number(raw, "limit", MAX_LIMIT)?;
    let offset = query_number(raw, "offset", usize::MAX)?;
    let query = raw.get("q").map(|q| q.trim()).unwrap_or("");
    if query.chars().count() > 200 {
        return Err(ApiError::bad_request("q must have at most 200 characters"));
    }
    let stage = raw
        .get("stage")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    let by_follow_up = match raw.get("sort").map(|s| s.trim()) {
        None | Some("") | Some("newest") => false,
        Some("followUp") => true,
        Some(_) => return Err(ApiError::bad_request("sort must be newest or followUp")),
    };
    Ok(ListQuery {
        filter: ContactFilter {
            folder,
            query: query.to_string(),
            stage,
            by_follow_up,
        },
        page: (limit.is_some() || offset.is_some())
            .then(|| (offset.unwrap_or(0), limit.unwrap_or(MAX_LIMIT))),
    })
}

async fn list(app: Arc<App>, raw: HashMap<String, String>) -> Result<Response, Rejection> {
    let query = list_query(&raw)?;
    let store = app.store.clone();
    let (offset, limit) = query.page.unwrap_or((0, usize::MAX));
    let filter = query.filter;
    let page = blocking(move || store.contact_page(&filter, offset, limit)).await?;
    let messages: Vec<ContactJson> = page.messages.into_iter().map(ContactJson::from).collect();
    // SPEC's shape (a plain array) unless a page was asked for.
    if query.page.is_none() {
        return Ok(json_response(StatusCode::OK, &messages));
    }
    Ok(json_response(
        StatusCode::OK,
        &serde_json::json!({
            "messages": messages,
            "total": page.total,
            "offset": offset,
            "limit": limit,
            "unread": page.unread,
            "inbox": page.inbox,
            "spam": page.spam,
            "stages": page.stages.into_iter().map(|(k, n)| (k, Value::from(n))).collect::<Map<String, Value>>(),
        }),
    ))
}

/// A `PATCH`: SPEC's marks and/or the lead's stage and next follow-up.
fn patch_from(body: Map<String, Value>) -> Result<(ContactChange, LeadChange), ApiError> {
    let lead = LeadChange {
        stage: match body.get("stage") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Some(_) => return Err(ApiError::bad_request("stage must be a stage's key")),
        },
        follow_up_on: follow_up_from(&body)?,
    };
    let marks = if body.contains_key("read") || body.contains_key("folder") {
        change_from(body)?
    } else if lead.stage.is_none() && lead.follow_up_on.is_none() {
        return Err(ApiError::bad_request(
            "Send read (true or false), folder (inbox or spam), stage or followUpOn",
        ));
    } else {
        ContactChange::default()
    };
    Ok((marks, lead))
}

fn change_from(body: Map<String, Value>) -> Result<ContactChange, ApiError> {
    let fields = Fields(body);
    let read = match fields.0.get("read") {
        None | Some(Value::Null) => None,
        Some(_) => Some(fields.flag("read", false)?),
    };
    let folder = match fields.raw_text("folder")?.trim() {
        "" => None,
        f => Some(
            Folder::parse(f)
                .ok_or_else(|| ApiError::bad_request("folder must be inbox or spam"))?,
        ),
    };
    if read.is_none() && folder.is_none() {
        return Err(ApiError::bad_request(
            "Send read (true or false) and/or folder (inbox or spam)",
        ));
    }
    Ok(ContactChange { read, folder })
}

/// The message a restore (the panel's Undo) puts back, checked like a visitor's.
fn restored_from(id: u64, body: Map<String, Value>) -> Result<ContactMessage, ApiError> {
    let fields = Fields(body);
    let input = ContactInput {
        name: Some(fields.raw_text("name")?),
        email: Some(fields.raw_text("email")?),
        message: Some(fields.raw_text("message")?),
        ..ContactInput::default()
    };
    let valid = validate(&input).map_err(ApiError::bad_request)?;
    let created = fields.raw_text("createdAt")?;
    let created_at_ms = humantime::parse_rfc3339_weak(created.trim())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map(|d| d.as_millis() as u64)
        .ok_or_else(|| {
            ApiError::bad_request("createdAt must be a date like 2026-01-31T09:30:00Z")
        })?;
    let change = match change_from(fields.0.clone()) {
        Ok(change) => change,
        Err(_) if !fields.0.contains_key("read") && !fields.0.contains_key("folder") => {
            ContactChange::default()
        }
        Err(e) => return Err(e),
    };
    let lead: LeadJson = serde_json::from_value(Value::Object(fields.0))
        .map_err(|e| ApiError::bad_request(format!("a lead field is wrong: {e}")))?;
    Ok(ContactMessage {
        id,
        name: valid.name,
        email: valid.email,
        message: valid.message,
        created_at_ms,
        read: change.read.unwrap_or(true),
        folder: change.folder.unwrap_or(Folder::Inbox),
        lead: lead.into_lead()?,
    })
}

/// A lead the owner adds by hand (a call, a walk-in): a name and a phone or an e-mail address,
/// the rest as the form has it but none of it required.
fn hand_made(
    body: Map<String, Value>,
    settings: &crate::store::LeadSettings,
    by: &str,
) -> Result<Result<NewLead, leads::FieldError>, ApiError> {
    let fields = Fields(body);
    let name = fields.text("name", NAME_MAX, false)?;
    if name.is_empty() {
        return Ok(Err(leads::FieldError {
            field: "name",
            message: "Name is required.".into(),
        }));
    }
    let email = fields.text("email", super::contact::EMAIL_MAX, false)?;
    if !email.is_empty() && !is_email(&email) {
        return Ok(Err(leads::FieldError {
            field: "email",
            message: "Email: please enter a valid email address.".into(),
        }));
    }
    let message = fields.text("message", MESSAGE_MAX, true)?;
    let input: LeadInput = serde_json::from_value(Value::Object(fields.0.clone()))
        .map_err(|e| ApiError::bad_request(format!("a lead field is wrong: {e}")))?;
    let stage = match fields.text("stage", 40, false)?.as_str() {
        "" => FIRST_STAGE.to_string(),
        s => s.to_string(),
    };
    let mut lead = match leads::check(&input, settings, &stage, true) {
        Ok(lead) => lead,
        Err(e) => return Ok(Err(e)),
    };
    if lead.phone.is_none() && email.is_empty() {
        return Ok(Err(leads::FieldError {
            field: "phone",
            message: "Phone: give a phone number or an email address.".into(),
        }));
    }
    if let Some(source) = fields.0.get("source") {
        let source: SourceInput = serde_json::from_value(source.clone())
            .map_err(|e| ApiError::bad_request(format!("source is wrong: {e}")))?;
        lead.source = leads::source(Some(&source));
    }
    lead.follow_up_on = follow_up_from(&fields.0)?.flatten();
    lead.added_by = by.to_string();
    Ok(Ok(NewLead {
        name,
        email,
        message,
        folder: Folder::Inbox,
        // The owner wrote it: nothing new to read.
        read: true,
        lead,
        by: by.to_string(),
    }))
}

// ----- CSV -----

/// One CSV cell (RFC 4180), always quoted, inner quotes doubled. A spreadsheet runs a cell that
/// starts with `= + - @`, a tab or a carriage return as a formula, and one that splits on `;` or
/// `,` (or reads a line break as a new row) sees a new cell after each of them: so a `'` goes
/// before such a character wherever it starts the cell or follows one of those (spaces between
/// allowed).
pub fn csv_cell(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 4);
    out.push('"');
    let mut starts_a_cell = true;
    for c in value.chars() {
        if starts_a_cell && matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r') {
            out.push('\'');
        }
        if c == '"' {
            out.push('"');
        }
        out.push(c);
        starts_a_cell = matches!(c, ';' | ',' | '\n' | '\r') || (starts_a_cell && c == ' ');
    }
    out.push('"');
    out
}

/// Every message as CSV: a UTF-8 BOM (so spreadsheets read the names right), a header row, one
/// CRLF-ended row per message, newest first.
pub fn csv(messages: &[ContactMessage], settings: &crate::store::LeadSettings) -> String {
    let header = [
        "Date",
        "Name",
        "Email",
        "Message",
        "Read",
        "Folder",
        "Phone",
        "Project type",
        "Locality",
        "Size",
        "Budget",
        "Timeline",
        "Heard from",
        "Stage",
        "Next follow-up",
        "Notes",
        "Page",
        "Landing page",
        "Referrer",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        "Added by",
    ]
    .map(csv_cell);
    let mut out = format!("\u{feff}{}\r\n", header.join(","));
    for m in messages {
        let l = &m.lead;
        let notes: Vec<String> = l
            .notes
            .iter()
            .map(|n| format!("{} {}: {}", &iso8601(n.at_ms)[..16], n.by, n.text))
            .collect();
        let stage = settings
            .stage(&l.stage)
            .map_or(l.stage.clone(), |s| s.label.clone());
        let row = [
            iso8601(m.created_at_ms),
            m.name.clone(),
            m.email.clone(),
            m.message.clone(),
            if m.read { "yes" } else { "no" }.to_string(),
            m.folder.as_str().to_string(),
            l.phone.clone().unwrap_or_default(),
            l.project_type.clone(),
            l.locality.clone(),
            l.size.clone(),
            l.budget.clone(),
            l.timeline.clone(),
            l.heard_from.clone(),
            stage,
            l.follow_up_on.clone().unwrap_or_default(),
            notes.join("\n"),
            l.source.page.clone(),
            l.source.landing.clone(),
            l.source.referrer.clone(),
            l.source.utm_source.clone(),
            l.source.utm_medium.clone(),
            l.source.utm_campaign.clone(),
            l.added_by.clone(),
        ];
        let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

async fn export(app: Arc<App>) -> Result<Response, Rejection> {
    let store = app.store.clone();
    let body = blocking(move || Ok(csv(&store.contacts()?, &store.lead_settings()?))).await?;
    let day = &iso8601(crate::store::now_ms())[..10];
    let mut res = Response::new(body.into());
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"messages-{day}.csv\"")) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    Ok(res)
}

/// Every route of this module, under `/api`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());

    let list = warp::path!("contacts")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and(warp::query::<HashMap<String, String>>())
        .and_then(|_: AdminIdentity, app, raw| list(app, raw));

    let export = warp::path!("contacts.csv")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app| export(app));

    // One person's details: the panel asks when it opens a message or a lead, so that each
    // opening is in the activity record (DPDP Rules 2025, Rule 6).
    let one = warp::path!("contacts" / u64)
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|id: u64, _: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let msg = blocking(move || Ok(store.contacts()?.into_iter().find(|m| m.id == id)))
                .await?
                .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &ContactJson::from(msg)))
        });

    let update = warp::path!("contacts" / u64)
        .and(warp::patch())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |id: u64, who: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let (marks, lead) = patch_from(body)?;
                let store = app.store.clone();
                let msg = blocking(move || store.change_lead(id, marks, &lead, &who.username))
                    .await?
                    .ok_or_else(|| ApiError::not_found(NOT_FOUND))?
                    .map_err(refused)?;
                Ok::<_, Rejection>(json_response(StatusCode::OK, &ContactJson::from(msg)))
            },
        );

    let add = warp::path!("contacts")
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |who: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let store = app.store.clone();
                let settings = blocking(move || store.lead_settings()).await?;
                let new = match hand_made(body, &settings, &who.username)? {
                    Ok(new) => new,
                    Err(e) => return Ok(field_error(e)),
                };
                let store = app.store.clone();
                let msg = blocking(move || store.add_lead(new))
                    .await?
                    .map_err(refused)?;
                Ok::<_, Rejection>(json_response(StatusCode::CREATED, &ContactJson::from(msg)))
            },
        );

    let delete = warp::path!("contacts" / u64)
        .and(warp::delete())
        .and(admin())
        .and(app_())
        .and_then(|id: u64, _: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let msg = blocking(move || store.delete_contact(id))
                .await?
                .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &ContactJson::from(msg)))
        });

    let restore = warp::path!("contacts" / u64)
        .and(warp::put())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |id: u64, _: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let msg = restored_from(id, body)?;
                let store = app.store.clone();
                let kept = msg.clone();
                if !blocking(move || store.restore_contact(&kept)).await? {
                    return Err(warp::reject::custom(ApiError::new(
                        StatusCode::CONFLICT,
                        "That message is still there, or its id was never used",
                    )));
                }
                Ok::<_, Rejection>(json_response(StatusCode::CREATED, &ContactJson::from(msg)))
            },
        );

    list.or(export)
        .unify()
        .or(add)
        .unify()
        .or(super::leads::routes(app.clone()))
        .unify()
        .or(one)
        .unify()
        .or(update)
        .unify()
        .or(delete)
        .unify()
        .or(restore)
        .unify()
        .boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        assert_eq!(csv_cell("plain"), "\"plain\"");
        assert_eq!(csv_cell(""), "\"\"");
        assert_eq!(csv_cell("a, b"), "\"a, b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("one\r\ntwo"), "\"one\r\ntwo\"");
        assert_eq!(csv_cell("=1+1"), "\"'=1+1\"");
        assert_eq!(csv_cell("+91 98480"), "\"'+91 98480\"");
        assert_eq!(csv_cell("-2"), "\"'-2\"");
        assert_eq!(csv_cell("@SUM(A1)"), "\"'@SUM(A1)\"");
        assert_eq!(csv_cell("\tx"), "\"'\tx\"");
        assert_eq!(csv_cell("\rx"), "\"'\rx\"");
        assert_eq!(csv_cell("  =1"), "\"  '=1\"");
        assert_eq!(
            csv_cell("=HYPERLINK(\"x\",\"y\")"),
            "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""
        );
        assert_eq!(
            csv_cell("a-b 1+1 x@y"),
            "\"a-b 1+1 x@y\"",
            "inside a word: no guard"
        );
    }

    #[test]
    fn a_formula_after_a_separator_or_a_line_break_is_defused() {
        assert_eq!(
            csv_cell("Bob;=HYPERLINK(\"http://evil.example\")"),
            "\"Bob;'=HYPERLINK(\"\"http://evil.example\"\")\""
        );
        assert_eq!(csv_cell("Bob, =1+1"), "\"Bob, '=1+1\"");
        assert_eq!(csv_cell("Hi\n@SUM(A1)"), "\"Hi\n'@SUM(A1)\"");
        assert_eq!(csv_cell("Hi\r\n-1"), "\"Hi\r\n'-1\"");
        assert_eq!(csv_cell("x;\t+1"), "\"x;'\t+1\"");
    }

    #[test]
    fn paging_is_asked_for_explicitly() {
        let q = |pairs: &[(&str, &str)]| {
            list_query(
                &pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            )
        };
        assert!(q(&[]).unwrap().page.is_none());
        assert!(q(&[("q", "kitchen")]).unwrap().page.is_none());
        assert_eq!(q(&[("limit", "50")]).unwrap().page, Some((0, 50)));
        assert_eq!(q(&[("offset", "10")]).unwrap().page, Some((10, MAX_LIMIT)));
        assert!(q(&[("limit", "1001")]).is_err());
        assert!(q(&[("limit", "-1")]).is_err());
        assert!(q(&[("folder", "trash")]).is_err());
        assert_eq!(
            q(&[("folder", "spam")]).unwrap().filter.folder,
            Some(Folder::Spam)
        );
    }
}
