//! HTTPS end to end against Debian's `pebble` (Let's Encrypt's test CA), started by the test on
//! free ports with `pebble-challtestsrv` as the DNS that points every name at 127.0.0.1: a
//! certificate by HTTP-01, HTTPS over HTTP/2 with HSTS, HTTP redirected, `www.` sent to the bare
//! name, and a restart (with pebble stopped) serving the stored certificate without a new order.

use hyper_util::rt::{TokioExecutor, TokioIo};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use studio::app::App;
use studio::config::{Config, Layer};
use studio::store::Store;
use warp::http::{self, HeaderMap, StatusCode, Version};

const DOMAIN: &str = "studio.example.com";
const WWW: &str = "www.studio.example.com";

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn pebble_present() -> bool {
    if Path::new("/usr/bin/pebble").exists() && Path::new("/usr/bin/pebble-challtestsrv").exists() {
        return true;
    }
    if std::env::var_os("CI").is_some() {
        panic!("pebble is missing: apt-get install pebble (.ci/run does)");
    }
    eprintln!("SKIPPED: /usr/bin/pebble is missing (apt-get install pebble); CI fails instead");
    false
}

/// A TLS client trusting `roots`, offering `alpn`.
fn connector(roots_pem: &[u8], alpn: &[&[u8]]) -> tokio_rustls::TlsConnector {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(roots_pem) {
        roots.add(cert.unwrap()).unwrap();
    }
    let mut config = rustls::ClientConfig::builder_with_provider(studio::tls::provider())
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    tokio_rustls::TlsConnector::from(Arc::new(config))
}

