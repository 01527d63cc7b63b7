//! One plain GET over HTTP or HTTPS (rustls with the built-in roots), following up to five
//! redirects, with a size limit and a deadline: how a release and its manifest are downloaded.

use anyhow::{Context, Result, anyhow, bail};
use bytes::Bytes;
use http_body_util::BodyExt;
use std::sync::Arc;
use std::time::Duration;
use warp::http;

/// How long a download may stay silent.
pub const SILENCE: Duration = Duration::from_secs(30);

/// The body of a 200 answer to a GET of `url`, at most `max` bytes.
pub async fn get(url: &url::Url, max: u64) -> Result<Vec<u8>> {
    let mut url = url.clone();
    for _ in 0..6 {
        let res = tokio::time::timeout(SILENCE, send(&url))
            .await
            .map_err(|_| anyhow!("{url} did not answer within {} s", SILENCE.as_secs()))??;
        let status = res.status();
        if status.is_redirection() {
            let to = res
                .headers()
                .get(http::header::LOCATION)
                .and_then(|v| v.to_str().ok())
                .ok_or_else(|| anyhow!("{url} redirects without a Location"))?;
            url = url
                .join(to)
                .with_context(|| format!("{url} redirects to {to:?}"))?;
            continue;
        }
        if status != http::StatusCode::OK {
            bail!("{url} answered {status}");
        }
        let mut body = res.into_body();
        let mut out = Vec::new();
        loop {
            let frame = tokio::time::timeout(SILENCE, body.frame())
                .await
                .map_err(|_| anyhow!("{url} stopped sending for {} s", SILENCE.as_secs()))?;
            match frame {
                None => return Ok(out),
                Some(frame) => {
                    let frame = frame.with_context(|| format!("reading {url}"))?;
                    if let Ok(data) = frame.into_data() {
                        if (out.len() + data.len()) as u64 > max {
                            bail!("{url} is larger than {max} bytes");
                        }
                        out.extend_from_slice(&data);
                    }
                }
            }
        }
    }
    bail!("{url}: too many redirects")
}

async fn send(url: &url::Url) -> Result<http::Response<hyper::body::Incoming>> {
    let host = url
        .host_str()
        .ok_or_else(|| anyhow!("{url} has no host"))?
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    let port = url
        .port_or_known_default()
        .ok_or_else(|| anyhow!("{url} is not http(s)"))?;
    let authority = match url.port() {
        Some(p) => format!("{}:{p}", url.host_str().unwrap_or_default()),
        None => url.host_str().unwrap_or_default().to_string(),
    };
    let path = match url.query() {
        Some(q) => format!("{}?{q}", url.path()),
        None => url.path().to_string(),
    };
    let req = http::Request::get(path)
        .header(http::header::HOST, authority)
        .header(
            http::header::USER_AGENT,
            concat!("studio/", env!("CARGO_PKG_VERSION")),
        )
        .body(http_body_util::Empty::<Bytes>::new())
        .with_context(|| format!("{url} makes no valid request"))?;
    let tcp = tokio::net::TcpStream::connect((host.as_str(), port))
        .await
        .with_context(|| format!("connecting to {host}:{port}"))?;
    let _ = tcp.set_nodelay(true);
    let res = match url.scheme() {
        "https" => {
            let roots = rustls::RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            let tls = rustls::ClientConfig::builder_with_provider(crate::tls::provider())
                .with_safe_default_protocol_versions()
                .map_err(|e| anyhow!("setting up TLS: {e}"))?
                .with_root_certificates(roots)
                .with_no_client_auth();
            let name = rustls::pki_types::ServerName::try_from(host.clone())
                .with_context(|| format!("{host} is not a server name"))?;
            let stream = tokio_rustls::TlsConnector::from(Arc::new(tls))
                .connect(name, tcp)
                .await
                .with_context(|| format!("TLS with {host}"))?;
            exchange(hyper_util::rt::TokioIo::new(stream), req).await
        }
        "http" => exchange(hyper_util::rt::TokioIo::new(tcp), req).await,
        other => bail!("{url}: {other} is not http or https"),
    };
    res.with_context(|| format!("asking {url}"))
}

async fn exchange<IO>(
    io: IO,
    req: http::Request<http_body_util::Empty<Bytes>>,
) -> Result<http::Response<hyper::body::Incoming>, hyper::Error>
where
    IO: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io).await?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    sender.send_request(req).await
}

/// `get` from code that has no runtime (the command line).
pub fn get_blocking(url: &url::Url, max: u64) -> Result<Vec<u8>> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?
        .block_on(get(url, max))
}
