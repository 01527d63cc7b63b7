//! The website over real HTTP: pages with their head tags and status, files, robots and sitemap,
//! and JSON errors everywhere under /api.

mod common;

use common::TestServer;
use studio::site::ROUTES;

#[tokio::test]
async fn every_route_answers_200_with_its_own_title() {
    let server = TestServer::start().await;
    for route in ROUTES.fixed() {
        let res = server.get(&route.path).await;
        assert_eq!(res.status(), 200, "{}", route.path);
        assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
        // The panel's pages show the owner's session: never kept by a cache (issue 29).
        let caching = if route.admin { "no-store" } else { "no-cache" };
        assert_eq!(res.headers()["cache-control"], caching, "{}", route.path);
        assert!(res.headers().contains_key("etag"));
        let csp = res.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            csp.contains("script-src 'self' 'sha256-") && csp.contains("frame-ancestors 'none'"),
            "{csp}"
        );
        let body = res.text().await.unwrap();
        let title = format!(
            "<title>{} | Nivasa Design Studio</title>",
            route.title.replace('&', "&amp;")
        );
        assert!(body.contains(&title), "{}: {title}", route.path);
        assert!(body.contains("og:type\" content=\"website\""));
        assert!(body.contains("<script type=\"application/json\" id=\"site-data\">"));
    }
    server.stop().await;
}

#[tokio::test]
async fn unknown_pages_are_404_with_the_spa_shell() {
    let server = TestServer::start().await;
    let res = server.get("/no-such-page").await;
    assert_eq!(res.status(), 404);
    assert!(res.text().await.unwrap().contains("id=\"app\""));
    let res = server.get("/about/").await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/about");
    server.stop().await;
}

#[tokio::test]
async fn the_shell_revalidates_with_its_etag() {
    let server = TestServer::start().await;
    let etag = server.get("/").await.headers()["etag"].clone();
    let res = server
        .client
        .get(server.url("/"))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 304);
    server.stop().await;
}