struct Answer {
    version: Version,
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

/// One HTTPS GET of `path` from `addr`, naming the server `name`; HTTP/2 when ALPN picks it.
async fn get(
    addr: SocketAddr,
    name: &str,
    roots_pem: &[u8],
    path: &str,
) -> std::io::Result<Answer> {
    let tcp = tokio::net::TcpStream::connect(addr).await?;
    let server_name = rustls::pki_types::ServerName::try_from(name.to_string()).unwrap();
    let tls = connector(roots_pem, &[b"h2", b"http/1.1"])
        .connect(server_name, tcp)
        .await?;
    let h2 = tls.get_ref().1.alpn_protocol() == Some(b"h2");
    let io = TokioIo::new(tls);
    let uri = format!("https://{name}{path}");
    let res = if h2 {
        let (mut sender, conn) = hyper::client::conn::http2::handshake(TokioExecutor::new(), io)
            .await
            .map_err(std::io::Error::other)?;
        tokio::spawn(conn);
        let req = http::Request::get(uri).body(String::new()).unwrap();
        sender
            .send_request(req)
            .await
            .map_err(std::io::Error::other)?
    } else {
        let (mut sender, conn) = hyper::client::conn::http1::handshake(io)
            .await
            .map_err(std::io::Error::other)?;
        tokio::spawn(conn);
        let req = http::Request::get(path)
            .header(http::header::HOST, name)
            .body(String::new())
            .unwrap();
        sender
            .send_request(req)
            .await
            .map_err(std::io::Error::other)?
    };
    let (parts, mut body) = res.into_parts();
    let mut bytes = Vec::new();
    while let Some(frame) =
        std::future::poll_fn(|cx| hyper::body::Body::poll_frame(std::pin::Pin::new(&mut body), cx))
            .await
    {
        if let Ok(data) = frame.map_err(std::io::Error::other)?.into_data() {
            bytes.extend_from_slice(&data);
        }
    }
    Ok(Answer {
        version: parts.version,
        status: parts.status,
        headers: parts.headers,
        body: bytes,
    })
}

struct Running {
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
    app: Arc<App>,
}

async fn start_studio(data: &Path, layer: Layer) -> Running {
    let config = Config::from_layer(Layer {
        data: Some(data.to_path_buf()),
        ..layer
    })
    .unwrap();
    // The previous server's last connection tasks may still be letting go of the file.
    let mut tries = 0;
    let store = loop {
        match Store::open(data) {
            Ok(store) => break store,
            Err(e) if tries < 50 => {
                tries += 1;
                eprintln!("data file not free yet: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("{e}"),
        }
    };
    let app = Arc::new(App::new(store, config).unwrap());
    let bound = studio::net::bind(app.clone()).await.unwrap();
    let (stop, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(bound.run(async move {
        let _ = rx.await;
    }));
    Running { stop, task, app }
}

impl Running {
    async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
        drop(self.app);
    }
}

/// Waits until something listens on `port`.
async fn listening(port: u16) {
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("nothing listens on {port}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_certificate_from_pebble_then_https_h2_hsts_redirects_and_a_restart_without_an_order() {
    if !pebble_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // pebble's own API certificate, trusted by studio through acme_ca_roots.
    let api =
        rcgen::generate_simple_self_signed(vec!["127.0.0.1".into(), "localhost".into()]).unwrap();
    let api_cert = dir.path().join("pebble-api.pem");
    let api_key = dir.path().join("pebble-api.key");
    std::fs::write(&api_cert, api.cert.pem()).unwrap();
    std::fs::write(&api_key, api.signing_key.serialize_pem()).unwrap();

    let (dns, challtest_mgmt, acme, acme_mgmt) =
        (free_port(), free_port(), free_port(), free_port());
    let (http_port, https_port) = (free_port(), free_port());
    let _dns = Killed(
        Command::new("/usr/bin/pebble-challtestsrv")
            .args([
                "-defaultIPv4",
                "127.0.0.1",
                "-defaultIPv6",
                "",
                "-http01",
                "",
                "-https01",
                "",
            ])
            .args(["-tlsalpn01", ""])
            .arg("-dns01")
            .arg(format!("127.0.0.1:{dns}"))
            .arg("-management")
            .arg(format!("127.0.0.1:{challtest_mgmt}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let config = serde_json::json!({"pebble": {
        "listenAddress": format!("127.0.0.1:{acme}"),
        "managementListenAddress": format!("127.0.0.1:{acme_mgmt}"),
        "certificate": api_cert, "privateKey": api_key,
        "httpPort": http_port, "tlsPort": https_port,
        "ocspResponderURL": "", "externalAccountBindingRequired": false,
    }});
    let config_path = dir.path().join("pebble.json");
    std::fs::write(&config_path, config.to_string()).unwrap();
    let pebble = Killed(
        Command::new("/usr/bin/pebble")
            .arg("-config")
            .arg(&config_path)
            .arg("-dnsserver")
            .arg(format!("127.0.0.1:{dns}"))
            .env("PEBBLE_VA_NOSLEEP", "1")
            .env("PEBBLE_WFE_NONCEREJECT", "0")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    listening(acme).await;
    listening(acme_mgmt).await;

    let data = dir.path().join("studio.redb");
    let layer = || Layer {
        domains: Some(vec![DOMAIN.into(), WWW.into()]),
        https_listen: Some(format!("127.0.0.1:{https_port}")),
        http_listen: Some(format!("127.0.0.1:{http_port}")),
        acme_directory: Some(format!("https://127.0.0.1:{acme}/dir")),
        acme_ca_roots: Some(api_cert.clone()),
        acme_email: Some("owner@studio.example.com".into()),
        ..Layer::default()
    };
    let started = Instant::now();
    let server = start_studio(&data, layer()).await;
    let stored = loop {
        if let Some(c) = server.app.store.tls_certificate().unwrap() {
            break c;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no certificate from pebble after 60 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    eprintln!("certificate from pebble after {:?}", started.elapsed());
    assert_eq!(stored.domains, vec![DOMAIN.to_string(), WWW.to_string()]);
    assert!(stored.not_after > 1_700_000_000);

    // pebble's root signs the intermediate that signed studio's certificate.
    let root = get(
        SocketAddr::from(([127, 0, 0, 1], acme_mgmt)),
        "127.0.0.1",
        api.cert.pem().as_bytes(),
        "/roots/0",
    )
    .await
    .unwrap();
    assert_eq!(root.status, 200);
    let root_pem = root.body;

    let https = SocketAddr::from(([127, 0, 0, 1], https_port));
    let page = get(https, DOMAIN, &root_pem, "/").await.unwrap();
    assert_eq!(page.status, 200);
    assert_eq!(page.version, Version::HTTP_2, "HTTP/2 by ALPN");
    assert_eq!(
        page.headers["strict-transport-security"],
        "max-age=31536000"
    );
    let api_call = get(https, DOMAIN, &root_pem, "/api/no-such-call")
        .await
        .unwrap();
    assert_eq!(
        api_call.headers["strict-transport-security"],
        "max-age=31536000"
    );

    let www = get(https, WWW, &root_pem, "/projects?x=1").await.unwrap();
    assert_eq!(www.status, 301);
    assert_eq!(
        www.headers["location"],
        format!("https://{DOMAIN}:{https_port}/projects?x=1").as_str()
    );

    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let redirect = plain
        .get(format!("http://127.0.0.1:{http_port}/about?lang=en"))
        .header("host", DOMAIN)
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), 301);
    assert_eq!(
        redirect.headers()["location"],
        format!("https://{DOMAIN}:{https_port}/about?lang=en").as_str()
    );
    // Only the names in `domains`: never a redirect to a host the request made up.
    let elsewhere = plain
        .get(format!("http://127.0.0.1:{http_port}/about"))
        .header("host", "evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.status(), 421);
    assert!(elsewhere.headers().get("location").is_none());

    let status = studio::tls::status(&server.app.store, &server.app.config).unwrap();
    assert_eq!(status[0].not_after, Some(stored.not_after));

    // A restart with the CA gone still serves at once, from the data file.
    server.stop().await;
    drop(pebble);
    let server = start_studio(&data, layer()).await;
    let again = get(https, DOMAIN, &root_pem, "/").await.unwrap();
    assert_eq!(again.status, 200);
    assert_eq!(
        server
            .app
            .store
            .tls_certificate()
            .unwrap()
            .unwrap()
            .obtained_ms,
        stored.obtained_ms,
        "no new order"
    );
    server.stop().await;
}
