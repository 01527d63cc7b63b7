//! `/api/*`: JSON in, JSON out, errors included (`{"message": "..."}` with a fitting status).
//!
//! Every route checks its path before its method, so that a path nobody serves is a 404 and only a
//! served path with the wrong method is a 405. One `recover` turns every rejection into JSON.

pub mod account;
pub mod activity;
pub mod admin;
pub mod backup;
pub mod body;
pub mod booking;
pub mod booking_mail;
pub mod booking_manage;
pub mod booking_slots;
pub mod certificates;
pub mod consultations;
pub mod contact;
pub mod guard;
pub mod leads;
pub mod media;
pub mod messages;
pub mod news;
pub mod page_data;
pub mod pages;
pub mod people;
pub mod projects;
pub mod release;
pub mod resource;
pub mod revisions;
pub mod stats;
pub mod testimonials;

use crate::app::{App, with_app};
use serde::Serialize;
use std::convert::Infallible;
use std::sync::Arc;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

/// The whole number `name` of a query (`?limit=`, `?offset=`), when given; above `max` or not a
/// number is a 400 naming it.
pub(crate) fn query_number(
    raw: &std::collections::HashMap<String, String>,
    name: &str,
    max: usize,
) -> Result<Option<usize>, ApiError> {
    raw.get(name)
        .map(|v| {
            v.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| {
                    ApiError::bad_request(format!("{name} must be a whole number from 0 to {max}"))
                })
        })
        .transpose()
}

/// An error a handler answers with; becomes `{"message"}` with its status.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// A flag the panel acts on, answered as `"<flag>": true` beside the message: `reauth` (ask
    /// for the password again), `role` (the role may not; never a sign-in prompt).
    pub flag: Option<&'static str>,
}

impl warp::reject::Reject for ApiError {}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            flag: None,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A 403 with `flag` set (see [`ApiError::flag`]).
    pub fn forbidden(message: impl Into<String>, flag: &'static str) -> ApiError {
        ApiError {
            flag: Some(flag),
            ..ApiError::new(StatusCode::FORBIDDEN, message)
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// A failure that is ours, not the client's: logged in full, answered in general terms. A
    /// write the data file refused (a full disk) is a 503 that says so, with `Retry-After`.
    pub fn internal(err: anyhow::Error) -> ApiError {
        if let Some(refused) = crate::store::WritesRefused::find(&err) {
            tracing::warn!("request refused: {err:#}");
            return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, refused.to_string());
        }
        tracing::error!("request failed: {err:#}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Something went wrong on the server",
        )
    }
}

#[derive(Serialize)]
struct Message<'a> {
    message: &'a str,
}

/// A JSON error response; a 503 (writes refused while the disk is full) says when to try again.
pub fn error_response(status: StatusCode, message: &str) -> Response {
    let mut res =
        warp::reply::with_status(warp::reply::json(&Message { message }), status).into_response();
    no_store(&mut res);
    if status == StatusCode::SERVICE_UNAVAILABLE {
        res.headers_mut().insert(
            warp::http::header::RETRY_AFTER,
            warp::http::HeaderValue::from(crate::store::RETRY_AFTER_SECS),
        );
    }
    res
}

/// A JSON success response.
pub fn json_response<T: Serialize>(status: StatusCode, value: &T) -> Response {
    let mut res = warp::reply::with_status(warp::reply::json(value), status).into_response();
    no_store(&mut res);
    res
}

fn no_store(res: &mut Response) {
    let headers = res.headers_mut();
    headers.insert(
        "cache-control",
        warp::http::HeaderValue::from_static("no-store"),
    );
    headers.insert(
        "x-robots-tag",
        warp::http::HeaderValue::from_static("noindex"),
    );
}

/// Runs a blocking store call off the async workers; a failure becomes a 500.
pub async fn blocking<T, F>(f: F) -> Result<T, ApiError>
where
    F: FnOnce() -> anyhow::Result<T> + Send + 'static,
    T: Send + 'static,
{
    match tokio::task::spawn_blocking(f).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(ApiError::internal(e)),
        Err(e) => Err(ApiError::internal(anyhow::anyhow!(
            "a store task failed: {e}"
        ))),
    }
}

/// Runs a store write, then re-renders the public pages so visitors see it on their next load. A
/// failed re-render is logged, not answered: the write itself has landed.
pub(crate) async fn write_and_refresh<T, F>(app: Arc<App>, write: F) -> Result<T, ApiError>
where
    F: FnOnce(&crate::store::Store) -> anyhow::Result<T> + Send + 'static,
    T: Send + 'static,
{
    blocking(move || {
        let out = write(&app.store)?;
        if let Err(e) = app.refresh_site() {
            tracing::error!("re-rendering the public pages after an admin write: {e:#}");
        }
        Ok(out)
    })
    .await
}

