//! The few S3 calls off-site copies need (PUT, HEAD, list, DELETE, GET), signed as presigned URLs
//! by rusty-s3 and sent over studio's own hyper + rustls client, one connection per call.
//!
//! Bodies stream: an upload is read from its file 64 KiB at a time, a download written to its file
//! as it arrives. No `x-amz-checksum-*` header and no aws-chunked body is ever sent (R2 and B2
//! refuse some of them); the size is checked after an upload instead. A signed URL carries a
//! credential in its query, so no error or log line ever shows one: errors name the object key.

use crate::config::OffsiteConfig;
use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::{Body, Frame, SizeHint};
use rusty_s3::{Bucket, Credentials, S3Action, UrlStyle};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWriteExt, ReadBuf};
use tokio::time::Instant;
use warp::http::{self, Method, Request, StatusCode};

/// How long a signed URL stays valid; each is used at once.
const SIGNED_FOR: Duration = Duration::from_secs(15 * 60);
/// Bytes read from the file per frame of an upload.
const FRAME: usize = 64 * 1024;
/// The most of an error answer kept to find its code and message in.
const ERROR_BODY_MAX: usize = 16 * 1024;
/// The most of a listing answer read (1000 keys with their details fit easily).
const LIST_BODY_MAX: usize = 4 * 1024 * 1024;

/// Why a call to the storage failed, in words an owner can act on; never holds a secret.
#[derive(Debug, Clone, thiserror::Error)]
pub enum S3Error {
    #[error("cannot reach the storage at {0}: {1}")]
    Unreachable(String, String),
    #[error("the storage did not answer within {0}s")]
    Timeout(u64),
    #[error("the storage refused {what}: {status}{detail}")]
    Status {
        what: String,
        status: u16,
        detail: String,
    },
    #[error("the storage's answer to {0} was cut short")]
    Truncated(String),
    #[error("{0}")]
    Other(String),
}

impl S3Error {
    /// A status that no retry can change (a missing object, a bad request).
    pub fn is_final(&self) -> bool {
        matches!(self, S3Error::Status { status, .. } if *status == 404 || *status == 400)
    }
}

/// One object of a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Object {
    pub key: String,
    pub size: u64,
}

/// A configured bucket with its credentials and TLS settings.
pub struct Storage {
    bucket: Bucket,
    credentials: Credentials,
    tls: tokio_rustls::TlsConnector,
    /// How long the storage may stay silent during a call.
    timeout: Duration,
    /// `host:port`, for error messages.
    place: String,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Storage({} bucket {})", self.place, self.bucket.name())
    }
}

impl Storage {
    pub fn new(cfg: &OffsiteConfig) -> anyhow::Result<Storage> {
        let endpoint: url::Url = cfg
            .endpoint
            .parse()
            .map_err(|e| anyhow::anyhow!("offsite.endpoint = {:?}: {e}", cfg.endpoint))?;
        let style = if cfg.path_style {
            UrlStyle::Path
        } else {
            UrlStyle::VirtualHost
        };
        let place = format!(
            "{}:{}",
            endpoint.host_str().unwrap_or("?"),
            endpoint.port_or_known_default().unwrap_or(443)
        );
        let bucket = Bucket::new(endpoint, style, cfg.bucket.clone(), cfg.region.clone())
            .map_err(|e| anyhow::anyhow!("offsite.bucket {:?} at {place}: {e}", cfg.bucket))?;
        let credentials = Credentials::new(
            cfg.access_key_id.clone(),
            cfg.secret_access_key.expose().to_string(),
        );
        let roots = rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        let tls = rustls::ClientConfig::builder_with_provider(crate::tls::provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| anyhow::anyhow!("setting up TLS: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Storage {
            bucket,
            credentials,
            tls: tokio_rustls::TlsConnector::from(Arc::new(tls)),
            timeout: cfg.timeout,
            place,
        })
    }

