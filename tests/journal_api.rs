//! The journal's admin calls (issue 32): SPEC's shape kept, the article's fields, blocks checked
//! with errors naming the block, slugs unique with their redirects kept, history and stale saves,
//! the preview link; and data files of earlier releases read as published articles.

mod common;

use common::{TestServer, fixture_copy};
use serde_json::{Value, json};

const PHOTO: &str = "/images/hero-1.webp";

fn article() -> Value {
    json!({
        "title": "Before and after: a 1970s bungalow in Banjara Hills",
        "date": "2026-11-20",
        "tags": ["Renovation", "Kitchens"],
        "excerpt": "A tired bungalow made light.",
        "cover": { "url": PHOTO, "alt": "The bungalow's new living room" },
        "body": [
            { "type": "heading", "level": 2, "text": "The brief" },
            { "type": "paragraph", "text": "A *calm* home, see [our work](/portfolio)." },
            { "type": "list", "ordered": false, "items": ["Light", "Air"] },
            { "type": "quote", "text": "We love it.", "cite": "The owners" },
            { "type": "image", "url": PHOTO, "alt": "The hall", "caption": "The hall today" },
            { "type": "pair", "images": [ { "url": PHOTO, "alt": "A" }, { "url": PHOTO, "alt": "B" } ] },
            { "type": "beforeAfter", "before": { "url": PHOTO, "alt": "Before" }, "after": { "url": PHOTO, "alt": "After" }, "caption": "The kitchen" }
        ]
    })
}

#[tokio::test]
async fn spec_fields_alone_make_a_published_article_of_one_paragraph() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, item) = owner.post("/api/admin/news-items", json!({ "title": "Studio news!", "date": "2026-11-01", "content": "We moved.", "isActive": true }))
    .await;
    assert_eq!(status, 201, "{item}");
    assert_eq!(item["slug"], "studio-news");
    assert_eq!(item["status"], "published");
    assert_eq!(item["content"], "We moved.");
    assert_eq!(
        item["body"],
        json!([{ "type": "paragraph", "text": "We moved." }])
    );
    assert_eq!(item["tags"], json!([]));
    assert!(item.get("publishAt").is_none());
    server.stop().await;
}

#[tokio::test]
async fn a_body_derives_the_content_and_reads_back_in_its_shape() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, item) = owner.post("/api/admin/news-items", article()).await;
    assert_eq!(status, 201, "{item}");
    assert_eq!(
        item["slug"],
        "before-and-after-a-1970s-bungalow-in-banjara-hills"
    );
    assert_eq!(item["body"], article()["body"]);
    assert_eq!(item["cover"], article()["cover"]);
    let content = item["content"].as_str().unwrap();
    assert!(content.contains("A calm home, see our work."), "{content}");
    server.stop().await;
}

