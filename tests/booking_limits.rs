//! What one visitor can make the studio do (issue 39, findings 2, 5 and 6), against a real server,
//! data file and SMTP server: 40 moves through one booking's links mail the visitor at most the
//! day's cap and carry none of the visitor's text to them; the open bookings per address,
//! network, e-mail and phone are capped, with one notice to the owner; and a used manage link is
//! not renewed by the confirmation page.

mod common;
mod smtp_support;

use common::{TestServer, call, login};
use reqwest::Method;
use serde_json::{Value, json};
use smtp_support::{Behaviour, Mail, SmtpServer};
use std::time::Duration;
use studio::bookings::caps::{
    OPEN_PER_ADDRESS, OPEN_PER_EMAIL, OPEN_PER_NETWORK, VISITOR_MAILS_A_DAY,
};
use studio::config::Layer;

/// A server that mails through `smtp` (when given) and believes `X-Forwarded-For` from loopback.
async fn server(smtp: Option<&SmtpServer>) -> TestServer {
    TestServer::start_with(Layer {
        trusted_proxies: Some(vec!["127.0.0.1".into()]),
        smtp: smtp.map(SmtpServer::layer),
        ..Layer::default()
    })
    .await
}

/// Booking on, every hour of every day, two hours' notice; the free times of the next 3 days.
async fn free_times(server: &TestServer) -> Vec<String> {
    let token = login(server).await;
    let all_day = json!([["00:00", "24:00"]]);
    let week: serde_json::Map<String, Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| (d.to_string(), all_day.clone()))
        .collect();
    let settings = json!({ "enabled": true, "noticeHours": 2, "weekly": week });
    let path = "/api/admin/consultation-settings";
    let (status, body) = call(server, &token, Method::PUT, path, Some(settings)).await;
    assert_eq!(status, 200, "{body}");
    let list: Vec<Value> = server
        .get("/api/consultations/slots?days=3")
        .await
        .json()
        .await
        .unwrap();
    list.iter()
        .map(|s| s["start"].as_str().unwrap().to_string())
        .collect()
}

