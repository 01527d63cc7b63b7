//! Host names in requests: the name a request asks for, and the permanent redirects to the one
//! name a site answers under (`www.` to the bare domain over HTTPS, http:// to https://).

use crate::config::Config;
use warp::http::{HeaderValue, Request, StatusCode, header};
use warp::reply::Response;

/// Browsers remember for a year to come back over HTTPS only.
pub const HSTS: HeaderValue = HeaderValue::from_static("max-age=31536000");

/// `https://host`, with the port only when it is not 443.
pub fn https_origin(host: &str, port: u16) -> String {
    match port {
        443 => format!("https://{host}"),
        port => format!("https://{host}:{port}"),
    }
}

/// The request's path and query, as a redirect keeps them.
fn target<B>(req: &Request<B>) -> &str {
    req.uri()
        .path_and_query()
        .map(|pq| pq.as_str())
        .unwrap_or("/")
}

/// The same path and query on `host` over HTTPS.
pub fn to_https<B>(host: &str, port: u16, req: &Request<B>) -> Response {
    moved(&format!("{}{}", https_origin(host, port), target(req)))
}

/// Over HTTPS, a request for `www.<domain>` where both names are listed in `domains` goes to
/// the bare domain (same path and query): one name for search engines and for cookies.
pub fn www_to_bare<B>(config: &Config, req: &Request<B>) -> Option<Response> {
    let https = config.https.as_ref()?;
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
    let mut res = to_https(bare, https.https_listen.port(), req);
    res.headers_mut()
        .insert(header::STRICT_TRANSPORT_SECURITY, HSTS);
    Some(res)
}

/// The request's host name without its port, from the URI (HTTP/2) or the Host header.
pub fn host_of<B>(req: &Request<B>) -> Option<String> {
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

pub fn status(code: StatusCode) -> Response {
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

    #[test]
    fn https_urls_name_the_port_only_when_it_is_not_443() {
        assert_eq!(
            https_origin("studio.example", 443),
            "https://studio.example"
        );
        assert_eq!(
            https_origin("studio.example", 8443),
            "https://studio.example:8443"
        );
        let res = to_https("studio.example", 443, &req("x", "/portfolio?page=2"));
        assert_eq!(res.status(), StatusCode::MOVED_PERMANENTLY);
        assert_eq!(
            res.headers()[header::LOCATION],
            "https://studio.example/portfolio?page=2"
        );
    }
}
