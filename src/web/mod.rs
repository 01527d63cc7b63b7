//! Everything outside `/api`: the SPA shell per route, the embedded UI build's files, uploaded media,
//! `/robots.txt`, `/sitemap.xml` and `/healthz`.

pub mod booking;
pub mod contact_form;
mod find;

use crate::app::App;
use crate::html::escape;
use crate::render::page_cache::Pages;
use crate::render::shells::{Rendered, SitemapEntry};
use crate::site::ROUTES;
use crate::ui_build::assets;
use bytes::Bytes;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use warp::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use warp::path::FullPath;
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

/// The policy for every HTML page: scripts only from this origin (the inlined site data is JSON,
/// not a script) and the one inline script of ui/index.html, by its hash (the web fonts from the
/// first paint, ui/src/lib/webFonts.ts); no framing, and nothing loaded from other hosts but images
/// an owner links to.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
     script-src 'self' 'sha256-6miT96lSQUxGGv0Qr5gAdhddEjQftOLCbigdPpyAafA='; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self'; \
     connect-src 'self'; frame-src https://www.openstreetmap.org; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The policy of every `/media` answer.
pub const MEDIA_POLICY: &str = "sandbox; default-src 'none'";

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const ONE_DAY: &str = "public, max-age=86400";

/// Every non-API route. Embedded files and known pages never get here: `answer_from_memory`
/// answers them first (src/service.rs); here the pages filter only sees misses (the not-found
/// page, a trailing slash). Rejections left: method not allowed on a page path.
pub fn routes(app: Arc<App>) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let get = warp::get().or(warp::head()).unify();
    assets::warm();
    let contact_form = contact_form::routes(app.clone());
    let booking = booking::routes(app.clone());
    let with_app = crate::app::with_app(app);

    let healthz = warp::path!("healthz")
        .and(get)
        .and(with_app.clone())
        .and_then(|app: Arc<App>| async move {
            let store = app.store.clone();
            let ok = matches!(
                tokio::task::spawn_blocking(move || store.check()).await,
                Ok(Ok(()))
            );
            // Readable but refusing writes (a full disk) or damaged is not healthy either: one
            // line per problem, for a monitor and `studio status`.
            let problems = app.store.health().problems();
            let (status, body) = if !problems.is_empty() {
                let lines: String = problems
                    .iter()
                    .map(|p| format!("{}\n", p.message))
                    .collect();
                (StatusCode::SERVICE_UNAVAILABLE, lines)
            } else if !ok {
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the data file is not usable\n".to_string(),
                )
            } else {
                (StatusCode::OK, "ok\n".to_string())
            };
            Ok::<_, Rejection>(text(status, &body, "no-store"))
        });

    // Both name the site's origin (src/origin.rs), never the request's Host.
    let robots = warp::path!("robots.txt")
        .and(get)
        .and(with_app.clone())
        .and_then(|app: Arc<App>| async move {
            Ok::<_, Rejection>(match origin(&app).await {
                Ok(origin) => text(StatusCode::OK, &robots_txt(origin.as_deref()), ONE_DAY),
                Err(res) => res,
            })
        });

    let sitemap = warp::path!("sitemap.xml")
        .and(get)
        .and(with_app.clone())
        .and_then(|app: Arc<App>| async move {
            let origin = match known_origin(&app, "sitemap").await {
                Ok(origin) => origin,
                Err(res) => return Ok::<_, Rejection>(res),
            };
            let pages = app.shells.pages();
            let xml = sitemap_xml(&origin, pages.sitemap());
            Ok(typed(xml, "application/xml; charset=utf-8", ONE_DAY))
        });

    let media = warp::path("media")
        .and(warp::path::param::<String>())
        .and(warp::path::end())
        .and(get)
        .and(with_app.clone())
        .and(warp::header::headers_cloned())
        .and_then(media_file);

    // A draft's page for whoever holds its signed link (`?preview=`).
    let preview_of = |prefix: &'static str, kind: Kind| {
        warp::path(prefix)
            .and(warp::path::param::<String>())
            .and(warp::path::end())
            .and(get)
            .and(warp::query::<std::collections::HashMap<String, String>>())
            .and(with_app.clone())
            .and(warp::header::headers_cloned())
            .and_then(move |slug, query, app, headers| {
                preview_page(kind, slug, query, app, headers)
            })
    };
    let preview = preview_of("portfolio", Kind::Project);
    let article_preview = preview_of("news", Kind::Article);

    let feed = warp::path!("news" / "feed.xml")
        .and(get)
        .and(with_app.clone())
        .and_then(|app: Arc<App>| async move {
            let origin = match known_origin(&app, "feed").await {
                Ok(origin) => origin,
                Err(res) => return Ok::<_, Rejection>(res),
            };
            let app_ = app.clone();
            let built = tokio::task::spawn_blocking(move || {
                // The swap count is read before the articles: a write in between only makes the
                // next poll write the feed again.
                let swaps = app_.shells.swaps();
                let now = app_.shells.now_ms();
                app_.feed.get_or_build(swaps, &origin, || {
                    crate::journal::feed::build(&app_.store, &origin, now)
                })
            })
            .await
            .map_err(anyhow::Error::from)
            .and_then(|built| built);
            let xml = match built {
                Ok(xml) => xml,
                Err(e) => {
                    tracing::error!("writing the journal's feed: {e:#}");
                    return Ok(text(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "could not write the feed\n",
                        "no-store",
                    ));
                }
            };
            Ok(typed(
                xml.to_string(),
                "application/atom+xml; charset=utf-8",
                "public, max-age=300",
            ))
        });

    let query = warp::query::raw()
        .map(Some)
        .or(warp::any().map(|| None))
        .unify();
    let pages = warp::path::full()
        .and(query)
        .and(get)
        .and(with_app)
        .and(warp::header::headers_cloned())
        .then(
            |path: FullPath, query: Option<String>, app: Arc<App>, headers: HeaderMap| async move {
                let key = app
                    .shells
                    .pages()
                    .key(path.as_str(), query.as_deref())
                    .into_owned();
                // The not-found page's search, sent without JavaScript (`?title=`).
                if let Some(words) = find::asked(query.as_deref()) {
                    let pages = app.shells.pages();
                    if !pages.contains(&key) && pages.redirect(&key).is_none() {
                        drop(pages);
                        return find::answer(&app, &words).await;
                    }
                }
                wait_for_render(&app, &key).await;
                page(&app, &key, &headers)
            },
        );

    healthz
        .or(robots)
        .unify()
        .or(sitemap)
        .unify()
        .or(media)
        .unify()
        .or(contact_form)
        .unify()
        .or(booking)
        .unify()
        .or(preview)
        .unify()
        .or(feed)
        .unify()
        .or(article_preview)
        .unify()
        .or(pages)
        .unify()
}

