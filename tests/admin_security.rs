//! The admin API under attack, over real HTTP: forged, truncated, expired and revoked tokens, login
//! floods, hostile bodies and uploads, and the headers every response carries. After each hostile
//! input the server still serves `/` and nothing wrong was stored.

mod common;

use common::{ADMIN_PASSWORD, ADMIN_USER, PNG, TestServer, upload};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;
use studio::config::Layer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn login_as(server: &TestServer, username: &str, password: &str) -> reqwest::Response {
    login_from(server, username, password, None).await
}

async fn login_from(
    server: &TestServer,
    username: &str,
    password: &str,
    forwarded_for: Option<&str>,
) -> reqwest::Response {
    let mut req = server
        .client
        .post(server.url("/api/admin/login"))
        .json(&json!({ "username": username, "password": password }));
    if let Some(xff) = forwarded_for {
        req = req.header("x-forwarded-for", xff);
    }
    req.send().await.unwrap()
}

async fn token(server: &TestServer) -> String {
    let res = login_as(server, ADMIN_USER, ADMIN_PASSWORD).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    body["token"].as_str().unwrap().to_string()
}

/// The test admin's stored record.
fn the_admin(server: &TestServer) -> studio::store::Admin {
    server
        .app
        .store
        .admin_by_username(ADMIN_USER)
        .unwrap()
        .unwrap()
}

async fn verify_with(server: &TestServer, authorization: &str) -> StatusCode {
    let res = server
        .client
        .get(server.url("/api/admin/verify"))
        .header("authorization", authorization)
        .send()
        .await
        .unwrap();
    let status = res.status();
    assert_eq!(res.headers()["content-type"], "application/json");
    let body: Value = res.json().await.unwrap();
    if status != 200 {
        assert!(body["message"].is_string(), "{body}");
    }
    status
}

/// The site still works and its public data holds nothing hostile.
async fn still_healthy(server: &TestServer) {
    let res = server.get("/").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(!html.to_lowercase().contains("javascript:"));
    assert!(!html.contains("<script>alert"));
}

/// Sends `body` with `Transfer-Encoding: chunked` (no length to judge it by) and returns the
/// start of the raw reply. Write errors are ignored: the server may answer and close early.
async fn chunked_post(
    server: &TestServer,
    path: &str,
    token: &str,
    content_type: &str,
    body: &[u8],
) -> String {
    let mut conn = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: {content_type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        server.addr
    );
    let mut wire = head.into_bytes();
    for chunk in body.chunks(16 * 1024) {
        wire.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        wire.extend_from_slice(chunk);
        wire.extend_from_slice(b"\r\n");
    }
    wire.extend_from_slice(b"0\r\n\r\n");
    let (mut read, mut write) = conn.split();
    let writer = async {
        let _ = write.write_all(&wire).await;
    };
    let reader = async {
        let mut reply = Vec::new();
        let _ = read.read_to_end(&mut reply).await;
        reply
    };
    let ((), reply) = tokio::join!(writer, reader);
    String::from_utf8_lossy(&reply).into_owned()
}

// ----- tokens -----

/// The same token with the session number after its own: a guess at someone else's session.
fn next_session(token: &str) -> String {
    let mut parts = token.splitn(3, '.');
    let (prefix, id, secret) = (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    );
    format!("{prefix}.{}.{secret}", id.parse::<u64>().unwrap() + 1)
}

