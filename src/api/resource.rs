//! One declaration per admin resource kept by id: list, create, replace, delete and (for ordered
//! kinds) reorder, under `/api/admin/<path>`, and the record's history: its revisions, one of
//! them, and a restore (`/api/admin/<path>/{id}/revisions…`). A resource brings its record, its
//! JSON shape, its validation and its store rule; every write re-renders the public pages.

use super::body::{Fields, json_body};
use super::guard::{AdminIdentity, require_admin};
use super::revisions::{self, History, no_such_version, sent_version, versioned};
use super::write_and_refresh;
use super::{ApiError, blocking, json_response, query_number};
use crate::app::App;
use crate::app::with_app;
use crate::store::{Record, Refused, Revision, Rule, Save, Store, Versioned};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

/// An admin resource: what is special about it, the rest is shared.
pub trait Resource: Send + Sync + 'static {
    type Record: Record + Send + Sync + 'static;
    type Json: Serialize + From<Self::Record>;
    /// The path segment under `/api/admin/`.
    const PATH: &'static str;
    /// What one record is called in messages ("Project").
    const NOUN: &'static str;
    /// Whether `PUT /api/admin/<path>/order` reorders the list.
    const ORDERED: bool;

    /// The record a request body describes (its id is set by the store), or a 400 naming the field.
    fn input(fields: &Fields) -> Result<Self::Record, ApiError>;

    /// The rule the store applies inside the write (slugs, positions).
    fn rule() -> Rule<'static, Self::Record>;
}

/// `POST /api/admin/<path>/{id}/preview`: `{ "url" }`, the record's page for whoever holds the
/// link, for an hour, whatever its state. `key` makes the kind's own signing key from the data
/// file's; `page` names the record's page.
pub fn preview_route<R: Resource>(
    app: Arc<App>,
    key: fn(&[u8]) -> Vec<u8>,
    page: fn(&R::Record) -> String,
) -> BoxedFilter<(Response,)> {
    warp::path("admin")
        .and(warp::path(R::PATH))
        .and(warp::path::param::<u64>())
        .and(warp::path("preview"))
        .and(warp::path::end())
        .and(warp::post())
        .and(require_admin(app.clone()))
        .and(with_app(app))
        .and_then(move |id: u64, _: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let found = blocking(move || {
                let Some(record) = store.get::<R::Record>(id)? else {
                    return Ok(None);
                };
                let token = crate::preview::sign(
                    &key(&store.hmac_key()?),
                    id,
                    crate::auth::now_secs() + crate::preview::VALID_SECS,
                )?;
                Ok(Some(format!("{}?preview={token}", page(&record))))
            })
            .await?;
            let url = found.ok_or_else(|| refusal::<R>(Refused::NotFound))?;
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &serde_json::json!({ "url": url }),
            ))
        })
        .boxed()
}

