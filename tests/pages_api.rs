//! The page records against a real server (docs/page-records.md): the admin calls and their
//! validation, the 409 rule, revisions and restore with their retention, the founder's address
//! with its redirects and reserved words, what each page's data holds, and the upgrade of the
//! data files of earlier releases.

mod common;

use common::{Owner, TestServer, fixture_copy, inlined, upload};
use reqwest::StatusCode;
use serde_json::{Value, json};
use studio::config::{Config, Layer};

const ORIGIN: &str = "https://studio.example";

async fn start() -> TestServer {
    TestServer::start_with(Layer {
        public_url: Some(ORIGIN.into()),
        ..Layer::default()
    })
    .await
}

fn seed(key: &str) -> Value {
    studio::site::PAGE_SEED[key].clone()
}

async fn page(owner: &Owner<'_>, key: &str) -> Value {
    let (status, body) = owner.get(&format!("/api/admin/pages/{key}")).await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn put(owner: &Owner<'_>, key: &str, version: Value, content: Value) -> (StatusCode, Value) {
    owner
        .put(
            &format!("/api/admin/pages/{key}"),
            json!({ "version": version, "content": content }),
        )
        .await
}

async fn html(server: &TestServer, path: &str) -> String {
    let res = server.get(path).await;
    assert_eq!(res.status(), 200, "{path}");
    res.text().await.unwrap()
}

async fn page_data(server: &TestServer, path: &str) -> Value {
    let res = server.get(&format!("/api/page-data?path={path}")).await;
    assert_eq!(res.status(), 200, "{path}");
    res.json().await.unwrap()
}

#[tokio::test]
async fn pages_are_listed_read_and_saved_and_a_stale_version_is_refused() {
    let server = start().await;
    let owner = server.sign_in().await;

    let (status, list) = owner.get("/api/admin/pages").await;
    assert_eq!(status, 200);
    let list = list.as_array().unwrap();
    let keys: Vec<&str> = list.iter().map(|p| p["key"].as_str().unwrap()).collect();
    let schema_keys: Vec<&str> = studio::pages::schema::PAGE_SCHEMA
        .pages
        .iter()
        .map(|p| p.key.as_str())
        .collect();
    assert_eq!(keys, schema_keys, "in the schema's order");
    let site = &list[0];
    assert_eq!(
        (site["key"].as_str(), &site["path"]),
        (Some("site"), &Value::Null)
    );
    let founder = list.iter().find(|p| p["key"] == "founder").unwrap();
    assert_eq!(founder["path"], "/anjali-rao");
    assert!(
        list.iter()
            .all(|p| p["version"] == 1 && p["title"].is_string())
    );

    let about = page(&owner, "about").await;
    assert_eq!(about["path"], "/about");
    assert_eq!(about["version"], 1);
    assert_eq!(about["content"], seed("about"));

    // The owner edits a paragraph: saved as version 2, and the site shows it at once.
    let mut content = about["content"].clone();
    content["ourStory"]["paragraphs"][1] = json!("  We moved to *Jubilee Hills* in 2015.  ");
    let (status, saved) = put(&owner, "about", json!(1), content.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["version"], 2);
    assert_eq!(
        saved["content"]["ourStory"]["paragraphs"][1], "We moved to *Jubilee Hills* in 2015.",
        "texts are trimmed"
    );
    let inline = inlined(&html(&server, "/about").await);
    assert_eq!(
        inline["pages"]["about"]["ourStory"]["paragraphs"][1],
        "We moved to *Jubilee Hills* in 2015."
    );
    let data = page_data(&server, "/about").await;
    assert_eq!(data["pages"]["about"], saved["content"]);

    // A second tab still holding version 1 saves: refused, and nothing is overwritten.
    let mut other = about["content"].clone();
    other["ourStory"]["title"] = json!("A title from an old tab");
    let (status, body) = put(&owner, "about", json!(1), other).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("version 2"),
        "{body}"
    );
    let now = page(&owner, "about").await;
    assert_eq!(now["version"], 2);
    assert_eq!(now["content"], saved["content"]);

    // Head tags come from the record's seo.
    let mut content = now["content"].clone();
    content["seo"]["title"] = json!("Our Story & Team");
    content["seo"]["description"] = json!("Fifteen years of calm, crafted interiors.");
    let (status, _) = put(&owner, "about", json!(2), content).await;
    assert_eq!(status, 200);
    let about_html = html(&server, "/about").await;
    assert!(
        about_html.contains("<title>Our Story &amp; Team | Nivasa Design Studio</title>"),
        "{about_html}"
    );
    assert!(about_html.contains(
        "<meta name=\"description\" content=\"Fifteen years of calm, crafted interiors.\">"
    ));

    // Signed out: nothing.
    let res = server.get("/api/admin/pages/about").await;
    assert_eq!(res.status(), 401);
    server.stop().await;
}

