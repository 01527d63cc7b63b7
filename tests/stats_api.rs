//! Visitor statistics against a real server: the beacon, the owner's report, what is left out,
//! batching to the data file, and (with the real binary) a graceful stop and a restart.

mod common;
mod ops_support;

use common::{TestServer, login, sorted_keys, texts};
use ops_support::send_with_token;
use serde_json::{Value, json};
use std::time::{Duration, SystemTime};
use studio::stats::{FLUSH_EVERY, date_of, day_in};

const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/131.0.0.0 Safari/537.36 StudioTestAgent/4.2";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CRAWLERS: [&str; 4] = [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "curl/8.5.0",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
     HeadlessChrome/131.0.0.0 Safari/537.36",
];

/// Sends what `ui/src/lib/beacon.ts` sends: a JSON Blob typed `application/json`.
async fn beacon(
    client: &reqwest::Client,
    base: &str,
    ua: &str,
    path: &str,
    referrer: Option<&str>,
) -> reqwest::Response {
    let body = match referrer {
        Some(r) => json!({ "path": path, "referrer": r }),
        None => json!({ "path": path }),
    };
    view(client, base, ua, &body).await
}

/// Sends `body` as the beacon would.
async fn view(client: &reqwest::Client, base: &str, ua: &str, body: &Value) -> reqwest::Response {
    client
        .post(format!("{base}/api/stats/view"))
        .header("user-agent", ua)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("beacon")
}

async fn counted(
    client: &reqwest::Client,
    base: &str,
    ua: &str,
    path: &str,
    referrer: Option<&str>,
) {
    let res = beacon(client, base, ua, path, referrer).await;
    assert_eq!(res.status(), 204, "beacon for {path}");
    assert!(res.headers().get("set-cookie").is_none());
}

