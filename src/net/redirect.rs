//! The plain-HTTP listener beside HTTPS: ACME HTTP-01 answers, and a 301 to the same host, path
//! and query over HTTPS for everything else.

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
    to_https(&host, https_port, req)
}