#[tokio::test]
async fn forged_truncated_and_foreign_tokens_are_refused() {
    let server = TestServer::start().await;
    let good = token(&server).await;
    assert_eq!(verify_with(&server, &format!("Bearer {good}")).await, 200);
    assert_eq!(verify_with(&server, &format!("bearer {good}")).await, 200);

    let key = server.app.store.hmac_key().unwrap();
    let admin = the_admin(&server);
    let now = studio::auth::now_secs();
    let hour = Duration::from_secs(3600);
    let other_key =
        studio::auth::issue_token(b"not the server's key", admin.id, 0, now, hour).unwrap();
    let other_admin = studio::auth::issue_token(&key, 999, 0, now, hour).unwrap();
    let (signed, _) = good.rsplit_once('.').unwrap();
    let (_, good_mac) = good.rsplit_once('.').unwrap();
    let (_, other_mac) = other_admin.rsplit_once('.').unwrap();
    let mut flipped = good.clone().into_bytes();
    let mid = flipped.len() / 2;
    flipped[mid] = if flipped[mid] == b'A' { b'B' } else { b'A' };
    let flipped = String::from_utf8(flipped).unwrap();
    let hostile = [
        format!("Bearer {other_key}"),
        format!("Bearer {other_admin}"),
        format!("Bearer {signed}.{other_mac}"),
        format!("Bearer {flipped}"),
        format!("Bearer {}", &good[..good.len() - 1]),
        format!("Bearer {}", &good[..good.len() / 2]),
        format!("Bearer {signed}"),
        format!("Bearer {signed}.{good_mac}.{good_mac}"),
        // A session's token dressed as one of the signed kind, and one naming the next session.
        format!("Bearer v1{}", &good[2..]),
        format!("Bearer {}", next_session(&good)),
        format!("Basic {good}"),
        format!("Token {good}"),
        good.clone(),
        "Bearer".to_string(),
        "Bearer ".to_string(),
        "Bearer null".to_string(),
        // Under the 8 kB head limit (src/net/heads.rs); a longer head is a 431 before any route.
        format!("Bearer {}", "A".repeat(7_000)),
    ];
    for authorization in &hostile {
        assert_eq!(
            verify_with(&server, authorization).await,
            401,
            "{authorization}"
        );
    }
    let res = server.get("/api/admin/verify").await;
    assert_eq!(res.status(), 401);
    still_healthy(&server).await;
    server.stop().await;
}

#[tokio::test]
async fn expired_tokens_are_refused_and_the_lifetime_is_configurable() {
    let server = TestServer::start_with(Layer {
        token_ttl: Some("2h".into()),
        ..Layer::default()
    })
    .await;
    let key = server.app.store.hmac_key().unwrap();
    let admin = the_admin(&server);
    let now = studio::auth::now_secs();
    let gen_ = admin.token_generation;
    let hour = Duration::from_secs(3600);
    let expired = studio::auth::issue_token(&key, admin.id, gen_, now - 3 * 3600, hour).unwrap();
    assert_eq!(
        verify_with(&server, &format!("Bearer {expired}")).await,
        401
    );
    let future = studio::auth::issue_token(&key, admin.id, gen_, now + 3600, hour).unwrap();
    assert_eq!(verify_with(&server, &format!("Bearer {future}")).await, 401);
    let fresh = studio::auth::issue_token(&key, admin.id, gen_, now, hour).unwrap();
    assert_eq!(verify_with(&server, &format!("Bearer {fresh}")).await, 200);

    // A sign-in lasts `token_ttl` at the most.
    let res = server
        .sign_in_as(common::ADMIN_USER, common::ADMIN_PASSWORD)
        .await;
    let body: serde_json::Value = res.json().await.unwrap();
    let expires = humantime::parse_rfc3339(body["expiresAt"].as_str().unwrap()).unwrap();
    let lasts = expires
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        - now;
    assert!((2 * 3600 - 5..=2 * 3600 + 5).contains(&lasts), "{lasts}");
    server.stop().await;
}

/// The key is in every backup: whoever holds one could sign tokens for the next generations. Signing
/// out everywhere makes a new key, so such a token is refused.
#[tokio::test]
async fn a_token_forged_with_the_old_key_is_refused_after_sign_out_everywhere() {
    let server = TestServer::start().await;
    let session = token(&server).await;
    let old_key = server.app.store.hmac_key().unwrap();
    let admin = the_admin(&server);
    let now = studio::auth::now_secs();
    let hour = Duration::from_secs(3600);
    let forged: Vec<String> = (1..=2)
        .map(|ahead| {
            let generation = admin.token_generation.wrapping_add(ahead);
            studio::auth::issue_token(&old_key, admin.id, generation, now, hour).unwrap()
        })
        .collect();
    let (status, _) = server
        .owner(&session)
        .post_empty("/api/admin/sign-out-everywhere")
        .await;
    assert_eq!(status, 200);
    assert_ne!(server.app.store.hmac_key().unwrap(), old_key, "a new key");
    assert_eq!(server.app.store.hmac_key().unwrap().len(), 32);
    for t in forged.iter().chain([&session]) {
        assert_eq!(
            verify_with(&server, &format!("Bearer {t}")).await,
            401,
            "{t}"
        );
    }
    // A form token handed out before is no good either: the message is filed under spam.
    let form_token = studio::spam::issue(&old_key, studio::store::now_ms() - 10_000).unwrap();
    let res = server.post_json("/api/contact", &json!({ "name": "Asha", "email": "asha@example.in", "message": "hello", "formToken": form_token })).await;
    assert_eq!(res.status(), 201);
    let stored = server.app.store.contacts().unwrap();
    assert_eq!(stored[0].folder, studio::store::Folder::Spam);
    assert_eq!(
        verify_with(&server, &format!("Bearer {}", token(&server).await)).await,
        200
    );
    server.stop().await;
}

