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
        assert_eq!(res.headers()["cache-control"], "no-cache");
        assert!(res.headers().contains_key("etag"));
        let csp = res.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            csp.contains("script-src 'self';") && csp.contains("frame-ancestors 'none'"),
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

#[tokio::test]
async fn robots_and_sitemap_are_real_files() {
    let server = TestServer::start().await;
    let res = server.get("/robots.txt").await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let robots = res.text().await.unwrap();
    assert!(robots.contains("Disallow: /adminpanel"));
    assert!(robots.contains(&format!("Sitemap: {}/sitemap.xml", server.base)));
    let res = server.get("/sitemap.xml").await;
    assert_eq!(res.status(), 200);
    let xml = res.text().await.unwrap();
    assert!(xml.contains(&format!(
        "<loc>{}/portfolio/ceramic-design</loc>",
        server.base
    )));
    assert!(!xml.contains("adminpanel"));
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
    let res = server
        .client
        .post(server.url("/api/health"))
        .send()
        .await
        .unwrap();
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
