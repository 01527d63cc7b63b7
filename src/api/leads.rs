//! The lead side of the inbox (docs/admin-api.md, "Leads"): a lead's fields as JSON beside SPEC's
//! message, its notes, and the owner's lead settings. Every call sits behind `guard::require_admin`.

use super::body::json_body;
use super::guard::{AdminIdentity, require_admin};
use super::{ApiError, blocking, json_response};
use crate::app::{App, with_app};
use crate::leads;
use crate::store::{Lead, LeadNote, LeadRefused, LeadSource, iso8601};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

pub const NOTE_MAX: usize = 2000;

/// A lead's part of a message as the API shows it (flattened beside SPEC's fields).
#[derive(Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct LeadJson {
    pub phone: Option<String>,
    pub project_type: String,
    pub locality: String,
    pub size: String,
    pub budget: String,
    pub timeline: String,
    pub heard_from: String,
    pub source: LeadSource,
    pub stage: String,
    pub moves: Vec<MoveJson>,
    pub follow_up_on: Option<String>,
    pub notes: Vec<NoteJson>,
    pub added_by: String,
    /// "3BHK · Gachibowli · ₹25-50 lakh · Within 3 months" (read-only).
    pub qualification: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
pub struct MoveJson {
    pub stage: String,
    pub at: String,
    pub by: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
pub struct NoteJson {
    pub id: u32,
    pub text: String,
    pub at: String,
    pub by: String,
}

impl From<&LeadNote> for NoteJson {
    fn from(n: &LeadNote) -> NoteJson {
        NoteJson {
            id: n.id,
            text: n.text.clone(),
            at: iso8601(n.at_ms),
            by: n.by.clone(),
        }
    }
}

impl From<Lead> for LeadJson {
    fn from(l: Lead) -> LeadJson {
        LeadJson {
            qualification: leads::qualification(&l),
            source: l.source.clone(),
            moves: l
                .moves
                .iter()
                .map(|m| MoveJson {
                    stage: m.stage.clone(),
                    at: iso8601(m.at_ms),
                    by: m.by.clone(),
                })
                .collect(),
            notes: l.notes.iter().map(NoteJson::from).collect(),
            phone: l.phone,
            project_type: l.project_type,
            locality: l.locality,
            size: l.size,
            budget: l.budget,
            timeline: l.timeline,
            heard_from: l.heard_from,
            stage: l.stage,
            follow_up_on: l.follow_up_on,
            added_by: l.added_by,
        }
    }
}

/// A time as the API writes it (`iso8601`), back to ms; `None` when unreadable.
fn ms_of(at: &str) -> Option<u64> {
    humantime::parse_rfc3339_weak(at.trim())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_millis() as u64)
}

impl LeadJson {
    /// The lead a restore (the panel's Undo) puts back, as the list showed it: the phone must be
    /// E.164 again and the dates readable, so nothing a visitor could not have sent gets in.
    pub fn into_lead(self) -> Result<Lead, ApiError> {
        let phone =
            match self.phone {
                None => None,
                Some(p) => Some(leads::phone::to_e164(&p).filter(|e| *e == p).ok_or_else(
                    || ApiError::bad_request("phone must be in E.164 (+919848012345)"),
                )?),
            };
        if let Some(d) = &self.follow_up_on
            && !super::news::is_iso_date(d)
        {
            return Err(ApiError::bad_request(
                "followUpOn must be a date like 2026-12-31",
            ));
        }
        let time = |at: &str, what: &str| {
            ms_of(at).ok_or_else(|| ApiError::bad_request(format!("{what} must be a time")))
        };
        Ok(Lead {
            phone,
            project_type: self.project_type,
            locality: self.locality,
            size: self.size,
            budget: self.budget,
            timeline: self.timeline,
            heard_from: self.heard_from,
            source: self.source,
            stage: if self.stage.is_empty() {
                crate::store::FIRST_STAGE.to_string()
            } else {
                self.stage
            },
            moves: self
                .moves
                .into_iter()
                .map(|m| {
                    Ok(crate::store::StageMove {
                        at_ms: time(&m.at, "moves[].at")?,
                        stage: m.stage,
                        by: m.by,
                    })
                })
                .collect::<Result<_, ApiError>>()?,
            follow_up_on: self.follow_up_on,
            notes: self
                .notes
                .into_iter()
                .map(|n| {
                    Ok(LeadNote {
                        at_ms: time(&n.at, "notes[].at")?,
                        id: n.id,
                        text: n.text,
                        by: n.by,
                    })
                })
                .collect::<Result<_, ApiError>>()?,
            added_by: self.added_by,
        })
    }
}

