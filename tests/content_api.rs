//! The owner's content over real HTTP (issue 13): portfolio projects with their case studies, news
//! and testimonials; the calls, their validation, and the upgrade of a first-release data file.

mod common;

use common::{TestServer, fixture_copy};
use reqwest::Method;
use serde_json::{Value, json};
use std::path::Path;

fn project(title: &str) -> Value {
    json!({
        "title": title,
        "headline": format!("{title}: a new home"),
        "category": "Residential",
        "year": 2025,
        "location": "Hyderabad, Telangana",
        "tags": ["Residential", "Calm"],
        "description": format!("{title}, a calm home."),
        "intro": "A family asked for a quiet home.",
        "sections": [{ "title": "Living", "bullets": ["Oak floors", "Linen curtains"] }],
        "gallery": [{ "imageUrl": "/images/projects/modern-serenity-1.webp", "alt": "A living room" }],
        "coverUrl": "/images/projects/modern-serenity.webp",
        "isActive": true
    })
}

fn with(mut base: Value, key: &str, value: Value) -> Value {
    base[key] = value;
    base
}

#[tokio::test]
async fn the_seed_lists_seven_case_studies_five_news_items_and_three_testimonials() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, projects) = owner.get("/api/admin/portfolio-projects").await;
    assert_eq!(status, 200);
    let projects = projects.as_array().unwrap();
    assert_eq!(projects.len(), 7);
    let first = &projects[0];
    assert_eq!(first["slug"], "modern-serenity");
    assert_eq!(first["title"], "Modern Serenity");
    assert_eq!(first["year"], 2023);
    assert_eq!(first["sections"].as_array().unwrap().len(), 4);
    assert_eq!(first["sections"][0]["bullets"].as_array().unwrap().len(), 4);
    assert_eq!(first["gallery"].as_array().unwrap().len(), 5);
    assert!(first["gallery"][0]["alt"].as_str().unwrap().len() > 5);
    assert_eq!(first["coverUrl"], "/images/projects/modern-serenity.webp");
    assert!(first["updatedAt"].as_str().unwrap().ends_with('Z'));
    for key in [
        "id",
        "description",
        "isActive",
        "order",
        "headline",
        "intro",
        "tags",
    ] {
        assert!(first.get(key).is_some(), "{key}");
    }
    let kitchen = projects.iter().find(|p| p["slug"] == "kitchen-design");
    assert_eq!(kitchen.unwrap()["category"], "Kitchens & Baths");

    let (status, news) = owner.get("/api/admin/news-items").await;
    assert_eq!(status, 200);
    assert_eq!(news.as_array().unwrap().len(), 5);
    assert_eq!(news[0]["date"], "2024-12-15", "newest first");
    let (status, quotes) = owner.get("/api/admin/testimonials").await;
    assert_eq!(status, 200);
    assert_eq!(quotes.as_array().unwrap().len(), 3);
    assert_eq!(quotes[0]["order"], 0);
    server.stop().await;
}

#[tokio::test]
async fn every_content_call_wants_the_token() {
    let server = TestServer::start().await;
    server
        .assert_each_wants_a_token(
            &[
                (Method::GET, "/api/admin/portfolio-projects"),
                (Method::POST, "/api/admin/portfolio-projects"),
                (Method::PUT, "/api/admin/portfolio-projects/1"),
                (Method::DELETE, "/api/admin/portfolio-projects/1"),
                (Method::PUT, "/api/admin/portfolio-projects/order"),
                (Method::POST, "/api/admin/portfolio-projects/1/preview"),
                (Method::GET, "/api/admin/news-items"),
                (Method::POST, "/api/admin/news-items"),
                (Method::PUT, "/api/admin/news-items/1"),
                (Method::DELETE, "/api/admin/news-items/1"),
                (Method::GET, "/api/admin/testimonials"),
                (Method::POST, "/api/admin/testimonials"),
                (Method::PUT, "/api/admin/testimonials/order"),
                (Method::DELETE, "/api/admin/testimonials/1"),
            ],
            &json!({}),
        )
        .await;
    server.stop().await;
}

