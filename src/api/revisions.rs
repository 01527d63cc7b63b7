//! The history calls of every record kind (pages, projects, news, testimonials, hero slides),
//! declared once (`History`, `routes`), and what their writes share: a revision's JSON, the
//! optional `version` of a PUT and the 409 of a stale one.

use super::guard::{AdminIdentity, require_admin};
use super::write_and_refresh;
use super::{ApiError, blocking, json_response};
use crate::app::App;
use crate::app::with_app;
use crate::store::iso8601;
use crate::store::{Revision, Store};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

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

/// A record kind's history, for `routes`: how to read its revisions and restore one.
pub trait History: Send + Sync + 'static {
    /// The record's id in the path (`about`, `7`).
    type Id: std::str::FromStr + Clone + Send + Sync + 'static;

    /// The kept revisions, newest first; `None` when there is no such record.
    fn revisions(store: &Store, id: &Self::Id) -> anyhow::Result<Option<Vec<Revision>>>;
    fn revision(store: &Store, id: &Self::Id, version: u64) -> anyhow::Result<Option<Revision>>;
    /// A revision's content as the API shows it.
    fn content(revision: &Revision) -> anyhow::Result<Value>;
    /// Writes `version` again as the newest; answers the record as its PUT does.
    fn restore(
        store: &Store,
        id: &Self::Id,
        version: u64,
        by: &str,
    ) -> anyhow::Result<Result<Value, ApiError>>;
    /// The 404 of an unknown record.
    fn not_found() -> ApiError;
}

/// `GET <base>/{id}/revisions`, `GET <base>/{id}/revisions/{version}` and
/// `POST <base>/{id}/revisions/{version}/restore`, under `/api`.
pub fn routes<H: History>(
    app: Arc<App>,
    base: impl Filter<Extract = (), Error = Rejection> + Clone + Send + Sync + 'static,
) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());
    let at = move || {
        base.clone()
            .and(warp::path::param::<H::Id>())
            .and(warp::path("revisions"))
    };

    let list = at()
        .and(warp::path::end())
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|id: H::Id, _: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let found = blocking(move || H::revisions(&store, &id))
                .await?
                .ok_or_else(H::not_found)?;
            let list: Vec<Value> = found.iter().map(summary).collect();
            Ok::<_, Rejection>(json_response(StatusCode::OK, &list))
        });

    let one = at()
        .and(warp::path::param::<u64>())
        .and(warp::path::end())
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(
            |id: H::Id, version: u64, _: AdminIdentity, app: Arc<App>| async move {
                let store = app.store.clone();
                let found = blocking(move || {
                    let Some(revision) = H::revision(&store, &id, version)? else {
                        return Ok(None);
                    };
                    let content = H::content(&revision)?;
                    Ok(Some(with_content(&revision, content)))
                })
                .await?;
                let body = found.ok_or_else(no_such_version)?;
                Ok::<_, Rejection>(json_response(StatusCode::OK, &body))
            },
        );

    let restore = at()
        .and(warp::path::param::<u64>())
        .and(warp::path("restore"))
        .and(warp::path::end())
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and_then(
            |id: H::Id, version: u64, admin: AdminIdentity, app: Arc<App>| async move {
                let restored = write_and_refresh(app, move |store| {
                    H::restore(store, &id, version, &admin.username)
                })
                .await??;
                Ok::<_, Rejection>(json_response(StatusCode::OK, &restored))
            },
        );

    list.or(one).unify().or(restore).unify().boxed()
}
