//! New-message notices against a real SMTP dialogue over TCP (the small server of
//! `smtp_support`, started by each test on an ephemeral port, that can refuse or stall on command).

mod common;
mod smtp_support;

use common::TestServer;
use smtp_support::{Behaviour, Event, SmtpServer};
use std::sync::Arc;
use std::time::Duration;
use studio::config::{Layer, SmtpConfig, SmtpLayer, SmtpSecurity};
use studio::notify::Notifier;
use studio::store::ContactMessage;
use tokio::sync::Notify;

/// A person's message: with a form token handed out long enough ago to have typed it.
async fn post_contact(server: &TestServer, message: &str) -> reqwest::Response {
    server
        .client
        .post(server.url("/api/contact"))
        .json(&serde_json::json!({
            "name": "Asha Reddy",
            "email": "asha@example.in",
            "message": message,
            "formToken": server.form_token(Duration::from_secs(20)),
        }))
        .send()
        .await
        .unwrap()
}

/// A server that mails its notices through `smtp`.
async fn mailing_through(smtp: &SmtpServer) -> TestServer {
    TestServer::start_with(Layer {
        smtp: Some(smtp.layer()),
        ..Layer::default()
    })
    .await
}

#[tokio::test]
async fn a_stored_message_is_mailed_to_the_studio() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = mailing_through(&smtp).await;
    let res = post_contact(&server, "We want our Jubilee Hills flat redone.").await;
    assert_eq!(res.status(), 201);
    let mail = smtp.next_mail().await;
    assert_eq!(mail.from, "<website@nivasa.example>");
    assert_eq!(mail.to, ["<anjali@nivasa.example>"]);
    mail.assert_has("We want our Jubilee Hills flat redone.");
    mail.assert_has("Subject: New message from Asha Reddy");
    assert!(
        mail.data
            .lines()
            .any(|l| l.starts_with("Reply-To:") && l.contains("asha@example.in")),
        "{}",
        mail.data
    );
    // The panel is told that mail goes out, so it says nothing about mail missing.
    let token = common::login(&server).await;
    let verify: serde_json::Value = server
        .client
        .get(server.url("/api/admin/verify"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(verify["mailConfigured"], true, "{verify}");
    server.stop().await;
}

#[tokio::test]
async fn a_qualified_enquiry_is_mailed_with_its_qualification_and_phone_links() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = mailing_through(&smtp).await;
    let res = server
        .client
        .post(server.url("/api/contact"))
        .json(&serde_json::json!({
            "name": "Asha Reddy",
            "email": "asha@example.in",
            "message": "Our new flat in Gachibowli.",
            "phone": "98480 12345",
            "size": "3BHK",
            "locality": "Gachibowli",
            "budget": "₹25-50 lakh",
            "timeline": "Within 3 months",
            "source": { "landing": "/portfolio/modern-serenity", "page": "/contact" },
            "formToken": server.form_token(Duration::from_secs(20)),
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let mail = smtp.next_mail().await;
    mail.assert_has("Wants:    3BHK · Gachibowli · ₹25-50 lakh · Within 3 months");
    mail.assert_has("tel:+919848012345");
    mail.assert_has("https://wa.me/919848012345");
    mail.assert_has("landed on /portfolio/modern-serenity");
    mail.assert_has("Content-Type: text/html");
    server.stop().await;
}

#[tokio::test]
async fn spam_is_kept_but_never_mailed() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = mailing_through(&smtp).await;
    // A bot posting straight to the API (no form token) hears success and is filed under spam.
    let res = server
        .post_json(
            "/api/contact",
            &serde_json::json!({
                "name": "Cheap Links",
                "email": "bot@example.in",
                "message": "Buy now",
            }),
        )
        .await;
    assert_eq!(res.status(), 201);
    let res = post_contact(&server, "A person's message after the bot's.").await;
    assert_eq!(res.status(), 201);
    // Notices go out in order: had the bot's been queued, it would come first.
    let mail = smtp.next_mail().await;
    mail.assert_has("A person's message");
    assert!(!mail.data.contains("Cheap Links"));
    let folders: Vec<_> = server
        .app
        .store
        .contacts()
        .unwrap()
        .into_iter()
        .map(|m| (m.name, m.folder))
        .collect();
    assert!(folders.contains(&("Cheap Links".into(), studio::store::Folder::Spam)));
    assert!(folders.contains(&("Asha Reddy".into(), studio::store::Folder::Inbox)));
    server.stop().await;
}

#[tokio::test]
async fn a_refused_notice_is_retried_until_it_gets_through() {
    let mut smtp = SmtpServer::start(Behaviour {
        refuse_first: 2,
        ..Behaviour::default()
    })
    .await;
    let config = SmtpConfig {
        host: "127.0.0.1".into(),
        port: smtp.port,
        security: SmtpSecurity::None,
        username: None,
        password: None,
        from: "website@nivasa.example".into(),
        to: vec!["anjali@nivasa.example".into()],
    };
    // Short waits between attempts: this tests that retries happen, not how long they wait.
    let notifier = Notifier::start(&config, vec![Duration::from_millis(20); 3]).unwrap();
    notifier.message_stored(&ContactMessage {
        id: 7,
        name: "Ravi".into(),
        email: "ravi@example.in".into(),
        message: "Kitchen remodel in Gachibowli".into(),
        created_at_ms: 0,
        read: false,
        folder: studio::store::Folder::Inbox,
        lead: Default::default(),
    });
    let mut sessions = 0;
    let mail = loop {
        match smtp.next().await {
            Event::Session => sessions += 1,
            Event::Mail(m) => break m,
            Event::Closed => {}
        }
    };
    assert_eq!(sessions, 3, "two refusals, then the notice went through");
    mail.assert_has("Kitchen remodel in Gachibowli");
}

/// The mail server accepts the connection and then says nothing: the visitor's request must be
/// answered while that SMTP session is still open, i.e. without waiting for the mail at all.
#[tokio::test]
async fn a_stalled_mail_server_never_blocks_the_visitor() {
    let hold = Arc::new(Notify::new());
    let mut smtp = SmtpServer::start(Behaviour {
        hold: Some(hold.clone()),
        ..Behaviour::default()
    })
    .await;
    let server = mailing_through(&smtp).await;
    let res = post_contact(&server, "Please call me about a villa in Kokapet.").await;
    assert_eq!(res.status(), 201);
    assert!(matches!(smtp.next().await, Event::Session));
    assert!(
        smtp.events.try_recv().is_err(),
        "answered while the SMTP session was still open and stalled"
    );
    let stored = server.app.store.contacts().unwrap();
    assert_eq!(
        stored[0].message,
        "Please call me about a villa in Kokapet."
    );
    hold.notify_one();
    let mail = smtp.next_mail().await;
    mail.assert_has("villa in Kokapet");
    server.stop().await;
}

#[tokio::test]
async fn a_mail_server_that_is_down_loses_nothing() {
    // A port nobody listens on: bind, note the port, close.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let server = TestServer::start_with(Layer {
        smtp: Some(SmtpLayer {
            host: Some("127.0.0.1".into()),
            port: Some(port),
            security: Some("starttls".into()),
            from: Some("website@nivasa.example".into()),
            to: Some("anjali@nivasa.example".into()),
            ..SmtpLayer::default()
        }),
        ..Layer::default()
    })
    .await;
    let res = post_contact(&server, "Office fit-out, 4000 sq ft.").await;
    assert_eq!(res.status(), 201);
    let stored = server.app.store.contacts().unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].message, "Office fit-out, 4000 sq ft.");
    server.stop().await;
}