/// The resource's routes, under `/api`.
pub fn routes<R: Resource>(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());
    let base = || warp::path("admin").and(warp::path(R::PATH));

    let list = base()
        .and(warp::path::end())
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and(warp::query::<HashMap<String, String>>())
        .and_then(
            |_: AdminIdentity, app: Arc<App>, query: HashMap<String, String>| async move {
                let page = page_query(&query)?;
                let store = app.store.clone();
                let (all, versions) = blocking(move || {
                    Ok((store.list::<R::Record>()?, store.versions::<R::Record>()?))
                })
                .await?;
                Ok::<_, Rejection>(list_response::<R>(all, &versions, page))
            },
        );

    let create = base()
        .and(warp::path::end())
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |admin: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let record = R::input(&Fields(body))?;
                let saved = write_and_refresh(app, move |store| {
                    store.create(record, R::rule(), &admin.username)
                })
                .await?;
                let (saved, version) = saved.map_err(refusal::<R>)?;
                Ok::<_, Rejection>(json_response(
                    StatusCode::CREATED,
                    &versioned(&R::Json::from(saved), version),
                ))
            },
        );

    let update = base()
        .and(warp::path::param::<u64>())
        .and(warp::path::end())
        .and(warp::put())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |id: u64, admin: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let expect = sent_version(&body)?;
                let record = R::input(&Fields(body))?;
                let saved = write_and_refresh(app, move |store| {
                    let save = Save {
                        by: &admin.username,
                        expect,
                    };
                    store.replace(id, record, R::rule(), save)
                })
                .await?;
                let (saved, version) = saved.map_err(refusal::<R>)?;
                Ok::<_, Rejection>(json_response(
                    StatusCode::OK,
                    &versioned(&R::Json::from(saved), version),
                ))
            },
        );

    let delete = base()
        .and(warp::path::param::<u64>())
        .and(warp::path::end())
        .and(warp::delete())
        .and(admin())
        .and(app_())
        .and_then(|id: u64, _: AdminIdentity, app: Arc<App>| async move {
            if !write_and_refresh(app, move |store| store.delete::<R::Record>(id)).await? {
                return Err(warp::reject::custom(refusal::<R>(Refused::NotFound)));
            }
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &serde_json::json!({ "id": id, "message": format!("{} deleted", R::NOUN) }),
            ))
        });

    let reorder = base()
        .and(warp::path("order"))
        .and(warp::path::end())
        .and(warp::put())
        .and_then(|| async move {
            if R::ORDERED {
                Ok(())
            } else {
                Err(warp::reject::not_found())
            }
        })
        .untuple_one()
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |_: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let ids = id_list(body.get("ids"))?;
                let (all, versions) = write_and_refresh(app, move |store| {
                    Ok((
                        store.reorder::<R::Record>(&ids)?,
                        store.versions::<R::Record>()?,
                    ))
                })
                .await?;
                let all = all.map_err(refusal::<R>)?;
                Ok::<_, Rejection>(list_response::<R>(all, &versions, None))
            },
        );

    reorder
        .or(list)
        .unify()
        .or(create)
        .unify()
        .or(update)
        .unify()
        .or(delete)
        .unify()
        .or(revisions::routes::<Versions<R>>(app.clone(), base()))
        .unify()
        .boxed()
}

/// A resource's history calls.
struct Versions<R>(std::marker::PhantomData<R>);

impl<R: Resource> History for Versions<R> {
    type Id = u64;

    fn revisions(store: &Store, id: &u64) -> anyhow::Result<Option<Vec<Revision>>> {
        if store.get::<R::Record>(*id)?.is_none() {
            return Ok(None);
        }
        store.revisions_of::<R::Record>(*id).map(Some)
    }

    fn revision(store: &Store, id: &u64, version: u64) -> anyhow::Result<Option<Revision>> {
        store.revision_of::<R::Record>(*id, version)
    }

    fn content(revision: &Revision) -> anyhow::Result<Value> {
        let record = R::Record::decode(&revision.body)?;
        Ok(serde_json::to_value(R::Json::from(record))?)
    }

    fn restore(
        store: &Store,
        id: &u64,
        version: u64,
        by: &str,
    ) -> anyhow::Result<Result<Value, ApiError>> {
        Ok(match store.restore(*id, version, R::rule(), by)? {
            Ok((record, version)) => Ok(versioned(&R::Json::from(record), version)),
            Err(Refused::NotFound) => Err(no_such_version()),
            Err(other) => Err(refusal::<R>(other)),
        })
    }

    fn not_found() -> ApiError {
        refusal::<R>(Refused::NotFound)
    }
}

/// The most records one page of a list holds.
const MAX_LIMIT: usize = 1000;

/// `?offset=M&limit=N` of a list call, when either is given: (offset, limit).
fn page_query(raw: &HashMap<String, String>) -> Result<Option<(usize, usize)>, ApiError> {
    let limit = query_number(raw, "limit", MAX_LIMIT)?;
    let offset = query_number(raw, "offset", usize::MAX)?;
    Ok((limit.is_some() || offset.is_some())
        .then(|| (offset.unwrap_or(0), limit.unwrap_or(MAX_LIMIT))))
}