#[tokio::test]
async fn bad_content_is_a_400_naming_the_field() {
    let server = start().await;
    let owner = server.sign_in().await;
    let about = seed("about");
    type Edit = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|c| c["ourStory"]["paragraphs"][1] = json!("x".repeat(5000))),
            "ourStory.paragraphs[1]: at most",
        ),
        (
            Box::new(|c| c["ourStory"]["paragraphs"][0] = json!("See [this](javascript:alert(1))")),
            "ourStory.paragraphs[0]: link address",
        ),
        (
            Box::new(|c| c["ourStory"]["extra"] = json!("x")),
            "ourStory.extra: is not a field here",
        ),
        (
            Box::new(|c| {
                c.as_object_mut().unwrap().remove("seo");
            }),
            "seo: is missing",
        ),
        (
            Box::new(|c| c["seo"]["title"] = json!("x".repeat(71))),
            "seo.title: at most 70 characters",
        ),
        (
            Box::new(|c| c["ourStory"]["paragraphs"] = json!([])),
            "ourStory.paragraphs: must have",
        ),
    ];
    for (edit, expected) in cases {
        let mut content = about.clone();
        edit(&mut content);
        let (status, body) = put(&owner, "about", json!(1), content).await;
        assert_eq!(status, 400, "{expected}: {body}");
        let message = body["message"].as_str().unwrap();
        assert!(message.starts_with(expected), "{expected}: {message}");
    }

    // An image without alt text, an image that is not there, a bundled default that is.
    let mut founder = seed("founder");
    founder["slides"][2]["image"]["alt"] = json!("");
    let (status, body) = put(&owner, "founder", json!(1), founder.clone()).await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("slides[2].image.alt: is required")
    );
    founder["slides"][2]["image"]["decorative"] = json!(true);
    founder["slides"][3]["image"]["src"] = json!("/images/founder/no-such-photo.webp");
    let (status, body) = put(&owner, "founder", json!(1), founder.clone()).await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("slides[3].image.src: "),
        "{body}"
    );
    founder["slides"][3]["image"]["src"] = json!("/images/founder/slide-1.webp");
    let (status, body) = put(&owner, "founder", json!(1), founder).await;
    assert_eq!(status, 200, "{body}");

    // The envelope: a version and a content, for a page that exists.
    for (body, status) in [
        (json!({ "content": about.clone() }), 400),
        (json!({ "version": "1", "content": about.clone() }), 400),
        (json!({ "version": 1 }), 400),
    ] {
        let (got, answer) = owner.put("/api/admin/pages/about", body).await;
        assert_eq!(got, status, "{answer}");
    }
    // A page's body may pass the 64 kB of other calls (a long record in a script of three bytes a
    // letter), not 256 kB.
    let mut long = about.clone();
    long["ourStory"]["paragraphs"][0] = json!("ॐ".repeat(30_000));
    let (status, body) = put(&owner, "about", json!(1), long.clone()).await;
    assert_eq!(status, 400, "read, then judged: {body}");
    long["ourStory"]["paragraphs"][0] = json!("x".repeat(300_000));
    let (status, _) = put(&owner, "about", json!(1), long).await;
    assert_eq!(status, 413);
    let (status, _) = put(&owner, "no-such-page", json!(1), about.clone()).await;
    assert_eq!(status, 404);
    let (status, _) = owner.get("/api/admin/pages/no-such-page").await;
    assert_eq!(status, 404);
    assert_eq!(
        page(&owner, "about").await["version"],
        1,
        "nothing was saved"
    );
    server.stop().await;
}

