//! The HTTP/1.1 and HTTP/2 connection settings every listener shares: above all, how much of a
//! request head the server holds before it refuses it with 431.

use hyper::server::conn::{http1, http2};
use hyper_util::rt::TokioExecutor;
use std::net::SocketAddr;

/// The largest request head (request line and headers) the server reads, and so the most a
/// connection holds while its head arrives. hyper's default of about 400 kB let 256 unfinished
/// heads per client address hold 100 MB. 8 kB is the least hyper reads into at once: at 16 kB a
/// buffer doubles to 16 kB, and 4,096 held heads (256 from each of 16 addresses) took 130 MB
/// against 84 MB at 8 kB (tests/request_limits.rs). No request of this site comes near it: it
/// sets no cookies, and the admin token is one short header (nginx too refuses a header line over
/// 8 kB by default).
pub const HEAD_LIMIT: usize = 8 * 1024;

/// An HTTP/1.1 connection builder that refuses a head over [`HEAD_LIMIT`] with 431, and never
/// buffers more than that while a head arrives.
pub fn http1_builder() -> http1::Builder {
    let mut builder = http1::Builder::new();
    builder.max_header_size(HEAD_LIMIT).max_buf_size(HEAD_LIMIT);
    builder
}

/// An HTTP/2 connection builder with the same limit on a request's header list.
pub fn http2_builder() -> http2::Builder<TokioExecutor> {
    let mut builder = http2::Builder::new(TokioExecutor::new());
    builder.max_header_list_size(HEAD_LIMIT as u32);
    builder
}

/// Logs how a connection ended: a head over the limit is worth a line (a client is sending what
/// no browser sends); anything else is the ordinary churn of the internet.
pub fn connection_ended(peer: Option<SocketAddr>, e: &hyper::Error) {
    if e.is_parse_too_large() {
        let from = peer.map(|p| p.ip().to_string()).unwrap_or_default();
        tracing::info!(
            client = %from,
            "refused a request head over {} kB with 431",
            HEAD_LIMIT / 1024
        );
    } else {
        tracing::debug!("connection ended with an error: {e}");
    }
}
