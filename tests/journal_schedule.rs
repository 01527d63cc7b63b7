//! Scheduled articles (issue 32): one goes out at its minute (within 60 s) on its page, the list,
//! the home page, the sitemap and the feed, with no admin action and no visitor, under tokio's
//! paused clock (never by sleeping); and one whose time passed while the server was stopped is
//! on the site as soon as the pages are first rendered.

use std::sync::Arc;
use std::time::Duration;
use studio::journal::schedule::{self, Clock, tokio_clock};
use studio::origin::Origin;
use studio::render::page_cache::Shells;
use studio::store::{ArticleStatus, NewsItem, Store, news_rule, now_ms};

const HTML: &str = "<html><head><!--studio:head--></head><body><div id=app><!--studio:body--></div><!--studio:data--></body></html>";
const ORIGIN: &str = "https://studio.example";
const MINUTE: u64 = 60_000;

fn scheduled(title: &str, at_ms: u64) -> NewsItem {
    let mut item = NewsItem::from_text(0, "2026-11-26".into(), title.into(), "Soon.".into(), true);
    item.status = ArticleStatus::Scheduled;
    item.publish_at = Some((at_ms, 330));
    item
}

/// Where a visitor would see the article: its page, the list, the home page, the sitemap, the feed.
fn seen(shells: &Shells, store: &Store, clock: &Clock, slug: &str) -> [bool; 5] {
    let pages = shells.pages();
    let body = |path: &str| {
        pages
            .get(path)
            .map(|p| String::from_utf8_lossy(&p.html()).into_owned())
            .unwrap_or_default()
    };
    let path = format!("/news/{slug}");
    let feed = studio::journal::feed::build(store, ORIGIN, clock()).unwrap();
    [
        pages.contains(&path),
        body("/news").contains(&format!("\"slug\":\"{slug}\"")),
        body("/").contains(&format!("\"slug\":\"{slug}\"")),
        pages.sitemap().iter().any(|e| e.path == path),
        feed.contains(&format!("{ORIGIN}{path}")),
    ]
}

#[tokio::test(start_paused = true)]
async fn a_scheduled_article_goes_out_at_its_minute_with_nobody_asking() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("s.redb")).unwrap();
    let start = now_ms();
    let clock = tokio_clock(start);
    store
        .create(
            scheduled("Vastu-friendly 3BHK layouts", start + 10 * MINUTE),
            &news_rule,
            "t",
        )
        .unwrap()
        .unwrap();
    let shells = Arc::new(Shells::new(HTML, &store, Origin::fixed(ORIGIN)).unwrap());
    shells.set_clock(clock.clone());
    shells.refresh(&store).unwrap();
    let slug = "vastu-friendly-3bhk-layouts";
    assert_eq!(
        seen(&shells, &store, &clock, slug),
        [false; 5],
        "not before its time"
    );

    let (shells_, store_) = (shells.clone(), store.clone());
    tokio::spawn(schedule::run(
        store.clone(),
        clock.clone(),
        clock(),
        move || shells_.refresh(&store_),
    ));
    tokio::time::sleep(Duration::from_secs(9 * 60 + 59)).await;
    assert_eq!(
        seen(&shells, &store, &clock, slug),
        [false; 5],
        "a second early"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        seen(&shells, &store, &clock, slug),
        [true; 5],
        "out at its minute"
    );
}

#[tokio::test(start_paused = true)]
async fn one_scheduled_while_the_worker_sleeps_is_at_most_a_minute_late() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("s.redb")).unwrap();
    let start = now_ms();
    let clock = tokio_clock(start);
    let shells = Arc::new(Shells::new(HTML, &store, Origin::fixed(ORIGIN)).unwrap());
    shells.set_clock(clock.clone());
    shells.refresh(&store).unwrap();
    let (shells_, store_) = (shells.clone(), store.clone());
    tokio::spawn(schedule::run(
        store.clone(),
        clock.clone(),
        clock(),
        move || shells_.refresh(&store_),
    ));
    tokio::time::sleep(Duration::from_secs(5)).await;
    // Saved while the worker sleeps its minute, due 20 s later: a write re-renders the pages, but
    // the article is not due then.
    store
        .create(scheduled("Kitchens", clock() + 20_000), &news_rule, "t")
        .unwrap()
        .unwrap();
    shells.refresh(&store).unwrap();
    assert_eq!(seen(&shells, &store, &clock, "kitchens"), [false; 5]);
    tokio::time::sleep(Duration::from_secs(60)).await;
    assert_eq!(seen(&shells, &store, &clock, "kitchens"), [true; 5]);
}

#[test]
fn one_due_while_the_server_was_stopped_is_out_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    {
        let store = Store::open(&path).unwrap();
        store
            .create(
                scheduled("While we slept", now_ms() - 5 * MINUTE),
                &news_rule,
                "t",
            )
            .unwrap()
            .unwrap();
        let mut later = scheduled("Not yet", now_ms() + 60 * MINUTE);
        later.slug = "not-yet".into();
        store.create(later, &news_rule, "t").unwrap().unwrap();
    }
    let store = Store::open(&path).unwrap();
    let shells = Shells::new(HTML, &store, Origin::fixed(ORIGIN)).unwrap();
    let clock: Clock = Arc::new(now_ms);
    assert_eq!(seen(&shells, &store, &clock, "while-we-slept"), [true; 5]);
    assert_eq!(seen(&shells, &store, &clock, "not-yet"), [false; 5]);
}

/// The footer's copyright years come from the clock at render time: a new year renders the pages
/// again within a minute, with no article due and nobody asking.
#[tokio::test(start_paused = true)]
async fn a_new_year_renders_the_pages_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("s.redb")).unwrap();
    let start = 1_798_761_570_000; // 2026-12-31T23:59:30Z
    assert_eq!(schedule::year_of(start), 2026);
    let clock = tokio_clock(start);
    let renders = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = renders.clone();
    tokio::spawn(schedule::run(store, clock.clone(), clock(), move || {
        counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }));
    tokio::time::sleep(Duration::from_secs(20)).await;
    assert_eq!(
        renders.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "still 2026"
    );
    tokio::time::sleep(Duration::from_secs(61)).await;
    assert_eq!(schedule::year_of(clock()), 2027);
    assert_eq!(
        renders.load(std::sync::atomic::Ordering::SeqCst),
        1,
        "rendered once for 2027"
    );
    tokio::time::sleep(Duration::from_secs(600)).await;
    assert_eq!(
        renders.load(std::sync::atomic::Ordering::SeqCst),
        1,
        "and not again"
    );
}