/// The answer to a GET or HEAD of an embedded file or a page shell, straight from the tables built
/// at start-up, or `None` for everything else (which then goes through `routes`). It must answer
/// exactly as `routes` would, so both paths share `embedded_file` and `shell_response`.
pub fn answer_from_memory(
    app: &App,
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
) -> Option<Response> {
    if method != Method::GET && method != Method::HEAD {
        return None;
    }
    if let Some(res) = embedded_file(path, headers) {
        return Some(res);
    }
    let pages = app.shells.pages();
    let key = pages.key(path, query);
    if !pages.contains(&key) || pages.pending(Some(&key)) {
        // Unknown, or its body is being rendered: `routes` waits for it off this thread.
        return None;
    }
    Some(shell_response(
        pages.get(&key)?,
        status_of(&pages, &key),
        headers,
    ))
}

/// How long a request for a page whose body is still being rendered (just after start or a
/// write) waits for it before it takes the page's shell.
const RENDER_WAIT: Duration = Duration::from_secs(3);

/// Waits, off the request threads, until the page at `path` (or the not-found page) has had its
/// render, when it has not yet: every page then arrives as HTML, even the first request's.
async fn wait_for_render(app: &Arc<App>, path: &str) {
    let pages = app.shells.pages();
    let known = pages.contains(path).then(|| path.to_string());
    if pages.pending(known.as_deref()) {
        let _ = tokio::task::spawn_blocking(move || pages.wait_page(known.as_deref(), RENDER_WAIT))
            .await;
    }
}

