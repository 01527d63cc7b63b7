//! Consultations booked online over HTTP, against a real server and data file: the settings, the
//! free slots, a booking's checks, many visitors racing for one slot, the owner's moves and
//! blocks, the calendar file, and the visitor's single-use cancel/move link.

mod common;
mod smtp_support;

use common::{Owner, TestServer};
use serde_json::{Value, json};
use smtp_support::{Behaviour, SmtpServer};
use std::time::Duration;
use studio::config::Layer;

/// A server that believes `X-Forwarded-For` from loopback, so each test visitor has an address.
async fn server() -> TestServer {
    server_with(Layer::default()).await
}

async fn server_with(layer: Layer) -> TestServer {
    TestServer::start_with(Layer {
        trusted_proxies: Some(vec!["127.0.0.1".into()]),
        ..layer
    })
    .await
}

/// Turns booking on: every day 00:00-24:00, hour slots, `notice` hours, 30 days ahead.
async fn open(owner: &Owner<'_>, notice: u16) -> Value {
    let day = json!([["00:00", "24:00"]]);
    let settings = json!({
        "enabled": true, "slotMinutes": 60, "noticeHours": notice, "horizonDays": 30,
        "weekly": { "mon": day, "tue": day, "wed": day, "thu": day, "fri": day, "sat": day, "sun": day },
    });
    let (status, body) = owner
        .put("/api/admin/consultation-settings", settings)
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn slots(server: &TestServer, query: &str) -> Vec<Value> {
    let res = server
        .get(&format!("/api/consultations/slots{query}"))
        .await;
    assert_eq!(res.status(), 200);
    res.json::<Vec<Value>>().await.unwrap()
}

/// A visitor's booking from address `n`, with a form token handed out 20 s ago.
async fn book(server: &TestServer, n: u32, body: Value) -> (u16, Value) {
    let mut body = body;
    if body.get("formToken").is_none() {
        body["formToken"] = server.form_token(Duration::from_secs(20)).into();
    }
    let res = server
        .client
        .post(server.url("/api/consultations"))
        .header("x-forwarded-for", format!("203.0.113.{}", n % 250 + 1))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

fn visitor(start: &str) -> Value {
    json!({
        "start": start, "name": "Asha Reddy", "email": "asha@example.in",
        "phone": "98480 12345", "message": "A 3BHK in Gachibowli", "website": ""
    })
}

#[tokio::test]
async fn booking_is_off_until_the_owner_turns_it_on() {
    let server = server().await;
    let owner = server.sign_in().await;
    let (status, settings) = owner.get("/api/admin/consultation-settings").await;
    assert_eq!(status, 200);
    assert_eq!(settings["enabled"], false);
    assert_eq!(settings["timeZone"], "Asia/Kolkata");
    // The hours the site states: Monday to Friday, 9AM–5PM, Weekend Closed.
    assert_eq!(settings["weekly"]["mon"], json!([["09:00", "17:00"]]));
    assert_eq!(settings["weekly"]["sat"], json!([]));
    let res = server.get("/api/consultations/slots").await;
    assert_eq!(res.status(), 404);
    let start = "2030-01-07T11:00:00+05:30";
    let (status, body) = book(&server, 1, visitor(start)).await;
    assert_eq!(status, 404, "{body}");
    // Bad settings are refused, naming the field, and nothing changes.
    let (status, body) = owner
        .put(
            "/api/admin/consultation-settings",
            json!({ "enabled": true, "timeZone": "Asia/Hyderabad" }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("Time zone"),
        "{body}"
    );
    assert_eq!(body["field"], "timeZone");
    let (status, body) = owner
        .put(
            "/api/admin/consultation-settings",
            json!({ "weekly": { "tue": [["13:00", "11:00"]] } }),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["field"], "weekly");
    assert!(
        body["message"].as_str().unwrap().contains("(tue)"),
        "{body}"
    );
    let (_, settings) = owner.get("/api/admin/consultation-settings").await;
    assert_eq!(settings["enabled"], false);
    // Without a token, the owner's calls are refused.
    let res = server.get("/api/admin/consultations").await;
    assert_eq!(res.status(), 401);
    server.stop().await;
}

#[tokio::test]
async fn many_visitors_racing_for_one_slot_get_one_booking() {
    let server = server().await;
    let owner = server.sign_in().await;
    open(&owner, 2).await;
    let free = slots(&server, "?days=3").await;
    // Not the first: the clock passing an hour mid-test could put that one inside the notice.
    let first = free[1]["start"].as_str().unwrap().to_string();
    assert!(first.ends_with("+05:30"), "{first}");
    let requests = (0..12).map(|n| {
        let server = &server;
        let first = first.clone();
        async move { book(server, n, visitor(&first)).await }
    });
    let answers = futures_util::future::join_all(requests).await;
    let won: Vec<_> = answers.iter().filter(|(s, _)| *s == 201).collect();
    let lost: Vec<_> = answers.iter().filter(|(s, _)| *s == 409).collect();
    assert_eq!(won.len(), 1, "{answers:?}");
    assert_eq!(lost.len(), 11, "{answers:?}");
    assert_eq!(
        lost[0].1["message"],
        "That time was just taken. Please pick another."
    );
    let booked = &won[0].1;
    assert_eq!(booked["start"], first.as_str());
    assert!(
        booked["ics"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/api/consultations/{}.ics?t=", booked["id"]))
    );
    // The slot is gone for the next visitor.
    let after = slots(&server, "?days=3").await;
    assert!(!after.iter().any(|s| s["start"] == first.as_str()));
    assert_eq!(after.len(), free.len() - 1);
    // The owner sees one consultation, and one lead in the inbox (not eleven).
    let (_, list) = owner.get("/api/admin/consultations").await;
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["status"], "booked");
    assert_eq!(list[0]["stage"], "consultation-booked");
    let lead = list[0]["leadId"].as_u64().unwrap();
    let (_, inbox) = owner.get("/api/contacts").await;
    let inbox = inbox.as_array().unwrap();
    assert_eq!(inbox.len(), 1, "{inbox:?}");
    assert_eq!(inbox[0]["id"].as_u64(), Some(lead));
    let text = inbox[0]["message"].as_str().unwrap();
    assert!(text.starts_with("Consultation booked for "), "{text}");
    assert!(
        text.contains("98480 12345") && text.contains("3BHK"),
        "{text}"
    );
    // A lead of the pipeline, at its own stage, with the phone to call.
    assert_eq!(inbox[0]["stage"], "consultation-booked", "{inbox:?}");
    assert_eq!(inbox[0]["phone"], "+919848012345", "{inbox:?}");
    server.stop().await;
}

#[tokio::test]
async fn the_server_refuses_what_is_not_a_free_slot() {
    let server = server().await;
    let owner = server.sign_in().await;
    open(&owner, 3).await;
    let free = slots(&server, "?days=40").await;
    let first = free[0]["start"].as_str().unwrap();
    let last = free.last().unwrap()["start"].as_str().unwrap();
    let at = |s: &str| s.parse::<jiff::Timestamp>().unwrap();
    // Inside the notice: an hour before the first offered, or one past the horizon.
    let shift = |s: &str, hours: i64| {
        let t = at(s) + jiff::SignedDuration::from_hours(hours);
        studio::bookings::slots::iso_in(&jiff::tz::TimeZone::get("Asia/Kolkata").unwrap(), t)
    };
    for (start, words) in [
        (shift(first, -1), "ahead"),
        (shift(last, 1), "30 days"),
        ("2020-01-06T11:00:00+05:30".to_string(), "passed"),
        (shift(first, 0).replace(":00:00+", ":20:00+"), "not one of"),
    ] {
        let (status, body) = book(&server, 1, visitor(&start)).await;
        assert_eq!(status, 400, "{start}: {body}");
        assert_eq!(body["field"], "start");
        assert!(
            body["message"].as_str().unwrap().contains(words),
            "{start}: {body}"
        );
    }
    // Each field is checked and named.
    for (change, field) in [
        (json!({ "name": " " }), "name"),
        (json!({ "email": "asha@" }), "email"),
        (json!({ "phone": "" }), "phone"),
        (json!({ "phone": "call me" }), "phone"),
        (json!({ "message": "x".repeat(2001) }), "message"),
        (json!({ "start": "tomorrow" }), "start"),
    ] {
        let mut body = visitor(first);
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, answer) = book(&server, 2, body).await;
        assert_eq!(status, 400, "{change}: {answer}");
        assert_eq!(answer["field"], field, "{change}: {answer}");
    }
    // A bot (no token, or the honeypot) is answered alike, holds nothing and lands under spam.
    let mut bot = visitor(first);
    bot["formToken"] = "".into();
    let (status, body) = book(&server, 3, bot).await;
    assert_eq!(status, 201, "{body}");
    assert!(body.get("id").is_none());
    let mut bot = visitor(first);
    bot["website"] = "http://spam.example".into();
    assert_eq!(book(&server, 4, bot).await.0, 201);
    assert_eq!(slots(&server, "?days=40").await.len(), free.len());
    let (_, spam) = owner.get("/api/contacts?folder=spam").await;
    assert_eq!(spam.as_array().unwrap().len(), 2, "{spam}");
    // A token carries one booking.
    let token_once = server.form_token(Duration::from_secs(20));
    let mut one = visitor(first);
    one["formToken"] = token_once.clone().into();
    assert_eq!(book(&server, 5, one).await.0, 201);
    let mut two = visitor(free[1]["start"].as_str().unwrap());
    two["formToken"] = token_once.into();
    let (status, body) = book(&server, 6, two).await;
    assert_eq!(status, 201);
    assert!(
        body.get("id").is_none(),
        "a replayed token holds nothing: {body}"
    );
    // Bad queries.
    assert_eq!(
        server
            .get("/api/consultations/slots?from=12-03-2026")
            .await
            .status(),
        400
    );
    assert_eq!(
        server.get("/api/consultations/slots?days=0").await.status(),
        400
    );
    server.stop().await;
}

#[tokio::test]
async fn the_owner_moves_confirms_cancels_and_blocks() {
    let server = server().await;
    let owner = server.sign_in().await;
    open(&owner, 2).await;
    let free = slots(&server, "?days=3").await;
    let start = |i: usize| free[i]["start"].as_str().unwrap().to_string();
    let (status, a) = book(&server, 1, visitor(&start(0))).await;
    assert_eq!(status, 201);
    let (_, b) = book(&server, 2, visitor(&start(1))).await;
    let path = |v: &Value| format!("/api/admin/consultations/{}", v["id"]);
    // Onto a held slot: 409; onto a free one: moved, and the old slot is free again.
    let (status, _) = owner.patch(&path(&a), json!({ "start": start(1) })).await;
    assert_eq!(status, 409);
    let (status, moved) = owner.patch(&path(&a), json!({ "start": start(2) })).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["start"], start(2).as_str());
    let now_free = slots(&server, "?days=3").await;
    assert!(now_free.iter().any(|s| s["start"] == start(0).as_str()));
    assert!(!now_free.iter().any(|s| s["start"] == start(2).as_str()));
    let (status, confirmed) = owner
        .patch(&path(&b), json!({ "status": "confirmed" }))
        .await;
    assert_eq!(
        (status.as_u16(), confirmed["status"].as_str()),
        (200, Some("confirmed"))
    );
    let (status, body) = owner.patch(&path(&b), json!({ "status": "maybe" })).await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("status"),
        "{body}"
    );
    let (status, _) = owner
        .patch(&path(&b), json!({ "status": "cancelled" }))
        .await;
    assert_eq!(status, 200);
    assert!(
        slots(&server, "?days=3")
            .await
            .iter()
            .any(|s| s["start"] == start(1).as_str())
    );
    // Blocking a time keeps visitors off it; freeing it gives it back.
    let (status, blocked) = owner
        .post("/api/admin/consultations", json!({ "start": start(3) }))
        .await;
    assert_eq!(status, 201, "{blocked}");
    assert_eq!(blocked["status"], "blocked");
    assert!(
        !slots(&server, "?days=3")
            .await
            .iter()
            .any(|s| s["start"] == start(3).as_str())
    );
    assert_eq!(book(&server, 3, visitor(&start(3))).await.0, 409);
    let (status, _) = owner
        .post("/api/admin/consultations", json!({ "start": start(3) }))
        .await;
    assert_eq!(status, 409);
    owner
        .patch(&path(&blocked), json!({ "status": "cancelled" }))
        .await;
    assert_eq!(book(&server, 3, visitor(&start(3))).await.0, 201);
    let (status, _) = owner
        .patch(
            "/api/admin/consultations/999",
            json!({ "status": "confirmed" }),
        )
        .await;
    assert_eq!(status, 404);
    let (_, list) = owner.get("/api/admin/consultations").await;
    assert_eq!(list.as_array().unwrap().len(), 4);
    let (status, _) = owner.get("/api/admin/consultations?from=2026-13-01").await;
    assert_eq!(status, 400);
    server.stop().await;
}

