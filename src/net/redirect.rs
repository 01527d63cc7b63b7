//! The plain-HTTP listener beside HTTPS: ACME HTTP-01 answers, and a 301 to the same name, path
//! and query over HTTPS for the names in `domains`; any other name gets 421, so the listener never
//! sends a visitor to a host a request made up.

use super::deadline::{Guard, Guarded};
use crate::hosts::{host_of, status, to_https};
use crate::service::RequestWatch;
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
    domains: Arc<[String]>,
    https_port: u16,
    watcher: Watcher,
) {
    let conn = guard.conn().clone();
    let peer = stream.peer_addr().ok();
    let io = Guarded::new(guard, stream);
    let service = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
        conn.request_started();
        let mut res = answer(&tls, &domains, https_port, &req);
        res.headers_mut().insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        conn.request_answered();
        std::future::ready(Ok::<_, std::convert::Infallible>(res))
    });
    let connection = super::heads::http1_builder().serve_connection(TokioIo::new(io), service);
    if let Err(e) = watcher.watch(connection).await {
        super::heads::connection_ended(peer, &e);
    }
}

fn answer<B>(tls: &Tls, domains: &[String], https_port: u16, req: &Request<B>) -> Response {
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
    to_a_domain(domains, https_port, req)
}

/// The 301 over HTTPS for a name in `domains`, else 421 (400 without a usable name).
fn to_a_domain<B>(domains: &[String], https_port: u16, req: &Request<B>) -> Response {
    let Some(host) = host_of(req) else {
        return status(StatusCode::BAD_REQUEST);
    };
    // The name redirected to is the configured one, not the request's text.
    match domains.iter().find(|d| d.eq_ignore_ascii_case(&host)) {
        Some(domain) => to_https(domain, https_port, req),
        None => status(StatusCode::MISDIRECTED_REQUEST),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(host: &str) -> Request<()> {
        Request::builder()
            .uri("/portfolio?page=2")
            .header(header::HOST, host)
            .body(())
            .unwrap()
    }

    #[test]
    fn only_configured_names_are_redirected() {
        let domains = [
            "studio.example".to_string(),
            "www.studio.example".to_string(),
        ];
        let res = to_a_domain(&domains, 443, &req("Studio.Example:80"));
        assert_eq!(res.status(), StatusCode::MOVED_PERMANENTLY);
        assert_eq!(
            res.headers()[header::LOCATION],
            "https://studio.example/portfolio?page=2"
        );
        let res = to_a_domain(&domains, 8443, &req("www.studio.example"));
        assert_eq!(
            res.headers()[header::LOCATION],
            "https://www.studio.example:8443/portfolio?page=2"
        );
        for other in [
            "evil.example",
            "studio.example.evil.example",
            "127.0.0.1:8080",
        ] {
            let res = to_a_domain(&domains, 443, &req(other));
            assert_eq!(res.status(), StatusCode::MISDIRECTED_REQUEST, "{other}");
            assert!(res.headers().get(header::LOCATION).is_none());
        }
        assert_eq!(
            to_a_domain(&[], 443, &req("studio.example")).status(),
            StatusCode::MISDIRECTED_REQUEST
        );
    }
}