/// The answer for a page path: its shell with 200, or the not-found shell with 404, in the
/// encoding the client takes best (compressed when the shells were rendered, never here).
fn page(app: &App, path: &str, headers: &HeaderMap) -> Response {
    let pages = app.shells.pages();
    if path.len() > 1 && path.ends_with('/') {
        let trimmed = path.trim_end_matches('/');
        if ROUTES.find(trimmed).is_some() || pages.contains(trimmed) {
            return redirect(trimmed);
        }
    }
    if let Some(to) = pages.redirect(path) {
        return redirect(to);
    }
    match pages.get(path) {
        Some(rendered) => shell_response(rendered, status_of(&pages, path), headers),
        None => shell_response(pages.not_found(), StatusCode::NOT_FOUND, headers),
    }
}

/// 200 for a page kept at `key`, 404 for one that says what was asked for is not here
/// (`/news?tag=castle`).
fn status_of(pages: &Pages, key: &str) -> StatusCode {
    if pages.is_not_found(key) {
        StatusCode::NOT_FOUND
    } else {
        StatusCode::OK
    }
}

/// What a preview link shows.
#[derive(Clone, Copy)]
enum Kind {
    Project,
    Article,
}

/// `/portfolio/<slug>?preview=<token>` (and `/news/<slug>?preview=<token>`): the draft's page for
/// whoever holds a valid link, rendered for this request only, never cached or indexed. A published
/// page is answered from memory before this; without a token this passes the request on.
async fn preview_page(
    kind: Kind,
    slug: String,
    query: std::collections::HashMap<String, String>,
    app: Arc<App>,
    headers: HeaderMap,
) -> Result<Response, Rejection> {
    let Some(token) = query.get("preview").cloned() else {
        return Err(warp::reject::not_found());
    };
    let app_ = app.clone();
    let found = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let store = &app_.store;
        let key = match kind {
            Kind::Project => store.hmac_key()?,
            Kind::Article => crate::journal::preview_key(&store.hmac_key()?),
        };
        let Some(id) = crate::preview::verify(&key, &token, crate::auth::now_secs()) else {
            return Ok(None);
        };
        match kind {
            Kind::Project => app_.shells.preview(store, id, &slug),
            Kind::Article => app_.shells.preview_article(store, id, &slug),
        }
    })
    .await;
    let pages = app.shells.pages();
    let mut res = match found {
        Ok(Ok(Some(rendered))) => shell_response(&rendered, StatusCode::OK, &headers),
        Ok(Ok(None)) => shell_response(pages.not_found(), StatusCode::NOT_FOUND, &headers),
        Ok(Err(e)) => {
            tracing::error!("rendering a preview: {e:#}");
            shell_response(
                pages.not_found(),
                StatusCode::INTERNAL_SERVER_ERROR,
                &headers,
            )
        }
        Err(e) => {
            tracing::error!("rendering a preview: {e}");
            shell_response(
                pages.not_found(),
                StatusCode::INTERNAL_SERVER_ERROR,
                &headers,
            )
        }
    };
    set(&mut res, header::CACHE_CONTROL, "no-store");
    res.headers_mut().remove(header::ETAG);
    Ok(res)
}

/// A rendered shell with `status`, in the encoding the client takes best.
fn shell_response(rendered: &Rendered, status: StatusCode, headers: &HeaderMap) -> Response {
    const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");
    const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");
    let mut res = rendered.encoded.respond(headers, status);
    res.headers_mut().insert(header::CONTENT_TYPE, HTML);
    res.headers_mut().insert(header::CACHE_CONTROL, NO_CACHE);
    html_security_headers(&mut res, rendered.noindex);
    res
}

