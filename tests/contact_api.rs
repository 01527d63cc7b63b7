//! Contact messages over real HTTP: `POST /api/contact` (JSON) and the no-JavaScript `POST /contact`
//! form, against a real server and data file. Every refusal is checked to store nothing.

mod common;

use common::TestServer;
use serde_json::{Value, json};
use std::time::Duration;
use studio::config::Layer;
use studio::store::{Folder, Store};

async fn post_json(server: &TestServer, body: &Value) -> reqwest::Response {
    server.post_json("/api/contact", body).await
}

fn epoch_ms() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("the clock is after 1970")
        .as_millis()
}

async fn post_form(server: &TestServer, fields: &[(&str, &str)]) -> reqwest::Response {
    server
        .client
        .post(server.url("/contact"))
        .form(fields)
        .send()
        .await
        .unwrap()
}

fn stored(server: &TestServer) -> Vec<studio::store::ContactMessage> {
    server.app.store.contacts().unwrap()
}

fn valid() -> Value {
    json!({ "name": "Meera Iyer", "email": "meera@example.in", "message": "We would like to redo our living room." })
}

/// A person's token: handed out long enough ago for someone to have typed.
fn typed_token(server: &TestServer) -> String {
    server.form_token(Duration::from_secs(20))
}

async fn error_message(res: reqwest::Response) -> String {
    assert_eq!(res.headers()["content-type"], "application/json");
    let body: Value = res.json().await.unwrap();
    body["message"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_valid_message_is_stored_trimmed_and_survives_a_restart() {
    let mut server = TestServer::start().await;
    let res = post_json(
        &server,
        &json!({ "name": "  Meera Iyer ", "email": " meera@example.in ", "message": "\n Hello,\nour flat in Gachibowli. \n", "formToken": typed_token(&server) }),
    )
    .await;
    assert_eq!(res.status(), 201);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], "Your message has been sent successfully.");
    let id = body["id"].as_u64().unwrap();

    let all = stored(&server);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].id, id);
    assert_eq!(all[0].name, "Meera Iyer");
    assert_eq!(all[0].email, "meera@example.in");
    assert_eq!(all[0].message, "Hello,\nour flat in Gachibowli.");
    assert!(all[0].created_at_ms > 0);
    assert_eq!(all[0].folder, Folder::Inbox);
    assert!(!all[0].read);

    // Acknowledged means on disk: reopen the file after the server is gone.
    let dir = std::mem::replace(&mut server.dir, tempfile::tempdir().unwrap());
    server.stop().await;
    let store = Store::open(&dir.path().join("studio.redb")).unwrap();
    let again = store.contacts().unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].message, "Hello,\nour flat in Gachibowli.");
}

