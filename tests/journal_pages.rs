//! The journal's public pages (issue 32): `/news` paged and filtered by tag, an article's page with
//! its own head (title, description, og:image, canonical, BlogPosting), the feed in every page's
//! head and read back by a real feed parser, the sitemap's entries, and the home page's carousel
//! linking each item to its page.

mod common;

use common::{Owner, TestServer, inlined, login, texts};
use serde_json::{Value, json};
use std::time::Duration;

const ORIGIN: &str = "https://www.studio.example";

async fn server() -> (TestServer, String) {
    let server = TestServer::start_with(studio::config::Layer {
        public_url: Some(ORIGIN.into()),
        ..Default::default()
    })
    .await;
    let token = login(&server).await;
    (server, token)
}

async fn add(owner: &Owner<'_>, n: usize, extra: Value) -> Value {
    let mut body = json!({
        "title": format!("Article {n:02}"),
        "date": format!("2026-10-{:02}", n),
        "body": [ { "type": "paragraph", "text": format!("Words of article {n}.") } ],
    });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, item) = owner.post("/api/admin/news-items", body).await;
    assert_eq!(status, 201, "{item}");
    item
}

async fn html(server: &TestServer, path: &str) -> (u16, String) {
    server
        .app
        .shells
        .pages()
        .wait_rendered(Duration::from_secs(60));
    let res = server.get(path).await;
    (res.status().as_u16(), res.text().await.unwrap())
}