#[tokio::test]
async fn revisions_name_who_and_what_and_a_restore_is_a_new_version() {
    let server = start().await;
    let owner = server.sign_in().await;
    let original = seed("contact");
    let mut edited = original.clone();
    edited["detailsTitle"] = json!("Find Us");
    let (status, _) = put(&owner, "contact", json!(1), edited.clone()).await;
    assert_eq!(status, 200);
    edited["mapTitle"] = json!("On the Map");
    edited["seo"]["title"] = json!("Visit the Studio");
    let (status, _) = put(&owner, "contact", json!(2), edited.clone()).await;
    assert_eq!(status, 200);

    let (status, list) = owner.get("/api/admin/pages/contact/revisions").await;
    assert_eq!(status, 200);
    let list = list.as_array().unwrap().clone();
    let versions: Vec<u64> = list
        .iter()
        .map(|r| r["version"].as_u64().unwrap())
        .collect();
    assert_eq!(versions, vec![3, 2, 1], "newest first");
    assert_eq!(list[0]["savedBy"], "admin");
    assert_eq!(list[0]["changed"], json!(["mapTitle", "seo.title"]));
    assert_eq!(list[1]["changed"], json!(["detailsTitle"]));
    assert_eq!(list[2]["savedBy"], "seed");
    assert!(list[2]["savedAt"].as_str().unwrap().ends_with('Z'));

    let (status, one) = owner.get("/api/admin/pages/contact/revisions/1").await;
    assert_eq!(status, 200);
    assert_eq!(one["content"], original);
    assert_eq!(one["version"], 1);

    // Restoring version 1 writes version 4, equal to it; the restore can itself be undone.
    let (status, restored) = owner
        .post_empty("/api/admin/pages/contact/revisions/1/restore")
        .await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(restored["version"], 4);
    assert_eq!(restored["content"], original);
    let data = page_data(&server, "/contact").await;
    assert_eq!(data["pages"]["contact"], original);
    let (_, list) = owner.get("/api/admin/pages/contact/revisions").await;
    assert_eq!(list.as_array().unwrap().len(), 4);
    assert_eq!(
        list[0]["changed"],
        json!(["detailsTitle", "mapTitle", "seo.title"])
    );

    for path in [
        "/api/admin/pages/contact/revisions/99",
        "/api/admin/pages/nope/revisions",
    ] {
        let (status, _) = owner.get(path).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) = owner
        .post_empty("/api/admin/pages/contact/revisions/99/restore")
        .await;
    assert_eq!(status, 404);
    server.stop().await;
}

#[tokio::test]
async fn the_last_fifty_versions_are_kept() {
    let server = start().await;
    let owner = server.sign_in().await;
    let mut content = seed("contact");
    for version in 1..=55u64 {
        content["detailsTitle"] = json!(format!("Details {version}"));
        let (status, body) = put(&owner, "contact", json!(version), content.clone()).await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, list) = owner.get("/api/admin/pages/contact/revisions").await;
    let versions: Vec<u64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["version"].as_u64().unwrap())
        .collect();
    assert_eq!(versions.len(), 50);
    assert_eq!((versions[0], versions[49]), (56, 7));
    let (status, _) = owner.get("/api/admin/pages/contact/revisions/6").await;
    assert_eq!(status, 404, "dropped");
    let (status, old) = owner.get("/api/admin/pages/contact/revisions/7").await;
    assert_eq!(status, 200);
    assert_eq!(old["content"]["detailsTitle"], "Details 6");
    server.stop().await;
}

