//! A real studio server for HTTP tests: a fresh data file in a temp dir, an ephemeral port.
#![allow(dead_code)]

use reqwest::Method;
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;
use studio::app::App;
use studio::config::{Config, Layer};
use studio::net;
use studio::store::Store;

pub const ADMIN_USER: &str = "admin";
pub const ADMIN_PASSWORD: &str = "a-long-test-password";

pub struct TestServer {
    pub addr: SocketAddr,
    pub base: String,
    pub app: Arc<App>,
    pub client: reqwest::Client,
    pub dir: tempfile::TempDir,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server with the default settings and one admin.
    pub async fn start() -> TestServer {
        Self::start_with(Layer::default()).await
    }

    /// Starts a server with these settings over the defaults (listen and data are always the test's own).
    pub async fn start_with(layer: Layer) -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("studio.redb");
        let config = Config::from_layer(Layer {
            listen: Some("127.0.0.1:0".into()),
            data: Some(data.clone()),
            ..layer
        })
        .expect("test config");
        let store = Store::open(&data).expect("open store");
        let hash = studio::auth::hash_password(ADMIN_PASSWORD).expect("hash");
        store.set_admin_password(ADMIN_USER, &hash).expect("admin");
        Self::serve(store, config, dir).await
    }

    async fn serve(store: Store, config: Config, dir: tempfile::TempDir) -> TestServer {
        let app = Arc::new(App::new(store, config).expect("app"));
        let bound = net::bind(app.clone()).await.expect("bind");
        let addr = bound.addr;
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(bound.run(async move {
            let _ = rx.await;
        }));
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        TestServer {
            addr,
            base: format!("http://{addr}"),
            app,
            client,
            dir,
            stop: Some(tx),
            task: Some(task),
        }
    }

    /// Starts a server on an existing data file (a fixture's copy), its accounts as they are.
    pub async fn on_file(data: &std::path::Path) -> TestServer {
        let config = Config::from_layer(Layer {
            listen: Some("127.0.0.1:0".into()),
            data: Some(data.to_path_buf()),
            ..Layer::default()
        })
        .expect("test config");
        let store = Store::open(data).expect("open store");
        Self::serve(store, config, tempfile::tempdir().expect("temp dir")).await
    }

    /// Starts a server that trusts `X-Forwarded-For` from this machine, as behind a local proxy, so
    /// a test can speak from many addresses.
    pub async fn behind_proxy() -> TestServer {
        Self::start_with(Layer {
            trusted_proxies: Some(vec!["127.0.0.1".into()]),
            ..Layer::default()
        })
        .await
    }

    /// A contact form token (`studio::spam`) signed by this server's key, handed out `age` ago.
    pub fn form_token(&self, age: std::time::Duration) -> String {
        let key = self.app.store.hmac_key().expect("key");
        let issued = studio::store::now_ms().saturating_sub(age.as_millis() as u64);
        studio::spam::issue(&key, issued).expect("form token")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("GET")
    }

    /// `method` on `path` without a token: the raw answer.
    pub async fn send(&self, method: Method, path: &str) -> reqwest::Response {
        self.client
            .request(method, self.url(path))
            .send()
            .await
            .expect("request")
    }

    /// A POST of `body` as JSON without a token: the raw answer.
    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("POST")
    }

    /// Each of `calls`, made without a token and carrying `body`, is refused: a JSON 401 with a
    /// message, never to be indexed.
    pub async fn assert_each_wants_a_token(&self, calls: &[(Method, &str)], body: &Value) {
        for (method, path) in calls {
            let res = self
                .client
                .request(method.clone(), self.url(path))
                .json(body)
                .send()
                .await
                .expect("request");
            assert_eq!(res.status(), 401, "{method} {path}");
            assert_eq!(res.headers()["content-type"], "application/json");
            assert_eq!(res.headers()["x-robots-tag"], "noindex");
            let body: Value = res.json().await.expect("JSON");
            assert!(body["message"].is_string());
        }
    }

    /// `POST /api/admin/login` with these credentials: the raw answer.
    pub async fn sign_in_as(&self, username: &str, password: &str) -> reqwest::Response {
        let body = serde_json::json!({ "username": username, "password": password });
        self.post_json("/api/admin/login", &body).await
    }

    /// The owner's calls made with `token`.
    pub fn owner(&self, token: &str) -> Owner<'_> {
        Owner {
            server: self,
            token: token.to_string(),
        }
    }

    /// Signs in as the test admin (`login`) for the owner's calls.
    pub async fn sign_in(&self) -> Owner<'_> {
        let token = login(self).await;
        Owner {
            server: self,
            token,
        }
    }

    /// Stops the server and waits until it has let go of its requests.
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

