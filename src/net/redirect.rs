//! The plain-HTTP listener beside HTTPS: ACME HTTP-01 answers, and a 301 to the same host, path
//! and query over HTTPS for everything else. Also the `www.` to bare-domain redirect.

use super::deadline::{Guard, Guarded};
use crate::app::App;
use crate::tls::Tls;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::Watcher;
use std::sync::Arc;
use tokio::net::TcpStream;
use warp::http::{HeaderValue, Request, StatusCode, header};
use warp::reply::Response;

const CHALLENGE_PREFIX: &str = "/.well-known/acme-challenge/";

/// Serves one connection of the HTTP listener.
pub async fn serve(
    stream: TcpStream,
    guard: Guard,
    tls: Arc<Tls>,
    https_port: u16,
    watcher: Watcher,
) {
    let conn = guard.conn().clone();
    let io = Guarded::new(guard, stream);
    let service = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
        conn.request_started();
        let res = answer(&tls, https_port, &req);
        conn.request_answered();
        std::future::ready(Ok::<_, std::convert::Infallible>(res))
    });
    let connection =
        hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(io), service);
    if let Err(e) = watcher.watch(connection).await {
        tracing::debug!("connection ended with an error: {e}");
    }
}

fn answer<B>(tls: &Tls, https_port: u16, req: &Request<B>) -> Response {
    let path = req.uri().path();
    if let Some(token) = path.strip_prefix(CHALLENGE_PREFIX) {
        return match tls.http_challenge(token) {
            Some(key_authorization) => {
                let mut res = Response::new(key_authorization.into());
                res.headers_mut().insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/octet-stream"),
                );
                res
            }
            None => status(StatusCode::NOT_FOUND),
        };
    }
    let Some(host) = host_of(req) else {
        return status(StatusCode::BAD_REQUEST);
    };
    let port = if https_port == 443 {
        String::new()
    } else {
        format!(":{https_port}")
    };
    let target = req
        .uri()
        .path_and_query()
        .map(|pq| pq.as_str())
        .unwrap_or("/");
    moved(&format!("https://{host}{port}{target}"))
}

/// The request's host name without its port, from the URI (HTTP/2) or the Host header.
fn host_of<B>(req: &Request<B>) -> Option<String> {
    let raw = match req.uri().host() {
        Some(h) => h.to_string(),
        None => req.headers().get(header::HOST)?.to_str().ok()?.to_string(),
    };
    let name = if raw.starts_with('[') {
        // An IPv6 literal keeps its brackets and loses only the port after them.
        match raw.find(']') {
            Some(end) => raw[..=end].to_string(),
            None => return None,
        }
    } else {
        raw.split(':').next().unwrap_or_default().to_string()
    };
    let ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.[]:".contains(&b));
    ok.then(|| name.to_ascii_lowercase())
}

fn status(code: StatusCode) -> Response {
    let mut res = Response::new(warp::hyper::body::Bytes::new().into());
    *res.status_mut() = code;
    res
}

fn moved(location: &str) -> Response {
    let mut res = status(StatusCode::MOVED_PERMANENTLY);
    if let Ok(v) = HeaderValue::from_str(location) {
        res.headers_mut().insert(header::LOCATION, v);
    }
    res
}

/// Over HTTPS, a request for `www.<domain>` where both names are listed in `domains` goes to
/// the bare domain (same path and query): one name for search engines and for cookies.
pub fn www_to_bare<B>(app: &App, req: &Request<B>) -> Option<Response> {
    let https = app.config.https.as_ref()?;
    // Most requests name the bare host: tell without allocating.
    let raw = match req.uri().host() {
        Some(h) => h.as_bytes(),
        None => req.headers().get(header::HOST)?.as_bytes(),
    };
    if raw.len() < 4 || !raw[..4].eq_ignore_ascii_case(b"www.") {
        return None;
    }
    let host = host_of(req)?;
    let bare = host.strip_prefix("www.")?;
    if !https.domains.iter().any(|d| d == bare) {
        return None;
    }
    let port = match https.https_listen.port() {
        443 => String::new(),
        p => format!(":{p}"),
    };
    let target = req
        .uri()
        .path_and_query()
        .map(|pq| pq.as_str())
        .unwrap_or("/");
    let mut res = moved(&format!("https://{bare}{port}{target}"));
    res.headers_mut().insert(
        header::STRICT_TRANSPORT_SECURITY,
        HeaderValue::from_static("max-age=31536000"),
    );
    Some(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(host: &str, path: &str) -> Request<()> {
        Request::builder()
            .uri(path)
            .header(header::HOST, host)
            .body(())
            .unwrap()
    }

    #[test]
    fn hosts_lose_their_port() {
        assert_eq!(
            host_of(&req("Studio.Example:80", "/")).as_deref(),
            Some("studio.example")
        );
        assert_eq!(
            host_of(&req("studio.example", "/")).as_deref(),
            Some("studio.example")
        );
        assert_eq!(host_of(&req("bad host", "/")), None);
    }
}
