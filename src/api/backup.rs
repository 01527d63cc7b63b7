//! `GET /api/admin/backup`: a consistent copy of the whole data file, as a download, for an admin;
//! `GET|POST /api/admin/backups/offsite`: the off-site copies, and Back up now.

use super::guard::{AdminIdentity, require_admin};
use super::{ApiError, error_response, json_response};
use crate::app::App;
use crate::app::with_app;
use bytes::Bytes;
use std::sync::Arc;
use tokio::io::AsyncReadExt;
use warp::filters::BoxedFilter;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

/// Bytes read from the copy per chunk of the response.
const CHUNK: usize = 64 * 1024;

pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let download = warp::path!("admin" / "backup")
        .and(warp::get())
        .and(require_admin(app.clone()))
        .and(with_app(app.clone()))
        .and_then(download);
    let offsite_status = warp::get()
        .and(require_admin(app.clone()))
        .and(with_app(app.clone()))
        .and_then(offsite_status);
    let offsite_now = warp::post()
        .and(require_admin(app.clone()))
        .and(with_app(app))
        .and_then(offsite_now);
    let offsite = warp::path!("admin" / "backups" / "offsite").and(
        offsite_status
            .or(offsite_now)
            .unify()
            // Any other method is a 405; a GET or POST the guard refused keeps its own answer.
            .or(
                warp::method().and_then(|method: warp::http::Method| async move {
                    if method == warp::http::Method::GET || method == warp::http::Method::POST {
                        return Err::<Response, _>(warp::reject::not_found());
                    }
                    Err(warp::reject::custom(ApiError::new(
                        StatusCode::METHOD_NOT_ALLOWED,
                        "Method not allowed",
                    )))
                }),
            )
            .unify(),
    );
    download.or(offsite).unify().boxed()
}

async fn offsite_status(_admin: AdminIdentity, app: Arc<App>) -> Result<Response, Rejection> {
    let status = match &app.offsite {
        Some(offsite) => offsite.status(),
        None => crate::offsite::Status::unconfigured(),
    };
    Ok(json_response(StatusCode::OK, &status))
}

/// Back up now: a snapshot sealed and sent at once; answers the copy that holds it.
async fn offsite_now(admin: AdminIdentity, app: Arc<App>) -> Result<Response, Rejection> {
    // Answered here, not rejected: a rejection would fall through to the 405 fallback.
    let Some(offsite) = app.offsite.clone() else {
        return Ok(error_response(
            StatusCode::CONFLICT,
            "Off-site backups are not configured: add [offsite] to studio.toml",
        ));
    };
    let file = match checked_copy(&app).await {
        Ok((file, _)) => file,
        Err(e) => return Ok(error_response(e.status, &e.message)),
    };
    match offsite.back_up(file, &crate::offsite::NOW_RETRIES).await {
        Ok(copy) => {
            tracing::info!(admin = %admin.username, name = %copy.name, "off-site copy on request");
            Ok(json_response(StatusCode::OK, &copy))
        }
        Err(message) => Ok(error_response(
            StatusCode::BAD_GATEWAY,
            &format!("The off-site copy failed: {message}"),
        )),
    }
}

/// A copy of the data file that passed its check; a copy that failed says in the owner's words
/// that the data file is damaged.
async fn checked_copy(app: &App) -> Result<(std::fs::File, u64), ApiError> {
    let store = app.store.clone();
    match tokio::task::spawn_blocking(move || crate::backup::download_copy(&store)).await {
        Ok(Ok(copy)) => Ok(copy),
        Ok(Err(e)) if crate::backup::is_damage(&e) => {
            tracing::error!("a backup copy failed its check: {e:#}");
            Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "The backup was not made: its copy of the site's data failed the check, which \
                 means the data file on the server is damaged. Nothing was downloaded, and the \
                 earlier backups are kept: ask the host to restore the newest one.",
            ))
        }
        Ok(Err(e)) => Err(ApiError::internal(e)),
        Err(e) => Err(ApiError::internal(anyhow::anyhow!(
            "the backup copy stopped: {e}"
        ))),
    }
}

async fn download(admin: AdminIdentity, app: Arc<App>) -> Result<Response, Rejection> {
    let (file, len) = checked_copy(&app).await.map_err(warp::reject::custom)?;
    tracing::info!(admin = %admin.username, bytes = len, "backup downloaded");
    let file = tokio::fs::File::from_std(file);
    let body = futures_util::stream::unfold(Some(file), |file| async move {
        let mut file = file?;
        let mut buf = vec![0u8; CHUNK];
        match file.read(&mut buf).await {
            Ok(0) => None,
            Ok(n) => {
                buf.truncate(n);
                Some((Ok(Bytes::from(buf)), Some(file)))
            }
            // The client sees a cut-off download (shorter than Content-Length), never a bad file.
            Err(e) => Some((Err(e), None)),
        }
    });
    let mut res = warp::reply::stream(body).into_response();
    let stamp = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .replace(':', "-");
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/octet-stream"),
    );
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    let disposition = format!("attachment; filename=\"studio-backup-{stamp}.redb\"");
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&disposition).map_err(|e| {
            warp::reject::custom(ApiError::internal(anyhow::anyhow!(
                "content-disposition: {e}"
            )))
        })?,
    );
    Ok(res)
}