#[tokio::test]
async fn the_founder_is_renamed_and_the_old_address_redirects() {
    let server = start().await;
    let owner = server.sign_in().await;
    assert_eq!(server.get("/anjali-rao").await.status(), 200);

    let mut founder = seed("founder");
    for (slug, clash) in [
        ("about", "about"),
        ("adminpanel", "adminpanel"),
        ("api", "api"),
        ("images", "images"),
        ("assets", "assets"),
        ("media", "media"),
    ] {
        founder["slug"] = json!(slug);
        let (status, body) = put(&owner, "founder", json!(1), founder.clone()).await;
        assert_eq!(status, 409, "{slug}: {body}");
        assert!(body["message"].as_str().unwrap().contains(clash), "{body}");
    }
    founder["slug"] = json!("Priya Rao");
    let (status, body) = put(&owner, "founder", json!(1), founder.clone()).await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().starts_with("slug: "));

    founder["name"] = json!("Priya Rao");
    founder["slug"] = json!("priya-rao");
    let (status, saved) = put(&owner, "founder", json!(1), founder.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["path"], "/priya-rao");

    let founder_html = html(&server, "/priya-rao").await;
    assert!(founder_html.contains(&format!(
        "<link rel=\"canonical\" href=\"{ORIGIN}/priya-rao\">"
    )));
    let data = inlined(&founder_html);
    assert_eq!(
        data["founder"],
        json!({ "name": "Priya Rao", "slug": "priya-rao" })
    );
    assert_eq!(data["pages"]["founder"]["name"], "Priya Rao");
    let res = server.get("/anjali-rao").await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/priya-rao");
    let res = server.get("/api/page-data?path=/anjali-rao").await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/api/page-data?path=/priya-rao");
    assert_eq!(
        page_data(&server, "/about").await["founder"]["slug"],
        "priya-rao"
    );
    let xml = server.get("/sitemap.xml").await.text().await.unwrap();
    assert!(xml.contains(&format!("<loc>{ORIGIN}/priya-rao</loc>")));
    assert!(!xml.contains("anjali-rao"));
    let (_, list) = owner.get("/api/admin/pages").await;
    let entry = list
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["key"] == "founder")
        .unwrap()
        .clone();
    assert_eq!(entry["path"], "/priya-rao");

    // A second rename: both former addresses lead to the newest.
    founder["slug"] = json!("priya");
    let (status, _) = put(&owner, "founder", json!(2), founder.clone()).await;
    assert_eq!(status, 200);
    for old in ["/anjali-rao", "/priya-rao"] {
        let res = server.get(old).await;
        assert_eq!(res.status(), 301, "{old}");
        assert_eq!(res.headers()["location"], "/priya");
    }
    // Back to the first address: it is live again, not a redirect.
    founder["slug"] = json!("anjali-rao");
    let (status, _) = put(&owner, "founder", json!(3), founder.clone()).await;
    assert_eq!(status, 200);
    assert_eq!(server.get("/anjali-rao").await.status(), 200);
    assert_eq!(
        server.get("/priya").await.headers()["location"],
        "/anjali-rao"
    );
    // Renamed again and again: the newest ten former addresses redirect, older ones are let go.
    for i in 0..12 {
        founder["slug"] = json!(format!("founder-{i}"));
        let (status, _) = put(&owner, "founder", json!(4 + i), founder.clone()).await;
        assert_eq!(status, 200);
    }
    for gone in ["/priya-rao", "/priya", "/anjali-rao", "/founder-0"] {
        assert_eq!(server.get(gone).await.status(), 404, "{gone}");
    }
    for kept in ["/founder-1", "/founder-10"] {
        let res = server.get(kept).await;
        assert_eq!(res.status(), 301, "{kept}");
        assert_eq!(res.headers()["location"], "/founder-11");
    }
    server.stop().await;
}