#[tokio::test]
async fn each_invalid_message_is_a_400_with_a_reason_and_stores_nothing() {
    let server = TestServer::start().await;
    let long = |n: usize| "x".repeat(n);
    let long_email = format!("{}@{}.{}.{}.in", long(64), long(63), long(63), long(60));
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({ "email": "a@b.in", "message": "m" }),
            "Please fill out all fields.",
        ),
        (
            json!({ "name": "N", "message": "m" }),
            "Please fill out all fields.",
        ),
        (
            json!({ "name": "N", "email": "a@b.in" }),
            "Please fill out all fields.",
        ),
        (
            json!({ "name": "   ", "email": "a@b.in", "message": "m" }),
            "Please fill out all fields.",
        ),
        (
            json!({ "name": "N", "email": "a@b.in", "message": " \n\t " }),
            "Please fill out all fields.",
        ),
        (
            json!({ "name": null, "email": "a@b.in", "message": "m" }),
            "Please fill out all fields.",
        ),
        (json!({}), "Please fill out all fields."),
        (
            json!({ "name": "N", "email": "not-an-address", "message": "m" }),
            "Please enter a valid email address.",
        ),
        (
            json!({ "name": "N", "email": "a@b", "message": "m" }),
            "Please enter a valid email address.",
        ),
        (
            json!({ "name": "N", "email": "a b@c.in", "message": "m" }),
            "Please enter a valid email address.",
        ),
        // What the owner's mail client would read as a hidden copy and a body.
        (
            json!({ "name": "N", "email": "x?bcc=spy%40evil.example&body=hello@gmail.com", "message": "m" }),
            "Please enter a valid email address.",
        ),
        (
            json!({ "name": "N", "email": "a;b@c.in", "message": "m" }),
            "Please enter a valid email address.",
        ),
        (
            json!({ "name": "N", "email": long_email, "message": "m" }),
            "Please enter a valid email address.",
        ),
        (
            json!({ "name": long(101), "email": "a@b.in", "message": "m" }),
            "Please shorten your name to at most 100 characters.",
        ),
        (
            json!({ "name": "N", "email": "a@b.in", "message": long(5001) }),
            "Please shorten your message to at most 5000 characters.",
        ),
        (
            json!({ "name": "N\u{0}", "email": "a@b.in", "message": "m" }),
            "Your name contains characters that are not allowed.",
        ),
    ];
    for (body, expected) in cases {
        let res = post_json(&server, &body).await;
        assert_eq!(res.status(), 400, "{body}");
        assert_eq!(error_message(res).await, expected, "{body}");
    }
    // Wrong types and broken JSON are refused as such.
    let res = post_json(
        &server,
        &json!({ "name": 5, "email": "a@b.in", "message": "m" }),
    )
    .await;
    assert_eq!(res.status(), 400);
    assert!(error_message(res).await.starts_with("Invalid request body"));
    let res = server
        .client
        .post(server.url("/api/contact"))
        .header("content-type", "application/json")
        .body("{\"name\": \"N\", ")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let res = server
        .client
        .post(server.url("/api/contact"))
        .header("content-type", "text/plain")
        .body(valid().to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 415);
    assert_eq!(
        error_message(res).await,
        "Send the body as application/json"
    );
    // The limits are inclusive: the longest allowed values are accepted.
    let res = post_json(
        &server,
        &json!({ "name": long(100), "email": "a@b.in", "message": "తెలుగు".repeat(833) }),
    )
    .await;
    assert_eq!(res.status(), 201);
    assert_eq!(stored(&server).len(), 1, "only the valid message is stored");
    server.stop().await;
}

#[tokio::test]
async fn an_oversized_body_is_refused_unread() {
    let server = TestServer::start().await;
    let body = json!({ "name": "N", "email": "a@b.in", "message": "x".repeat(200_000) });
    let res = post_json(&server, &body).await;
    assert_eq!(res.status(), 413);
    assert_eq!(error_message(res).await, "The request body is too large");
    assert!(stored(&server).is_empty());
    server.stop().await;
}

#[tokio::test]
async fn the_honeypot_answers_like_a_success_and_files_the_message_under_spam() {
    let server = TestServer::start().await;
    let mut body = valid();
    body["website"] = json!("https://spam.example");
    let res = post_json(&server, &body).await;
    assert_eq!(res.status(), 201);
    let reply: Value = res.json().await.unwrap();
    assert_eq!(reply["message"], "Your message has been sent successfully.");
    // Even a bot's invalid fields get the same answer: it learns nothing.
    let res = post_json(
        &server,
        &json!({ "name": "", "email": "x", "message": "", "website": "y" }),
    )
    .await;
    assert_eq!(res.status(), 201);
    // The readable one is kept aside; the unreadable one has nothing worth keeping.
    let all = stored(&server);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].folder, Folder::Spam);
    assert_eq!(all[0].name, "Meera Iyer");
    // An empty honeypot is what a person sends.
    let mut body = valid();
    body["website"] = json!("");
    body["formToken"] = json!(typed_token(&server));
    assert_eq!(post_json(&server, &body).await.status(), 201);
    assert_eq!(stored(&server).len(), 2);
    assert_eq!(stored(&server)[0].folder, Folder::Inbox);
    server.stop().await;
}