    /// Uploads `len` bytes of `file` (from its current position) as `key` in one PUT.
    pub async fn put_file(
        &self,
        key: &str,
        file: tokio::fs::File,
        len: u64,
    ) -> Result<(), S3Error> {
        let url = self
            .bucket
            .put_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let progress = Progress::new();
        let body = FileBody {
            file,
            left: len,
            buf: vec![0u8; FRAME],
            progress: progress.clone(),
        };
        let req = Request::builder()
            .method(Method::PUT)
            .header(http::header::CONTENT_LENGTH, len)
            .header(http::header::CONTENT_TYPE, "application/octet-stream")
            .body(body)
            .map_err(|e| S3Error::Other(format!("building the upload: {e}")))?;
        let res = self.send(&url, req, &progress).await?;
        let what = format!("the upload of {key}");
        self.expect_ok(res, &what, &progress).await?;
        Ok(())
    }

    /// The size of `key`, or `None` when there is no such object.
    pub async fn head(&self, key: &str) -> Result<Option<u64>, S3Error> {
        let url = self
            .bucket
            .head_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let progress = Progress::new();
        let res = self.send(&url, empty(Method::HEAD), &progress).await?;
        if res.status() == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        let what = format!("the check of {key}");
        let res = self.expect_ok(res, &what, &progress).await?;
        let size = res
            .headers()
            .get(http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| S3Error::Other(format!("{what}: no size in the answer")))?;
        Ok(Some(size))
    }

    /// Every object whose key starts with `prefix`, in key order.
    pub async fn list(&self, prefix: &str) -> Result<Vec<Object>, S3Error> {
        let mut out = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let mut action = self.bucket.list_objects_v2(Some(&self.credentials));
            if !prefix.is_empty() {
                action.with_prefix(prefix);
            }
            if let Some(t) = &token {
                action.with_continuation_token(t.clone());
            }
            let url = action.sign(SIGNED_FOR);
            let progress = Progress::new();
            let res = self.send(&url, empty(Method::GET), &progress).await?;
            let what = "the listing";
            let res = self.expect_ok(res, what, &progress).await?;
            let body = read_limited(res, LIST_BODY_MAX, &progress, self.timeout, what).await?;
            let text = String::from_utf8_lossy(&body);
            let parsed = rusty_s3::actions::ListObjectsV2::parse_response(&text)
                .map_err(|e| S3Error::Other(format!("the listing is not one S3 sends: {e}")))?;
            for c in parsed.contents {
                out.push(Object {
                    key: c.key,
                    size: c.size.unwrap_or(0),
                });
            }
            match parsed.next_continuation_token {
                Some(t) => token = Some(t),
                None => break,
            }
        }
        out.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(out)
    }

    pub async fn delete(&self, key: &str) -> Result<(), S3Error> {
        let url = self
            .bucket
            .delete_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let progress = Progress::new();
        let res = self.send(&url, empty(Method::DELETE), &progress).await?;
        let what = format!("deleting {key}");
        self.expect_ok(res, &what, &progress).await?;
        Ok(())
    }

    /// Downloads `key` into `dest` (written as it arrives); returns its size. An answer shorter
    /// than its Content-Length is an error.
    pub async fn get_to_file(&self, key: &str, dest: &mut tokio::fs::File) -> Result<u64, S3Error> {
        let url = self
            .bucket
            .get_object(Some(&self.credentials), key)
            .sign(SIGNED_FOR);
        let progress = Progress::new();
        let res = self.send(&url, empty(Method::GET), &progress).await?;
        let what = format!("the download of {key}");
        let res = self.expect_ok(res, &what, &progress).await?;
        let expected = res
            .headers()
            .get(http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        let mut body = res.into_body();
        let mut got = 0u64;
        loop {
            let frame = match tokio::time::timeout(self.timeout, body.frame()).await {
                Err(_) => return Err(S3Error::Timeout(self.timeout.as_secs())),
                Ok(None) => break,
                Ok(Some(Err(_))) => return Err(S3Error::Truncated(what)),
                Ok(Some(Ok(frame))) => frame,
            };
            if let Ok(data) = frame.into_data() {
                dest.write_all(&data)
                    .await
                    .map_err(|e| S3Error::Other(format!("writing the download: {e}")))?;
                got += data.len() as u64;
            }
        }
        if expected.is_some_and(|n| n != got) {
            return Err(S3Error::Truncated(what));
        }
        dest.flush()
            .await
            .map_err(|e| S3Error::Other(format!("writing the download: {e}")))?;
        Ok(got)
    }

    /// Sends one request to the signed `url`, on a new connection; while the request is under
    /// way, the storage may stay silent (no byte taken or given) for at most `timeout`.
    async fn send<B>(
        &self,
        url: &url::Url,
        mut req: Request<B>,
        progress: &Progress,
    ) -> Result<http::Response<hyper::body::Incoming>, S3Error>
    where
        B: Body<Data = Bytes> + Send + 'static,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let host = url.host_str().unwrap_or_default().to_string();
        let port = url.port_or_known_default().unwrap_or(443);
        let authority = match url.port() {
            Some(p) => format!("{host}:{p}"),
            None => host.clone(),
        };
        let path = match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_string(),
        };
        *req.uri_mut() = path
            .parse()
            .map_err(|_| S3Error::Other("the object key makes no valid URL".into()))?;
        req.headers_mut().insert(
            http::header::HOST,
            http::HeaderValue::from_str(&authority)
                .map_err(|_| S3Error::Other("the endpoint's host is not valid".into()))?,
        );
        let unreachable =
            |e: &dyn std::fmt::Display| S3Error::Unreachable(self.place.clone(), e.to_string());
        let exchange = async {
            let tcp = tokio::net::TcpStream::connect((host.as_str(), port))
                .await
                .map_err(|e| unreachable(&e))?;
            let _ = tcp.set_nodelay(true);
            progress.touch();
            if url.scheme() == "https" {
                let name = rustls::pki_types::ServerName::try_from(host.clone())
                    .map_err(|e| unreachable(&e))?;
                let tls = self
                    .tls
                    .connect(name, tcp)
                    .await
                    .map_err(|e| unreachable(&e))?;
                progress.touch();
                request(hyper_util::rt::TokioIo::new(tls), req).await
            } else {
                request(hyper_util::rt::TokioIo::new(tcp), req).await
            }
            .map_err(|e| unreachable(&e))
        };
        progress.watch(exchange, self.timeout).await?
    }

    /// Passes a 2xx answer through; turns any other into an error with S3's code and message.
    async fn expect_ok(
        &self,
        res: http::Response<hyper::body::Incoming>,
        what: &str,
        progress: &Progress,
    ) -> Result<http::Response<hyper::body::Incoming>, S3Error> {
        if res.status().is_success() {
            return Ok(res);
        }
        let status = res.status();
        let body = read_limited(res, ERROR_BODY_MAX, progress, self.timeout, what)
            .await
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&body);
        let code = xml_field(&text, "Code");
        let message = xml_field(&text, "Message");
        let detail = match (code, message) {
            (Some(c), Some(m)) => format!(" ({c}: {m})"),
            (Some(c), None) => format!(" ({c})"),
            _ => String::new(),
        };
        Err(S3Error::Status {
            what: what.to_string(),
            status: status.as_u16(),
            detail,
        })
    }
}

