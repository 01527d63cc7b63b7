//! `GET /api/admin/backup`: a consistent copy of the whole data file, as a download, for an admin.

use super::admin::{AdminIdentity, require_admin};
use super::{ApiError, blocking, with_app};
use crate::app::App;
use bytes::Bytes;
use std::sync::Arc;
use tokio::io::AsyncReadExt;
use warp::filters::BoxedFilter;
use warp::http::{HeaderValue, header};
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

/// Bytes read from the copy per chunk of the response.
const CHUNK: usize = 64 * 1024;

pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    warp::path!("admin" / "backup")
        .and(warp::get())
        .and(require_admin(app.clone()))
        .and(with_app(app))
        .and_then(download)
        .boxed()
}

async fn download(admin: AdminIdentity, app: Arc<App>) -> Result<Response, Rejection> {
    let store = app.store.clone();
    let (file, len) = blocking(move || crate::backup::download_copy(&store))
        .await
        .map_err(warp::reject::custom)?;
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