#[tokio::test]
async fn a_password_change_revokes_every_earlier_token() {
    let server = TestServer::start().await;
    let old = token(&server).await;
    let older = token(&server).await;
    assert_eq!(verify_with(&server, &format!("Bearer {old}")).await, 200);
    // What `studio admin set-password` does.
    let hash = studio::auth::hash_password("another-long-password").unwrap();
    server
        .app
        .store
        .set_admin_password(ADMIN_USER, &hash)
        .unwrap();
    for t in [&old, &older] {
        assert_eq!(verify_with(&server, &format!("Bearer {t}")).await, 401);
        let res = server
            .owner(t)
            .send(Method::GET, "/api/admin/hero-slides")
            .await;
        assert_eq!(res.status(), 401);
    }
    let res = login_as(&server, ADMIN_USER, ADMIN_PASSWORD).await;
    assert_eq!(res.status(), 401, "the old password is gone too");
    let res = login_as(&server, ADMIN_USER, "another-long-password").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let new = body["token"].as_str().unwrap();
    assert_eq!(verify_with(&server, &format!("Bearer {new}")).await, 200);
    server.stop().await;
}

// ----- brute force -----

#[tokio::test]
async fn thirty_guesses_end_in_429_with_retry_after() {
    let server = TestServer::start().await;
    let mut statuses = Vec::new();
    for i in 0..30 {
        let res = login_as(&server, ADMIN_USER, &format!("guess-{i}")).await;
        let status = res.status().as_u16();
        if status == 429 {
            let retry: u64 = res.headers()["retry-after"]
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((1..=60).contains(&retry), "{retry}");
            let body: Value = res.json().await.unwrap();
            assert!(body["message"].as_str().unwrap().contains("Too many"));
        }
        statuses.push(status);
    }
    assert_eq!(&statuses[..5], [401; 5]);
    assert!(statuses[5..].iter().all(|s| *s == 429), "{statuses:?}");
    // Locked for now, even with the right password.
    let res = login_as(&server, ADMIN_USER, ADMIN_PASSWORD).await;
    assert_eq!(res.status(), 429);
    still_healthy(&server).await;
    server.stop().await;
}

#[tokio::test]
async fn a_success_resets_the_clients_count() {
    let server = TestServer::start().await;
    for i in 0..4 {
        let res = login_as(&server, &format!("nobody-{i}"), "guess").await;
        assert_eq!(res.status(), 401);
    }
    token(&server).await;
    // Without the reset the 6th failure from this address would be refused.
    for i in 4..9 {
        let res = login_as(&server, &format!("nobody-{i}"), "guess").await;
        assert_eq!(res.status(), 401, "attempt {i}");
    }
    let res = login_as(&server, "nobody-9", "guess").await;
    assert_eq!(res.status(), 429);
    server.stop().await;
}

#[tokio::test]
async fn forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy() {
    let server = TestServer::start().await;
    for i in 0..5 {
        let xff = format!("203.0.113.{i}");
        let res = login_from(&server, &format!("user-{i}"), "guess", Some(&xff)).await;
        assert_eq!(res.status(), 401);
    }
    let res = login_from(&server, "user-x", "guess", Some("198.51.100.1")).await;
    assert_eq!(
        res.status(),
        429,
        "a made-up header does not make a new client"
    );
    server.stop().await;

    let server = TestServer::behind_proxy().await;
    // Per client address, as the trusted proxy reports it.
    for i in 0..5 {
        let res = login_from(&server, &format!("user-{i}"), "guess", Some("203.0.113.7")).await;
        assert_eq!(res.status(), 401);
    }
    let res = login_from(&server, "user-5", "guess", Some("203.0.113.7")).await;
    assert_eq!(res.status(), 429);
    let res = login_from(&server, "user-6", "guess", Some("203.0.113.8")).await;
    assert_eq!(res.status(), 401, "another client is not punished");
    // IPv6 clients are counted per /64: a fresh address in the same block is the same client.
    for i in 0..5 {
        let xff = format!("2001:db8:7:7::{i:x}");
        let res = login_from(&server, &format!("v6-{i}"), "guess", Some(&xff)).await;
        assert_eq!(res.status(), 401);
    }
    let res = login_from(&server, "v6-5", "guess", Some("2001:db8:7:7:ffff::1")).await;
    assert_eq!(res.status(), 429, "the same /64");
    let res = login_from(&server, "v6-6", "guess", Some("2001:db8:7:8::1")).await;
    assert_eq!(res.status(), 401, "another /64");
    server.stop().await;
}