async fn request<IO, B>(
    io: IO,
    req: Request<B>,
) -> Result<http::Response<hyper::body::Incoming>, hyper::Error>
where
    IO: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
    B: Body<Data = Bytes> + Send + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io).await?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    sender.send_request(req).await
}

fn empty(method: Method) -> Request<http_body_util::Empty<Bytes>> {
    let mut req = Request::new(http_body_util::Empty::new());
    *req.method_mut() = method;
    req
}

/// Reads an answer's body, at most `max` bytes.
async fn read_limited(
    res: http::Response<hyper::body::Incoming>,
    max: usize,
    progress: &Progress,
    timeout: Duration,
    what: &str,
) -> Result<Vec<u8>, S3Error> {
    let expected = res
        .headers()
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    let mut body = res.into_body();
    let mut out = Vec::new();
    loop {
        match tokio::time::timeout(timeout, body.frame()).await {
            Err(_) => return Err(S3Error::Timeout(timeout.as_secs())),
            Ok(None) => break,
            Ok(Some(Err(_))) => return Err(S3Error::Truncated(what.to_string())),
            Ok(Some(Ok(frame))) => {
                progress.touch();
                if let Ok(data) = frame.into_data() {
                    if out.len() + data.len() > max {
                        return Err(S3Error::Other(format!("the answer to {what} is too long")));
                    }
                    out.extend_from_slice(&data);
                }
            }
        }
    }
    if expected.is_some_and(|n| n != out.len()) {
        return Err(S3Error::Truncated(what.to_string()));
    }
    Ok(out)
}