fn slugs(data: &Value) -> Vec<String> {
    data["journal"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["slug"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_list_is_newest_first_twelve_a_page_and_filters_by_tag() {
    let (server, token) = server().await;
    let owner = server.owner(&token);
    for n in 1..=14 {
        let tags = if n % 2 == 0 {
            json!(["Kitchens"])
        } else {
            json!(["Living rooms"])
        };
        add(&owner, n, json!({ "tags": tags })).await;
    }
    add(&owner, 20, json!({ "status": "draft" })).await;
    add(&owner, 21, json!({ "isActive": false })).await;
    let (status, first) = html(&server, "/news").await;
    assert_eq!(status, 200);
    let data = inlined(&first);
    let on_first = slugs(&data);
    // The seed's five news items are older (2024) than these.
    assert_eq!(on_first.len(), 12);
    assert_eq!(on_first[0], "article-14");
    assert_eq!(data["journal"]["pages"], 2);
    assert!(
        first.contains("Article 14") && first.contains("Words of article 14."),
        "words in the HTML"
    );
    assert!(first.contains("rel=\"next\""));
    assert!(
        !on_first.contains(&"article-20".to_string())
            && !on_first.contains(&"article-21".to_string())
    );
    let (_, second) = html(&server, "/news?page=2").await;
    let data = inlined(&second);
    assert_eq!(data["journal"]["page"], 2);
    assert_eq!(slugs(&data)[0], "article-02");
    assert!(second.contains("rel=\"prev\""));
    let (_, kitchens) = html(&server, "/news?tag=kitchens").await;
    let data = inlined(&kitchens);
    assert_eq!(
        slugs(&data),
        [
            "article-14",
            "article-12",
            "article-10",
            "article-08",
            "article-06",
            "article-04",
            "article-02"
        ]
    );
    assert_eq!(data["journal"]["tag"]["name"], "Kitchens");
    // The same views for client-side navigation.
    let res = server
        .get("/api/page-data?path=%2Fnews%3Ftag%3Dkitchens")
        .await;
    assert_eq!(res.status(), 200);
    let data: Value = res.json().await.unwrap();
    assert_eq!(data["journal"]["total"], 7);
    // A tag no article has: not the whole list as if filtered, but a 404 with the tags there are.
    for address in [
        "/news?tag=castles",
        "/news?tag=castles&page=2",
        "/news?tag=*",
    ] {
        let (status, page) = html(&server, address).await;
        assert_eq!(status, 404, "{address}");
        let data = inlined(&page);
        assert_eq!(data["journal"]["unknownTag"], true, "{address}");
        assert_eq!(data["journal"]["items"], json!([]));
        let tags = texts(&data["journal"]["tags"], "slug");
        assert!(
            tags.contains(&"kitchens") && tags.contains(&"living-rooms"),
            "{tags:?}"
        );
        assert!(
            page.contains("No article has that topic"),
            "words in the HTML"
        );
    }
    // An empty tag is no filter.
    let (status, _) = html(&server, "/news?tag=").await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test]
async fn an_article_has_its_own_head_neighbours_and_an_unpublished_one_is_404() {
    let (server, token) = server().await;
    let owner = server.owner(&token);
    add(&owner, 1, json!({})).await;
    add(
        &owner,
        2,
        json!({
            "excerpt": "A bungalow made light.",
            "cover": { "url": "/images/hero-1.webp", "alt": "The living room" },
            "tags": ["Renovation"],
        }),
    )
    .await;
    add(&owner, 3, json!({})).await;
    add(&owner, 4, json!({ "status": "draft" })).await;
    let (status, page) = html(&server, "/news/article-02").await;
    assert_eq!(status, 200);
    assert!(
        page.contains("<title>Article 02 | Nivasa Design Studio</title>"),
        "{page}"
    );
    assert!(page.contains("<meta name=\"description\" content=\"A bungalow made light.\">"));
    assert!(page.contains(&format!(
        "<link rel=\"canonical\" href=\"{ORIGIN}/news/article-02\">"
    )));
    assert!(page.contains(&format!(
        "<meta property=\"og:image\" content=\"{ORIGIN}/images/hero-1.webp\">"
    )));
    assert!(page.contains("\"@type\":\"BlogPosting\""));
    assert!(page.contains("<meta property=\"og:type\" content=\"article\">"));
    assert!(page.contains("<meta property=\"article:published_time\" content=\"2026-10-02\">"));
    assert!(page.contains("rel=\"alternate\" type=\"application/atom+xml\""));
    let data = inlined(&page);
    let article = &data["article"];
    assert_eq!(article["previous"]["slug"], "article-01");
    assert_eq!(article["next"]["slug"], "article-03");
    assert!(
        !article["author"].as_str().unwrap().is_empty(),
        "the founder by default"
    );
    assert_eq!(article["body"][0]["text"], "Words of article 2.");
    assert!(
        page.contains("Back to journal") && page.contains("Contact us about a project like this")
    );
    assert_eq!(html(&server, "/news/article-04").await.0, 404);
    assert_eq!(html(&server, "/news/no-such-article").await.0, 404);
    // Every page names the feed.
    let (_, about) = html(&server, "/about").await;
    assert!(about.contains("href=\"/news/feed.xml\""));
    server.stop().await;
}

#[tokio::test]
async fn the_feed_reads_back_in_a_feed_parser_and_the_sitemap_lists_articles() {
    let (server, token) = server().await;
    let owner = server.owner(&token);
    for n in 1..=22 {
        add(&owner, n, json!({ "tags": ["Kitchens & Baths"] })).await;
    }
    add(&owner, 23, json!({ "status": "draft" })).await;
    add(
        &owner,
        24,
        json!({ "status": "scheduled", "publishAt": "2099-01-01T09:00:00+05:30" }),
    )
    .await;
    server
        .app
        .shells
        .pages()
        .wait_rendered(Duration::from_secs(60));
    let res = server.get("/news/feed.xml").await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["content-type"],
        "application/atom+xml; charset=utf-8"
    );
    let xml = res.text().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("feed.xml");
    std::fs::write(&file, &xml).unwrap();
    // Debian's python3, the one apt's python3-feedparser is for (.ci/run installs it); a python3
    // earlier on PATH (pyenv's) would not see the module.
    let out = std::process::Command::new("/usr/bin/python3")
        .arg("-c")
        .arg(
            "import feedparser, json, sys\n\
             f = feedparser.parse(sys.argv[1])\n\
             print(json.dumps({'bozo': f.bozo, 'error': str(f.get('bozo_exception', '')), 'version': f.version,\n\
               'links': [e.link for e in f.entries], 'titles': [e.title for e in f.entries]}))",
        )
        .arg(&file)
        .output()
        .expect("/usr/bin/python3 with feedparser (apt python3-feedparser)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let parsed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(parsed["bozo"], false, "{parsed}");
    assert_eq!(parsed["version"], "atom10");
    let links = parsed["links"].as_array().unwrap();
    assert_eq!(links.len(), 20);
    assert_eq!(links[0], format!("{ORIGIN}/news/article-22"));
    assert!(
        !xml.contains("article-23") && !xml.contains("article-24"),
        "no drafts, nothing early"
    );

    // The feed is kept between polls; a new article is in the next one.
    assert_eq!(
        server.get("/news/feed.xml").await.text().await.unwrap(),
        xml
    );
    add(&owner, 25, json!({})).await;
    let again = server.get("/news/feed.xml").await.text().await.unwrap();
    assert!(
        again.contains(&format!("{ORIGIN}/news/article-25")),
        "{again}"
    );

    let sitemap = server.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains(&format!("<loc>{ORIGIN}/news</loc>")));
    for n in 1..=22 {
        let loc = format!("<loc>{ORIGIN}/news/article-{n:02}</loc><lastmod>");
        assert!(sitemap.contains(&loc), "{loc}");
    }
    assert!(!sitemap.contains("article-23") && !sitemap.contains("article-24"));
    server.stop().await;
}

#[tokio::test]
async fn the_home_carousel_links_each_item_to_its_page_and_shows_what_it_did() {
    let (server, _) = server().await;
    let (_, home) = html(&server, "/").await;
    let data = inlined(&home);
    let news = data["news"].as_array().unwrap();
    assert_eq!(news.len(), 5, "the seed's five items, as before");
    for item in news {
        let slug = item["slug"].as_str().unwrap();
        assert!(!item["content"].as_str().unwrap().is_empty());
        assert_eq!(
            html(&server, &format!("/news/{slug}")).await.0,
            200,
            "{slug}"
        );
    }
    server.stop().await;
}