/// The review's finding: five wrong passwords a minute from anywhere locked the owner out of every
/// address. Failures of one user name from many addresses now never refuse another address.
#[tokio::test]
async fn nobody_can_lock_the_owner_out() {
    let server = TestServer::behind_proxy().await;
    for i in 0..12 {
        let xff = format!("198.51.100.{i}");
        let res = login_from(&server, ADMIN_USER, "guess", Some(&xff)).await;
        assert_eq!(res.status(), 401, "attempt {i}");
    }
    let res = login_from(&server, "Admin", "guess", Some("198.51.100.99")).await;
    assert_eq!(res.status(), 401, "a fresh address is never refused");
    let res = login_from(&server, ADMIN_USER, ADMIN_PASSWORD, Some("203.0.113.50")).await;
    assert_eq!(
        res.status(),
        200,
        "the owner signs in from an address that has not failed"
    );
    let body: Value = res.json().await.unwrap();
    let token = body["token"].as_str().unwrap().to_string();
    // A password change from that address is not refused either.
    let res = server
        .client
        .post(server.url("/api/admin/password"))
        .header("x-forwarded-for", "203.0.113.50")
        .bearer_auth(&token)
        .json(&json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "another-long-password" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    // The failing address itself is limited, whatever names it tries.
    for i in 0..5 {
        let res = login_from(&server, &format!("guess-{i}"), "guess", Some("192.0.2.9")).await;
        assert_eq!(res.status(), 401, "attempt {i}");
    }
    let res = login_from(
        &server,
        ADMIN_USER,
        "another-long-password",
        Some("192.0.2.9"),
    )
    .await;
    assert_eq!(res.status(), 429);
    server.stop().await;
}

/// A hostile page can make its visitors' browsers post a form or text/plain to another site, never
/// JSON: so the sign-in and every JSON call take only `application/json`.
#[tokio::test]
async fn login_and_json_calls_answer_415_to_anything_but_json() {
    let server = TestServer::start().await;
    let body = json!({ "username": ADMIN_USER, "password": ADMIN_PASSWORD }).to_string();
    for content_type in [
        Some("text/plain"),
        Some("text/plain;charset=UTF-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        None,
    ] {
        let mut req = server
            .client
            .post(server.url("/api/admin/login"))
            .body(body.clone());
        if let Some(t) = content_type {
            req = req.header("content-type", t);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.status(), 415, "{content_type:?}");
        let answer: Value = res.json().await.unwrap();
        assert_eq!(answer["message"], "Send the body as application/json");
    }
    let token = token(&server).await;
    for (method, path, body) in [
        (
            Method::POST,
            "/api/admin/hero-slides",
            json!({ "title": "x", "imageUrl": "/a.png" }),
        ),
        (
            Method::POST,
            "/api/admin/company-settings",
            json!({ "settingKey": "company_name", "settingValue": "x" }),
        ),
        (
            Method::POST,
            "/api/admin/password",
            json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "another-long-password" }),
        ),
        (
            Method::POST,
            "/api/contact",
            json!({ "name": "n", "email": "a@b.in", "message": "m" }),
        ),
    ] {
        let res = server
            .client
            .request(method, server.url(path))
            .bearer_auth(&token)
            .header("content-type", "text/plain")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 415, "{path}");
    }
    let res = login_as(&server, ADMIN_USER, ADMIN_PASSWORD).await;
    assert_eq!(
        res.status(),
        200,
        "JSON still works, and nothing above changed the password"
    );
    server.stop().await;
}

// ----- bodies -----