#[tokio::test]
async fn the_sixth_message_in_ten_minutes_is_a_429_and_is_not_stored() {
    let server = TestServer::start().await;
    // Refused messages do not use up the allowance.
    for _ in 0..3 {
        let res = post_json(
            &server,
            &json!({ "name": "N", "email": "bad", "message": "m" }),
        )
        .await;
        assert_eq!(res.status(), 400);
    }
    for _ in 0..5 {
        assert_eq!(post_json(&server, &valid()).await.status(), 201);
    }
    let res = post_json(&server, &valid()).await;
    assert_eq!(res.status(), 429);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry), "{retry}");
    let message = error_message(res).await;
    assert!(
        message.contains("Please try again in 10 minutes"),
        "{message}"
    );
    assert_eq!(stored(&server).len(), 5);
    // The no-JavaScript form shares the same allowance.
    let token = typed_token(&server);
    let res = post_form(
        &server,
        &[
            ("name", "N"),
            ("email", "a@b.in"),
            ("message", "m"),
            ("formToken", &token),
        ],
    )
    .await;
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    assert_eq!(stored(&server).len(), 5);
    server.stop().await;
}

#[tokio::test]
async fn forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy() {
    let send = |server: &TestServer, from: &'static str| {
        server
            .client
            .post(server.url("/api/contact"))
            .header("x-forwarded-for", from)
            .json(&valid())
            .send()
    };
    // No trusted proxy: a client cannot dodge the limit by inventing addresses.
    let server = TestServer::start().await;
    for from in [
        "203.0.113.1",
        "203.0.113.2",
        "203.0.113.3",
        "203.0.113.4",
        "203.0.113.5",
    ] {
        assert_eq!(send(&server, from).await.unwrap().status(), 201);
    }
    assert_eq!(send(&server, "203.0.113.6").await.unwrap().status(), 429);
    server.stop().await;

    // Behind a trusted proxy each forwarded client has its own allowance.
    let server = TestServer::behind_proxy().await;
    for _ in 0..5 {
        assert_eq!(send(&server, "203.0.113.1").await.unwrap().status(), 201);
    }
    assert_eq!(send(&server, "203.0.113.1").await.unwrap().status(), 429);
    assert_eq!(
        send(&server, "198.51.100.7, 203.0.113.2")
            .await
            .unwrap()
            .status(),
        201,
        "the last address the proxy saw is the client"
    );
    assert_eq!(stored(&server).len(), 6);
    server.stop().await;
}

#[tokio::test]
async fn only_post_is_served_and_errors_stay_json() {
    let server = TestServer::start().await;
    let res = server.get("/api/contact").await;
    assert_eq!(res.status(), 405);
    assert_eq!(error_message(res).await, "Method not allowed");
    let res = server.post_json("/api/contact/extra", &valid()).await;
    assert_eq!(res.status(), 404);
    assert_eq!(res.headers()["content-type"], "application/json");
    assert!(stored(&server).is_empty());
    server.stop().await;
}

#[tokio::test]
async fn the_plain_form_confirms_once_stores_and_redirects_to_a_thank_you_page() {
    // The confirmation's token is dated when it is handed out: with a short typing time, pressing
    // Send at once is a person's press (see the test below for the default).
    let server = TestServer::start_with(Layer {
        contact_min_fill: Some("1ms".into()),
        ..Layer::default()
    })
    .await;
    let typed = [
        ("name", " Ravi Kumar "),
        ("email", "ravi@example.in"),
        ("message", "A villa in Kokapet & a café, 3 floors."),
        ("website", ""),
    ];
    // The shared page's form has no token: the server asks to confirm, with one of its own.
    let res = post_form(&server, &typed).await;
    let handed_out = epoch_ms();
    assert_eq!(res.status(), 200);
    let page = res.text().await.unwrap();
    assert!(page.contains("Please check your message and press Send Message"));
    assert!(page.contains("value=\" Ravi Kumar \"") || page.contains("value=\"Ravi Kumar\""));
    assert!(
        stored(&server).is_empty(),
        "nothing is stored before the confirmation"
    );
    let token = page
        .split("name=\"formToken\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    let mut confirmed = typed.to_vec();
    confirmed.push(("formToken", &token));
    // The token was dated no later than `handed_out`; a fast machine can press Send within the
    // same millisecond, which is too fast even for a 1 ms typing time. Let the clock tick once.
    while epoch_ms() <= handed_out {
        tokio::task::yield_now().await;
    }
    let res = post_form(&server, &confirmed).await;
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "/contact/thank-you");
    let all = stored(&server);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].name, "Ravi Kumar");
    assert_eq!(all[0].message, "A villa in Kokapet & a café, 3 floors.");
    assert_eq!(all[0].folder, Folder::Inbox);

    let res = server.get("/contact/thank-you").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
    let csp = res.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert_eq!(res.headers()["x-robots-tag"], "noindex");
    let page = res.text().await.unwrap();
    assert!(page.contains("<title>Message sent | Nivasa Design Studio</title>"));
    assert!(page.contains("Your message has been sent successfully. We'll be in touch soon!"));
    assert!(page.contains("24-48 hours on business days"));
    assert!(page.contains("<a class=\"cf-button\" href=\"/contact\">Send Another Message</a>"));
    assert!(
        !page.contains("<script"),
        "no script on a page meant for no script"
    );
    // The page shares the site's stylesheet, served from this binary.
    let css = page
        .split("<link rel=\"stylesheet\" href=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    let res = server.get(&css).await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/css")
    );
    server.stop().await;
}