#[tokio::test]
async fn bad_blocks_are_refused_naming_the_block() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({ "type": "image", "url": PHOTO, "alt": "" }),
            "body[3].alt is required",
        ),
        (
            json!({ "type": "heading", "level": 4, "text": "x" }),
            "body[3].level must be 2 or 3",
        ),
        (
            json!({ "type": "paragraph", "text": "[x](javascript:alert(1))" }),
            "body[3].text",
        ),
        (
            json!({ "type": "video", "url": PHOTO }),
            "body[3].type \"video\" is not one of",
        ),
        (
            json!({ "type": "image", "url": "https://elsewhere.example/a.jpg", "alt": "x" }),
            "body[3].url",
        ),
        (
            json!({ "type": "pair", "images": [ { "url": PHOTO, "alt": "A" } ] }),
            "body[3].images must be a list of two photos",
        ),
        (
            json!({ "type": "beforeAfter", "before": { "url": PHOTO, "alt": "A" } }),
            "body[3].after is required",
        ),
        (
            json!({ "type": "paragraph", "text": "<b>html</b>", "html": "<b>x</b>" }),
            "body[3].html is not a field",
        ),
    ];
    for (bad, wanted) in cases {
        let mut body = vec![json!({ "type": "paragraph", "text": "ok" }); 3];
        body.push(bad);
        let (status, answer) = owner
            .post(
                "/api/admin/news-items",
                json!({ "title": "T", "date": "2026-11-01", "body": body }),
            )
            .await;
        assert_eq!(status, 400, "{answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(
            message.starts_with(wanted),
            "{message} should start with {wanted}"
        );
    }
    // Bounds: 201 blocks, 51 photos.
    let many = vec![json!({ "type": "paragraph", "text": "p" }); 201];
    let (status, answer) = owner
        .post(
            "/api/admin/news-items",
            json!({ "title": "T", "date": "2026-11-01", "body": many }),
        )
        .await;
    assert_eq!(
        (status.as_u16(), answer["message"].as_str().unwrap()),
        (400, "body may have at most 200 blocks")
    );
    let photos = vec![
        json!({ "type": "pair", "images": [ { "url": PHOTO, "alt": "A" }, { "url": PHOTO, "alt": "B" } ] });
        26
    ];
    let (status, answer) = owner
        .post(
            "/api/admin/news-items",
            json!({ "title": "T", "date": "2026-11-01", "body": photos }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .starts_with("body may hold at most 50 photos")
    );
    // Scheduling needs a time with its offset.
    for (fields, wanted) in [
        (json!({ "status": "scheduled" }), "publishAt is required"),
        (
            json!({ "status": "scheduled", "publishAt": "2026-12-01T09:30" }),
            "publishAt must be",
        ),
        (json!({ "status": "later" }), "status must be one of"),
    ] {
        let mut body = json!({ "title": "T", "date": "2026-11-01", "content": "c" });
        for (k, v) in fields.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, answer) = owner.post("/api/admin/news-items", body).await;
        assert_eq!(status, 400);
        assert!(
            answer["message"].as_str().unwrap().starts_with(wanted),
            "{answer}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn slugs_are_unique_renames_redirect_and_saves_are_versioned() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (_, first) = owner.post("/api/admin/news-items", article()).await;
    let post = |body: Value| owner.post("/api/admin/news-items", body);
    // The same title again gets the next free address; a slug asked for that is taken is a 409.
    let (status, second) = post(article()).await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(
        second["slug"],
        "before-and-after-a-1970s-bungalow-in-banjara-hills-2"
    );
    let mut clash = article();
    clash["slug"] = first["slug"].clone();
    let (status, answer) = post(clash).await;
    assert_eq!(status, 409, "{answer}");
    let id = first["id"].as_u64().unwrap();
    // A new title without a slug keeps the article's address.
    let mut retitled = article();
    retitled["title"] = json!("A bungalow in Banjara Hills, before and after");
    let path = format!("/api/admin/news-items/{id}");
    let (status, saved) = owner.put(&path, retitled).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["slug"], first["slug"]);
    let first = saved;
    let mut renamed = article();
    renamed["slug"] = json!("bungalow-banjara-hills");
    renamed["version"] = first["version"].clone();
    let (status, saved) = owner
        .put(&format!("/api/admin/news-items/{id}"), renamed.clone())
        .await;
    assert_eq!(status, 200, "{saved}");
    // The same version again is stale.
    let (status, _) = owner
        .put(&format!("/api/admin/news-items/{id}"), renamed)
        .await;
    assert_eq!(status, 409);
    server
        .app
        .shells
        .pages()
        .wait_rendered(std::time::Duration::from_secs(30));
    let res = server
        .get("/news/before-and-after-a-1970s-bungalow-in-banjara-hills")
        .await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/news/bungalow-banjara-hills");
    assert_eq!(
        server.get("/news/bungalow-banjara-hills").await.status(),
        200
    );
    // History and restore.
    let (status, revisions) = owner
        .get(&format!("/api/admin/news-items/{id}/revisions"))
        .await;
    assert_eq!(status, 200, "{revisions}");
    let (status, restored) = owner
        .post_empty(&format!("/api/admin/news-items/{id}/revisions/1/restore"))
        .await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(
        restored["slug"],
        "before-and-after-a-1970s-bungalow-in-banjara-hills"
    );
    server.stop().await;
}