/// A refused lead write as a 400 naming the field.
pub fn refused(r: LeadRefused) -> Rejection {
    warp::reject::custom(ApiError::bad_request(r.to_string()))
}

/// A field error as a 400 `{message, field}` answer.
pub fn field_error(e: leads::FieldError) -> Response {
    json_response(
        StatusCode::BAD_REQUEST,
        &serde_json::json!({ "message": e.message, "field": e.field }),
    )
}

/// `followUpOn` of a body: absent (`None`), null or empty (`Some(None)`, clears it) or a date.
pub fn follow_up_from(body: &Map<String, Value>) -> Result<Option<Option<String>>, ApiError> {
    match body.get("followUpOn") {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Some(None)),
        Some(Value::String(s)) if super::news::is_iso_date(s.trim()) => {
            Ok(Some(Some(s.trim().to_string())))
        }
        Some(_) => Err(ApiError::bad_request(
            "followUpOn must be a date like 2026-12-31, or null to clear it",
        )),
    }
}

/// `POST /api/contacts/{id}/notes` and `GET`/`PUT /api/admin/lead-settings`.
/// The settings as the panel reads them, with whether mail can go at all (`[smtp]`): without it
/// the daily mail's switch says so.
fn settings_json(app: &App, s: &crate::store::LeadSettings) -> Value {
    let mut json = leads::settings::to_json(s);
    json["dailyMail"]["canSend"] = Value::Bool(app.notifier.is_enabled());
    json
}

pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());

    let note = warp::path!("contacts" / u64 / "notes")
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |id: u64, who: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let text = super::body::Fields(body).text("text", NOTE_MAX, true)?;
                if text.is_empty() {
                    return Err(warp::reject::custom(ApiError::bad_request(
                        "text: write the note (1 to 2000 characters)",
                    )));
                }
                let store = app.store.clone();
                let note = blocking(move || store.add_lead_note(id, &text, &who.username))
                    .await?
                    .ok_or_else(|| ApiError::not_found("No message has that id"))?;
                Ok::<_, Rejection>(json_response(StatusCode::CREATED, &NoteJson::from(&note)))
            },
        );

    let get_settings = warp::path!("admin" / "lead-settings")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let s = blocking(move || store.lead_settings()).await?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &settings_json(&app, &s)))
        });

    let put_settings = warp::path!("admin" / "lead-settings")
        .and(warp::put())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |_: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let store = app.store.clone();
                let current = blocking(move || store.lead_settings()).await?;
                let next =
                    leads::settings::from_json(&body, &current).map_err(ApiError::bad_request)?;
                let store = app.store.clone();
                let saved = blocking(move || store.put_lead_settings(&next))
                    .await?
                    .map_err(refused)?;
                // The public form shows the fields and choices these settings name.
                if let Err(e) = app.refresh_site() {
                    tracing::error!("re-rendering the pages after new lead settings: {e:#}");
                }
                Ok::<_, Rejection>(json_response(StatusCode::OK, &settings_json(&app, &saved)))
            },
        );

    note.or(get_settings)
        .unify()
        .or(put_settings)
        .unify()
        .boxed()
}
