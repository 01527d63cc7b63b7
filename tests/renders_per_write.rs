//! Only what a write changes is rendered again (issue 33): the number of page bodies the server
//! renders after each kind of admin save, counted by the page cache, on a site with more projects
//! and news than the seed; and the home page's inlined data stays the same size as they grow.

mod common;

use common::{TestServer, inlined};
use serde_json::{Value, json};
use std::time::Duration;

/// Waits until every page of the live set has had its render; the renders since `before`.
fn renders_since(server: &TestServer, before: u64) -> u64 {
    assert!(
        server
            .app
            .shells
            .pages()
            .wait_rendered(Duration::from_secs(120))
    );
    server.app.shells.renders() - before
}

fn project(i: usize, category: &str) -> Value {
    json!({
        "title": format!("Garden house {i}"),
        "slug": format!("garden-house-{i}"),
        "category": category,
        "year": 2020,
        "description": format!("A house around a garden, number {i}."),
        "intro": "Light, stone and shade.",
        "sections": [{ "title": "Brief", "bullets": ["Open the rooms to the garden"] }],
        "gallery": [],
        "coverUrl": "",
        "isActive": true,
    })
}

async fn home_data(server: &TestServer) -> Value {
    let html = server.get("/").await.text().await.unwrap();
    inlined(&html)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_kind_of_save_renders_only_the_pages_it_changes() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let home_before = home_data(&server).await;
    let mut ids = Vec::new();
    for i in 0..12 {
        let category = if i % 2 == 0 {
            "Residential"
        } else {
            "Specialty"
        };
        let (status, body) = owner
            .post("/api/admin/portfolio-projects", project(i, category))
            .await;
        assert_eq!(status, 201, "{body}");
        ids.push(body["id"].as_u64().unwrap());
    }
    for i in 0..12 {
        let (status, body) = owner.post("/api/admin/news-items", json!({ "date": format!("2019-01-{:02}", i + 1), "title": format!("Old note {i}"), "content": "From the archive." }))
        .await;
        assert_eq!(status, 201, "{body}");
    }
    let all = {
        let before = server.app.shells.renders();
        // A change every page shows (the footer's address) renders every public page once.
        let (status, _) = owner.post("/api/admin/company-settings", json!({ "settingKey": "company_address", "settingValue": "Road No. 36, Jubilee Hills", "description": "Company address" }))
        .await;
        assert_eq!(status, 200);
        renders_since(&server, before)
    };
    // 14 fixed routes, the not-found page, 4 portfolio categories, the seed's projects and 12 more.
    assert!(all > 30, "a settings save rendered {all} pages");

    // A project far down the list, in a category with a filter of its own: its case study, the
    // portfolio and that category's view (the pages of the list that show it).
    let before = server.app.shells.renders();
    // New work goes first, so the third created is tenth of twelve: past the home page's three
    // and the footer's cards.
    let mut edited = project(2, "Residential");
    edited["title"] = json!("Garden house, extended");
    let (status, body) = owner
        .put(&format!("/api/admin/portfolio-projects/{}", ids[2]), edited)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(renders_since(&server, before), 3);
    let case = server.get("/portfolio/garden-house-2").await.text().await;
    assert!(case.unwrap().contains("Garden house, extended"));

    // A draft nobody sees renders nothing.
    let before = server.app.shells.renders();
    let mut draft = project(99, "Commercial");
    draft["isActive"] = json!(false);
    let (status, _) = owner.post("/api/admin/portfolio-projects", draft).await;
    assert_eq!(status, 201);
    assert_eq!(renders_since(&server, before), 0);

    // The newest news item: the home page, the journal's two pages of 12 (each shows the total),
    // its own page and the article before it (whose 'next' it is; issue 32). One older than the
    // carousel's: the same but the home page.
    let before = server.app.shells.renders();
    owner
        .post(
            "/api/admin/news-items",
            json!({ "date": "2031-01-01", "title": "Newest note", "content": "Just in." }),
        )
        .await;
    assert_eq!(renders_since(&server, before), 5);
    let before = server.app.shells.renders();
    owner
        .post(
            "/api/admin/news-items",
            json!({ "date": "2001-01-01", "title": "Ancient note", "content": "Long ago." }),
        )
        .await;
    assert_eq!(renders_since(&server, before), 4);

    // A hero slide: the home page alone.
    let (_, slides) = owner.get("/api/admin/hero-slides").await;
    let mut slide = slides[0].clone();
    slide["title"] = json!("A new first slide");
    let before = server.app.shells.renders();
    let (status, _) = owner
        .put(&format!("/api/admin/hero-slides/{}", slide["id"]), slide)
        .await;
    assert_eq!(status, 200);
    assert_eq!(renders_since(&server, before), 1);

    // A page record: the pages that show it (the services record: /services and the home page's
    // services section, not the whole site).
    let (_, record) = owner.get("/api/admin/pages/services").await;
    let mut content = record["content"].clone();
    content["seo"]["title"] = json!("Services, newly worded");
    let before = server.app.shells.renders();
    let (status, body) = owner
        .put(
            "/api/admin/pages/services",
            json!({ "version": record["version"], "content": content }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let services = renders_since(&server, before);
    assert!((1..=8).contains(&services), "{services} of {all}");

    // The home page inlines the carousel's news and the teaser's projects, not the archive.
    let home = home_data(&server).await;
    assert_eq!(home["news"].as_array().unwrap().len(), 6);
    assert_eq!(home["news"][0]["title"], "Newest note");
    assert_eq!(home["projects"].as_array().unwrap().len(), 3);
    let size = |v: &Value| serde_json::to_string(v).unwrap().len();
    assert!(
        size(&home) < size(&home_before) + 2048,
        "the home page's data grew from {} to {} bytes",
        size(&home_before),
        size(&home)
    );

    // The portfolio is paged: 24 projects a page, each page a real address with its own data.
    for i in 20..40 {
        let (status, _) = owner
            .post("/api/admin/portfolio-projects", project(i, "Residential"))
            .await;
        assert_eq!(status, 201);
    }
    server
        .app
        .shells
        .pages()
        .wait_rendered(Duration::from_secs(120));
    let first = inlined(&server.get("/portfolio").await.text().await.unwrap());
    assert_eq!(first["projects"].as_array().unwrap().len(), 24);
    assert_eq!(first["portfolio"]["page"], 1);
    let pages = first["portfolio"]["pages"].as_u64().unwrap();
    assert!(pages >= 2, "{first}");
    let html = server.get("/portfolio?page=2").await.text().await.unwrap();
    let second = inlined(&html);
    assert_eq!(second["portfolio"]["page"], 2);
    assert!(html.contains("href=\"/portfolio?page=1\"") || html.contains("href=\"/portfolio\""));
    let residential = inlined(
        &server
            .get("/portfolio?category=residential&page=2")
            .await
            .text()
            .await
            .unwrap(),
    );
    assert_eq!(residential["portfolio"]["page"], 2);
    assert!(
        residential["projects"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["category"] == "Residential")
    );
    // A page past the end is the list's first page; the page-data call answers each view.
    let past = inlined(&server.get("/portfolio?page=99").await.text().await.unwrap());
    assert_eq!(past["portfolio"]["page"], 1);
    let data: Value = server
        .get("/api/page-data?path=%2Fportfolio%3Fpage%3D2")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(data["portfolio"]["page"], 2);
    server.stop().await;
}