#[tokio::test]
async fn drafts_are_not_on_the_site_but_open_by_their_preview_link() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let mut draft = article();
    draft["status"] = json!("draft");
    let (_, item) = owner.post("/api/admin/news-items", draft).await;
    let id = item["id"].as_u64().unwrap();
    let path = format!("/news/{}", item["slug"].as_str().unwrap());
    server
        .app
        .shells
        .pages()
        .wait_rendered(std::time::Duration::from_secs(30));
    assert_eq!(server.get(&path).await.status(), 404);
    let (status, preview) = owner
        .post_empty(&format!("/api/admin/news-items/{id}/preview"))
        .await;
    assert_eq!(status, 200);
    let url = preview["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("{path}?preview=")), "{url}");
    let res = server.get(url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["x-robots-tag"], "noindex");
    let html = res.text().await.unwrap();
    assert!(html.contains("Before and after: a 1970s bungalow"));
    assert_eq!(
        server
            .get(&format!("{path}?preview=1.2.abc"))
            .await
            .status(),
        404
    );
    // A project's link for the same id opens nothing here.
    let key = server.app.store.hmac_key().unwrap();
    let project_token = studio::preview::sign(&key, id, studio::auth::now_secs() + 60).unwrap();
    assert_eq!(
        server
            .get(&format!("{path}?preview={project_token}"))
            .await
            .status(),
        404
    );
    server.stop().await;
}

#[test]
fn earlier_data_files_read_their_news_as_published_articles() {
    for fixture in ["v1.redb", "v2-content.redb", "v2-photos.redb"] {
        let (_dir, path) = fixture_copy(fixture);
        let store = studio::store::Store::open(&path).unwrap();
        store.read_everything().unwrap();
        let news = store.news_items().unwrap();
        assert!(!news.is_empty(), "{fixture}");
        for n in &news {
            assert_eq!(
                n.status,
                studio::store::ArticleStatus::Published,
                "{fixture}"
            );
            assert!(studio::site::is_slug(&n.slug), "{fixture}: {}", n.slug);
            assert_eq!(
                n.body,
                vec![studio::store::Block::Paragraph {
                    text: n.content.split_whitespace().collect::<Vec<_>>().join(" ")
                }]
            );
        }
    }
}

#[test]
fn the_home_page_shows_the_news_of_an_earlier_file_as_it_did() {
    use redb::{ReadableDatabase, ReadableTable, TableDefinition};
    const NEWS: TableDefinition<u64, &[u8]> = TableDefinition::new("news_items");
    #[derive(serde::Deserialize)]
    struct V1(u64, String, String, String, bool);
    let (_dir, path) = fixture_copy("v2-content.redb");
    // What the release before showed: its active items, newest first, six at most.
    let mut before: Vec<V1> = {
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_read().unwrap();
        let table = txn.open_table(NEWS).unwrap();
        table
            .iter()
            .unwrap()
            .map(|e| {
                let (_, v) = e.unwrap();
                assert_eq!(v.value()[0], 1, "the fixture holds version 1 news items");
                postcard::from_bytes::<V1>(&v.value()[1..]).unwrap()
            })
            .filter(|n| n.4)
            .collect()
    };
    before.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    before.truncate(6);
    let store = studio::store::Store::open(&path).unwrap();
    let html = "<html><head><!--studio:head--></head><body><div id=app><!--studio:body--></div><!--studio:data--></body></html>";
    let shells = studio::render::page_cache::Shells::new(
        html,
        &store,
        studio::origin::Origin::fixed("https://studio.example"),
    )
    .unwrap();
    let home = String::from_utf8(shells.pages().get("/").unwrap().html().to_vec()).unwrap();
    let data = common::inlined(&home);
    let shown: Vec<(u64, String, String, String)> = data["news"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["id"].as_u64().unwrap(),
                n["date"].as_str().unwrap().to_string(),
                n["title"].as_str().unwrap().to_string(),
                n["content"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: Vec<(u64, String, String, String)> =
        before.into_iter().map(|n| (n.0, n.1, n.2, n.3)).collect();
    assert!(!expected.is_empty());
    assert_eq!(shown, expected);
}