/// The host hears once when the data file stops taking writes, not at every change while they
/// fail, and once more only after writes worked again and failed anew (issue 28).
#[tokio::test]
async fn the_host_is_mailed_once_when_writes_start_failing() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = mailing_through(&smtp).await;
    let health = server.app.store.health();
    server.app.notifier.watch_health(health.clone());
    health.set_writes_failing(Some("the server's disk is full".into()));
    let first = smtp.next_mail().await;
    first.assert_has("Subject: The studio server cannot save changes");
    first.assert_has("disk is full");
    // Still failing, for another reason: no second mail. A visitor's message is the next mail.
    health.set_writes_failing(Some("the data file cannot be written".into()));
    let res = post_contact(&server, "Sent while the host was told").await;
    assert_eq!(res.status(), 201);
    let next = smtp.next_mail().await;
    next.assert_has("Sent while the host was told");
    // Writes work again, then fail anew: one more mail.
    health.set_writes_failing(None);
    health.set_writes_failing(Some("the server's disk is full".into()));
    let again = smtp.next_mail().await;
    again.assert_has("cannot save changes");
    server.stop().await;
}

#[tokio::test]
async fn a_booking_mails_the_invitation_to_the_visitor_and_the_studio() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = mailing_through(&smtp).await;
    let owner = server.sign_in().await;
    let day = serde_json::json!([["00:00", "24:00"]]);
    let settings = serde_json::json!({
        "enabled": true, "noticeHours": 2, "mode": "video", "videoLink": "https://meet.example.in/nivasa",
        "weekly": { "mon": day, "tue": day, "wed": day, "thu": day, "fri": day, "sat": day, "sun": day },
    });
    let (status, _) = owner
        .put("/api/admin/consultation-settings", settings)
        .await;
    assert_eq!(status, 200);
    let slots: Vec<serde_json::Value> = server
        .get("/api/consultations/slots?days=2")
        .await
        .json()
        .await
        .unwrap();
    let start = slots[0]["start"].as_str().unwrap();
    let res = server
        .client
        .post(server.url("/api/consultations"))
        .json(&serde_json::json!({
            "start": start, "name": "Asha Reddy", "email": "asha@example.in",
            "phone": "98480 12345", "message": "A 3BHK", "formToken": server.form_token(Duration::from_secs(20)),
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let utc = start
        .parse::<jiff::Timestamp>()
        .unwrap()
        .strftime("DTSTART:%Y%m%dT%H%M%SZ")
        .to_string();
    let mut seen = Vec::new();
    for _ in 0..2 {
        let mail = smtp.next_mail().await;
        let data = mail.data.replace("=\n", "").replace("=3D", "=");
        assert!(
            data.contains("Content-Type: text/calendar; charset=utf-8; method=REQUEST"),
            "{data}"
        );
        assert!(data.contains("METHOD:REQUEST"), "{data}");
        assert!(data.contains(&utc), "{utc} in {data}");
        assert!(
            data.contains("LOCATION:https://meet.example.in/nivasa"),
            "{data}"
        );
        seen.push((mail.to.join(","), data));
    }
    let visitor = seen
        .iter()
        .find(|(to, _)| to.contains("asha@example.in"))
        .expect("the visitor's");
    assert!(visitor.1.contains("/book/manage?t=m1."), "{}", visitor.1);
    assert!(
        seen.iter()
            .any(|(to, _)| to.contains("anjali@nivasa.example")),
        "the studio's"
    );
    server.stop().await;
}