#[tokio::test]
async fn each_page_carries_the_founder_site_and_the_records_it_shows() {
    let server = start().await;
    let owner = server.sign_in().await;
    let keys = |data: &Value| -> Vec<String> {
        data["pages"].as_object().unwrap().keys().cloned().collect()
    };
    for (path, expected) in [
        ("/", vec!["founder", "home", "services", "site"]),
        ("/about", vec!["about", "founder", "site"]),
        ("/multidisciplinary", vec!["multidisciplinary", "site"]),
        ("/anjali-rao", vec!["founder", "site"]),
        ("/services", vec!["services", "site"]),
        (
            "/services/brochure",
            vec!["service-brochure", "services", "site"],
        ),
        (
            "/services/renovation",
            vec!["service-renovation", "services", "site"],
        ),
        ("/portfolio", vec!["portfolio", "site"]),
        ("/contact", vec!["contact", "site"]),
        ("/portfolio/modern-serenity", vec!["site"]),
    ] {
        let data = inlined(&html(&server, path).await);
        assert_eq!(keys(&data), expected, "{path}");
        assert_eq!(
            data["founder"],
            json!({ "name": "Anjali Rao", "slug": "anjali-rao" })
        );
        assert_eq!(data["pages"]["site"], seed("site"), "{path}");
        assert_eq!(page_data(&server, path).await, data, "{path}");
    }

    // An uploaded photo named by a record is described in `images` where that record is shown.
    let res = upload(
        &server,
        &owner.token,
        "p.png",
        "image/png",
        common::PNG.to_vec(),
    )
    .await;
    assert_eq!(res.status(), 201);
    let uploaded: Value = res.json().await.unwrap();
    let url = uploaded["fileUrl"].as_str().unwrap().to_string();
    let mut founder = seed("founder");
    founder["portrait"]["src"] = json!(url);
    let (status, body) = put(&owner, "founder", json!(1), founder).await;
    assert_eq!(status, 200, "{body}");
    let data = page_data(&server, "/anjali-rao").await;
    assert_eq!(data["images"][&url]["width"], 1, "{data}");
    let contact = page_data(&server, "/contact").await;
    assert!(contact["images"].get(&url).is_none(), "not shown there");
    server.stop().await;
}

#[tokio::test]
async fn a_new_file_and_a_reopened_one_are_seeded_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("studio.redb");
    {
        let store = studio::store::Store::open(&path).unwrap();
        let pages = store.pages().unwrap();
        assert_eq!(pages.len(), studio::site::PAGE_SEED.len());
        assert!(pages.iter().all(|p| p.version == 1));
        let content = json!({ "changed": true });
        let saved = store
            .save_page(
                "contact",
                &content,
                studio::store::Save {
                    by: "t",
                    expect: Some(1),
                },
            )
            .unwrap()
            .unwrap();
        assert_eq!(saved.version, 2);
    }
    let store = studio::store::Store::open(&path).unwrap();
    assert_eq!(
        store.page("contact").unwrap().unwrap().version,
        2,
        "not seeded again"
    );
    store.read_everything().unwrap();
}

/// Opens a copy of an earlier release's data file as the server would and answers the pages.
fn upgraded(fixture: &str) -> (tempfile::TempDir, std::sync::Arc<studio::app::App>) {
    let (dir, path) = fixture_copy(fixture);
    let store = studio::store::Store::open(&path).unwrap();
    store.read_everything().unwrap();
    let config = Config::from_layer(Layer {
        listen: Some("127.0.0.1:0".into()),
        data: Some(path),
        public_url: Some(ORIGIN.into()),
        ..Layer::default()
    })
    .unwrap();
    (
        dir,
        std::sync::Arc::new(studio::app::App::new(store, config).unwrap()),
    )
}

/// The owner's first save of the contact page, with the seed's words.
fn save_contact_as_seeded(store: &studio::store::Store) -> studio::store::PageRecord {
    store
        .save_page(
            "contact",
            &seed("contact"),
            studio::store::Save {
                by: "t",
                expect: Some(1),
            },
        )
        .unwrap()
        .unwrap()
}

