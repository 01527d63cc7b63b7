//! `/api/admin/pages`: the page records (docs/page-records.md): list, read, save with the 409
//! rule, and their history (revisions, one revision, restore). Content is checked against
//! `pageSchema.json` by `pages::schema`; a founder address another page takes is a 409.

use super::admin::{AdminIdentity, iso8601, json_body, require_admin, write_and_refresh};
use super::revisions::{self, no_such_version, sent_version};
use super::{ApiError, blocking, json_response, with_app};
use crate::app::App;
use crate::pages::{self, Files, schema};
use crate::site::{FOUNDER_PATTERN, PAGE_SCHEMA};
use crate::store::{PAGE_KIND, PageRecord, Refused, Save};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

/// The page routes, under `/api`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());
    let base = || warp::path("admin").and(warp::path("pages"));

    let list = base()
        .and(warp::path::end())
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let records = blocking(move || store.pages()).await?;
            let slug = founder_slug(&records);
            let list: Vec<Value> = PAGE_SCHEMA
                .pages
                .iter()
                .filter_map(|p| {
                    let r = records.iter().find(|r| r.key == p.key)?;
                    Some(json!({
                        "key": r.key,
                        "path": path_of(&r.key, &slug),
                        "title": p.label,
                        "version": r.version,
                        "updatedAt": iso8601(r.updated_at_ms),
                    }))
                })
                .collect();
            Ok::<_, Rejection>(json_response(StatusCode::OK, &list))
        });

    let get = base()
        .and(warp::path::param::<String>())
        .and(warp::path::end())
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|key: String, _: AdminIdentity, app: Arc<App>| async move {
            let record = read(&app, key).await?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &record))
        });

    let put = base()
        .and(warp::path::param::<String>())
        .and(warp::path::end())
        .and(warp::put())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |key: String, admin: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                save(app, key, admin, body).await
            },
        );

    let history = base()
        .and(warp::path::param::<String>())
        .and(warp::path("revisions"))
        .and(warp::path::end())
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|key: String, _: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let found = blocking(move || {
                if store.page(&key)?.is_none() {
                    return Ok(None);
                }
                store.revisions(PAGE_KIND, &key).map(Some)
            })
            .await?
            .ok_or_else(no_such_page)?;
            let list: Vec<Value> = found.iter().map(revisions::summary).collect();
            Ok::<_, Rejection>(json_response(StatusCode::OK, &list))
        });

    let one_revision = base()
        .and(warp::path::param::<String>())
        .and(warp::path("revisions"))
        .and(warp::path::param::<u64>())
        .and(warp::path::end())
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(
            |key: String, version: u64, _: AdminIdentity, app: Arc<App>| async move {
                let store = app.store.clone();
                let found = blocking(move || store.revision(PAGE_KIND, &key, version)).await?;
                let revision = found.ok_or_else(no_such_version)?;
                let content: Value = serde_json::from_slice(&revision.body)
                    .map_err(|e| ApiError::internal(anyhow::anyhow!("a page revision: {e}")))?;
                Ok::<_, Rejection>(json_response(
                    StatusCode::OK,
                    &revisions::with_content(&revision, content),
                ))
            },
        );

    let restore = base()
        .and(warp::path::param::<String>())
        .and(warp::path("revisions"))
        .and(warp::path::param::<u64>())
        .and(warp::path("restore"))
        .and(warp::path::end())
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and_then(
            |key: String, version: u64, admin: AdminIdentity, app: Arc<App>| async move {
                let key_ = key.clone();
                let saved = write_and_refresh(app.clone(), move |store| {
                    store.restore_page(&key_, version, &admin.username)
                })
                .await?;
                let record = saved.map_err(|r| match r {
                    Refused::NotFound => no_such_version(),
                    other => refusal(other),
                })?;
                let slug = current_founder_slug(&app).await?;
                Ok::<_, Rejection>(json_response(StatusCode::OK, &record_json(&record, &slug)?))
            },
        );

    list.or(history)
        .unify()
        .or(one_revision)
        .unify()
        .or(restore)
        .unify()
        .or(get)
        .unify()
        .or(put)
        .unify()
        .boxed()
}