#[tokio::test]
async fn a_title_with_accents_gets_a_web_address_in_latin_letters_and_goes_first() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, created) = owner
        .post("/api/admin/portfolio-projects", project("Gachibowli Café"))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["slug"], "gachibowli-cafe");
    let res = server.get("/").await;
    let html = res.text().await.unwrap();
    let first = html
        .split("href=\"/portfolio/")
        .nth(1)
        .and_then(|rest| rest.split('"').next());
    assert_eq!(
        first,
        Some("gachibowli-cafe"),
        "the new project is the home page's first selected work"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_project_is_created_replaced_renamed_and_deleted() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, created) = owner
        .post(
            "/api/admin/portfolio-projects",
            project("Loft in Banjara Hills"),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        created["slug"], "loft-in-banjara-hills",
        "derived from the title"
    );
    assert_eq!(
        created["order"], -1,
        "a project without an order goes first (the seed's are 0..=6)"
    );
    let id = created["id"].as_u64().unwrap();

    // Visible at once, on its own page and in the portfolio.
    let res = server.get("/portfolio/loft-in-banjara-hills").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("<title>Loft in Banjara Hills Project | Nivasa Design Studio</title>"));

    // Renamed: the old address redirects permanently.
    let renamed = with(
        project("Loft in Banjara Hills"),
        "slug",
        json!("banjara-loft"),
    );
    let (status, saved) = owner
        .put(&format!("/api/admin/portfolio-projects/{id}"), renamed)
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["slug"], "banjara-loft");
    assert_eq!(saved["order"], -1, "kept when not sent");
    let res = server.get("/portfolio/loft-in-banjara-hills").await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/portfolio/banjara-loft");
    assert_eq!(server.get("/portfolio/banjara-loft").await.status(), 200);

    // A former slug never shadows a live one: another project may take it.
    let (status, other) = owner
        .post(
            "/api/admin/portfolio-projects",
            with(
                project("Another Loft"),
                "slug",
                json!("loft-in-banjara-hills"),
            ),
        )
        .await;
    assert_eq!(status, 201, "{other}");
    let res = server.get("/portfolio/loft-in-banjara-hills").await;
    assert_eq!(res.status(), 200);
    assert!(res.text().await.unwrap().contains("Another Loft Project"));

    // Unknown ids.
    let (status, body) = owner
        .put("/api/admin/portfolio-projects/9999", project("Ghost"))
        .await;
    assert_eq!(status, 404);
    assert!(body["message"].as_str().unwrap().contains("project"));

    // Deleted: gone from the site.
    let path = format!("/api/admin/portfolio-projects/{id}");
    let (status, body) = owner.delete(&path).await;
    assert_eq!(status, 200);
    assert_eq!(body["id"], id);
    assert!(body["message"].is_string());
    let (status, _) = owner.delete(&path).await;
    assert_eq!(status, 404);
    assert_eq!(server.get("/portfolio/banjara-loft").await.status(), 404);
    server.stop().await;
}