/// Every `/api` route, with JSON errors for whatever none of them serves.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let contact = contact::routes(app.clone());
    let consultations = consultations::routes(app.clone());
    let admin = admin::routes(app.clone());
    let media = media::routes(app.clone());
    let backup = backup::routes(app.clone());
    let content = projects::routes(app.clone())
        .or(news::routes(app.clone()))
        .unify()
        .or(resource::routes::<testimonials::Testimonials>(app.clone()))
        .unify()
        .or(page_data::routes(app.clone()))
        .unify()
        .or(pages::routes(app.clone()))
        .unify();
    let messages = messages::routes(app.clone());
    let account = account::routes(app.clone())
        .or(people::routes(app.clone()))
        .unify()
        .or(activity::routes(app.clone()))
        .unify();
    let stats = stats::routes(app.clone());
    let certificates = certificates::routes(app.clone());
    let release = release::routes(app.clone());
    let health = warp::path!("health")
        .and(warp::get().or(warp::head()).unify())
        .and(with_app(app))
        .and_then(|app: Arc<App>| async move {
            let store = app.store.clone();
            let checked = blocking(move || store.check()).await;
            // Writes refused (a full disk) or a failed check: a monitor and the Overview say so.
            let health = app.store.health();
            let problems = health.problems();
            // Mails dropped by a full mail queue: not unhealthy (what they copy is kept), but
            // the answer says how many, for the Overview.
            let with_mail = |mut body: serde_json::Value| {
                let dropped = health.mail_dropped();
                if dropped > 0 {
                    body["mailDropped"] = dropped.into();
                }
                body
            };
            if !problems.is_empty() {
                return Ok(json_response(
                    StatusCode::SERVICE_UNAVAILABLE,
                    &with_mail(serde_json::json!({ "status": "unhealthy", "problems": problems })),
                ));
            }
            checked?;
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &with_mail(serde_json::json!({ "status": "ok" })),
            ))
        });
    // The prefix is matched first, outside the recover, so other paths fall through to the website.
    let all = health
        .or(contact)
        .unify()
        .or(consultations)
        .unify()
        .or(admin)
        .unify()
        .or(media)
        .unify()
        .or(backup)
        .unify()
        .or(content)
        .unify()
        .or(messages)
        .unify()
        .or(account)
        .unify()
        .or(stats)
        .unify()
        .or(certificates)
        .unify()
        .or(release)
        .unify();
    warp::path("api").and(all.recover(recover).unify())
}

/// What a 415 says.
pub const SEND_JSON: &str = "Send the body as application/json";

/// Passes only requests whose body is declared `application/json` (parameters allowed); anything
/// else, no type at all included, is a 415. A form, `text/plain` or an untyped body is what a
/// hostile page can make its visitors' browsers send to another site without asking; JSON is not.
pub fn json_content_type() -> impl Filter<Extract = (), Error = Rejection> + Clone {
    warp::header::optional::<String>("content-type")
        .and_then(|value: Option<String>| async move {
            if value.as_deref().is_some_and(is_json_type) {
                Ok(())
            } else {
                Err(warp::reject::custom(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    SEND_JSON,
                )))
            }
        })
        .untuple_one()
}

/// `application/json`, with any parameters (`; charset=utf-8`), in any case.
pub fn is_json_type(content_type: &str) -> bool {
    content_type
        .split(';')
        .next()
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// Maps every rejection under `/api` to a JSON answer.
pub async fn recover(rejection: Rejection) -> Result<Response, Infallible> {
    use warp::reject;
    let (status, message): (StatusCode, String) = if let Some(e) = rejection.find::<ApiError>() {
        if let Some(flag) = e.flag {
            let mut body = serde_json::json!({ "message": e.message });
            body[flag] = true.into();
            return Ok(json_response(e.status, &body));
        }
        (e.status, e.message.clone())
    } else if rejection.is_not_found() {
        (StatusCode::NOT_FOUND, "Not found".into())
    } else if let Some(e) = rejection.find::<warp::filters::body::BodyDeserializeError>() {
        (
            StatusCode::BAD_REQUEST,
            format!("Invalid request body: {e}"),
        )
    } else if rejection.find::<reject::PayloadTooLarge>().is_some() {
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "The request body is too large".into(),
        )
    } else if rejection.find::<reject::LengthRequired>().is_some() {
        (
            StatusCode::LENGTH_REQUIRED,
            "The request needs a Content-Length".into(),
        )
    } else if rejection.find::<reject::UnsupportedMediaType>().is_some() {
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, SEND_JSON.into())
    } else if let Some(e) = rejection.find::<reject::MissingHeader>() {
        if e.name().eq_ignore_ascii_case("authorization") {
            (StatusCode::UNAUTHORIZED, "Sign in first".into())
        } else {
            (
                StatusCode::BAD_REQUEST,
                format!("Missing header {}", e.name()),
            )
        }
    } else if let Some(e) = rejection.find::<reject::InvalidHeader>() {
        (
            StatusCode::BAD_REQUEST,
            format!("Invalid header {}", e.name()),
        )
    } else if rejection.find::<reject::InvalidQuery>().is_some() {
        (StatusCode::BAD_REQUEST, "Invalid query string".into())
    } else if rejection.find::<reject::MethodNotAllowed>().is_some() {
        (StatusCode::METHOD_NOT_ALLOWED, "Method not allowed".into())
    } else {
        tracing::error!("unhandled rejection: {rejection:?}");
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            "Something went wrong on the server".into(),
        )
    };
    Ok(error_response(status, &message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_json_is_json() {
        for ok in [
            "application/json",
            "Application/JSON; charset=utf-8",
            " application/json ",
        ] {
            assert!(is_json_type(ok), "{ok}");
        }
        for bad in [
            "text/plain",
            "text/plain;charset=UTF-8",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/jsonp",
            "",
        ] {
            assert!(!is_json_type(bad), "{bad}");
        }
    }
}