/// The list as SPEC's plain array, or one page of it, `{items, total, offset, limit}`, when
/// `page` (offset, limit) was asked for (a panel tab opens on its first page at any length).
fn list_response<R: Resource>(
    all: Vec<R::Record>,
    versions: &HashMap<u64, u64>,
    page: Option<(usize, usize)>,
) -> Response {
    let total = all.len();
    let (offset, limit) = page.unwrap_or((0, usize::MAX));
    let items: Vec<Value> = all
        .into_iter()
        .skip(offset)
        .take(limit)
        .map(|r| {
            let version = versions.get(&r.id()).copied().unwrap_or(1);
            versioned(&R::Json::from(r), version)
        })
        .collect();
    match page {
        None => json_response(StatusCode::OK, &items),
        Some(_) => json_response(
            StatusCode::OK,
            &serde_json::json!({ "items": items, "total": total, "offset": offset, "limit": limit }),
        ),
    }
}

/// A refused write as the client sees it.
pub fn refusal<R: Resource>(refused: Refused) -> ApiError {
    match refused {
        Refused::NotFound => {
            ApiError::not_found(format!("No {} has that id", R::NOUN.to_lowercase()))
        }
        Refused::Conflict(message) => ApiError::new(StatusCode::CONFLICT, message),
        Refused::Invalid(message) => ApiError::bad_request(message),
        Refused::Stale { current } => revisions::stale(&R::NOUN.to_lowercase(), current),
    }
}

fn id_list(value: Option<&Value>) -> Result<Vec<u64>, ApiError> {
    let bad = || ApiError::bad_request("ids must be a list of every id, in the new order");
    value
        .and_then(Value::as_array)
        .ok_or_else(bad)?
        .iter()
        .map(|v| v.as_u64().ok_or_else(bad))
        .collect()
}

// ----- validation helpers the resources share -----

/// A list field (`[]` when missing or null) of at most `max` items.
pub fn array<'a>(f: &'a Fields, name: &str, max: usize) -> Result<&'a [Value], ApiError> {
    match f.0.get(name) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) if items.len() <= max => Ok(items),
        Some(Value::Array(_)) => Err(ApiError::bad_request(format!(
            "{name} may have at most {max} items"
        ))),
        Some(_) => Err(ApiError::bad_request(format!("{name} must be a list"))),
    }
}

/// Item `index` of list `name` as an object, whose errors name it (`sections[2].title ...`).
pub fn item(name: &str, index: usize, value: &Value) -> Result<(Fields, String), ApiError> {
    let prefix = format!("{name}[{index}]");
    match value {
        Value::Object(map) => Ok((Fields(map.clone()), format!("{prefix}."))),
        _ => Err(ApiError::bad_request(format!("{prefix} must be an object"))),
    }
}

/// Puts `prefix` before the field name an error starts with.
pub fn within(prefix: &str) -> impl Fn(ApiError) -> ApiError + '_ {
    move |e| ApiError::new(e.status, format!("{prefix}{}", e.message))
}

/// A list of short texts (tags, bullets): each trimmed, non-empty, at most `max_len` characters.
pub fn text_list(
    f: &Fields,
    name: &str,
    max_items: usize,
    max_len: usize,
) -> Result<Vec<String>, ApiError> {
    array(f, name, max_items)?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let text = v
                .as_str()
                .ok_or_else(|| ApiError::bad_request(format!("{name}[{i}] must be text")))?
                .trim();
            if text.is_empty() {
                return Err(ApiError::bad_request(format!("{name}[{i}] is empty")));
            }
            if text.chars().count() > max_len || text.chars().any(char::is_control) {
                return Err(ApiError::bad_request(format!(
                    "{name}[{i}] must be one line of at most {max_len} characters"
                )));
            }
            Ok(text.to_string())
        })
        .collect()
}

/// An order field: `i64::MIN` (the store then puts a new record first) when missing.
pub fn order_or_last(f: &Fields) -> i64 {
    match f.0.get("order") {
        None | Some(Value::Null) => i64::MIN,
        Some(_) => f.integer_or_zero("order"),
    }
}