#[tokio::test]
async fn the_plain_form_shows_the_reason_and_keeps_what_was_typed() {
    let server = TestServer::start().await;
    let res = post_form(
        &server,
        &[
            ("name", "Ravi <Kumar>"),
            ("email", "ravi-at-example"),
            ("message", "Line one\nLine \"two\""),
            ("website", ""),
        ],
    )
    .await;
    assert_eq!(res.status(), 400);
    assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(res.headers()["cache-control"], "no-store");
    let page = res.text().await.unwrap();
    assert!(page.contains("<h1>Your message was not sent</h1>"));
    assert!(page.contains("<p>Please enter a valid email address.</p>"));
    assert!(page.contains("<form class=\"cf-form\" method=\"post\" action=\"/contact\">"));
    assert!(page.contains("value=\"Ravi &lt;Kumar&gt;\""));
    assert!(page.contains("value=\"ravi-at-example\""));
    assert!(page.contains(">Line one\nLine &quot;two&quot;</textarea>"));
    assert!(page.contains("<label for=\"email\">Email</label>"));
    assert!(page.contains("type=\"email\""));

    let res = post_form(
        &server,
        &[("name", "Ravi"), ("email", ""), ("message", "m")],
    )
    .await;
    assert_eq!(res.status(), 400);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("<p>Please fill out all fields.</p>")
    );
    assert!(stored(&server).is_empty());
    server.stop().await;
}

#[tokio::test]
async fn the_plain_form_files_bots_under_spam_and_refuses_what_it_cannot_read() {
    let server = TestServer::start().await;
    let res = post_form(
        &server,
        &[
            ("name", "Bot"),
            ("email", "bot@example.in"),
            ("message", "cheap links"),
            ("website", "http://spam.example"),
        ],
    )
    .await;
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "/contact/thank-you");

    let big = "x".repeat(200_000);
    let res = post_form(
        &server,
        &[
            ("name", "N"),
            ("email", "a@b.in"),
            ("message", big.as_str()),
        ],
    )
    .await;
    assert_eq!(res.status(), 413);
    let page = res.text().await.unwrap();
    assert!(page.contains("far longer than we can accept"), "{page}");
    assert!(page.contains("<form class=\"cf-form\""));

    let res = server
        .client
        .post(server.url("/contact"))
        .header("content-type", "application/json")
        .body(valid().to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    assert!(res.text().await.unwrap().contains("could not read"));
    let all = stored(&server);
    assert_eq!(all.len(), 1, "only the bot's message, kept aside");
    assert_eq!((all[0].name.as_str(), all[0].folder), ("Bot", Folder::Spam));

    // The contact page itself is still the SPA's, and other methods on it are refused.
    assert_eq!(server.get("/contact").await.status(), 200);
    let res = server.send(reqwest::Method::PUT, "/contact").await;
    assert_eq!(res.status(), 405);
    server.stop().await;
}