#[tokio::test]
async fn assets_are_embedded_and_immutable() {
    let server = TestServer::start().await;
    let html = server.get("/").await.text().await.unwrap();
    let assets: Vec<&str> = html
        .split(['"', '\''])
        .filter(|s| s.starts_with("/assets/"))
        .collect();
    assert!(assets.iter().any(|a| a.ends_with(".js")), "{html}");
    assert!(assets.iter().any(|a| a.ends_with(".css")), "{html}");
    for asset in assets {
        let res = server.get(asset).await;
        assert_eq!(res.status(), 200, "{asset}");
        assert_eq!(
            res.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        if asset.ends_with(".js") {
            assert_eq!(ct, "text/javascript", "{asset}");
        } else if asset.ends_with(".css") {
            assert_eq!(ct, "text/css", "{asset}");
        }
    }
    let res = server.get("/assets/nope.js").await;
    assert_eq!(res.status(), 404);
    server.stop().await;
}

async fn get_as(server: &TestServer, path: &str, host: &str) -> reqwest::Response {
    server
        .client
        .get(server.url(path))
        .header("host", host)
        .send()
        .await
        .unwrap()
}

/// The review's finding: with `public_url` unset, `Host: evil.example` made the sitemap list
/// `http://evil.example/...`. The origin is only ever what the host or the owner set.
#[tokio::test]
async fn robots_and_sitemap_name_only_the_configured_origin_never_the_host_header() {
    let server = TestServer::start().await;
    let res = get_as(&server, "/robots.txt", "evil.example").await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let robots = res.text().await.unwrap();
    assert!(robots.contains("Disallow: /adminpanel"));
    assert!(
        !robots.contains("Sitemap"),
        "no address, no sitemap: {robots}"
    );
    assert!(!robots.contains("evil"));
    let res = get_as(&server, "/sitemap.xml", "evil.example").await;
    assert_eq!(res.status(), 404);
    assert!(!res.text().await.unwrap().contains("evil"));

    // The owner sets the site address in the panel.
    let token = common::login(&server).await;
    let save = |value: &str| {
        server
            .client
            .post(server.url("/api/admin/company-settings"))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "settingKey": "site_url", "settingValue": value }))
            .send()
    };
    for bad in [
        "studio.example",
        "https://studio.example/path",
        "javascript:alert(1)",
    ] {
        let res = save(bad).await.unwrap();
        assert_eq!(res.status(), 400, "{bad}");
        let body: serde_json::Value = res.json().await.unwrap();
        assert!(
            body["message"].as_str().unwrap().contains("settingValue"),
            "{body}"
        );
    }
    let res = save("https://Studio.Example/").await.unwrap();
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["settingValue"], "https://studio.example");
    let (status, address) = common::call(
        &server,
        &token,
        reqwest::Method::GET,
        "/api/admin/site-address",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        address,
        serde_json::json!({ "origin": "https://studio.example", "source": "site_url" })
    );
    let robots = get_as(&server, "/robots.txt", "evil.example")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        robots.contains("Sitemap: https://studio.example/sitemap.xml"),
        "{robots}"
    );
    let res = get_as(&server, "/sitemap.xml", "evil.example").await;
    assert_eq!(res.status(), 200);
    let xml = res.text().await.unwrap();
    assert!(xml.contains("<loc>https://studio.example/portfolio/ceramic-design</loc>"));
    assert!(!xml.contains("evil") && !xml.contains("adminpanel"));
    // The pages' canonical links come from the same place.
    let page = get_as(&server, "/about", "evil.example")
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains("https://studio.example/about"), "canonical");
    assert!(!page.contains("evil.example"));
    server.stop().await;

    // studio.toml's public_url wins over the panel's address.
    let server = TestServer::start_with(studio::config::Layer {
        public_url: Some("https://www.studio.example".into()),
        ..Default::default()
    })
    .await;
    server
        .app
        .store
        .upsert_setting("site_url", "https://other.example", "Site address")
        .unwrap();
    let xml = get_as(&server, "/sitemap.xml", "evil.example")
        .await
        .text()
        .await
        .unwrap();
    assert!(xml.contains("<loc>https://www.studio.example/portfolio/ceramic-design</loc>"));
    assert!(!xml.contains("other.example"));
    server.stop().await;
}

#[tokio::test]
async fn api_errors_are_json_never_html_or_405_for_unknown_paths() {
    let server = TestServer::start().await;
    for (method, path) in [
        ("GET", "/api/no-such"),
        ("POST", "/api/no-such"),
        ("DELETE", "/api/admin/nothing/here"),
        ("GET", "/api"),
    ] {
        let res = server
            .client
            .request(method.parse().unwrap(), server.url(path))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 404, "{method} {path}");
        assert_eq!(res.headers()["content-type"], "application/json");
        let body: serde_json::Value = res.json().await.unwrap();
        assert!(body["message"].is_string(), "{method} {path}: {body}");
    }
    let res = server.send(reqwest::Method::POST, "/api/health").await;
    assert_eq!(res.status(), 405);
    assert_eq!(res.headers()["content-type"], "application/json");
    server.stop().await;
}

#[tokio::test]
async fn healthz_reports_a_usable_data_file() {
    let server = TestServer::start().await;
    let res = server.get("/healthz").await;
    assert_eq!(res.status(), 200);
    let res = server.get("/api/health").await;
    assert_eq!(res.status(), 200);
    server.stop().await;
}

#[tokio::test]
async fn site_data_in_the_shell_follows_the_store() {
    let server = TestServer::start().await;
    let store = server.app.store.clone();
    store
        .upsert_setting("company_phone", "+91 99999 00000", "Company phone")
        .unwrap();
    server.app.refresh_site().unwrap();
    let html = server.get("/contact").await.text().await.unwrap();
    assert!(html.contains("+91 99999 00000"));
    server.stop().await;
}
