//! `/api/admin/pages`: the page records (docs/page-records.md): list, read, save with the 409
//! rule, and their history (revisions, one revision, restore). Content is checked against
//! `pageSchema.json` by `pages::schema`; a founder address another page takes is a 409.

use super::body::json_body_up_to;
use super::guard::{AdminIdentity, require_admin};
use super::revisions::{self, History, no_such_version, sent_version};
use super::write_and_refresh;
use super::{ApiError, blocking, json_response};
use crate::app::App;
use crate::app::with_app;
use crate::pages::{self, schema, schema::PAGE_SCHEMA};
use crate::site::{FOUNDER_PATTERN, ROUTES};
use crate::store::iso8601;
use crate::store::{PAGE_KIND, PageRecord, Refused, Revision, Save, Store};
use anyhow::Context;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

/// Largest `PUT` body of a page: the founder's record at every field's maximum is about 36 kB of
/// ASCII, three times that in Devanagari or Telugu.
const PAGE_BODY_LIMIT: usize = 256 * 1024;

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
        .and(json_body_up_to(PAGE_BODY_LIMIT))
        .and_then(
            |key: String, admin: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                save(app, key, admin, body).await
            },
        );

    list.or(revisions::routes::<PageHistory>(app.clone(), base()))
        .unify()
        .or(get)
        .unify()
        .or(put)
        .unify()
        .boxed()
}

/// The page records' history calls.
struct PageHistory;

impl History for PageHistory {
    type Id = String;

    fn revisions(store: &Store, key: &String) -> anyhow::Result<Option<Vec<Revision>>> {
        if store.page(key)?.is_none() {
            return Ok(None);
        }
        store.revisions(PAGE_KIND, key).map(Some)
    }

    fn revision(store: &Store, key: &String, version: u64) -> anyhow::Result<Option<Revision>> {
        store.revision(PAGE_KIND, key, version)
    }

    fn content(revision: &Revision) -> anyhow::Result<Value> {
        Ok(serde_json::from_slice(&revision.body)?)
    }

    fn restore(
        store: &Store,
        key: &String,
        version: u64,
        by: &str,
    ) -> anyhow::Result<Result<Value, ApiError>> {
        let Some(page) = PAGE_SCHEMA.page(key) else {
            return Ok(Err(no_such_page()));
        };
        let Some(revision) = store.revision(PAGE_KIND, key, version)? else {
            return Ok(Err(no_such_version()));
        };
        // A version saved under older rules comes back only if today's rules take it, exactly as
        // a save would be checked.
        let content: Value = serde_json::from_slice(&revision.body)
            .with_context(|| format!("reading version {version} of page {key}"))?;
        let checked = match schema::check(&page.fields, &content, &Files(store)) {
            Ok(checked) => checked,
            Err(invalid) => {
                return Ok(Err(ApiError::bad_request(format!(
                    "version {version} can't be brought back as it was: {invalid}"
                ))));
            }
        };
        if let Some(slug) = checked.get("slug").and_then(Value::as_str)
            && let Some(clash) = slug_clash(slug)
        {
            return Ok(Err(ApiError::new(StatusCode::CONFLICT, clash)));
        }
        let save = Save { by, expect: None };
        let record = match store.save_page(key, &checked, save)? {
            Ok(record) => record,
            Err(other) => return Ok(Err(refusal(other))),
        };
        let founder = store.page(pages::FOUNDER)?;
        Ok(record_json(&record, &founder_slug(founder.as_slice())))
    }

    fn not_found() -> ApiError {
        no_such_page()
    }
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
        && let Some(clash) = slug_clash(slug)
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

/// First path segments the server answers itself (besides the UI build's folders); `fonts` is
/// kept for the web fonts whether or not this build has such a folder.
const SERVER_SEGMENTS: [&str; 7] = [
    "api",
    "media",
    "fonts",
    "healthz",
    "robots.txt",
    "sitemap.xml",
    "favicon.ico",
];

/// Why `slug` cannot be the founder's address, when it cannot: another page's first segment,
/// or a path the server or the UI build answers.
pub fn slug_clash(slug: &str) -> Option<String> {
    if ROUTES.first_segments().any(|s| s == slug) {
        return Some(format!(
            "slug \"{slug}\" is taken: /{slug} is a page of the site"
        ));
    }
    let built = crate::ui_build::Dist::iter().any(|f| f.split('/').next() == Some(slug));
    if built || SERVER_SEGMENTS.contains(&slug) || slug == "assets" {
        return Some(format!(
            "slug \"{slug}\" is taken: /{slug} is used by the server"
        ));
    }
    None
}

/// The validator's view of the files: the embedded UI build and the uploads in the data file.
pub struct Files<'a>(pub &'a Store);

impl schema::Lookup for Files<'_> {
    fn bundled(&self, path: &str) -> bool {
        crate::ui_build::assets::get(path).is_some()
    }

    fn upload_type(&self, name: &str) -> Option<String> {
        if !crate::media::is_media_name(name) {
            return None;
        }
        match self.0.media_record(name) {
            Ok(found) => found.map(|f| f.content_type),
            Err(e) => {
                tracing::error!("looking up upload {name}: {e:#}");
                None
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn route_table_segments_and_server_paths_are_reserved() {
        for taken in [
            "about",
            "services",
            "portfolio",
            "contact",
            "multidisciplinary",
            "admin-login",
            "adminpanel",
            "api",
            "assets",
            "media",
            "images",
            "fonts",
            "healthz",
        ] {
            let clash = slug_clash(taken).unwrap_or_default();
            assert!(clash.contains(&format!("\"{taken}\"")), "{taken}: {clash}");
        }
        assert_eq!(slug_clash("anjali-rao"), None);
        assert_eq!(slug_clash("priya-sharma"), None);
        let seeded = &crate::site::PAGE_SEED[pages::FOUNDER]["slug"];
        assert_eq!(slug_clash(seeded.as_str().unwrap_or_default()), None);
    }
}
