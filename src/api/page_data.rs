//! `GET /api/page-data?path=…`: a page's data for client-side navigation (a portfolio view's path
//! with its query), exactly as its shell inlines it, from the copies rendered with the pages (never built per request).

use super::error_response;
use crate::app::App;
use crate::app::with_app;
use std::collections::HashMap;
use std::sync::Arc;
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection};

pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("page-data")
        .and(warp::get().or(warp::head()).unify())
        .and(warp::query::<HashMap<String, String>>())
        .and(with_app(app))
        .and(warp::header::headers_cloned())
        .map(
            |query: HashMap<String, String>, app: Arc<App>, headers: HeaderMap| {
                answer(&app, query.get("path").map(String::as_str), &headers)
            },
        )
}

fn answer(app: &App, path: Option<&str>, headers: &HeaderMap) -> Response {
    let Some(path) = path else {
        return error_response(StatusCode::BAD_REQUEST, "path is required");
    };
    let pages = app.shells.pages();
    // A view of the portfolio is asked with its query (`/portfolio?category=kitchens&page=2`).
    let (path, query) = match path.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (path, None),
    };
    let key = pages.key(path, query);
    if let Some(data) = pages.data(&key) {
        let mut res = data.respond(headers, StatusCode::OK);
        let h = res.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        // The same words are in the page's HTML: a search engine should list the page, not this.
        h.insert("x-robots-tag", HeaderValue::from_static("noindex"));
        return res;
    }
    if let Some(to) = pages.redirect(path) {
        let mut res = error_response(StatusCode::MOVED_PERMANENTLY, "This page has moved");
        if let Ok(v) = HeaderValue::from_str(&format!("/api/page-data?path={to}")) {
            res.headers_mut().insert(header::LOCATION, v);
        }
        return res;
    }
    error_response(StatusCode::NOT_FOUND, "No page has that path")
}