#[tokio::test]
async fn malformed_oversized_and_hostile_bodies_are_refused() {
    let server = TestServer::start().await;
    let token = token(&server).await;
    let slides = "/api/admin/hero-slides";
    let send = |method: Method, path: &str, body: reqwest::Body| {
        server
            .client
            .request(method, server.url(path))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body(body)
    };
    let expect = |res: reqwest::Response, status: u16| async move {
        assert_eq!(res.status().as_u16(), status);
        assert_eq!(res.headers()["content-type"], "application/json");
        let body: Value = res.json().await.unwrap();
        assert!(body["message"].is_string(), "{body}");
    };

    for raw in [
        "",
        "{",
        "not json",
        "[1,2]",
        "\"title\"",
        "null",
        "{\"title\": 5, \"imageUrl\": \"/x.png\"}",
        "{\"title\": \"x\", \"imageUrl\": [\"/x.png\"]}",
        "{\"title\": \"x\", \"imageUrl\": \"/x.png\", \"isActive\": \"yes\"}",
    ] {
        let res = send(Method::POST, slides, raw.to_string().into())
            .send()
            .await
            .unwrap();
        expect(res, 400).await;
    }
    let long = "x".repeat(201);
    let big = format!(
        "{{\"title\": \"x\", \"imageUrl\": \"/x.png\", \"subtitle\": \"{}\"}}",
        "y".repeat(70 * 1024)
    );
    let res = send(Method::POST, slides, big.clone().into())
        .send()
        .await
        .unwrap();
    expect(res, 413).await;
    // The same, chunked (no Content-Length to refuse it by).
    let reply = chunked_post(&server, slides, &token, "application/json", big.as_bytes()).await;
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");

    let hostile = [
        json!({ "title": long, "imageUrl": "/x.png" }),
        json!({ "title": "x", "imageUrl": "javascript:alert(1)" }),
        json!({ "title": "x", "imageUrl": "JAVASCRIPT:alert(1)" }),
        json!({ "title": "x", "imageUrl": "  javascript:alert(1)" }),
        json!({ "title": "x", "imageUrl": "data:text/html;base64,PHNjcmlwdD4=" }),
        json!({ "title": "x", "imageUrl": "//evil.example/x.png" }),
        json!({ "title": "x", "imageUrl": "/x.png", "buttonLink": "javascript:alert(1)" }),
        json!({ "title": "x", "imageUrl": "/x.png", "buttonLink": "vbscript:x" }),
        json!({ "title": "x\u{0}y", "imageUrl": "/x.png" }),
    ];
    for body in &hostile {
        let res = send(Method::POST, slides, body.to_string().into())
            .send()
            .await
            .unwrap();
        expect(res, 400).await;
        let res = send(Method::PUT, &format!("{slides}/1"), body.to_string().into())
            .send()
            .await
            .unwrap();
        expect(res, 400).await;
    }
    for body in [
        json!({ "settingKey": "company_linkedin", "settingValue": "javascript:alert(1)" }),
        json!({ "settingKey": "company_logo", "settingValue": "javascript:alert(1)" }),
        json!({ "settingKey": "../../etc/passwd", "settingValue": "x" }),
        json!({ "settingKey": "company_phone", "settingValue": 5 }),
    ] {
        let res = send(
            Method::POST,
            "/api/admin/company-settings",
            body.to_string().into(),
        )
        .send()
        .await
        .unwrap();
        expect(res, 400).await;
    }
    let res = send(
        Method::POST,
        "/api/admin/login",
        "{\"username\": 1, \"password\": []}".to_string().into(),
    )
    .send()
    .await
    .unwrap();
    expect(res, 400).await;

    // Nothing of it was stored.
    let store = &server.app.store;
    let slides_now = store.hero_slides().unwrap();
    assert_eq!(slides_now.len(), 3);
    assert!(slides_now.iter().all(|s| s.title != "x"));
    let settings = store.settings().unwrap();
    assert!(settings.iter().all(|s| !s.value.contains("javascript")));
    assert!(settings.iter().all(|s| s.key.starts_with("company_")));
    still_healthy(&server).await;
    server.stop().await;
}

// ----- uploads -----