#[tokio::test]
async fn project_validation_names_the_field() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let bad = |key: &str, value: Value| with(project("x"), key, value);
    let cases: Vec<(Value, u16, &str)> = vec![
        (bad("title", json!("  ")), 400, "title"),
        (bad("title", json!("t".repeat(201))), 400, "title"),
        (bad("slug", json!("Bad Slug")), 400, "slug"),
        (bad("slug", json!("a--b")), 400, "slug"),
        (with(project("!!!"), "slug", Value::Null), 400, "slug"),
        (bad("slug", json!("modern-serenity")), 409, "slug"),
        (bad("category", json!("Garden")), 400, "category"),
        (bad("year", json!("soon")), 400, "year"),
        (
            bad("description", json!("d".repeat(501))),
            400,
            "description",
        ),
        (bad("tags", json!(["ok", ""])), 400, "tags[1]"),
        (
            bad("sections", json!([{ "title": "" }])),
            400,
            "sections[0].title",
        ),
        (
            bad(
                "gallery",
                json!([{ "imageUrl": "javascript:alert(1)", "alt": "a" }]),
            ),
            400,
            "gallery[0].imageUrl",
        ),
        (
            bad("gallery", json!([{ "imageUrl": "/a.webp", "alt": " " }])),
            400,
            "gallery[0].alt",
        ),
        (bad("coverUrl", json!("data:image/png,x")), 400, "coverUrl"),
    ];
    for (body, status, field) in cases {
        let (got, answer) = owner
            .post("/api/admin/portfolio-projects", body.clone())
            .await;
        assert_eq!(got, status, "{body} -> {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.starts_with(field), "{field}: {message}");
    }
    // A draft may still lack alt text; publishing it may not.
    let draft = with(
        with(project("Draft"), "isActive", json!(false)),
        "gallery",
        json!([{ "imageUrl": "/a.webp", "alt": "" }]),
    );
    let (status, saved) = owner
        .post("/api/admin/portfolio-projects", draft.clone())
        .await;
    assert_eq!(status, 201, "{saved}");
    let (status, _) = owner
        .put(
            &format!("/api/admin/portfolio-projects/{}", saved["id"]),
            with(draft, "isActive", json!(true)),
        )
        .await;
    assert_eq!(status, 400);
    server.stop().await;
}

#[tokio::test]
async fn projects_and_testimonials_are_reordered_in_one_call() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    for kind in ["portfolio-projects", "testimonials"] {
        let list_path = format!("/api/admin/{kind}");
        let (_, list) = owner.get(&list_path).await;
        let mut ids: Vec<u64> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_u64().unwrap())
            .collect();
        ids.reverse();
        let order_path = format!("/api/admin/{kind}/order");
        let (status, reordered) = owner.put(&order_path, json!({ "ids": ids })).await;
        assert_eq!(status, 200, "{reordered}");
        let got: Vec<u64> = reordered
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_u64().unwrap())
            .collect();
        assert_eq!(got, ids, "{kind}");
        let (_, again) = owner.get(&list_path).await;
        assert_eq!(again, reordered, "{kind}: stored");
        for bad in [
            json!({ "ids": &ids[1..] }),
            json!({ "ids": "all" }),
            json!({}),
        ] {
            let (status, body) = owner.put(&order_path, bad).await;
            assert_eq!(status, 400, "{kind}");
            assert!(body["message"].as_str().unwrap().starts_with("ids"));
        }
    }
    // The portfolio follows the new order.
    let html = server.get("/").await.text().await.unwrap();
    let ceramic = html.find("\"slug\":\"ceramic-design\"").unwrap();
    let serenity = html.find("\"slug\":\"modern-serenity\"");
    assert!(serenity.is_none_or(|s| ceramic < s));
    // News has no order of its own: newest first.
    let (status, _) = owner
        .put("/api/admin/news-items/order", json!({ "ids": [] }))
        .await;
    assert_eq!(status, 404);
    server.stop().await;
}