/// The text of `<name>…</name>` in an S3 error answer. Only the code and the message are ever
/// read: some services echo the signed request's details in other fields.
fn xml_field(text: &str, name: &str) -> Option<String> {
    let open = format!("<{name}>");
    let start = text.find(&open)? + open.len();
    let end = start + text[start..].find(&format!("</{name}>"))?;
    let value: String = text[start..end]
        .chars()
        .filter(|c| !c.is_control())
        .take(200)
        .collect();
    Some(value)
}

/// When bytes last moved in either direction, so a slow transfer that keeps moving is never cut,
/// and one that stalls is.
#[derive(Clone)]
struct Progress(Arc<Mutex<Instant>>);

impl Progress {
    fn new() -> Progress {
        Progress(Arc::new(Mutex::new(Instant::now())))
    }

    fn touch(&self) {
        if let Ok(mut at) = self.0.lock() {
            *at = Instant::now();
        }
    }

    fn idle(&self) -> Duration {
        self.0.lock().map(|at| at.elapsed()).unwrap_or_default()
    }

    /// Runs `fut` until it ends or nothing has moved for `timeout`.
    async fn watch<T>(
        &self,
        fut: impl Future<Output = T>,
        timeout: Duration,
    ) -> Result<T, S3Error> {
        self.touch();
        tokio::pin!(fut);
        loop {
            let left = timeout.saturating_sub(self.idle());
            if left.is_zero() {
                return Err(S3Error::Timeout(timeout.as_secs()));
            }
            tokio::select! {
                out = &mut fut => return Ok(out),
                _ = tokio::time::sleep(left) => {}
            }
        }
    }
}

/// An upload's body: `left` bytes of a file, a frame at a time.
struct FileBody {
    file: tokio::fs::File,
    left: u64,
    buf: Vec<u8>,
    progress: Progress,
}

impl Body for FileBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        let this = self.get_mut();
        if this.left == 0 {
            return Poll::Ready(None);
        }
        let want = this.buf.len().min(this.left as usize);
        let mut rb = ReadBuf::new(&mut this.buf[..want]);
        match Pin::new(&mut this.file).poll_read(cx, &mut rb) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Err(e)) => Poll::Ready(Some(Err(e))),
            Poll::Ready(Ok(())) => {
                let n = rb.filled().len();
                if n == 0 {
                    return Poll::Ready(Some(Err(std::io::Error::new(
                        std::io::ErrorKind::UnexpectedEof,
                        "the copy is shorter than its size",
                    ))));
                }
                this.left -= n as u64;
                this.progress.touch();
                Poll::Ready(Some(Ok(Frame::data(Bytes::copy_from_slice(
                    &this.buf[..n],
                )))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_code_and_message_of_an_error_are_kept() {
        let body = "<?xml version=\"1.0\"?><Error><Code>SignatureDoesNotMatch</Code>\
                    <Message>The signature does not match</Message>\
                    <AWSAccessKeyId>AKIDSECRETISH</AWSAccessKeyId>\
                    <StringToSign>AWS4-HMAC-SHA256 ...</StringToSign></Error>";
        assert_eq!(
            xml_field(body, "Code").as_deref(),
            Some("SignatureDoesNotMatch")
        );
        assert_eq!(
            xml_field(body, "Message").as_deref(),
            Some("The signature does not match")
        );
        assert_eq!(xml_field("<html>oops</html>", "Code"), None);
    }

    #[tokio::test(start_paused = true)]
    async fn a_stall_times_out_but_steady_progress_does_not() {
        let p = Progress::new();
        let stalled = p
            .watch(std::future::pending::<()>(), Duration::from_secs(60))
            .await;
        assert!(matches!(stalled, Err(S3Error::Timeout(60))));
        // Ten minutes of work that moves every 30 s is never cut.
        let q = p.clone();
        let slow = async move {
            for _ in 0..20 {
                tokio::time::sleep(Duration::from_secs(30)).await;
                q.touch();
            }
            7
        };
        assert_eq!(p.watch(slow, Duration::from_secs(60)).await.unwrap(), 7);
    }
}
