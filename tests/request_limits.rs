//! What a hostile client can make the server hold or do with a request head: a head over 8 kB is
//! refused with 431 and a log line, thousands of unfinished heads from 16 addresses hold little
//! memory (the real binary, its RSS read from /proc), and no method or request target, over
//! HTTP/1.1 or HTTP/2, makes a request panic or go unanswered.

mod common;
mod ops_support;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const ADDRESSES: u8 = 16;
const PER_ADDRESS: usize = 256;

fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmRSS");
    kb / 1024.0
}

/// Opens a connection from `127.0.0.<from>` and sends a request line, a Host header and the start
/// of a header `size` bytes long that never ends.
async fn unfinished_head(addr: SocketAddr, from: u8, size: usize) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from(([127, 0, 0, from], 0)))?;
    let mut stream = socket.connect(addr).await?;
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: studio.test\r\nX-Held: ")
        .await?;
    let chunk = vec![b'a'; 4096];
    let mut sent = 0;
    while sent < size {
        let n = chunk.len().min(size - sent);
        // The server may answer 431 and close before all of it is sent.
        if stream.write_all(&chunk[..n]).await.is_err() {
            break;
        }
        sent += n;
    }
    Ok(stream)
}

async fn read_answer(stream: &mut TcpStream) -> String {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_secs(30), stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => out.extend_from_slice(&buf[..n]),
            Err(_) => panic!("no answer within 30 s"),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_head_is_refused_and_unfinished_heads_hold_little_memory() {
    let needed = (ADDRESSES as usize * PER_ADDRESS + 200) as u64;
    assert!(
        common::raise_own_open_files() > needed,
        "the test needs {needed} open files"
    );
    let (dir, data) = ops_support::fresh_data();
    let server = ops_support::Server::start(dir.path(), &data, &[("STUDIO_LOG_LEVEL", "info")]);
    let addr = server.addr;

    // One head of 400 kB: refused as soon as it passes 8 kB, with a line in the log.
    let mut long = unfinished_head(addr, 1, 400_000).await.unwrap();
    let answer = read_answer(&mut long).await;
    assert!(
        answer.starts_with("HTTP/1.1 431"),
        "a 400 kB head: {answer:?}"
    );
    server.wait_for_stderr("refused a request head over 8 kB");

    let idle = rss_mb(server.pid());
    // 256 connections from each of 16 addresses, each holding 60 kB of a head that never ends:
    // every one is refused, none is held.
    let mut refused = Vec::new();
    for from in 1..=ADDRESSES {
        for _ in 0..PER_ADDRESS {
            refused.push(unfinished_head(addr, from, 60_000));
        }
    }
    let refused = futures_util::future::join_all(refused).await;
    let mut held = Vec::new();
    for stream in refused.into_iter().flatten() {
        held.push(stream);
    }
    let after_refused = rss_mb(server.pid());

    // And as many that stay under the limit (7 kB each): held until their deadline, in little
    // memory each.
    drop(held);
    let mut opened = Vec::new();
    for from in 1..=ADDRESSES {
        for _ in 0..PER_ADDRESS {
            opened.push(unfinished_head(addr, from, 7_000));
        }
    }
    let held: Vec<TcpStream> = futures_util::future::join_all(opened)
        .await
        .into_iter()
        .flatten()
        .collect();
    assert!(
        held.len() >= ADDRESSES as usize * PER_ADDRESS * 9 / 10,
        "only {} of the connections opened",
        held.len()
    );
    // The server reads what was sent as soon as it is scheduled; the most RSS seen over a few
    // seconds is what it holds.
    let mut most = 0f64;
    let until = Instant::now() + Duration::from_secs(4);
    while Instant::now() < until {
        most = most.max(rss_mb(server.pid()));
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    eprintln!(
        "RSS: idle {idle:.1} MB, after 4,096 heads of 60 kB {after_refused:.1} MB, with 4,096 \
         heads of 7 kB held {most:.1} MB"
    );
    // The target is 100 MB in all for the release binary, which idles at about 15 MB; this
    // debug build idles at about 35 MB, so what is held is bounded instead: at most 16 kB a
    // connection (hyper's default held up to 400 kB).
    let per_connection_kb = (most - idle) * 1024.0 / held.len() as f64;
    assert!(
        after_refused - idle < 20.0,
        "{after_refused:.1} MB after the refused heads"
    );
    assert!(
        per_connection_kb < 16.0,
        "{per_connection_kb:.1} kB per held head ({most:.1} MB in all)"
    );
    drop(held);
    assert!(!server.stderr_text().contains("panicked"));
}

/// Request lines no browser sends. Each gets an answer; absolute form (which HTTP/1.1 says a server
/// accepts) anything but a 5xx, everything else a 4xx.
const ODD_REQUESTS: &[(&str, bool)] = &[
    ("CONNECT x:1 HTTP/1.1", false),
    ("CONNECT 127.0.0.1:443 HTTP/1.1", false),
    ("CONNECT / HTTP/1.1", false),
    ("TRACE / HTTP/1.1", false),
    ("TRACE /api/health HTTP/1.1", false),
    ("get / HTTP/1.1", false),
    ("post /api/contact HTTP/1.1", false),
    ("FOO / HTTP/1.1", false),
    ("PROPFIND /api/admin/hero-slides HTTP/1.1", false),
    ("GET x:1 HTTP/1.1", false),
    ("POST x:1 HTTP/1.1", false),
    ("DELETE x:1 HTTP/1.1", false),
    ("OPTIONS * HTTP/1.1", false),
    ("GET * HTTP/1.1", false),
    ("GET http://x/ HTTP/1.1", true),
    ("GET http://x/api/health HTTP/1.1", true),
    ("POST http://x/api/stats/view HTTP/1.1", true),
    ("OPTIONS / HTTP/1.1", false),
];

fn status_of(answer: &str) -> u16 {
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// Counts the panics of this process (the in-process HTTP/2 server runs here).
fn count_panics() -> Arc<AtomicUsize> {
    let panics = Arc::new(AtomicUsize::new(0));
    let seen = panics.clone();
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        seen.fetch_add(1, Ordering::SeqCst);
        default(info);
    }));
    panics
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odd_methods_and_targets_over_http1_get_an_answer_and_never_panic() {
    let (dir, data) = ops_support::fresh_data();
    let server = ops_support::Server::start(dir.path(), &data, &[("STUDIO_LOG_LEVEL", "info")]);
    for (line, absolute) in ODD_REQUESTS {
        let mut stream = TcpStream::connect(server.addr).await.unwrap();
        let request = format!(
            "{line}\r\nHost: studio.test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let answer = read_answer(&mut stream).await;
        let status = status_of(&answer);
        if *absolute {
            assert!((200..500).contains(&status), "{line}: {answer:?}");
        } else {
            assert!((400..500).contains(&status), "{line}: {answer:?}");
        }
        assert!(
            answer
                .to_ascii_lowercase()
                .contains("x-content-type-options: nosniff"),
            "{line}: {answer:?}"
        );
    }
    // Every request reached the request log (written within 200 ms), and none panicked.
    server.wait_for_stderr("CONNECT");
    server.wait_for_stderr("PROPFIND");
    let log = server.stderr_text();
    assert!(!log.contains("panicked"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odd_methods_and_targets_over_http2_get_an_answer_and_never_panic() {
    use hyper_util::rt::{TokioExecutor, TokioIo};
    let panics = count_panics();
    let certs = tempfile::tempdir().unwrap();
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".into()]).unwrap();
    std::fs::write(certs.path().join("cert.pem"), cert.cert.pem()).unwrap();
    std::fs::write(
        certs.path().join("key.pem"),
        cert.signing_key.serialize_pem(),
    )
    .unwrap();
    let server = common::TestServer::start_with(studio::config::Layer {
        https_listen: Some("127.0.0.1:0".into()),
        http_listen: Some("127.0.0.1:0".into()),
        tls_cert: Some(certs.path().join("cert.pem")),
        tls_key: Some(certs.path().join("key.pem")),
        ..Default::default()
    })
    .await;

    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert.cert.der().clone()).unwrap();
    let mut config = rustls::ClientConfig::builder_with_provider(studio::tls::provider())
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));

    let cases: &[(&str, &str)] = &[
        ("TRACE", "https://localhost/"),
        ("get", "https://localhost/"),
        ("FOO", "https://localhost/api/health"),
        ("PROPFIND", "https://localhost/api/admin/hero-slides"),
        ("CONNECT", "localhost:1"),
        ("OPTIONS", "https://localhost/"),
        ("DELETE", "https://localhost/"),
    ];
    for (method, uri) in cases {
        let tcp = TcpStream::connect(server.addr).await.unwrap();
        let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
        let tls = connector.connect(name, tcp).await.unwrap();
        assert_eq!(tls.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
        let (mut sender, conn) =
            hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(tls))
                .await
                .unwrap();
        tokio::spawn(conn);
        let req = warp::http::Request::builder()
            .method(*method)
            .uri(*uri)
            .body(String::new())
            .unwrap();
        let res = sender
            .send_request(req)
            .await
            .unwrap_or_else(|e| panic!("{method} {uri}: no answer: {e}"));
        assert!(
            res.status().is_client_error(),
            "{method} {uri}: {}",
            res.status()
        );
        assert_eq!(
            res.headers()
                .get("x-content-type-options")
                .map(|v| v.as_bytes()),
            Some(&b"nosniff"[..]),
            "{method} {uri}"
        );
    }
    server.stop().await;
    assert_eq!(panics.load(Ordering::SeqCst), 0, "a request panicked");
}
