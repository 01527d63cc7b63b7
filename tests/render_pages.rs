//! Every public page arrives as HTML: the body the server rendered with the UI's components holds
//! the page's words for a plain GET; a render that throws or loops leaves the empty shell, with
//! one log line (src/render/, docs/CONTRACTS.md "Rendering").

mod common;

use common::TestServer;
use serde_json::Value;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use studio::render::{Engine, Limits, RenderError};
use studio::site::ROUTES;
use studio::store::{Project, Save};

/// Keys whose strings are never shown as text: addresses, image sources, alternative text (an
/// attribute), the SEO head tags, and a notice shown only when a button is pressed.
const NOT_TEXT: &[&str] = &["src", "href", "url", "slug", "alt", "kind", "seo", "notice"];

/// Fields a page's record holds that the page does not show as text: the founder slideshow shows
/// one caption at a time, and the founder page shows no bio, mission or publications (yet); the
/// booking words show only while consultations are booked online, off in a new file
/// (tests/consultations_api.rs checks them on each page); the contact form's thank-you line only
/// once a message is sent.
const NOT_SHOWN: &[(&str, &[&str])] = &[
    ("founder", &["slides", "bio", "mission", "publications"]),
    ("contact", &["booking", "thanks"]),
    ("service-consultation", &["booking"]),
    ("service-ask-architect", &["booking"]),
];

/// The log lines the server writes while this test file runs.
fn log() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOG.get_or_init(|| {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .with_writer(move || Capture(writer.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("one subscriber");
        buffer
    })
}

struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn log_lines(containing: &str) -> Vec<String> {
    let bytes = log().lock().unwrap().clone();
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter(|l| l.contains(containing))
        .map(str::to_string)
        .collect()
}

/// What a reader without JavaScript reads in `<div id="app">`: its text, tags dropped, entities
/// decoded, white space collapsed.
fn app_text(html: &str) -> String {
    let body = app_html(html);
    let mut text = String::with_capacity(body.len());
    let mut in_tag = false;
    for ch in body.chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(ch),
            _ => {}
        }
    }
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn app_html(html: &str) -> &str {
    let start = html.find("<div id=\"app\">").expect("the page has #app") + 14;
    let data = html
        .find("<script type=\"application/json\" id=\"site-data\">")
        .expect("data");
    // After #app come only comments and the no-JavaScript block, which holds no `</div>` outside it.
    let rest = &html[start..data];
    let rest = &rest[..rest.find("<noscript>").unwrap_or(rest.len())];
    &rest[..rest.rfind("</div>").expect("#app closes")]
}

/// The page's own part, without the header and footer (which link to projects too).
fn main_html(html: &str) -> &str {
    let body = app_html(html);
    let start = body.find("<main").expect("the page has <main>");
    let end = body.rfind("</main>").expect("<main> closes");
    &body[start..end]
}

/// The strings of a page record that the page shows.
fn shown_strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) if s.trim().len() > 2 => {
            out.push(s.split_whitespace().collect::<Vec<_>>().join(" "))
        }
        Value::Array(items) => items.iter().for_each(|v| shown_strings(v, out)),
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| !NOT_TEXT.contains(&k.as_str()))
            .for_each(|(_, v)| shown_strings(v, out)),
        _ => {}
    }
}

/// What an admin write does, then waits for the background renders of the new pages.
fn refresh_and_wait(server: &TestServer) {
    server.app.refresh_site().unwrap();
    let pages = server.app.shells.pages();
    assert!(pages.wait_rendered(Duration::from_secs(60)), "renders done");
}

