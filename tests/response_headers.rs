//! Headers every answer carries, whatever made it: `nosniff` on JSON, text, redirects, 304s, media
//! and errors; `no-store` on the admin pages and the admin's JSON; page data kept out of search
//! results (issue 29).

mod common;

use common::{TestServer, upload};
use reqwest::Method;

/// A request: its method, its path, and one header to send with it.
type Case = (Method, String, Option<(&'static str, String)>);

fn header<'a>(res: &'a reqwest::Response, name: &str) -> &'a str {
    res.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

#[tokio::test]
async fn every_answer_says_nosniff() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let uploaded = upload(
        &server,
        &owner.token,
        "dot.png",
        "image/png",
        common::PNG.to_vec(),
    )
    .await;
    assert_eq!(uploaded.status(), 201);
    let media: serde_json::Value = uploaded.json().await.unwrap();
    let media_url = media["fileUrl"].as_str().unwrap().to_string();

    let mut cases: Vec<Case> = vec![
        (Method::GET, "/api/health".into(), None),
        (Method::GET, "/api/page-data?path=/about".into(), None),
        (Method::GET, "/api/page-data".into(), None),
        (Method::GET, "/api/no-such-call".into(), None),
        (Method::GET, "/api/admin/hero-slides".into(), None),
        (Method::POST, "/api/contact".into(), None),
        (Method::GET, "/healthz".into(), None),
        (Method::GET, "/robots.txt".into(), None),
        (Method::GET, "/sitemap.xml".into(), None),
        (Method::GET, "/no-such-page".into(), None),
        (Method::GET, "/about/".into(), None),
        (Method::DELETE, "/about".into(), None),
        (Method::GET, "/media/no-such-file.png".into(), None),
        (Method::GET, media_url.clone(), None),
        (
            Method::GET,
            media_url.clone(),
            Some((
                "if-none-match",
                format!("\"{}\"", media_url.trim_start_matches("/media/")),
            )),
        ),
    ];
    // A 304 of a page from memory.
    let about = server.get("/about").await;
    let etag = header(&about, "etag").to_string();
    assert!(!etag.is_empty());
    cases.push((Method::GET, "/about".into(), Some(("if-none-match", etag))));

    let mut statuses = Vec::new();
    for (method, path, extra) in cases {
        let mut req = server.client.request(method.clone(), server.url(&path));
        if let Some((name, value)) = &extra {
            req = req.header(*name, value);
        }
        let res = req.send().await.unwrap();
        statuses.push(res.status().as_u16());
        assert_eq!(
            header(&res, "x-content-type-options"),
            "nosniff",
            "{method} {path} ({})",
            res.status()
        );
    }
    // The cases reach what they are meant to: a redirect, a 304, not-found answers, a 405.
    for status in [301, 304, 404, 405] {
        assert!(statuses.contains(&status), "no {status} among {statuses:?}");
    }
    server.stop().await;
}

#[tokio::test]
async fn admin_pages_and_admin_json_are_never_stored() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    for path in ["/adminpanel", "/admin-login"] {
        let res = server.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(header(&res, "cache-control"), "no-store", "{path}");
    }
    for path in [
        "/api/admin/hero-slides",
        "/api/admin/company-settings",
        "/api/contacts",
    ] {
        let res = owner.send(Method::GET, path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(header(&res, "cache-control"), "no-store", "{path}");
    }
    let data = server.get("/api/page-data?path=/about").await;
    assert_eq!(data.status(), 200);
    assert_eq!(header(&data, "x-robots-tag"), "noindex");
    server.stop().await;
}