#[test]
fn earlier_releases_files_gain_the_seed_and_render_the_same_pages() {
    for fixture in ["v1.redb", "v2-content.redb"] {
        let (_dir, app) = upgraded(fixture);
        let store = &app.store;
        let pages = store.pages().unwrap();
        assert_eq!(pages.len(), studio::site::PAGE_SEED.len(), "{fixture}");
        for record in &pages {
            let content: Value = serde_json::from_str(&record.content).unwrap();
            assert_eq!(content, seed(&record.key), "{fixture}: {}", record.key);
            assert_eq!(record.version, 1);
            let revisions = store
                .revisions(studio::store::PAGE_KIND, &record.key)
                .unwrap();
            assert_eq!(revisions.len(), 1);
            assert_eq!(revisions[0].saved_by, "upgrade");
        }
        // Every project, news item, testimonial and slide has its first version.
        for project in store.projects().unwrap() {
            let revisions = store
                .revisions_of::<studio::store::Project>(project.id)
                .unwrap();
            assert_eq!(revisions.len(), 1, "{fixture}: {}", project.slug);
            assert_eq!(revisions[0].saved_by, "upgrade");
        }
        for slide in store.hero_slides().unwrap() {
            assert_eq!(
                store
                    .version_of::<studio::store::HeroSlide>(slide.id)
                    .unwrap(),
                1
            );
        }
        assert!(
            store
                .settings()
                .unwrap()
                .iter()
                .any(|s| s.key == "company_whatsapp" && s.value.is_empty()),
            "{fixture}: the new setting"
        );

        // The pages a visitor saw before: every route, with routes.json's head tags and the words
        // of the compiled copy (now the seed).
        let rendered = app.shells.pages();
        for route in studio::site::ROUTES
            .routes
            .iter()
            .filter(|r| !r.path.contains("{slug}"))
        {
            let path = route.path.replace("{founderSlug}", "anjali-rao");
            let page = rendered
                .get(&path)
                .unwrap_or_else(|| panic!("{fixture}: {path}"));
            let body = String::from_utf8(page.html().to_vec()).unwrap();
            let title = format!("<title>{} | ", route.title.replace('&', "&amp;"));
            assert!(body.contains(&title), "{fixture} {path}: {title}");
            if !route.admin {
                let data = inlined(&body);
                for key in studio::pages::records_of(route) {
                    assert_eq!(data["pages"][key], seed(key), "{fixture} {path} {key}");
                }
            }
        }
        // Opened again: nothing is seeded twice.
        let path = app.store.path().to_path_buf();
        drop(rendered);
        let store = app.store.clone();
        drop(app);
        assert_eq!(save_contact_as_seeded(&store).version, 2);
        drop(store);
        let again = studio::store::Store::open(&path).unwrap();
        assert_eq!(
            again.page("contact").unwrap().unwrap().version,
            2,
            "{fixture}"
        );
    }
}