#[tokio::test]
async fn news_and_testimonials_are_edited_and_shown() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    for (date, ok) in [
        ("2025-02-29", false),
        ("Dec 15, 2024", false),
        ("2025-13-01", false),
        ("2025-01-05", true),
    ] {
        let (status, body) = owner
            .post(
                "/api/admin/news-items",
                json!({ "date": date, "title": "Studio news", "content": "We moved." }),
            )
            .await;
        if ok {
            assert_eq!(status, 201, "{body}");
            assert_eq!(body["isActive"], true);
        } else {
            assert_eq!(status, 400, "{date}");
            assert!(body["message"].as_str().unwrap().starts_with("date"));
        }
    }
    let (status, body) = owner
        .post(
            "/api/admin/news-items",
            json!({ "date": "2025-01-06", "title": "", "content": "x" }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().starts_with("title"));
    let (status, hidden) = owner
        .post(
            "/api/admin/news-items",
            json!({ "date": "2025-03-01", "title": "Hidden", "content": "x", "isActive": false }),
        )
        .await;
    assert_eq!(status, 201);

    let data = page_data(&server, "/").await;
    let news = data["news"].as_array().unwrap();
    assert_eq!(news.len(), 6);
    assert_eq!(
        news[0]["title"], "Studio news",
        "newest first, inactive left out"
    );
    assert_eq!(news[0]["date"], "2025-01-05");
    assert!(news[0].get("isActive").is_none());
    let (status, _) = owner
        .delete(&format!("/api/admin/news-items/{}", hidden["id"]))
        .await;
    assert_eq!(status, 200);

    let (status, body) = owner
        .post(
            "/api/admin/testimonials",
            json!({ "quote": "", "name": "A" }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().starts_with("quote"));
    let (status, t) = owner
        .post(
            "/api/admin/testimonials",
            json!({ "quote": "Calm at last.", "name": "Asha", "role": "Homeowner" }),
        )
        .await;
    assert_eq!(status, 201, "{t}");
    assert_eq!(t["order"], -1, "a new testimonial goes first");
    let (status, t) = owner
        .put(
            &format!("/api/admin/testimonials/{}", t["id"]),
            json!({ "quote": "Calm at last!", "name": "Asha", "role": "Homeowner", "order": 3 }),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(t["quote"], "Calm at last!");
    let data = page_data(&server, "/portfolio").await;
    let quotes = data["testimonials"].as_array().unwrap();
    assert_eq!(quotes.len(), 4);
    assert_eq!(quotes[3]["quote"], "Calm at last!");
    server.stop().await;
}

async fn page_data(server: &TestServer, path: &str) -> Value {
    let res = server.get(&format!("/api/page-data?path={path}")).await;
    assert_eq!(res.status(), 200, "{path}");
    res.json().await.unwrap()
}

/// A first-release project record, as that release wrote it (postcard is positional).
#[derive(serde::Serialize, serde::Deserialize)]
struct ProjectV1 {
    id: u64,
    slug: String,
    title: String,
    category: String,
    description: String,
    is_active: bool,
    order: i64,
}

#[test]
fn a_first_release_file_gains_the_case_studies_and_keeps_the_owners_choices() {
    use redb::{ReadableDatabase, ReadableTable, TableDefinition};
    const PROJECTS: TableDefinition<u64, &[u8]> = TableDefinition::new("portfolio_projects");
    let (_dir, path) = fixture_copy("v1.redb");
    // The owner of the first release had unpublished one project and moved it last.
    {
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut table = txn.open_table(PROJECTS).unwrap();
            let mut found = None;
            for entry in table.iter().unwrap() {
                let (k, v) = entry.unwrap();
                let bytes = v.value();
                assert_eq!(bytes[0], 1, "the fixture holds version 1 projects");
                let p: ProjectV1 = postcard::from_bytes(&bytes[1..]).unwrap();
                if p.slug == "elegant-harmony" {
                    found = Some((k.value(), p));
                }
            }
            let (id, mut p) = found.unwrap();
            p.is_active = false;
            p.order = 42;
            let mut bytes = vec![1u8];
            bytes.extend(postcard::to_allocvec(&p).unwrap());
            table.insert(id, bytes.as_slice()).unwrap();
        }
        txn.commit().unwrap();
    }
    for _ in 0..2 {
        let store = studio::store::Store::open(&path).unwrap();
        store.read_everything().unwrap();
        let projects = store.projects().unwrap();
        assert_eq!(projects.len(), 7, "no project added twice");
        for p in &projects {
            assert_eq!(p.sections.len(), 4, "{}", p.slug);
            assert_eq!(p.gallery.len(), 5, "{}", p.slug);
            assert!(p.year >= 2022, "{}", p.slug);
            assert!(!p.headline.is_empty() && !p.intro.is_empty() && !p.tags.is_empty());
            assert!(!p.cover_url.is_empty());
        }
        let harmony = projects.last().unwrap();
        assert_eq!(harmony.slug, "elegant-harmony");
        assert!(!harmony.is_active, "the owner's isActive is kept");
        assert_eq!(harmony.order, 42, "the owner's order is kept");
        assert!(projects.iter().filter(|p| p.is_active).count() == 6);
        assert_eq!(store.news_items().unwrap().len(), 5);
        assert_eq!(store.testimonials().unwrap().len(), 3);
        assert_eq!(
            store.hero_slides().unwrap().len(),
            4,
            "the rest is untouched"
        );
        drop(store);
    }
    // Every record is now written at this release's version, and so is the file's format.
    let db = redb::Database::open(&path).unwrap();
    let txn = db.begin_read().unwrap();
    const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta");
    let meta = txn.open_table(META).unwrap();
    let format = meta
        .get("format_version")
        .unwrap()
        .unwrap()
        .value()
        .to_vec();
    assert_eq!(format, studio::store::FORMAT_VERSION.to_le_bytes());
    assert_eq!(studio::store::FORMAT_VERSION, 4);
    let table = txn.open_table(PROJECTS).unwrap();
    for entry in table.iter().unwrap() {
        let (_, v) = entry.unwrap();
        assert_eq!(v.value()[0], 2);
    }
}

fn v2_fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v2-content.redb")
}