async fn report(client: &reqwest::Client, base: &str, token: &str, days: u32) -> Value {
    let res = send_with_token(
        client.get(format!("{base}/api/admin/stats?days={days}")),
        token,
    )
    .await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// Sends an enquiry through the contact form as a person would, with `extra` fields (where the
/// visit came from, the answer to "How did you hear about us") beside the three required ones.
async fn enquire(server: &TestServer, extra: Value) {
    let mut body = json!({
        "name": "Asha Reddy",
        "email": "asha@example.in",
        "message": "Our new flat needs a complete interior.",
        "formToken": server.form_token(Duration::from_secs(30)),
    });
    for (key, value) in extra.as_object().expect("extra fields are an object") {
        body[key] = value.clone();
    }
    let res = server.post_json("/api/contact", &body).await;
    assert_eq!(res.status(), 201, "the enquiry is taken");
}

/// The report's lines of where visits and enquiries came from.
fn source_lines(report: &Value) -> impl Iterator<Item = &Value> {
    report["sources"].as_array().expect("sources").iter()
}

fn today(report: &Value) -> &Value {
    report["days"].as_array().unwrap().last().unwrap()
}

fn page_views(report: &Value, path: &str) -> u64 {
    report["pages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["path"] == path)
        .map_or(0, |p| p["views"].as_u64().unwrap())
}

#[tokio::test]
async fn people_are_counted_and_robots_and_admin_pages_are_not() {
    let server = TestServer::start().await;
    let (c, base) = (&server.client, server.base.as_str());
    // Visitor one: a full load from a search engine, then two navigations inside the app.
    counted(
        c,
        base,
        CHROME,
        "/",
        Some("https://www.google.com/search?q=interiors"),
    )
    .await;
    counted(c, base, CHROME, "/portfolio", None).await;
    counted(c, base, CHROME, "/portfolio/modern-serenity", None).await;
    // Visitor two, on a phone: a full load referred by the site itself, then one navigation.
    counted(c, base, IPHONE, "/about", Some(&format!("{base}/contact"))).await;
    counted(c, base, IPHONE, "/contact/", None).await;
    for crawler in CRAWLERS {
        counted(c, base, crawler, "/", None).await;
        counted(c, base, crawler, "/about", Some("https://www.bing.com/")).await;
    }
    for not_a_page in [
        "/adminpanel",
        "/admin-login",
        "/wp-login.php",
        "/../etc/passwd",
    ] {
        counted(c, base, CHROME, not_a_page, None).await;
    }
    // A visitor's message counts; a bot's (no form token: filed under spam) does not.
    let typed = server.form_token(std::time::Duration::from_secs(20));
    for body in [
        json!({ "name": "Meera", "email": "meera@example.in", "message": "Hello", "formToken": typed }),
        json!({ "name": "Bot", "email": "bot@example.in", "message": "Buy now" }),
    ] {
        let res = c
            .post(server.url("/api/contact"))
            .header("user-agent", CHROME)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
    }

    let token = login(&server).await;
    let r = report(c, base, &token, 7).await;
    // The four lists the report began with, and the ones added since (docs/stats.md) as further
    // properties: a client of the first four reads them unchanged.
    assert_eq!(
        sorted_keys(&r),
        ["days", "devices", "pages", "referrers", "sources", "taps"]
    );
    // The visitor's message came with no source, the bot's is spam: neither is a source line.
    assert_eq!(r["sources"], json!([]));
    let days = r["days"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    assert!(
        days.iter()
            .all(|d| sorted_keys(d) == ["date", "messages", "views", "visitors"])
    );
    // The studio's day, in Hyderabad, whatever the hour in UTC.
    let kolkata = studio::bookings::slots::zone("Asia/Kolkata").unwrap();
    assert_eq!(
        today(&r)["date"],
        date_of(day_in(&kolkata, SystemTime::now()))
    );
    assert_eq!(
        (
            today(&r)["views"].as_u64(),
            today(&r)["visitors"].as_u64(),
            today(&r)["messages"].as_u64()
        ),
        (Some(5), Some(2), Some(1))
    );
    for (path, views) in [
        ("/", 1),
        ("/portfolio", 1),
        ("/portfolio/modern-serenity", 1),
        ("/about", 1),
        ("/contact", 1),
        ("/adminpanel", 0),
        ("/admin-login", 0),
        ("/wp-login.php", 0),
    ] {
        assert_eq!(page_views(&r, path), views, "{path}");
    }
    assert!(
        r["pages"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| sorted_keys(p) == ["path", "views"])
    );
    assert_eq!(
        r["referrers"],
        json!([{ "host": "google.com", "name": "Google", "visits": 1 }])
    );
    assert_eq!(
        r["devices"],
        json!({ "phone": 1, "tablet": 0, "desktop": 1 })
    );
    // The same person again is one more view, not one more visitor.
    counted(c, base, CHROME, "/services", None).await;
    let r = report(c, base, &token, 30).await;
    assert_eq!(r["days"].as_array().unwrap().len(), 30);
    assert_eq!(today(&r)["views"], 6);
    assert_eq!(today(&r)["visitors"], 2);
    server.stop().await;
}

#[tokio::test]
async fn the_report_is_for_the_owner_and_bad_input_is_refused() {
    let server = TestServer::start().await;
    let c = &server.client;
    let res = c.get(server.url("/api/admin/stats")).send().await.unwrap();
    assert_eq!(res.status(), 401);
    let token = login(&server).await;
    for bad in ["0", "800", "week"] {
        let res = send_with_token(
            c.get(server.url(&format!("/api/admin/stats?days={bad}"))),
            &token,
        )
        .await;
        assert_eq!(res.status(), 400, "days={bad}");
        let body: Value = res.json().await.unwrap();
        assert!(body["message"].as_str().unwrap().contains("days"));
    }
    let res = send_with_token(c.get(server.url("/api/admin/stats")), &token).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["days"].as_array().unwrap().len(),
        30,
        "30 days by default"
    );
    let res = c
        .post(server.url("/api/stats/view"))
        .header("user-agent", CHROME)
        .header("content-type", "application/json")
        .body("not json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    // What another site could make its visitors' browsers send: a string, typed text/plain.
    for content_type in [Some("text/plain;charset=UTF-8"), None] {
        let mut req = c
            .post(server.url("/api/stats/view"))
            .header("user-agent", CHROME)
            .body(json!({ "path": "/" }).to_string());
        if let Some(t) = content_type {
            req = req.header("content-type", t);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.status(), 415, "{content_type:?}");
    }
    let res = c
        .post(server.url("/api/stats/view"))
        .header("content-type", "application/json")
        .body(json!({ "path": "x".repeat(8 * 1024) }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413);
    server.stop().await;
}

/// Sends what `ui/src/lib/beacon.ts` sends for a tap on a contact link.
async fn tap(client: &reqwest::Client, base: &str, ua: &str, body: Value) -> reqwest::Response {
    client
        .post(format!("{base}/api/stats/tap"))
        .header("user-agent", ua)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("tap")
}

fn taps_of<'a>(report: &'a Value, kind: &str) -> &'a Value {
    report["taps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in {report}"))
}

#[tokio::test]
async fn taps_on_contact_links_are_counted_per_kind_and_page() {
    let server = TestServer::start().await;
    let (c, base) = (&server.client, server.base.as_str());
    let serenity = "/portfolio/modern-serenity";
    for (ua, kind, path) in [
        (IPHONE, "whatsapp", serenity),
        (IPHONE, "whatsapp", "/portfolio/modern-serenity/"),
        (CHROME, "whatsapp", "/contact"),
        (CHROME, "phone", "/contact"),
        (CHROME, "booking", "/services/consultation"),
        // Left out as views are: robots, admin pages, pages the site has not.
        (CRAWLERS[0], "whatsapp", serenity),
        (CRAWLERS[2], "phone", "/"),
        (CHROME, "email", "/adminpanel"),
        (CHROME, "email", "/portfolio/made-up"),
    ] {
        let res = tap(c, base, ua, json!({ "kind": kind, "path": path })).await;
        assert_eq!(res.status(), 204, "{kind} on {path}");
        assert!(res.headers().get("set-cookie").is_none());
    }
    // A kind outside the fixed list, or a body without one: 400 naming the field.
    for body in [
        json!({ "kind": "instagram", "path": "/" }),
        json!({ "kind": "WhatsApp", "path": "/" }),
        json!({ "path": "/" }),
    ] {
        let res = tap(c, base, CHROME, body.clone()).await;
        assert_eq!(res.status(), 400, "{body}");
        let answer: Value = res.json().await.unwrap();
        assert!(
            answer["message"].as_str().unwrap().contains("kind"),
            "{answer}"
        );
    }
    let res = c
        .post(server.url("/api/stats/tap"))
        .header("user-agent", CHROME)
        .header("content-type", "text/plain;charset=UTF-8")
        .body(json!({ "kind": "phone", "path": "/" }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 415);

    let token = login(&server).await;
    let r = report(c, base, &token, 7).await;
    let kinds: Vec<(&str, u64)> = r["taps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["kind"].as_str().unwrap(), t["taps"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("whatsapp", 3),
            ("phone", 1),
            ("email", 0),
            ("booking", 1),
            ("brochure", 0)
        ]
    );
    assert_eq!(
        taps_of(&r, "whatsapp")["pages"],
        json!([{ "path": serenity, "taps": 2 }, { "path": "/contact", "taps": 1 }])
    );
    assert_eq!(taps_of(&r, "email")["pages"], json!([]));
    // Taps are not views and make no visitor.
    assert_eq!(
        (today(&r)["views"].as_u64(), today(&r)["visitors"].as_u64()),
        (Some(0), Some(0))
    );
    server.stop().await;
}

#[tokio::test]
async fn public_pages_set_no_cookie() {
    let server = TestServer::start().await;
    let routes = &studio::site::ROUTES.routes;
    let paths = routes
        .iter()
        .filter(|r| !r.admin)
        .map(|r| r.path.as_str())
        .chain(["/no-such-page", "/robots.txt", "/sitemap.xml"]);
    for path in paths {
        let res = server
            .client
            .get(server.url(path))
            .header("user-agent", CHROME)
            .send()
            .await
            .unwrap();
        assert!(res.headers().get("set-cookie").is_none(), "{path}");
    }
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn counts_reach_the_data_file_in_batches() {
    let server = TestServer::start().await;
    let (c, base) = (&server.client, server.base.as_str());
    let stored = |server: &TestServer| server.app.store.stats_days(0, u32::MAX).unwrap();
    counted(c, base, CHROME, "/", None).await;
    assert!(stored(&server).is_empty(), "no write per view");
    let token = login(&server).await;
    assert_eq!(
        today(&report(c, base, &token, 1).await)["views"],
        1,
        "memory counts too"
    );
    tokio::time::sleep(FLUSH_EVERY).await;
    // The write runs on a blocking thread; paused time does not advance while it does.
    for _ in 0..100 {
        if !stored(&server).is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let days = stored(&server);
    assert_eq!(days.len(), 1);
    assert_eq!((days[0].1.views, days[0].1.visitors), (1, 1));
    assert_eq!(
        today(&report(c, base, &token, 1).await)["views"],
        1,
        "not counted twice"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_graceful_stop_writes_the_counts_and_nothing_that_identifies_anyone() {
    let (dir, data) = ops_support::fresh_data();
    let client = reqwest::Client::new();
    let mut server = ops_support::Server::start(dir.path(), &data, &[]);
    let base = server.base.clone();
    counted(
        &client,
        &base,
        CHROME,
        "/",
        Some("https://news.example.org/story?id=1"),
    )
    .await;
    counted(&client, &base, CHROME, "/about", None).await;
    counted(&client, &base, IPHONE, "/portfolio", None).await;
    // Straight away: the counts are in memory only until the stop writes them.
    server.signal("TERM");
    assert!(server.wait().success(), "{}", server.stderr_text());

    let bytes = std::fs::read(&data).unwrap();
    let contains = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(contains(b"/portfolio"), "the counts were written");
    for secret in [
        b"StudioTestAgent".as_slice(),
        b"iPhone OS",
        b"Mozilla",
        b"127.0.0.1",
        b"story?id",
    ] {
        assert!(
            !contains(secret),
            "{} in the data file",
            String::from_utf8_lossy(secret)
        );
    }
    let log = server.stderr_text() + &server.stdout.lock().unwrap().join("\n");
    assert!(
        !log.contains("StudioTestAgent"),
        "the user agent was logged"
    );

    let server = ops_support::Server::start(dir.path(), &data, &[]);
    let base = server.base.clone();
    counted(&client, &base, IPHONE, "/contact", None).await;
    let token = ops_support::login(&client, &base).await;
    let r = report(&client, &base, &token, 1).await;
    assert_eq!(today(&r)["views"], 4, "kept across the restart");
    assert_eq!(page_views(&r, "/about"), 1);
    assert_eq!(
        r["referrers"],
        json!([{ "host": "news.example.org", "name": "news.example.org", "visits": 1 }])
    );
}

/// A script posting made-up case studies and spam referrers, a new User-Agent each time, can
/// neither list them nor push a real page out of the day's report (issue 29).
#[tokio::test]
async fn made_up_pages_and_spam_referrers_stay_out_of_the_report() {
    let server = TestServer::start().await;
    let (c, base) = (&server.client, server.base.as_str());
    for i in 0..100 {
        let ua = format!("{CHROME} Spam/{i}");
        let referrer = format!("https://spam-casino-{i}.example/");
        counted(
            c,
            base,
            &ua,
            &format!("/portfolio/bogus-{i}"),
            Some(&referrer),
        )
        .await;
    }
    counted(c, base, IPHONE, "/portfolio/modern-serenity", None).await;
    let token = login(&server).await;
    let report = report(c, base, &token, 1).await;
    let pages = texts(&report["pages"], "path");
    assert!(
        pages.iter().all(|p| !p.contains("bogus")),
        "made-up pages listed: {pages:?}"
    );
    assert_eq!(page_views(&report, "/portfolio/modern-serenity"), 1);
    let spam = report["referrers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r.to_string().contains("spam-casino"))
        .count();
    assert_eq!(
        spam, 0,
        "referrers of views that were not counted: {report}"
    );
    server.stop().await;
}

/// One address counts at most 60 views a minute, and names at most 10 referring sites an hour.
#[tokio::test]
async fn one_address_counts_a_sane_number_of_views() {
    let server = TestServer::start().await;
    let (c, base) = (&server.client, server.base.as_str());
    for i in 0..100 {
        let ua = format!("{CHROME} Reader/{i}");
        let referrer = format!("https://site-{i}.example/");
        counted(c, base, &ua, "/about", Some(&referrer)).await;
    }
    let token = login(&server).await;
    let report = report(c, base, &token, 1).await;
    assert_eq!(page_views(&report, "/about"), 60, "{report}");
    assert_eq!(
        report["referrers"].as_array().unwrap().len(),
        10,
        "{report}"
    );
    server.stop().await;
}

/// `utm_campaign` of the landing address, sent with the view that starts a visit: counted per day
/// and shown as the visits of the campaign's line among the sources of enquiries. A campaign that is
/// not a usable name is left out and the view still counts.
#[tokio::test]
async fn campaigns_are_counted_beside_the_enquiries_they_bring() {
    let server = TestServer::start().await;
    let (c, base) = (&server.client, server.base.as_str());
    let view = |ua: String, body: Value| async move {
        assert_eq!(view(c, base, &ua, &body).await.status(), 204, "{body}");
    };
    view(
        format!("{CHROME} A"),
        json!({ "path": "/portfolio", "campaign": " diwali-2026 " }),
    )
    .await;
    view(
        format!("{IPHONE} B"),
        json!({ "path": "/", "referrer": "https://l.instagram.com/", "campaign": "diwali-2026" }),
    )
    .await;
    // In-app navigation sends none.
    view(format!("{IPHONE} B"), json!({ "path": "/about" })).await;
    let long = "x".repeat(101);
    for campaign in [
        json!(""),
        json!(42),
        json!(null),
        json!({ "a": 1 }),
        json!(long),
    ] {
        view(
            format!("{CHROME} C"),
            json!({ "path": "/", "campaign": campaign }),
        )
        .await;
    }
    enquire(
        &server,
        json!({
            "source": { "page": "/contact", "landing": "/?utm_campaign=diwali-2026", "utmCampaign": "diwali-2026" }
        }),
    )
    .await;
    let token = login(&server).await;
    let report = report(c, base, &token, 1).await;
    assert_eq!(today(&report)["views"], 8, "{report}");
    let line = source_lines(&report)
        .find(|l| l["kind"] == "campaign")
        .cloned();
    assert_eq!(
        line,
        Some(
            json!({ "kind": "campaign", "name": "diwali-2026", "visits": 2, "enquiries": 1, "won": 0 })
        ),
        "{report}"
    );
    server.stop().await;
}

/// A link opened from the WhatsApp app brings no referrer: its `?utm_source=whatsapp` says where
/// the visit came from, and the enquiry's "How did you hear about us" counts with the sources.
#[tokio::test]
async fn a_visit_from_whatsapp_and_an_answer_naming_instagram_are_sources() {
    let server = TestServer::start().await;
    let (c, base) = (&server.client, server.base.as_str());
    let body = json!({ "path": "/", "source": "WhatsApp" });
    assert_eq!(view(c, base, IPHONE, &body).await.status(), 204);
    let body = json!({ "path": "/", "referrer": "https://l.instagram.com/" });
    assert_eq!(view(c, base, CHROME, &body).await.status(), 204);
    enquire(
        &server,
        json!({
            "heardFrom": "Saw your work on Instagram",
            "source": { "page": "/contact", "landing": "/?utm_source=whatsapp", "utmSource": "whatsapp" }
        }),
    )
    .await;
    let token = login(&server).await;
    let report = report(c, base, &token, 1).await;
    let referrers = report["referrers"].as_array().unwrap();
    assert!(
        referrers.contains(&json!({ "host": "whatsapp", "name": "WhatsApp", "visits": 1 })),
        "{report}"
    );
    let line = |name: &str| {
        source_lines(&report)
            .find(|l| l["kind"] == "referrer" && l["name"] == name)
            .map(|l| (l["visits"].clone(), l["enquiries"].clone()))
    };
    assert_eq!(line("WhatsApp"), Some((json!(1), json!(1))), "{report}");
    assert_eq!(line("Instagram"), Some((json!(1), json!(1))), "{report}");
    server.stop().await;
}