fn token_in(page: &str) -> String {
    page.split("name=\"formToken\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string()
}

/// The review's finding: the confirmation page's token came dated `contact_min_fill` in the past,
/// so two requests filed a bot's message in the inbox.
#[tokio::test]
async fn a_token_is_as_old_as_it_is_whatever_path_handed_it_out() {
    let server = TestServer::start().await;
    let typed = [
        ("name", "Bot"),
        ("email", "bot@example.in"),
        ("message", "cheap links"),
    ];
    let before = studio::store::now_ms();
    let page = post_form(&server, &typed).await.text().await.unwrap();
    let token = token_in(&page);
    let key = server.app.store.hmac_key().unwrap();
    let issued = studio::spam::issued_at(&key, &token).unwrap();
    assert!(
        issued >= before,
        "dated when handed out: {issued} < {before}"
    );
    // Posted at once: asked again, with the same token, and nothing is kept.
    let mut at_once = typed.to_vec();
    at_once.push(("formToken", &token));
    let res = post_form(&server, &at_once).await;
    assert_eq!(res.status(), 200);
    let page = res.text().await.unwrap();
    assert!(page.contains("Please check your message and press Send Message"));
    assert_eq!(token_in(&page), token);
    assert!(stored(&server).is_empty());
    // Through the API, a token handed out this instant is a bot's.
    let res = server.get("/api/contact/token").await;
    let fresh: Value = res.json().await.unwrap();
    let mut body = valid();
    body["formToken"] = fresh["token"].clone();
    assert_eq!(post_json(&server, &body).await.status(), 201);
    assert_eq!(stored(&server)[0].folder, Folder::Spam);
    server.stop().await;
}

#[tokio::test]
async fn a_token_carries_one_message_and_a_replay_is_spam() {
    let server = TestServer::start().await;
    let token = typed_token(&server);
    let mut body = valid();
    body["formToken"] = json!(token);
    // A refused message does not spend the token: the visitor fixes the field and sends again.
    let mut bad = body.clone();
    bad["email"] = json!("not-an-address");
    assert_eq!(post_json(&server, &bad).await.status(), 400);
    assert_eq!(post_json(&server, &body).await.status(), 201);
    assert_eq!(stored(&server)[0].folder, Folder::Inbox);
    assert_eq!(
        post_json(&server, &body).await.status(),
        201,
        "answered alike"
    );
    let form = [
        ("name", "Meera Iyer"),
        ("email", "meera@example.in"),
        ("message", "again"),
        ("formToken", token.as_str()),
    ];
    assert_eq!(post_form(&server, &form).await.status(), 303);
    let all = stored(&server);
    assert_eq!(all.len(), 3);
    assert_eq!(
        all.iter().map(|m| m.folder).collect::<Vec<_>>(),
        [Folder::Spam, Folder::Spam, Folder::Inbox],
        "newest first: both replays kept aside"
    );
    server.stop().await;
}

#[tokio::test]
async fn handing_out_tokens_is_limited_per_address_and_ipv6_per_64() {
    let server = TestServer::behind_proxy().await;
    let token_from = |from: String| {
        server
            .client
            .get(server.url("/api/contact/token"))
            .header("x-forwarded-for", from)
            .send()
    };
    for i in 0..20 {
        let res = token_from(format!("2001:db8:5:5::{i:x}")).await.unwrap();
        assert_eq!(res.status(), 200, "token {i}");
    }
    let res = token_from("2001:db8:5:5:abcd::1".into()).await.unwrap();
    assert_eq!(res.status(), 429, "the same /64");
    assert!(res.headers().contains_key("retry-after"));
    assert!(error_message(res).await.contains("Please try again in"));
    // The no-JavaScript form's confirmation hands out tokens under the same limit.
    let res = server
        .client
        .post(server.url("/contact"))
        .header("x-forwarded-for", "2001:db8:5:5::77")
        .form(&[("name", "N"), ("email", "a@b.in"), ("message", "m")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 429);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("<form class=\"cf-form\"")
    );
    let res = token_from("2001:db8:5:6::1".into()).await.unwrap();
    assert_eq!(res.status(), 200, "another /64");
    // Messages too are counted per /64.
    let send = |from: String| {
        server
            .client
            .post(server.url("/api/contact"))
            .header("x-forwarded-for", from)
            .json(&valid())
            .send()
    };
    for i in 0..5 {
        assert_eq!(
            send(format!("2001:db8:9:9::{i:x}")).await.unwrap().status(),
            201
        );
    }
    assert_eq!(
        send("2001:db8:9:9:1::1".into()).await.unwrap().status(),
        429
    );
    assert_eq!(
        send("::ffff:203.0.113.40".into()).await.unwrap().status(),
        201
    );
    server.stop().await;
}