/// A file of the release before the booking words (`tests/fixtures/v4-pages.redb`, made by that
/// release's binary): its records lack `booking`, and read with it as the seed has it, so nothing
/// a visitor sees changes and the editor gets every field; the owner's first save stores it.
#[test]
fn records_saved_before_the_booking_words_read_them_as_todays_words() {
    let (_dir, app) = upgraded("v4-pages.redb");
    let store = &app.store;
    for key in ["contact", "service-consultation", "service-ask-architect"] {
        let revisions = store.revisions(studio::store::PAGE_KIND, key).unwrap();
        let stored: Value = serde_json::from_slice(&revisions[0].body).unwrap();
        assert!(
            stored.get("booking").is_none(),
            "{key}: the fixture's shape"
        );
        let record = store.page(key).unwrap().unwrap();
        assert_eq!(record.version, 1);
        let content: Value = serde_json::from_str(&record.content).unwrap();
        assert_eq!(content, seed(key), "{key}");
        assert_eq!(content["booking"]["label"], "Book a consultation");
        // What the editor sends back as it is passes the page's schema.
        let schema = studio::pages::schema::PAGE_SCHEMA
            .pages
            .iter()
            .find(|p| p.key == key)
            .unwrap();
        assert!(
            schema
                .fields
                .iter()
                .any(|f| f.name.as_deref() == Some("booking"))
        );
    }
    let rendered = app.shells.pages();
    let page = rendered.get("/contact").unwrap();
    let data = inlined(std::str::from_utf8(&page.html()).unwrap());
    assert_eq!(data["pages"]["contact"], seed("contact"));
    // The owner's first save keeps every field, the new one included.
    drop(rendered);
    let store = app.store.clone();
    drop(app);
    assert_eq!(save_contact_as_seeded(&store).version, 2);
    let revisions = store
        .revisions(studio::store::PAGE_KIND, "contact")
        .unwrap();
    let last = revisions.iter().max_by_key(|r| r.version).unwrap();
    assert!(last.changed.is_empty(), "{:?}", last.changed);
}

/// The enquiry form's words joined the contact record later: a record saved before them (the
/// v4 fixture's) reads them as the form had them, and the editor can save them.
#[test]
fn a_contact_record_saved_before_the_form_words_reads_todays_form_words() {
    let (_dir, app) = upgraded("v4-pages.redb");
    let revisions = app
        .store
        .revisions(studio::store::PAGE_KIND, "contact")
        .unwrap();
    let stored: Value = serde_json::from_slice(&revisions[0].body).unwrap();
    assert!(stored.get("form").is_none() && stored.get("thanks").is_none());
    let record = app.store.page("contact").unwrap().unwrap();
    let content: Value = serde_json::from_str(&record.content).unwrap();
    assert_eq!(content["form"]["title"], "Send Us a Message");
    assert_eq!(
        content["form"]["labels"]["heardFrom"],
        "How did you hear about us?"
    );
    assert_eq!(content["form"]["button"], "Send Message");
    assert_eq!(
        content["thanks"],
        "We respond to every enquiry within 24-48 hours on business days."
    );
    let rendered = app.shells.pages();
    let page = rendered.get("/contact").unwrap();
    let data = inlined(std::str::from_utf8(&page.html()).unwrap());
    assert_eq!(data["pages"]["contact"]["form"], content["form"]);
    drop(rendered);
    let store = app.store.clone();
    drop(app);
    assert_eq!(save_contact_as_seeded(&store).version, 2);
}