/// Writes the fixture of this release's content records (format 2): run once, by the release that
/// introduced them; kept for the record of what it holds.
/// `cargo test --test content_api -- --ignored write_the_v2_content_fixture`
#[test]
#[ignore = "writes tests/fixtures/v2-content.redb; the committed file must never be regenerated"]
fn write_the_v2_content_fixture() {
    use studio::store::{NewsItem, Project, Store, Testimonial, no_rule, project_rule};
    let path = v2_fixture();
    assert!(
        !path.exists(),
        "{} exists: never overwrite it",
        path.display()
    );
    {
        let store = Store::open(&path).unwrap();
        let mut p = store
            .projects()
            .unwrap()
            .into_iter()
            .find(|p| p.slug == "modern-serenity")
            .unwrap();
        p.slug = "serenity-home".into();
        p.is_active = false;
        store
            .replace::<Project>(
                p.id,
                p,
                &project_rule,
                studio::store::Save {
                    by: "test",
                    expect: None,
                },
            )
            .unwrap()
            .unwrap();
        // Written as a version 1 item by the release that made the fixture.
        let news = NewsItem::from_text(
            0,
            "2025-01-05".into(),
            "Fixture news".into(),
            "Kept across releases".into(),
            false,
        );
        store.create(news, &no_rule, "test").unwrap().unwrap();
        let quote = Testimonial {
            id: 0,
            quote: "Fixture quote".into(),
            name: "Fixture Client".into(),
            role: "Homeowner".into(),
            is_active: true,
            order: 9,
        };
        store.create(quote, &no_rule, "test").unwrap().unwrap();
    }
    let mut db = redb::Database::open(&path).unwrap();
    db.compact().unwrap();
}

#[test]
fn the_v2_content_fixture_is_read() {
    let (_dir, path) = fixture_copy("v2-content.redb");
    studio::backup::verify(&path).unwrap();
    let store = studio::store::Store::open(&path).unwrap();
    store.read_everything().unwrap();
    let projects = store.projects().unwrap();
    assert_eq!(projects.len(), 7);
    let renamed = projects.iter().find(|p| p.slug == "serenity-home").unwrap();
    assert_eq!(renamed.former_slugs, ["modern-serenity"]);
    assert!(!renamed.is_active);
    assert_eq!(renamed.sections.len(), 4);
    let news = store.news_items().unwrap();
    assert_eq!(news.len(), 6);
    let fixture = news.iter().find(|n| n.title == "Fixture news").unwrap();
    assert!(!fixture.is_active);
    let quotes = store.testimonials().unwrap();
    assert_eq!(quotes.len(), 4);
    assert_eq!(quotes.last().unwrap().order, 9);
}