/// Signs in as the test admin and answers the token.
pub async fn login(server: &TestServer) -> String {
    let res = server.sign_in_as(ADMIN_USER, ADMIN_PASSWORD).await;
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    body["token"].as_str().unwrap().to_string()
}

/// An admin call with `token`; answers the status and the JSON body (every answer is JSON).
pub async fn call(
    server: &TestServer,
    token: &str,
    method: reqwest::Method,
    path: &str,
    body: Option<serde_json::Value>,
) -> Answer {
    let mut req = server
        .client
        .request(method, server.url(path))
        .bearer_auth(token);
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    assert_eq!(res.headers()["content-type"], "application/json", "{path}");
    (status, res.json().await.unwrap())
}

/// A JSON call's status and body.
pub type Answer = (reqwest::StatusCode, Value);

/// The owner's calls with one token: each JSON call answers the status and the body, as `call` does.
pub struct Owner<'a> {
    pub server: &'a TestServer,
    pub token: String,
}

impl Owner<'_> {
    /// `call` with this owner's token.
    pub async fn json(&self, method: Method, path: &str, body: Option<Value>) -> Answer {
        call(self.server, &self.token, method, path, body).await
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.json(Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.json(Method::POST, path, Some(body)).await
    }

    /// A POST without a body (a restore, a send, a sign-out).
    pub async fn post_empty(&self, path: &str) -> Answer {
        self.json(Method::POST, path, None).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Answer {
        self.json(Method::PUT, path, Some(body)).await
    }

    pub async fn patch(&self, path: &str, body: Value) -> Answer {
        self.json(Method::PATCH, path, Some(body)).await
    }

    pub async fn delete(&self, path: &str) -> Answer {
        self.json(Method::DELETE, path, None).await
    }

    /// `method` on `path` with the token and no body: the raw answer, for the calls that are not JSON.
    pub async fn send(&self, method: Method, path: &str) -> reqwest::Response {
        self.request(method, path).send().await.expect("request")
    }

    /// A request with the token, to finish by hand (a body that is not JSON, more headers).
    pub fn request(&self, method: Method, path: &str) -> reqwest::RequestBuilder {
        self.server
            .client
            .request(method, self.server.url(path))
            .bearer_auth(&self.token)
    }
}

/// A 1x1 PNG.
pub const PNG: &[u8] =
    b"\x89PNG\x0d\x0a\x1a\x0a\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\x0bIDATx\x9cc`\x00\x02\x00\x00\x05\x00\x01z^\xab?\x00\x00\x00\x00IEND\xaeB`\x82";

/// Uploads `bytes` as the multipart field `file` named `name`, claimed to be `mime`.
pub async fn upload(
    server: &TestServer,
    token: &str,
    name: &str,
    mime: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(bytes)
            .file_name(name.to_string())
            .mime_str(mime)
            .expect("a valid content type"),
    );
    server
        .client
        .post(server.url("/api/admin/media-files"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload")
}

/// The names of a JSON object's fields, sorted: what a test compares with the fields it expects.
pub fn sorted_keys(object: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = object
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort();
    keys
}

/// The text of each item's `key` in a JSON list (titles, names, slugs), in the list's order.
pub fn texts<'a>(list: &'a Value, key: &str) -> Vec<&'a str> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item[key].as_str().expect("a text"))
        .collect()
}

/// The page data an HTML page inlines.
pub fn inlined(html: &str) -> serde_json::Value {
    let start = "<script type=\"application/json\" id=\"site-data\">";
    let from = html.find(start).unwrap() + start.len();
    let to = from + html[from..].find("</script>").unwrap();
    serde_json::from_str(&html[from..to]).unwrap()
}

/// A working copy of `tests/fixtures/<name>` (a data file of an earlier release) in a temp dir:
/// opening a data file may write to it, and the fixture must stay as its release wrote it.
pub fn fixture_copy(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("studio.redb");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::copy(&fixture, &path).unwrap_or_else(|e| panic!("{}: {e}", fixture.display()));
    (dir, path)
}

/// Raises this test process's open-files limit to its hard limit; answers the limit now in force.
pub fn raise_own_open_files() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
        lim.rlim_cur = lim.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
    }
    lim.rlim_cur
}