#[tokio::test]
async fn only_real_images_are_stored_whatever_their_name_or_claimed_type() {
    let server = TestServer::start().await;
    let token = token(&server).await;
    let script_svg =
        br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>"#;
    let handler_svg = br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>"#;
    let external_svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/t.png"/></svg>"#;
    for (name, mime, bytes, status) in [
        ("notes.txt", "text/plain", b"just some words".to_vec(), 415),
        ("photo.png", "image/png", b"just some words".to_vec(), 415),
        (
            "logo.png",
            "image/png",
            b"\x7fELF\x02\x01\x01\0\0\0\0\0".to_vec(),
            415,
        ),
        (
            "setup.exe",
            "image/jpeg",
            b"MZ\x90\0\x03\0\0\0\x04\0".to_vec(),
            415,
        ),
        (
            "page.svg",
            "image/svg+xml",
            b"<html><body><svg></svg></body></html>".to_vec(),
            415,
        ),
        ("x.svg", "image/svg+xml", script_svg.to_vec(), 400),
        ("x.svg", "image/svg+xml", handler_svg.to_vec(), 400),
        ("x.svg", "image/svg+xml", external_svg.to_vec(), 400),
        ("empty.png", "image/png", Vec::new(), 400),
    ] {
        let res = upload(&server, &token, name, mime, bytes).await;
        assert_eq!(res.status().as_u16(), status, "{name}");
        assert_eq!(res.headers()["content-type"], "application/json");
    }
    assert!(server.app.store.media_names().unwrap().is_empty());

    // A traversal-like name changes nothing: the stored name is the content hash.
    let res = upload(
        &server,
        &token,
        "../../../etc/passwd.png",
        "text/plain",
        PNG.to_vec(),
    )
    .await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    let url = body["fileUrl"].as_str().unwrap().to_string();
    let name = url.strip_prefix("/media/").unwrap();
    assert_eq!(name.len(), 36);
    assert!(name[..32].bytes().all(|b| b.is_ascii_hexdigit()));
    let variant = format!("{}-1.webp", &name[..32]);
    assert_eq!(
        server.app.store.media_names().unwrap(),
        vec![variant, name.to_string()]
    );
    for path in [
        "/media/..%2F..%2Fetc%2Fpasswd",
        "/media/../Cargo.toml",
        "/media/%2e%2e/studio.redb",
        "/media/passwd.png",
        "/media/0123456789abcdef0123456789abcdef.png",
    ] {
        let res = server.get(path).await;
        assert!(res.status() == 404 || res.status() == 200, "{path}");
        assert_ne!(res.headers()["content-type"], "image/png", "{path}");
    }

    // Every other way to send it: no multipart, no file field.
    let res = server
        .client
        .post(server.url("/api/admin/media-files"))
        .bearer_auth(&token)
        .body(PNG.to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let form = reqwest::multipart::Form::new().text("other", "x");
    let res = server
        .client
        .post(server.url("/api/admin/media-files"))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    // The one upload: its processed copy and its single WebP variant.
    assert_eq!(server.app.store.media_names().unwrap().len(), 2);
    still_healthy(&server).await;
    server.stop().await;
}

#[tokio::test]
async fn a_clean_svg_is_served_sandboxed_as_an_attachment() {
    let server = TestServer::start().await;
    let token = token(&server).await;
    let svg = br##"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="#c9a96e" width="10" height="10"/></svg>"##;
    let res = upload(&server, &token, "logo.svg", "image/svg+xml", svg.to_vec()).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    let url = body["fileUrl"].as_str().unwrap();
    assert!(url.ends_with(".svg"));
    let res = server.get(url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    let csp = res.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.starts_with("sandbox"), "{csp}");
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment"),
    );
    server.stop().await;
}