/// Books `start` from address `from` as `email` / `phone`; the status and the answer.
async fn book_as(
    server: &TestServer,
    from: &str,
    start: &str,
    email: &str,
    phone: &str,
) -> (u16, Value) {
    let body = json!({
        "start": start, "name": "Click http://spam.example now", "email": email, "phone": phone,
        "message": "Cheap watches at spam.example", "website": "",
        "formToken": server.form_token(Duration::from_secs(20)),
    });
    let res = server
        .client
        .post(server.url("/api/consultations"))
        .header("x-forwarded-for", from)
        .json(&body)
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

/// The token of the first `/book/manage?t=` link in a page.
fn manage_token(page: &str) -> Option<String> {
    let at = page.find("href=\"/book/manage?t=")? + "href=\"/book/manage?t=".len();
    Some(page[at..at + page[at..].find('"')?].to_string())
}

/// Moves a booking by its link to `start`; the next link when it moved.
async fn move_by_link(server: &TestServer, link: &str, start: &str) -> Option<String> {
    let res = server
        .client
        .post(server.url("/book/manage"))
        .header("x-forwarded-for", "192.0.2.50")
        .form(&[("t", link), ("action", "move"), ("start", start)])
        .send()
        .await
        .unwrap();
    if res.status() != 303 {
        let page = res.text().await.unwrap();
        assert!(page.contains("call or WhatsApp"), "{page}");
        return None;
    }
    let booked = res.headers()["location"].to_str().unwrap().to_string();
    manage_token(&server.get(&booked).await.text().await.unwrap())
}

/// Opens booking and books its first free time as `email`: the free times, the answer and the
/// manage link's token.
async fn first_booking(server: &TestServer, email: &str) -> (Vec<String>, Value, String) {
    let times = free_times(server).await;
    let (status, made) = book_as(server, "192.0.2.50", &times[0], email, "98480 12345").await;
    assert_eq!(status, 201, "{made}");
    let link = made["manage"].as_str().unwrap()["/book/manage?t=".len()..].to_string();
    (times, made, link)
}

/// Every mail the outbox takes until it is empty: exactly `n`, then none.
async fn mails(server: &TestServer, smtp: &mut SmtpServer, n: usize) -> Vec<Mail> {
    let mut got = Vec::new();
    while got.len() < n {
        got.push(smtp.next_mail().await);
    }
    while server.app.notifier.counts().unwrap().queued > 0 {
        tokio::task::yield_now().await;
    }
    let counts = server.app.notifier.counts().unwrap();
    assert_eq!(counts.sent, n as u64, "{counts:?}");
    got
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_moves_by_the_link_mail_the_visitor_at_most_the_days_cap() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = server(Some(&smtp)).await;
    let (times, _, mut link) = first_booking(&server, "victim@target.example").await;
    let mut moved = 0;
    for n in 0..40 {
        if let Some(next) = move_by_link(&server, &link, &times[1 + n % 2]).await {
            link = next;
            moved += 1;
        }
    }
    // Five moves a day per booking; the rest were refused, with the studio's phone as the way on.
    assert_eq!(moved, 5);
    // The booking and two moves reach the visitor; the studio hears of all six.
    let cap = usize::from(VISITOR_MAILS_A_DAY);
    let all = mails(&server, &mut smtp, cap + 1 + moved).await;
    let (to_visitor, to_studio): (Vec<_>, Vec<_>) = all
        .iter()
        .partition(|m| m.to.iter().any(|t| t.contains("victim@target.example")));
    assert_eq!((to_visitor.len(), to_studio.len()), (cap, 1 + moved));
    // Nothing the visitor typed rides to an address that has not shown it is theirs; the studio
    // gets it all.
    for mail in &to_visitor {
        assert!(!mail.data.contains("spam.example"), "{}", mail.data);
        assert!(!mail.data.contains("Click"), "{}", mail.data);
    }
    assert!(to_studio.iter().all(|m| m.data.contains("spam.example")));
    let stored = server.app.store.bookings().unwrap();
    assert_eq!(stored[0].visitor_mails, VISITOR_MAILS_A_DAY);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_used_manage_link_is_not_renewed_by_the_confirmation_page() {
    let server = server(None).await;
    let (times, made, old) = first_booking(&server, "ravi@example.in").await;
    let calendar = made["ics"].as_str().unwrap().split_once("?t=").unwrap().1;
    let booked = |m: &str| format!("/book/booked?t={calendar}&m={m}");
    // The current link: the page offers it.
    let page = server.get(&booked(&old)).await.text().await.unwrap();
    assert!(manage_token(&page).is_some(), "{page}");
    let new = move_by_link(&server, &old, &times[1]).await.unwrap();
    // The used one: no fresh link comes back, and the old one cancels nothing.
    let page = server.get(&booked(&old)).await.text().await.unwrap();
    assert_eq!(manage_token(&page), None, "{page}");
    let page = server.get(&booked(&new)).await.text().await.unwrap();
    assert_eq!(manage_token(&page).as_deref(), Some(new.as_str()));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_visitor_cannot_hoard_the_free_times() {
    let mut smtp = SmtpServer::start(Behaviour::default()).await;
    let server = server(Some(&smtp)).await;
    let times = free_times(&server).await;
    let mut next = times.iter();
    let mut held = 0;
    let mut book = async |from: &str, email: &str, phone: &str| {
        let answer = book_as(&server, from, next.next().unwrap(), email, phone).await;
        held += usize::from(answer.0 == 201);
        answer
    };
    let refused = |(status, body): (u16, Value)| {
        assert_eq!(status, 429, "{body}");
        let m = body["message"].as_str().unwrap();
        assert!(m.contains("call or WhatsApp"), "{m}");
    };
    // One address, a new e-mail and phone each time.
    for n in 0..OPEN_PER_ADDRESS {
        let (status, body) = book(
            "203.0.113.7",
            &format!("a{n}@example.in"),
            &format!("98480 1000{n}"),
        )
        .await;
        assert_eq!(status, 201, "{body}");
    }
    refused(book("203.0.113.7", "a9@example.in", "98480 10009").await);
    // Its neighbours on the /24 fill the network's cap.
    for n in OPEN_PER_ADDRESS..OPEN_PER_NETWORK {
        let from = format!("203.0.113.{}", 20 + n);
        let (status, body) = book(
            &from,
            &format!("b{n}@example.in"),
            &format!("98480 2000{n}"),
        )
        .await;
        assert_eq!(status, 201, "{body}");
    }
    refused(book("203.0.113.99", "c@example.in", "98480 30000").await);
    // One e-mail from anywhere, however it is written; one phone however it is written.
    for n in 0..OPEN_PER_EMAIL {
        let from = format!("198.51.{n}.1");
        let phone = format!("98480 4000{n}");
        assert_eq!(book(&from, "Meera@example.in", &phone).await.0, 201);
    }
    refused(book("198.51.9.1", "meera@EXAMPLE.in", "98480 40009").await);
    assert_eq!(
        book("198.51.10.1", "d1@example.in", "98480 50000").await.0,
        201
    );
    assert_eq!(
        book("198.51.11.1", "d2@example.in", "+91 98480-50000")
            .await
            .0,
        201
    );
    refused(book("198.51.12.1", "d3@example.in", "098480 50000").await);
    // A cancelled booking frees its place under the caps.
    let meera = server
        .app
        .store
        .bookings()
        .unwrap()
        .into_iter()
        .find(|b| b.email.eq_ignore_ascii_case("meera@example.in"))
        .unwrap();
    server
        .app
        .store
        .change_booking(meera.id, |b, _| {
            b.status = studio::store::BookingStatus::Cancelled;
            Ok::<_, ()>(())
        })
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(
        book("198.51.13.1", "meera@example.in", "98480 40008")
            .await
            .0,
        201
    );
    // Each booking mails the visitor and the studio; four refusals tell the owner once.
    let all = mails(&server, &mut smtp, 2 * held + 1).await;
    let notices = all
        .iter()
        .filter(|m| m.data.contains("could not book a consultation online"))
        .count();
    assert_eq!(notices, 1);
    server.stop().await;
}
