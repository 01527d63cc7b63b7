//! What the revision calls of every record kind share (pages, projects, news, testimonials, hero
//! slides): a revision's JSON, the optional `version` of a PUT and the 409 of a stale one.

use super::ApiError;
use super::admin::iso8601;
use crate::store::Revision;
use serde::Serialize;
use serde_json::{Map, Value, json};
use warp::http::StatusCode;

/// A revision as the list shows it: `{version, savedAt, savedBy, changed}`.
pub fn summary(r: &Revision) -> Value {
    json!({
        "version": r.version,
        "savedAt": iso8601(r.saved_at_ms),
        "savedBy": r.saved_by,
        "changed": r.changed,
    })
}

/// One revision with its content.
pub fn with_content(r: &Revision, content: Value) -> Value {
    let mut out = summary(r);
    if let Some(map) = out.as_object_mut() {
        map.insert("content".into(), content);
    }
    out
}

/// The `version` a PUT body names: `None` when left out (then whatever is current is replaced).
pub fn sent_version(body: &Map<String, Value>) -> Result<Option<u64>, ApiError> {
    match body.get("version") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().filter(|&v| v > 0).map(Some).ok_or_else(|| {
            ApiError::bad_request("version must be the whole number the record was read with")
        }),
    }
}

/// The answer when another tab or person saved first: nothing was overwritten.
pub fn stale(noun: &str, current: u64) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        format!(
            "This {noun} was changed elsewhere (it is now version {current}); nothing was saved. \
             Reload it and make your change again."
        ),
    )
}

/// A record's JSON with its current `version` beside SPEC's fields.
pub fn versioned<T: Serialize>(record: &T, version: u64) -> Value {
    let mut value = serde_json::to_value(record).unwrap_or(Value::Null);
    if let Some(map) = value.as_object_mut() {
        map.insert("version".into(), Value::from(version));
    }
    value
}

pub fn no_such_version() -> ApiError {
    ApiError::not_found("No kept version has that number")
}