/// A crafted data file (a restored backup from elsewhere) names HTML: `/media` still serves it as an
/// inert sandboxed document, so it can never run script on the site's origin.
#[tokio::test]
async fn every_media_answer_is_sandboxed_whatever_the_data_file_says() {
    let server = TestServer::start().await;
    let crafted = studio::store::MediaFile {
        name: "0123456789abcdef0123456789abcdef.html".into(),
        content_type: "text/html".into(),
        bytes: b"<script>alert(document.domain)</script>".to_vec(),
        created_at_ms: 0,
        image: None,
        variant_of: None,
    };
    server.app.store.put_media(&crafted).unwrap();
    let token = token(&server).await;
    let res = upload(&server, &token, "pixel.png", "image/png", PNG.to_vec()).await;
    let body: Value = res.json().await.unwrap();
    let png = body["fileUrl"].as_str().unwrap().to_string();
    for path in ["/media/0123456789abcdef0123456789abcdef.html", png.as_str()] {
        let res = server.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            res.headers()["content-security-policy"],
            "sandbox; default-src 'none'",
            "{path}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn uploads_over_the_cap_are_refused_without_reading_them() {
    let server = TestServer::start_with(Layer {
        upload_max_mb: Some(1),
        ..Layer::default()
    })
    .await;
    let token = token(&server).await;
    let mut big = PNG.to_vec();
    big.resize(1024 * 1024 + 1, 0);
    let res = upload(&server, &token, "big.png", "image/png", big.clone()).await;
    assert_eq!(res.status(), 413);
    assert_eq!(res.headers()["content-type"], "application/json");

    // Chunked, so that only the stream limit can stop it.
    let boundary = "XyZboundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.png\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&big);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let reply = chunked_post(
        &server,
        "/api/admin/media-files",
        &token,
        &content_type,
        &body,
    )
    .await;
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");

    // A declared 100 MB body is answered before any of it is sent.
    let mut conn = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = format!(
        "POST /api/admin/media-files HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: 104857600\r\n\r\n",
        server.addr
    );
    conn.write_all(head.as_bytes()).await.unwrap();
    let mut reply = vec![0u8; 4096];
    // A guard against a hang, not a timing assertion.
    let n = tokio::time::timeout(Duration::from_secs(30), conn.read(&mut reply))
        .await
        .expect("the server answered without waiting for the body")
        .unwrap();
    let reply = String::from_utf8_lossy(&reply[..n]);
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");

    assert!(server.app.store.media_names().unwrap().is_empty());
    let res = upload(&server, &token, "small.png", "image/png", PNG.to_vec()).await;
    assert_eq!(res.status(), 201, "the cap leaves room for real files");
    still_healthy(&server).await;
    server.stop().await;
}

// ----- headers -----

#[tokio::test]
async fn html_and_api_responses_carry_the_security_headers() {
    let server = TestServer::start().await;
    for (path, noindex) in [
        ("/", false),
        ("/contact", false),
        ("/no-such-page", false),
        ("/admin-login", true),
        ("/adminpanel", true),
    ] {
        let res = server.get(path).await;
        let h = res.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        let script_src = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        assert!(!script_src.contains("unsafe-inline"), "{csp}");
        assert!(!script_src.contains("unsafe-eval"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(!csp.contains("default-src *"), "{csp}");
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
        assert_eq!(h.get("x-robots-tag").is_some(), noindex, "{path}");
        if noindex {
            assert_eq!(h["x-robots-tag"], "noindex");
        }
        let html = res.text().await.unwrap();
        // The inlined data is JSON, not a script a policy would have to allow.
        assert!(html.contains("<script type=\"application/json\" id=\"site-data\">"));
    }
    for path in ["/api/health", "/api/admin/verify", "/api/nothing"] {
        let res = server.get(path).await;
        assert_eq!(res.headers()["x-robots-tag"], "noindex", "{path}");
        assert_eq!(res.headers()["content-type"], "application/json", "{path}");
    }
    server.stop().await;
}

#[tokio::test]
async fn no_cors_headers_are_ever_sent() {
    let server = TestServer::start().await;
    let token = token(&server).await;
    let preflight = server
        .client
        .request(Method::OPTIONS, server.url("/api/admin/login"))
        .header("origin", "https://evil.example")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "content-type, authorization",
        )
        .send()
        .await
        .unwrap();
    assert!(
        preflight
            .headers()
            .get("access-control-allow-origin")
            .is_none()
    );
    assert!(
        preflight
            .headers()
            .get("access-control-allow-headers")
            .is_none()
    );
    for (method, path) in [
        (Method::GET, "/api/admin/hero-slides"),
        (Method::POST, "/api/admin/login"),
    ] {
        let res = server
            .client
            .request(method, server.url(path))
            .header("origin", "https://evil.example")
            .bearer_auth(&token)
            .json(&json!({ "username": ADMIN_USER, "password": ADMIN_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success());
        assert!(res.headers().get("access-control-allow-origin").is_none());
        assert!(
            res.headers()
                .get("access-control-allow-credentials")
                .is_none()
        );
    }
    server.stop().await;
}