#[tokio::test]
async fn a_brochure_pdf_is_judged_by_its_bytes_and_downloads_under_the_studios_name() {
    let server = start().await;
    let owner = server.sign_in().await;
    // An HTML page named .pdf and sent as a PDF: refused, nothing stored.
    let html_page = b"<!doctype html><html><body><script>alert(1)</script></body></html>".to_vec();
    let res = upload(
        &server,
        &owner.token,
        "brochure.pdf",
        "application/pdf",
        html_page,
    )
    .await;
    assert_eq!(res.status(), 415);
    assert!(server.app.store.media_names().unwrap().is_empty());

    let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        .to_vec();
    let res = upload(
        &server,
        &owner.token,
        "whatever.bin",
        "application/octet-stream",
        pdf.clone(),
    )
    .await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    let url = body["fileUrl"].as_str().unwrap().to_string();
    assert!(url.starts_with("/media/") && url.ends_with(".pdf"), "{url}");

    let res = server.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert_eq!(
        res.headers()["content-disposition"],
        "attachment; filename=\"Nivasa-Design-Studio-Brochure.pdf\""
    );
    assert_eq!(
        res.bytes().await.unwrap().to_vec(),
        pdf,
        "stored as it was sent"
    );

    // The studio's name changes: so does the download's.
    let (status, _) = owner
        .post(
            "/api/admin/company-settings",
            json!({ "settingKey": "company_name", "settingValue": "Rao & Rao \"Interiors\"" }),
        )
        .await;
    assert_eq!(status, 200);
    let res = server.get(&url).await;
    assert_eq!(
        res.headers()["content-disposition"],
        "attachment; filename=\"Rao-Rao-Interiors-Brochure.pdf\""
    );

    // The brochure page names it; a photo is no brochure.
    let mut brochure = seed("service-brochure");
    brochure["download"]["file"] = json!({ "url": url, "name": "Studio brochure 2025" });
    let (status, saved) = put(&owner, "service-brochure", json!(1), brochure.clone()).await;
    assert_eq!(status, 200, "{saved}");
    let data = page_data(&server, "/services/brochure").await;
    assert_eq!(
        data["pages"]["service-brochure"]["download"]["file"]["url"],
        url
    );
    brochure["download"]["file"]["url"] = json!("/images/founder/portrait.webp");
    let (status, body) = put(&owner, "service-brochure", json!(2), brochure).await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("download.file.url: "),
        "{body}"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_whatsapp_number_is_a_checked_setting_every_page_carries() {
    let server = start().await;
    let owner = server.sign_in().await;
    let path = "/api/admin/company-settings";
    let (_, list) = owner.get(path).await;
    let seeded = list
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["settingKey"] == "company_whatsapp")
        .cloned();
    assert_eq!(seeded.unwrap()["settingValue"], "", "seeded from site.json");
    for bad in [
        "98480",
        "+91 98480 2233x",
        "wa.me/919848022338",
        "+91-98480-22338",
    ] {
        let (status, body) = owner
            .post(
                path,
                json!({ "settingKey": "company_whatsapp", "settingValue": bad }),
            )
            .await;
        assert_eq!(status, 400, "{bad}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("settingValue"),
            "{body}"
        );
    }
    let (status, _) = owner
        .post(
            path,
            json!({ "settingKey": "company_whatsapp", "settingValue": "+91 98480 22338" }),
        )
        .await;
    assert_eq!(status, 200);
    for page in ["/", "/contact"] {
        let data = inlined(&html(&server, page).await);
        assert_eq!(
            data["settings"]["company_whatsapp"], "+91 98480 22338",
            "{page}"
        );
    }
    server.stop().await;
}

/// A version saved under older rules (written here straight into the data file, as an earlier
/// release or an upgrade could have) comes back only if today's checks take it (issue 29).
#[tokio::test]
async fn a_restore_is_checked_as_a_save_is() {
    let server = start().await;
    let owner = server.sign_in().await;
    let save = |key: &str, content: &Value| {
        server
            .app
            .store
            .save_page(
                key,
                content,
                studio::store::Save {
                    by: "upgrade",
                    expect: None,
                },
            )
            .unwrap()
            .unwrap()
            .version
    };
    let mut founder = page(&owner, "founder").await["content"].clone();
    founder["slug"] = json!("fonts");
    let reserved = save("founder", &founder);
    let mut about = page(&owner, "about").await["content"].clone();
    about["seo"]["title"] = json!("x".repeat(71));
    let too_long = save("about", &about);
    // Both pages are saved properly again, then the unchecked versions are asked back.
    for key in ["founder", "about"] {
        let current = page(&owner, key).await;
        let mut content = seed(key);
        if key == "founder" {
            content["slug"] = json!("anjali-rao");
        }
        let (status, body) = put(&owner, key, current["version"].clone(), content).await;
        assert_eq!(status, 200, "{key}: {body}");
    }
    let path =
        |key: &str, version: u64| format!("/api/admin/pages/{key}/revisions/{version}/restore");
    let (status, body) = owner.post_empty(&path("founder", reserved)).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("\"fonts\""),
        "{body}"
    );
    let (status, body) = owner.post_empty(&path("about", too_long)).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("seo.title"),
        "{body}"
    );
    assert_eq!(
        page(&owner, "founder").await["content"]["slug"],
        "anjali-rao"
    );
    assert_eq!(server.get("/anjali-rao").await.status(), 200);
    server.stop().await;
}
