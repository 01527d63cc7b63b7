//! The activity record for the Owner (docs/admin-api.md, "People"): newest first with filters, as a
//! spreadsheet, whether its chain is whole, and the notices the Overview shows.

use super::guard::{AdminIdentity, require_admin};
use super::messages::csv_cell;
use super::{ApiError, blocking, json_response};
use crate::activity::notices;
use crate::app::{App, with_app};
use crate::store::{ActivityEntry, ActivityFilter, iso8601};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

const PAGE: usize = 50;
/// The most rows one spreadsheet holds (a busy year is well under it).
const CSV_ROWS: usize = 200_000;
const DAY_MS: u64 = 24 * 3600 * 1000;
pub const KINDS: [&str; 8] = [
    "sign-in",
    "people",
    "content",
    "enquiries",
    "personal-data",
    "settings",
    "backups",
    "host",
];

fn entry_json(e: &ActivityEntry) -> Value {
    json!({
        "id": e.id,
        "at": iso8601(e.at_ms),
        "actor": e.actor,
        "action": e.action,
        "kind": e.kind,
        "subject": e.subject,
        "summary": e.summary,
        "address": e.address,
        "device": e.device,
    })
}

/// A `YYYY-MM-DD` as the start of that day (UTC) in milliseconds.
fn day_ms(name: &str, value: &str) -> Result<u64, ApiError> {
    let bad = || ApiError::bad_request(format!("{name} must be a date like 2026-11-29"));
    let date: jiff::civil::Date = value.trim().parse().map_err(|_| bad())?;
    let ts = date
        .to_zoned(jiff::tz::TimeZone::UTC)
        .map_err(|_| bad())?
        .timestamp()
        .as_millisecond();
    u64::try_from(ts).map_err(|_| bad())
}

fn filter_of(q: &HashMap<String, String>, limit: usize) -> Result<ActivityFilter, ApiError> {
    let text = |k: &str| {
        q.get(k)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let kind = text("kind");
    if let Some(k) = &kind
        && !KINDS.contains(&k.as_str())
    {
        return Err(ApiError::bad_request(format!(
            "kind must be one of {}",
            KINDS.join(", ")
        )));
    }
    Ok(ActivityFilter {
        actor: text("username"),
        kind,
        from_ms: text("from").map(|v| day_ms("from", &v)).transpose()?,
        to_ms: text("to")
            .map(|v| day_ms("to", &v).map(|d| d + DAY_MS))
            .transpose()?,
        before: text("before")
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| ApiError::bad_request("before must be a whole number"))
            })
            .transpose()?,
        limit,
    })
}

/// The entries the query's filters pick, at most `limit`, and the `before` of the next page.
async fn read(
    app: &App,
    q: &HashMap<String, String>,
    limit: usize,
) -> Result<(Vec<ActivityEntry>, Option<u64>), ApiError> {
    let filter = filter_of(q, limit)?;
    let store = app.store.clone();
    blocking(move || store.activity(&filter)).await
}

/// Every route of this module, under `/api`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());
    let query = || warp::query::<HashMap<String, String>>();

    let list = warp::path!("admin" / "activity")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and(query())
        .and_then(
            |_: AdminIdentity, app: Arc<App>, q: HashMap<String, String>| async move {
                let (entries, next) = read(&app, &q, PAGE).await?;
                let entries: Vec<Value> = entries.iter().map(entry_json).collect();
                Ok::<_, Rejection>(json_response(
                    StatusCode::OK,
                    &json!({ "entries": entries, "next": next }),
                ))
            },
        );

    let csv = warp::path!("admin" / "activity.csv")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and(query())
        .and_then(
            |_: AdminIdentity, app: Arc<App>, q: HashMap<String, String>| async move {
                let (entries, _) = read(&app, &q, CSV_ROWS).await?;
                let mut out =
                    String::from("\u{feff}When (UTC),Who,What,Kind,Subject,Address,Device\r\n");
                for e in &entries {
                    out.push_str(
                        &[
                            csv_cell(&iso8601(e.at_ms)),
                            csv_cell(&e.actor),
                            csv_cell(&e.summary),
                            csv_cell(&e.kind),
                            csv_cell(&e.subject),
                            csv_cell(&e.address),
                            csv_cell(&e.device),
                        ]
                        .join(","),
                    );
                    out.push_str("\r\n");
                }
                let day = iso8601(crate::store::now_ms());
                let mut res = warp::reply::with_status(out, StatusCode::OK).into_response();
                let headers = res.headers_mut();
                headers.insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/csv; charset=utf-8"),
                );
                if let Ok(v) = HeaderValue::from_str(&format!(
                    "attachment; filename=\"activity-{}.csv\"",
                    day.get(..10).unwrap_or("today")
                )) {
                    headers.insert(header::CONTENT_DISPOSITION, v);
                }
                headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                Ok::<_, Rejection>(res)
            },
        );

    let verify = warp::path!("admin" / "activity" / "verify")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let check = blocking(move || store.verify_activity()).await?;
            let body = match check.broken_at {
                None => json!({ "whole": true, "entries": check.entries }),
                Some(at) => json!({ "whole": false, "brokenAt": at, "entries": check.entries }),
            };
            Ok::<_, Rejection>(json_response(StatusCode::OK, &body))
        });

    let notices = warp::path!("admin" / "security-notices")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let list = blocking(move || notices::recent(&store)).await?;
            let body: Vec<Value> = list
                .iter()
                .map(|(at, text)| json!({ "at": iso8601(*at), "text": text }))
                .collect();
            Ok::<_, Rejection>(json_response(StatusCode::OK, &body))
        });

    list.or(csv)
        .unify()
        .or(verify)
        .unify()
        .or(notices)
        .unify()
        .boxed()
}