/// Security headers for every HTML response.
pub fn html_security_headers(res: &mut Response, noindex: bool) {
    // Checked at compile time rather than on every page (the policy alone is 400 bytes).
    const CSP: HeaderValue = HeaderValue::from_static(CONTENT_SECURITY_POLICY);
    const NOSNIFF: HeaderValue = HeaderValue::from_static("nosniff");
    const REFERRER: HeaderValue = HeaderValue::from_static("strict-origin-when-cross-origin");
    const DENY: HeaderValue = HeaderValue::from_static("DENY");
    const NOINDEX: HeaderValue = HeaderValue::from_static("noindex");
    let headers = res.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, CSP);
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, NOSNIFF);
    headers.insert(header::REFERRER_POLICY, REFERRER);
    headers.insert(header::X_FRAME_OPTIONS, DENY);
    if noindex {
        headers.insert("x-robots-tag", NOINDEX);
    }
}

/// A file of the UI build other than the shell, from the table src/ui_build/assets.rs built at start-up.
fn embedded_file(path: &str, headers: &HeaderMap) -> Option<Response> {
    assets::get(path).map(|asset| asset.respond(headers))
}

/// An uploaded file from the data file; its name carries its content hash, so it never changes.
async fn media_file(
    name: String,
    app: Arc<App>,
    headers: HeaderMap,
) -> Result<Response, Rejection> {
    if !crate::media::is_media_name(&name) {
        return Err(warp::reject::not_found());
    }
    let store = app.store.clone();
    let lookup = name.clone();
    let read = move || -> anyhow::Result<_> {
        let Some(file) = store.media(&lookup)? else {
            return Ok(None);
        };
        // A document downloads under the studio's name rather than its hash.
        let studio = if file.content_type == crate::api::media::PDF {
            store
                .settings()?
                .into_iter()
                .find(|s| s.key == "company_name")
                .map(|s| s.value)
        } else {
            None
        };
        Ok(Some((file, studio)))
    };
    let (file, studio) = match tokio::task::spawn_blocking(read).await {
        Ok(Ok(Some(found))) => found,
        Ok(Ok(None)) => return Err(warp::reject::not_found()),
        Ok(Err(e)) => {
            tracing::error!("reading media {name}: {e:#}");
            return Ok(text(
                StatusCode::INTERNAL_SERVER_ERROR,
                "could not read the file\n",
                "no-store",
            ));
        }
        Err(e) => {
            tracing::error!("reading media {name}: {e}");
            return Ok(text(
                StatusCode::INTERNAL_SERVER_ERROR,
                "could not read the file\n",
                "no-store",
            ));
        }
    };
    let etag = format!("\"{name}\"");
    let mut res = if etag_matches(&headers, &etag) {
        empty(StatusCode::NOT_MODIFIED)
    } else {
        Response::new(Bytes::from(file.bytes).into())
    };
    if let Ok(v) = HeaderValue::from_str(&file.content_type) {
        res.headers_mut().insert(header::CONTENT_TYPE, v);
    }
    set(&mut res, header::CACHE_CONTROL, IMMUTABLE);
    set(&mut res, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    if let Ok(v) = HeaderValue::from_str(&etag) {
        res.headers_mut().insert(header::ETAG, v);
    }
    // Whatever type the data file names (a crafted file could say text/html), a file opened on its
    // own is an inert document with no origin: no script, nothing loaded. `<img>` ignores this.
    set(&mut res, header::CONTENT_SECURITY_POLICY, MEDIA_POLICY);
    if file.content_type == "image/svg+xml" {
        // An SVG opened on its own is a document that could run script: its inline styles may
        // apply, and a direct visit is a download. `<img>` ignores both, so logos and slides show.
        set(
            &mut res,
            header::CONTENT_SECURITY_POLICY,
            "sandbox; default-src 'none'; style-src 'unsafe-inline'",
        );
        set(&mut res, header::CONTENT_DISPOSITION, "attachment");
    }
    if file.content_type == crate::api::media::PDF {
        let disposition = format!(
            "attachment; filename=\"{}\"",
            download_name(
                studio
                    .as_deref()
                    .unwrap_or(&crate::site::CONSTANTS.studio_name)
            )
        );
        if let Ok(v) = HeaderValue::from_str(&disposition) {
            res.headers_mut().insert(header::CONTENT_DISPOSITION, v);
        }
    }
    Ok(res)
}

/// `Nivasa-Design-Studio-Brochure.pdf`: the studio's name in ASCII letters and digits, each run of
/// anything else one hyphen, so that it is safe inside the header's quotes on every system.
pub fn download_name(studio: &str) -> String {
    let mut out = String::new();
    for c in studio.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let stem: String = out.trim_end_matches('-').chars().take(80).collect();
    if stem.is_empty() {
        "Brochure.pdf".to_string()
    } else {
        format!("{stem}-Brochure.pdf")
    }
}

/// The site's origin, read off the async workers; a failure is answered as a 500.
async fn origin(app: &Arc<App>) -> Result<Option<String>, Response> {
    let app = app.clone();
    let read = tokio::task::spawn_blocking(move || app.origin.of(&app.store))
        .await
        .map_err(anyhow::Error::from)
        .and_then(|read| read);
    match read {
        Ok(found) => Ok(found.map(|(url, _)| url)),
        Err(e) => {
            tracing::error!("reading the site's address: {e:#}");
            Err(text(
                StatusCode::INTERNAL_SERVER_ERROR,
                "could not read the site's address\n",
                "no-store",
            ))
        }
    }
}

/// robots.txt; it names the sitemap only when the site's origin is known.
pub fn robots_txt(origin: Option<&str>) -> String {
    let mut out = String::from("User-agent: *\nAllow: /\n");
    for route in ROUTES.routes.iter().filter(|r| r.admin) {
        out.push_str(&format!("Disallow: {}\n", route.path));
    }
    out.push_str("Disallow: /api/\n");
    if let Some(origin) = origin {
        out.push_str(&format!("\nSitemap: {origin}/sitemap.xml\n"));
    }
    out
}

pub fn sitemap_xml(origin: &str, entries: &[SitemapEntry]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for entry in entries {
        let lastmod = entry
            .lastmod
            .as_ref()
            .map(|d| format!("<lastmod>{}</lastmod>", escape(d)))
            .unwrap_or_default();
        out.push_str(&format!(
            "  <url><loc>{}{}</loc>{lastmod}</url>\n",
            escape(origin),
            escape(&entry.path)
        ));
    }
    out.push_str("</urlset>\n");
    out
}

/// Answers a page path with a method other than GET or HEAD.
pub async fn recover(rejection: Rejection) -> Result<Response, Infallible> {
    let (status, body) = if rejection.is_not_found() {
        (StatusCode::NOT_FOUND, "Not found\n")
    } else if rejection.find::<warp::reject::MethodNotAllowed>().is_some() {
        (StatusCode::METHOD_NOT_ALLOWED, "Method not allowed\n")
    } else {
        tracing::error!("unhandled rejection: {rejection:?}");
        (StatusCode::BAD_REQUEST, "Bad request\n")
    };
    Ok(text(status, body, "no-store"))
}

fn etag_matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

fn redirect(to: &str) -> Response {
    let mut res = empty(StatusCode::MOVED_PERMANENTLY);
    if let Ok(v) = HeaderValue::from_str(to) {
        res.headers_mut().insert(header::LOCATION, v);
    }
    res
}

/// The site's address, for a file that writes absolute URLs (`what`: the sitemap, the feed).
/// Without one every URL would be a guess, so the file is a 404 saying where to set it.
async fn known_origin(app: &Arc<App>, what: &str) -> Result<String, Response> {
    origin(app).await?.ok_or_else(|| {
        text(
            StatusCode::NOT_FOUND,
            &format!("No {what}: the site's address is not set (Settings, Site address)\n"),
            "no-store",
        )
    })
}

/// A 200 of `body` with its type and cache rule.
fn typed(body: String, content_type: &'static str, cache: &'static str) -> Response {
    let mut res = Response::new(body.into());
    set(&mut res, header::CONTENT_TYPE, content_type);
    set(&mut res, header::CACHE_CONTROL, cache);
    res
}

fn text(status: StatusCode, body: &str, cache: &'static str) -> Response {
    let mut res = warp::reply::with_status(body.to_string(), status).into_response();
    set(&mut res, header::CONTENT_TYPE, "text/plain; charset=utf-8");
    set(&mut res, header::CACHE_CONTROL, cache);
    res
}

fn empty(status: StatusCode) -> Response {
    let mut res = Response::new(Bytes::new().into());
    *res.status_mut() = status;
    res
}

fn set(res: &mut Response, name: impl header::IntoHeaderName, value: &'static str) {
    res.headers_mut()
        .insert(name, HeaderValue::from_static(value));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each inline script of the built shell is allowed by its hash, and nothing else inline is.
    #[test]
    fn the_policy_allows_the_shells_inline_scripts_by_their_hash() {
        use base64::Engine;
        use sha2::{Digest, Sha256};
        let shell = crate::ui_build::Dist::get("index.html").expect("the built shell");
        let shell = std::str::from_utf8(&shell.data).unwrap();
        let inline: Vec<&str> = shell
            .split("<script>")
            .skip(1)
            .filter_map(|rest| rest.split_once("</script>").map(|(code, _)| code))
            .collect();
        assert_eq!(inline.len(), 1, "{shell}");
        let script_src = CONTENT_SECURITY_POLICY
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        let hashes: Vec<String> = inline
            .iter()
            .map(|code| {
                let digest = Sha256::digest(code.as_bytes());
                format!(
                    "'sha256-{}'",
                    base64::engine::general_purpose::STANDARD.encode(digest)
                )
            })
            .collect();
        let mut expected = vec!["script-src".to_string(), "'self'".to_string()];
        expected.extend(hashes);
        assert_eq!(
            script_src.split_whitespace().collect::<Vec<_>>(),
            expected,
            "update CONTENT_SECURITY_POLICY to the shell's inline script"
        );
    }

    #[test]
    fn download_names_are_plain_ascii() {
        assert_eq!(
            download_name("Nivasa Design Studio"),
            "Nivasa-Design-Studio-Brochure.pdf"
        );
        assert_eq!(
            download_name("A&B \"Studio\"; x"),
            "A-B-Studio-x-Brochure.pdf"
        );
        assert_eq!(download_name("Café Nivāsa"), "Caf-Niv-sa-Brochure.pdf");
        assert_eq!(download_name("\r\n"), "Brochure.pdf");
    }

    #[test]
    fn robots_and_sitemap_come_from_the_route_table() {
        assert!(!robots_txt(None).contains("Sitemap"));
        let robots = robots_txt(Some("https://studio.example"));
        assert!(robots.contains("Disallow: /adminpanel"));
        assert!(robots.contains("Disallow: /admin-login"));
        assert!(robots.contains("Sitemap: https://studio.example/sitemap.xml"));
        let entries = [
            SitemapEntry {
                path: "/anjali-rao".into(),
                lastmod: None,
            },
            SitemapEntry {
                path: "/portfolio/a".into(),
                lastmod: Some("2026-11-23".into()),
            },
        ];
        let sitemap = sitemap_xml("https://studio.example", &entries);
        assert_eq!(sitemap.matches("<url>").count(), 2);
        assert!(sitemap.contains("/portfolio/a</loc><lastmod>2026-11-23</lastmod>"));
        assert!(sitemap.contains("<loc>https://studio.example/anjali-rao</loc>"));
        assert!(!sitemap.contains("admin"));
    }
}