async fn page(server: &TestServer, path: &str) -> (u16, String) {
    let res = server.get(path).await;
    (res.status().as_u16(), res.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_arrives_with_its_words_in_the_html() {
    log();
    let server = TestServer::start().await;
    let store = &server.app.store;
    let founder_slug = server.app.shells.pages().founder_path()[1..].to_string();
    let mut checked = 0;
    for (path, route) in ROUTES.pages(&founder_slug) {
        let (status, html) = page(&server, &path).await;
        assert_eq!(status, 200, "{path}");
        if route.admin {
            assert_eq!(
                app_html(&html).trim(),
                "",
                "{path}: admin pages stay client-rendered"
            );
            continue;
        }
        let text = app_text(&html);
        assert!(text.contains(&route.title) || path == "/", "{path}: {text}");
        let mut expected = Vec::new();
        // The page's own record (others, such as the service cards on `/`, are shown in part).
        for key in studio::pages::records_of(route).into_iter().take(1) {
            let record = store.page(key).unwrap().expect("seeded record");
            let mut content: Value = serde_json::from_str(&record.content).unwrap();
            for (_, fields) in NOT_SHOWN.iter().filter(|(k, _)| *k == key) {
                for field in *fields {
                    content.as_object_mut().unwrap().remove(*field);
                }
            }
            shown_strings(&content, &mut expected);
        }
        // The journal has no page record: it shows the articles (issue 32).
        if route.page == "journal" {
            let news = store.news_items().unwrap();
            expected.extend(news.into_iter().filter(|n| n.is_active).map(|n| n.title));
        }
        assert!(!expected.is_empty(), "{path} shows records");
        let missing: Vec<&String> = expected
            .iter()
            .filter(|s| !text.contains(s.as_str()))
            .collect();
        assert!(missing.is_empty(), "{path}: not in the HTML: {missing:#?}");
        // Header and footer are in the HTML too, and no no-JavaScript fallback is left over.
        assert!(app_html(&html).contains("<footer"), "{path}");
        assert!(!html.contains("JavaScript is turned off"), "{path}");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} public routes");

    let projects: Vec<Project> = store
        .projects()
        .unwrap()
        .into_iter()
        .filter(|p| p.is_active)
        .collect();
    assert!(!projects.is_empty());
    for project in &projects {
        let path = format!("/portfolio/{}", project.slug);
        let (status, html) = page(&server, &path).await;
        assert_eq!(status, 200, "{path}");
        let text = app_text(&html);
        for shown in [&project.title, &project.intro, &project.location] {
            assert!(
                text.contains(shown.as_str()),
                "{path}: {shown:?} not in {text}"
            );
        }
        for bullet in project.sections.iter().flat_map(|s| &s.bullets) {
            assert!(text.contains(bullet.as_str()), "{path}: {bullet:?}");
        }
    }
    let (status, html) = page(&server, "/no-such-page").await;
    assert_eq!(status, 404);
    assert!(app_text(&html).contains("Page Not Found"), "{html}");
    // Its search is in the HTML, a plain form the server answers without JavaScript.
    let text = app_text(&html);
    assert!(text.contains("Or find a page by its title"), "{text}");
    assert!(app_html(&html).contains("name=\"title\""), "{html}");
    let (status, found) = page(&server, "/no-such-page?title=Renovation").await;
    assert_eq!(status, 404);
    assert!(
        found.contains("<a href=\"/services/renovation\">Renovation Planning</a>"),
        "{found}"
    );
    let (status, none) = page(&server, "/no-such-page?title=castle").await;
    assert_eq!(status, 404);
    assert!(none.contains("No page has that in its title."), "{none}");
    // Render times, shown with --nocapture (docs/performance.md: a debug build's are upper bounds).
    for line in log_lines("rendered a page") {
        println!("{line}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_is_rendered_and_a_record_that_throws_leaves_the_shell_with_one_log_line() {
    log();
    let server = TestServer::start().await;
    let store = &server.app.store;
    let (_, before) = page(&server, "/about").await;
    assert!(!app_html(&before).trim().is_empty());

    // A phone number changed by the owner: every page shows it once re-rendered.
    store
        .upsert_setting("company_phone", "+91 40 5555 0199", "Company phone")
        .unwrap();
    refresh_and_wait(&server);
    let (_, html) = page(&server, "/contact").await;
    assert!(app_text(&html).contains("+91 40 5555 0199"), "{html}");

    // A record the components cannot read (written past the API's checks): its page throws.
    let about = store.page("about").unwrap().unwrap();
    store
        .save_page(
            "about",
            &serde_json::json!({ "hero": 7 }),
            Save {
                by: "test",
                expect: Some(about.version),
            },
        )
        .unwrap()
        .unwrap();
    refresh_and_wait(&server);
    let (status, html) = page(&server, "/about").await;
    assert_eq!(status, 200);
    assert_eq!(app_html(&html).trim(), "", "the empty shell");
    assert!(
        html.contains("JavaScript is turned off"),
        "with its no-JS contact form"
    );
    assert!(html.contains("id=\"site-data\""));
    let lines = log_lines("rendering /about failed");
    assert_eq!(lines.len(), 1, "{lines:#?}");
    // The other pages are rendered all the same.
    let (_, html) = page(&server, "/contact").await;
    assert!(app_text(&html).contains("+91 40 5555 0199"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_request_after_a_write_waits_for_its_page_rather_than_take_the_shell() {
    let server = TestServer::start().await;
    for round in 0..3 {
        let phone = format!("+91 40 5555 01{round}{round}");
        server
            .app
            .store
            .upsert_setting("company_phone", &phone, "Company phone")
            .unwrap();
        // No wait: the renders of the new pages have only just been handed to the worker.
        server.app.refresh_site().unwrap();
        let (status, html) = page(&server, "/contact").await;
        assert_eq!(status, 200);
        assert!(app_text(&html).contains(&phone), "round {round}: {html}");
        let (status, html) = page(&server, "/no-such-page").await;
        assert_eq!(status, 404);
        assert!(
            !app_html(&html).trim().is_empty(),
            "the not-found page rendered"
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contact_us_on_a_case_study_or_a_service_names_the_project_type_and_the_form_starts_with_it()
 {
    let server = TestServer::start().await;
    refresh_and_wait(&server);
    // The seed's first case study is a home; 'Contact Us' on the commercial service names its type.
    let (_, html) = page(&server, "/portfolio/modern-serenity").await;
    assert!(
        main_html(&html).contains("href=\"/contact?type=residential\""),
        "{html}"
    );
    let (_, html) = page(&server, "/services/commercial").await;
    assert!(
        main_html(&html).contains("href=\"/contact?type=commercial\""),
        "{html}"
    );
    // The form arrives with the type chosen, so it is chosen without a script too.
    let chosen = |html: &str, option: &str| {
        main_html(html).contains(&format!("<option selected value=\"{option}\""))
    };
    let (status, html) = page(&server, "/contact?type=kitchens").await;
    assert_eq!(status, 200);
    assert!(
        chosen(&html, "Kitchens &amp; Baths"),
        "{}",
        main_html(&html)
    );
    let (_, html) = page(&server, "/contact?utm_source=x&type=residential").await;
    assert!(chosen(&html, "Residential"));
    // Anything else is the plain form.
    for other in [
        "/contact",
        "/contact?type=castle",
        "/contact?type=Residential",
    ] {
        let (status, html) = page(&server, other).await;
        assert_eq!(status, 200, "{other}");
        for project_type in ["Residential", "Kitchens &amp; Baths", "Other"] {
            assert!(!chosen(&html, project_type), "{other}");
        }
        assert!(html.contains("name=\"projectType\""), "{other}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_portfolio_category_arrives_filtered_and_any_other_query_gets_the_whole_portfolio() {
    let server = TestServer::start().await;
    refresh_and_wait(&server);
    let portfolio = ROUTES.find("/portfolio").unwrap();
    let values = &portfolio.query.as_ref().expect("?category=").values;
    assert_eq!(values.len(), 4);
    for value in values {
        let (status, html) = page(&server, &format!("/portfolio?category={value}")).await;
        assert_eq!(status, 200);
        let text = app_text(&html);
        assert!(!text.contains("Our Complete Portfolio"), "{value}: {text}");
        assert!(text.contains(" Projects"), "{value}");
    }
    // SPEC §9's rules, as the browser applies them, in the server's HTML: the grid, its name, the
    // current filter and the preview of its first project.
    let (_, html) = page(&server, "/portfolio?utm_source=x&category=kitchens").await;
    let text = app_text(&html);
    assert!(text.contains("Kitchens & Baths Projects"), "{text}");
    assert!(
        html.contains("data-preview=\"project:kitchen-design\""),
        "{html}"
    );
    assert!(!main_html(&html).contains("href=\"/portfolio/modern-serenity\""));
    for other in [
        "/portfolio",
        "/portfolio?category=specialty",
        "/portfolio?page=2",
    ] {
        let (status, html) = page(&server, other).await;
        assert_eq!(status, 200, "{other}");
        assert!(
            app_text(&html).contains("Our Complete Portfolio"),
            "{other}"
        );
        assert!(main_html(&html).contains("href=\"/portfolio/modern-serenity\""));
    }
    server.stop().await;
}

#[test]
fn a_render_that_loops_is_stopped_at_its_deadline() {
    let bundle = "var StudioServer = { render: async (path) => { while (path) {} return ''; } };";
    let engine = Engine::start(
        bundle,
        Limits {
            deadline: Duration::from_millis(300),
            ..Limits::default()
        },
    )
    .unwrap();
    let started = Instant::now();
    let result = engine.render("/", Arc::from("{}"));
    assert!(
        matches!(result, Err(RenderError::Deadline(_))),
        "{result:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_broken_bundle_renders_nothing_and_pages_are_their_shells() {
    log();
    let renderer = studio::render::Renderer::with_bundle(
        "throw new Error('broken bundle')",
        Limits::default(),
    );
    assert_eq!(renderer.body("/", &Arc::from("{}")), None);
    assert_eq!(log_lines("server rendering is off").len(), 1);

    let dir = tempfile::tempdir().unwrap();
    let store = studio::store::Store::open(&dir.path().join("s.redb")).unwrap();
    let index = studio::ui_build::Dist::get("index.html").unwrap();
    let shells = studio::render::page_cache::Shells::with_renderer(
        std::str::from_utf8(&index.data).unwrap(),
        &store,
        studio::origin::Origin::fixed("https://studio.example"),
        renderer,
    )
    .unwrap();
    let home = String::from_utf8(shells.pages().get("/").unwrap().html().to_vec()).unwrap();
    assert_eq!(app_html(&home).trim(), "");
    assert!(home.contains("JavaScript is turned off"));
}