async fn read(app: &App, key: String) -> Result<Value, ApiError> {
    let store = app.store.clone();
    let (record, founder) =
        blocking(move || Ok((store.page(&key)?, store.page(pages::FOUNDER)?))).await?;
    let record = record.ok_or_else(no_such_page)?;
    let slug = founder_slug(founder.as_slice());
    record_json(&record, &slug)
}

async fn save(
    app: Arc<App>,
    key: String,
    admin: AdminIdentity,
    body: Map<String, Value>,
) -> Result<Response, Rejection> {
    let Some(page) = PAGE_SCHEMA.page(&key) else {
        return Err(no_such_page().into());
    };
    let expect = sent_version(&body)?.ok_or_else(|| {
        ApiError::bad_request("version is required: the version of the page you edited")
    })?;
    let content = body
        .get("content")
        .cloned()
        .ok_or_else(|| ApiError::bad_request("content is required"))?;
    let store = app.store.clone();
    let fields = page.fields.clone();
    let checked = blocking(move || Ok(schema::check(&fields, &content, &Files(&store))))
        .await?
        .map_err(|invalid| ApiError::bad_request(invalid.to_string()))?;
    if let Some(slug) = checked.get("slug").and_then(Value::as_str)
        && let Some(clash) = pages::slug_clash(slug)
    {
        return Err(ApiError::new(StatusCode::CONFLICT, clash).into());
    }
    let saved = write_and_refresh(app.clone(), move |store| {
        let save = Save {
            by: &admin.username,
            expect: Some(expect),
        };
        store.save_page(&key, &checked, save)
    })
    .await?;
    let record = saved.map_err(refusal)?;
    let slug = current_founder_slug(&app).await?;
    Ok(json_response(StatusCode::OK, &record_json(&record, &slug)?))
}

async fn current_founder_slug(app: &App) -> Result<String, ApiError> {
    let store = app.store.clone();
    let founder = blocking(move || store.page(pages::FOUNDER)).await?;
    Ok(founder_slug(founder.as_slice()))
}

/// The founder's address among `records` ("" when there is no founder record).
fn founder_slug(records: &[PageRecord]) -> String {
    records
        .iter()
        .find(|r| r.key == pages::FOUNDER)
        .and_then(|r| serde_json::from_str::<Value>(&r.content).ok())
        .and_then(|c| c.get("slug").and_then(Value::as_str).map(str::to_string))
        .unwrap_or_default()
}

/// The path a record's page has now (`null` for `site`).
fn path_of(key: &str, founder_slug: &str) -> Value {
    match pages::route_of(key) {
        Some(FOUNDER_PATTERN) => Value::from(format!("/{founder_slug}")),
        Some(path) => Value::from(path),
        None => Value::Null,
    }
}

fn record_json(record: &PageRecord, founder_slug: &str) -> Result<Value, ApiError> {
    let content: Value = serde_json::from_str(&record.content).map_err(|e| {
        ApiError::internal(anyhow::anyhow!(
            "the stored content of page {}: {e}",
            record.key
        ))
    })?;
    Ok(json!({
        "key": record.key,
        "path": path_of(&record.key, founder_slug),
        "version": record.version,
        "updatedAt": iso8601(record.updated_at_ms),
        "content": content,
    }))
}

fn refusal(refused: Refused) -> ApiError {
    match refused {
        Refused::NotFound => no_such_page(),
        Refused::Stale { current } => revisions::stale("page", current),
        Refused::Conflict(message) => ApiError::new(StatusCode::CONFLICT, message),
        Refused::Invalid(message) => ApiError::bad_request(message),
    }
}

fn no_such_page() -> ApiError {
    ApiError::not_found("No page has that key")
}