/// Books a consultation, then the owner moves it and cancels it; each answer says whether the
/// visitor was told (`told`) and whether mail is set up (`mail`). The cancel's answer.
async fn moved_then_cancelled(server: &TestServer, told: bool, mail: bool) -> Value {
    let owner = server.sign_in().await;
    open(&owner, 2).await;
    let free = slots(server, "?days=3").await;
    let start = |i: usize| free[i]["start"].as_str().unwrap().to_string();
    let (status, booked) = book(server, 1, visitor(&start(0))).await;
    assert_eq!(status, 201, "{booked}");
    let path = format!("/api/admin/consultations/{}", booked["id"]);
    let mut answer = Value::Null;
    for change in [
        json!({ "start": start(1) }),
        json!({ "status": "cancelled" }),
    ] {
        let (status, body) = owner.patch(&path, change).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["visitorTold"], told, "{body}");
        assert_eq!(body["mailSetUp"], mail, "{body}");
        assert_eq!(body["name"], "Asha Reddy");
        answer = body;
    }
    answer
}

/// A server that mails through `smtp`.
async fn mailing_through(smtp: &SmtpServer) -> TestServer {
    server_with(Layer {
        smtp: Some(smtp.layer()),
        ..Layer::default()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_hears_at_once_whether_the_visitor_was_told() {
    // Without `[smtp]` nobody tells the visitor, and the panel says so.
    let server = server().await;
    let cancelled = moved_then_cancelled(&server, false, false).await;
    assert_eq!(cancelled["status"], "cancelled");
    server.stop().await;

    // With a mail server on loopback the visitor's mail is taken: told.
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = mailing_through(&smtp).await;
    moved_then_cancelled(&server, true, true).await;
    let mut to_visitor = 0;
    for _ in 0..6 {
        let mail = smtp.next_mail().await;
        to_visitor += usize::from(mail.to.iter().any(|t| t.contains("asha@example.in")));
    }
    assert_eq!(to_visitor, 3, "the booking, the move and the cancel");
    server.stop().await;

    // A mail server that refuses: set up, but the visitor was not told.
    let smtp = SmtpServer::start(Behaviour {
        refuse_first: usize::MAX,
        ..Behaviour::default()
    })
    .await;
    let server = mailing_through(&smtp).await;
    moved_then_cancelled(&server, false, true).await;
    server.stop().await;
}

#[tokio::test]
async fn the_calendar_file_reads_back_and_needs_its_link() {
    let server = server().await;
    let owner = server.sign_in().await;
    open(&owner, 2).await;
    let free = slots(&server, "?days=2").await;
    let (_, made) = book(&server, 1, visitor(free[0]["start"].as_str().unwrap())).await;
    let res = server.get(made["ics"].as_str().unwrap()).await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/calendar")
    );
    let text = res.text().await.unwrap();
    let unfolded = icalendar::parser::unfold(&text);
    let cal = icalendar::parser::read_calendar(&unfolded).unwrap();
    let event = cal.components.iter().find(|c| c.name == "VEVENT").unwrap();
    let dtstart = event.find_prop("DTSTART").unwrap().val.as_str().to_string();
    let start: jiff::Timestamp = free[0]["start"].as_str().unwrap().parse().unwrap();
    assert_eq!(dtstart, start.strftime("%Y%m%dT%H%M%SZ").to_string());
    // Without the signed part, or another booking's number: refused.
    let id = made["id"].as_u64().unwrap();
    assert_eq!(
        server
            .get(&format!("/api/consultations/{id}.ics"))
            .await
            .status(),
        403
    );
    let other = made["ics"]
        .as_str()
        .unwrap()
        .replace(&format!("/{id}.ics"), &format!("/{}.ics", id + 1));
    assert_eq!(server.get(&other).await.status(), 404);
    server.stop().await;
}

/// A plain form post, as a browser without JavaScript sends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_booking_buttons_words_are_the_owners_on_each_page_and_on_the_plain_page() {
    let server = server().await;
    let owner = server.sign_in().await;
    open(&owner, 2).await;
    let pages = [
        ("contact", "/contact", "Talk to us first"),
        (
            "service-consultation",
            "/services/consultation",
            "Book your hour",
        ),
        (
            "service-ask-architect",
            "/services/ask-architect",
            "Ask in person",
        ),
    ];
    for (key, _, label) in pages {
        let path = format!("/api/admin/pages/{key}");
        let (status, record) = owner.get(&path).await;
        assert_eq!(status, 200, "{record}");
        let mut content = record["content"].clone();
        assert_eq!(content["booking"]["label"], "Book a consultation", "{key}");
        content["booking"] =
            json!({ "label": label, "line": format!("{label}: choose a free hour.") });
        let (status, body) = owner
            .put(
                &path,
                json!({ "version": record["version"], "content": content }),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    // Too long a label is refused at its field.
    let (_, record) = owner.get("/api/admin/pages/contact").await;
    let mut content = record["content"].clone();
    content["booking"]["label"] = json!("x".repeat(41));
    let (status, body) = owner
        .put(
            "/api/admin/pages/contact",
            json!({ "version": record["version"], "content": content }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("booking.label"),
        "{body}"
    );
    assert!(
        server
            .app
            .shells
            .pages()
            .wait_rendered(Duration::from_secs(60))
    );
    for (_, at, label) in pages {
        let html = server.get(at).await.text().await.unwrap();
        assert!(html.contains(label), "{at}");
        assert!(!html.contains(">Book a consultation<"), "{at}");
    }
    // The plain page (no JavaScript) speaks with the contact page's words.
    let plain = server.get("/book").await.text().await.unwrap();
    assert!(plain.contains("<h1>Talk to us first</h1>"), "{plain}");
    assert!(plain.contains("Talk to us first: choose a free hour."));
    server.stop().await;
}

async fn form_post(server: &TestServer, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    server
        .client
        .post(server.url(path))
        .header("x-forwarded-for", "198.51.100.7")
        .form(fields)
        .send()
        .await
        .unwrap()
}

/// The value of `name="..." value="..."` in a page.
fn input_value(page: &str, name: &str) -> String {
    let at = page.find(&format!("name=\"{name}\" value=\"")).expect(name);
    let rest = &page[at + name.len() + 15..];
    rest[..rest.find('"').unwrap()].to_string()
}

#[tokio::test]
async fn without_javascript_a_visitor_books_moves_and_cancels_by_the_link_once() {
    let server = server().await;
    let owner = server.sign_in().await;
    let closed = server.get("/book").await.text().await.unwrap();
    assert!(closed.contains("cannot be booked online"), "{closed}");
    open(&owner, 2).await;
    let page = server.get("/book").await.text().await.unwrap();
    assert!(!page.contains("<script"));
    let free = slots(&server, "?days=3").await;
    let first = free[0]["start"].as_str().unwrap();
    assert!(
        page.contains(&format!("name=\"start\" value=\"{first}\"")),
        "{page}"
    );
    let form_token = input_value(&page, "formToken");
    // The token is dated when the page was handed out; a person takes longer than that to type.
    let key = server.app.store.hmac_key().unwrap();
    let issued = studio::spam::issued_at(&key, &form_token).unwrap();
    assert!(studio::store::now_ms() - issued < 60_000);
    let fields = |t: &'static str| {
        vec![
            ("start", first.to_string()),
            ("name", "Ravi Kumar".into()),
            ("email", "ravi@example.in".into()),
            ("phone", "+91-98480-12345".into()),
            ("message", "Villa in Kokapet".into()),
            ("website", String::new()),
            ("formToken", t.to_string()),
        ]
    };
    // A refused form comes back with what was typed and the reason.
    let fresh = server.form_token(Duration::from_secs(20));
    let fresh: &'static str = Box::leak(fresh.into_boxed_str());
    let mut bad = fields(fresh);
    bad[3].1 = "nope".into();
    let bad: Vec<(&str, &str)> = bad.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let res = form_post(&server, "/book", &bad).await;
    assert_eq!(res.status(), 400);
    let text = res.text().await.unwrap();
    assert!(
        text.contains("role=\"alert\"") && text.contains("value=\"Ravi Kumar\""),
        "{text}"
    );
    let good = fields(fresh);
    let good: Vec<(&str, &str)> = good.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let res = form_post(&server, "/book", &good).await;
    assert_eq!(res.status(), 303);
    let done = res.headers()["location"].to_str().unwrap().to_string();
    assert!(done.starts_with("/book/booked?t="), "{done}");
    let page = server.get(&done).await.text().await.unwrap();
    assert!(
        page.contains("Add to calendar") && page.contains("Thank you, Ravi Kumar"),
        "{page}"
    );
    let manage = {
        let at = page.find("href=\"/book/manage?t=").unwrap() + 6;
        page[at..at + page[at..].find('"').unwrap()].to_string()
    };
    assert!(
        !slots(&server, "?days=3")
            .await
            .iter()
            .any(|s| s["start"] == first)
    );
    // Move by the link: the old time is free again, and the same link does not work twice.
    let link = manage.split_once("?t=").unwrap().1.to_string();
    let second = free[1]["start"].as_str().unwrap();
    let res = form_post(
        &server,
        "/book/manage",
        &[("t", &link), ("action", "move"), ("start", second)],
    )
    .await;
    assert_eq!(res.status(), 303);
    let moved_to = res.headers()["location"].to_str().unwrap().to_string();
    let now_free = slots(&server, "?days=3").await;
    assert!(now_free.iter().any(|s| s["start"] == first));
    assert!(!now_free.iter().any(|s| s["start"] == second));
    let again = form_post(
        &server,
        "/book/manage",
        &[("t", &link), ("action", "cancel")],
    )
    .await;
    assert_eq!(again.status(), 403);
    assert!(again.text().await.unwrap().contains("used already"));
    // The new link (from the page after the move) cancels, once.
    let page = server.get(&moved_to).await.text().await.unwrap();
    let at = page.find("href=\"/book/manage?t=").unwrap() + 21;
    let link = page[at..at + page[at..].find('"').unwrap()].to_string();
    let res = form_post(
        &server,
        "/book/manage",
        &[("t", &link), ("action", "cancel")],
    )
    .await;
    assert_eq!(res.status(), 200);
    assert!(res.text().await.unwrap().contains("is cancelled"));
    assert!(
        slots(&server, "?days=3")
            .await
            .iter()
            .any(|s| s["start"] == second)
    );
    let res = form_post(
        &server,
        "/book/manage",
        &[("t", &link), ("action", "cancel")],
    )
    .await;
    assert_eq!(res.status(), 403);
    // A forged link is refused.
    assert_eq!(
        server.get("/book/manage?t=m1.AAAA.BBBB").await.status(),
        403
    );
    let (_, list) = owner.get("/api/admin/consultations").await;
    assert_eq!(list[0]["status"], "cancelled");
    server.stop().await;
}

#[test]
fn data_files_of_earlier_releases_open_with_booking_off_and_nothing_booked() {
    for fixture in ["v1.redb", "v2-content.redb", "v2-photos.redb"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("studio.redb");
        std::fs::copy(format!("tests/fixtures/{fixture}"), &path).unwrap();
        let store = studio::store::Store::open(&path).unwrap();
        assert_eq!(
            store.consultation_settings().unwrap(),
            studio::store::ConsultationSettings::default(),
            "{fixture}"
        );
        assert!(store.bookings().unwrap().is_empty(), "{fixture}");
        store.read_everything().unwrap();
        let messages = store.contacts().unwrap().len();
        let s = studio::store::ConsultationSettings {
            enabled: true,
            ..Default::default()
        };
        store.put_consultation_settings(&s).unwrap();
        assert!(store.consultation_settings().unwrap().enabled);
        assert_eq!(
            store.contacts().unwrap().len(),
            messages,
            "{fixture}: nothing lost"
        );
    }
}
