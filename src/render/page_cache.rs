//! The live pages: every public page's finished bytes (its shell, then its server-rendered body),
//! the page data, the former addresses and the sitemap, swapped whole after each admin write and
//! looked up by each request (`Pages`); the worker that renders the bodies in the background, and a
//! draft's preview, rendered on request (`Shells`).
//!
//! Rendering happens at start-up and after each admin write, never per request: a request only
//! looks up the finished bytes. The bodies follow in the background; a request for a page whose
//! turn has not come waits for it (`Pages::wait_page`), and a page whose render fails is served as
//! its shell. What each page is made of is `shells`; the engine that renders bodies, `Renderer`.

use super::Renderer;
use super::page_data::{Draft, Site};
use super::shells::{Built, NOT_FOUND_PATH, Rendered, SitemapEntry, Source, Template, json_copy};
use crate::journal::schedule::{Clock, system_clock};
use crate::origin::Origin;
use crate::site::{PAGE_PARAM, view_path};
use crate::store::{NewsItem, Project, Store};
use crate::ui_build::assets::Encoded;
use anyhow::{Context, Result};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, RwLock, mpsc};
use std::time::{Duration, Instant};

/// One page and what is made of it, each once and only when needed: its body rendered (by the
/// worker), its empty shell (when a request cannot wait for the body), its data's JSON copy. A
/// page whose source a write did not change keeps its slot, so nothing of it is made again.
pub(super) struct Slot {
    source: Source,
    rendered: OnceLock<Arc<Rendered>>,
    shell: OnceLock<Arc<Rendered>>,
    data: OnceLock<Arc<Encoded>>,
    /// Its render failed (it is served as its shell): the next set of pages tries it again.
    failed: AtomicBool,
}

impl Slot {
    fn new(source: Source) -> Slot {
        Slot {
            source,
            rendered: OnceLock::new(),
            shell: OnceLock::new(),
            data: OnceLock::new(),
            failed: AtomicBool::new(false),
        }
    }

    fn waiting(&self) -> bool {
        self.source.render && self.rendered.get().is_none()
    }
}

/// Every page's finished bytes and data, the not-found page, the former slugs and the sitemap.
pub struct Pages {
    template: Arc<Template>,
    slots: HashMap<String, Arc<Slot>>,
    /// The pages shown differently per value of a query parameter, with that parameter's name
    /// (`/portfolio` and `category`): each value's page is a slot as `path?name=value`.
    queries: HashMap<String, String>,
    /// The routes that answer an unknown value of their query with a not-found page of their own
    /// (`/news` and its tags), and that page's key.
    unknown_values: HashMap<String, String>,
    redirects: HashMap<String, String>,
    sitemap: Vec<SitemapEntry>,
    founder_path: String,
    /// The pages whose bodies this set renders, in order: those new or changed since the set
    /// before, and those the set before had not rendered yet.
    to_render: Vec<Arc<Slot>>,
    not_found: Arc<Slot>,
    /// Pages a request is waiting for: rendered before the rest.
    wanted: Mutex<Vec<Arc<Slot>>>,
    /// Set when newer pages replace these: their renders stop.
    superseded: AtomicBool,
    /// Whether every page to render has had its turn (rendered or failed).
    done: (Mutex<bool>, Condvar),
}

impl Pages {
    /// A new set of pages from `built`, keeping each page of `before` whose source is unchanged
    /// (and rendered, unless its render failed); the worker renders the others in their order.
    pub(super) fn new(template: Arc<Template>, built: Built, before: Option<&Pages>) -> Pages {
        let Built {
            first,
            not_found,
            rest,
            queries,
            unknown_values,
            redirects,
            sitemap,
            founder_path,
        } = built;
        let mut slots = HashMap::with_capacity(first.len() + rest.len() + 1);
        let mut to_render = Vec::new();
        let mut keep = |source: Source| {
            let kept = before
                .and_then(|b| b.slots.get(&source.path))
                .filter(|old| old.source == source && !old.failed.load(Ordering::Relaxed))
                .cloned();
            let slot = kept.unwrap_or_else(|| Arc::new(Slot::new(source)));
            if slot.waiting() {
                to_render.push(slot.clone());
            }
            slots.insert(slot.source.path.clone(), slot.clone());
            slot
        };
        // The fixed routes first: they are what most visitors and crawlers ask for.
        first.into_iter().for_each(|s| {
            keep(s);
        });
        let not_found = keep(not_found);
        rest.into_iter().for_each(|s| {
            keep(s);
        });
        let done = to_render.is_empty();
        Pages {
            template,
            slots,
            queries,
            unknown_values,
            redirects,
            sitemap,
            founder_path,
            to_render,
            not_found,
            wanted: Mutex::new(Vec::new()),
            superseded: AtomicBool::new(false),
            done: (Mutex::new(done), Condvar::new()),
        }
    }

    /// Where the page a request for `path` with `query` wants is kept: `path`, or for a route with
    /// a query parameter (the portfolio's `?category=`) its view for the value and the page of
    /// its list (`&page=`) asked, when the route has them; else the nearest view it has (the
    /// value's first page, or `path`). Anything else in the query changes nothing.
    pub fn key<'a>(&self, path: &'a str, query: Option<&str>) -> Cow<'a, str> {
        let (Some(query), Some(name)) = (query, self.queries.get(path)) else {
            return Cow::Borrowed(path);
        };
        // Decoded as the browser's URLSearchParams reads it, so that both show the same page.
        let mut value = None;
        let mut page = 1;
        for (key, v) in url::form_urlencoded::parse(query.as_bytes()) {
            if key == name.as_str() && value.is_none() {
                value = Some(v.into_owned());
            } else if key == PAGE_PARAM && page == 1 {
                page = v.parse().unwrap_or(1);
            }
        }
        let asked = view_path(path, name, value.as_deref(), page);
        if self.slots.contains_key(&asked) {
            return Cow::Owned(asked);
        }
        let first = view_path(path, name, value.as_deref(), 1);
        if self.slots.contains_key(&first) {
            return Cow::Owned(first);
        }
        match self.unknown_values.get(path) {
            Some(unknown) if value.is_some_and(|v| !v.is_empty()) => Cow::Owned(unknown.clone()),
            _ => Cow::Borrowed(path),
        }
    }

    /// Whether the page kept at `key` says that what was asked for is not here (status 404): a
    /// route's page for a value of its query it does not have.
    pub fn is_not_found(&self, key: &str) -> bool {
        self.unknown_values.values().any(|k| k == key)
    }

    /// Whether a page is kept at `path` (a key of [`Pages::key`]).
    pub fn contains(&self, path: &str) -> bool {
        self.slots.contains_key(path)
    }

    /// The page at `path` (a key of [`Pages::key`]): with its body when rendered, else its shell
    /// (made on the first request that cannot wait: see [`Pages::pending`]).
    pub fn get(&self, path: &str) -> Option<&Arc<Rendered>> {
        self.slots.get(path).map(|slot| self.page(slot))
    }

    fn page<'a>(&self, slot: &'a Slot) -> &'a Arc<Rendered> {
        match slot.rendered.get() {
            Some(page) => page,
            None => slot
                .shell
                .get_or_init(|| Arc::new(self.template.render_source(&slot.source, None))),
        }
    }

    /// The not-found page, with its body when rendered.
    pub fn not_found(&self) -> &Arc<Rendered> {
        self.page(&self.not_found)
    }

    /// Waits until every page has had its render (tests, and the first pages at start-up); whether
    /// that happened within `timeout`.
    pub fn wait_rendered(&self, timeout: Duration) -> bool {
        let (lock, ready) = &self.done;
        let guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        let (guard, _) = ready
            .wait_timeout_while(guard, timeout, |done| !*done)
            .unwrap_or_else(|p| p.into_inner());
        *guard
    }

    /// Whether the page at `path` (or the not-found page, for `None`) is still waiting for its
    /// render: a request for it then waits with [`Pages::wait_page`] rather than take the shell.
    pub fn pending(&self, path: Option<&str>) -> bool {
        let slot = self.slots.get(path.unwrap_or(NOT_FOUND_PATH));
        slot.is_some_and(|s| s.waiting()) && !*self.done.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits (blocking: never on a request thread) until the page at `path` (the not-found page
    /// for `None`) has had its render, the set is done, or `timeout` passes. The worker renders
    /// that page next.
    pub fn wait_page(&self, path: Option<&str>, timeout: Duration) {
        let Some(slot) = self.slots.get(path.unwrap_or(NOT_FOUND_PATH)) else {
            return;
        };
        if !slot.waiting() {
            return;
        }
        self.wanted
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(slot.clone());
        let (lock, ready) = &self.done;
        let guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        let _ = ready
            .wait_timeout_while(guard, timeout, |done| !*done && slot.waiting())
            .unwrap_or_else(|p| p.into_inner());
    }

    /// Wakes the requests waiting for a page (one was rendered).
    fn page_rendered(&self) {
        let _guard = self.done.0.lock().unwrap_or_else(|p| p.into_inner());
        self.done.1.notify_all();
    }

    fn finish_rendering(&self) {
        let (lock, ready) = &self.done;
        *lock.lock().unwrap_or_else(|p| p.into_inner()) = true;
        ready.notify_all();
    }

    /// The page's data as JSON (with its compressed copies and ETag).
    pub fn data(&self, path: &str) -> Option<&Arc<Encoded>> {
        let slot = self.slots.get(path).filter(|s| s.source.data)?;
        Some(
            slot.data
                .get_or_init(|| Arc::new(json_copy(&slot.source.json))),
        )
    }

    /// Where a former address of a page now is.
    pub fn redirect(&self, path: &str) -> Option<&str> {
        self.redirects.get(path).map(String::as_str)
    }

    pub fn sitemap(&self) -> &[SitemapEntry] {
        &self.sitemap
    }

    /// The founder's page as rendered (`/anjali-rao`).
    pub fn founder_path(&self) -> &str {
        &self.founder_path
    }

    /// The next page to render: one a request waits for, else the next in order not rendered yet.
    fn next(&self, at: &mut usize) -> Option<Arc<Slot>> {
        let wanted = {
            let mut wanted = self.wanted.lock().unwrap_or_else(|p| p.into_inner());
            std::mem::take(&mut *wanted)
        };
        if let Some(slot) = wanted.into_iter().find(|s| s.waiting()) {
            return Some(slot);
        }
        while let Some(slot) = self.to_render.get(*at) {
            *at += 1;
            if slot.waiting() {
                return Some(slot.clone());
            }
        }
        None
    }
}

/// The live set of pages; swapped whole when the site data changes.
pub struct Shells {
    template: Arc<Template>,
    /// Scheme and host of absolute URLs in the pages (canonical links, `og:image`, JSON-LD), read
    /// again at each render: the panel's site address may change.
    origin: Origin,
    current: RwLock<Arc<Pages>>,
    renderer: Arc<Renderer>,
    /// The background worker that renders the bodies of each new set of pages.
    worker: Mutex<mpsc::Sender<Arc<Pages>>>,
    /// How many refreshes have been asked for, and how many of those the live pages include:
    /// refreshes load, render and swap one at a time, so a refresh that loaded the store before a
    /// write never replaces one that loaded after it.
    asked: AtomicU64,
    included: Mutex<u64>,
    /// How many sets of pages have been swapped in since start: what is derived from the site's
    /// content outside the pages (the journal's feed) is made again when it moves.
    swaps: AtomicU64,
    /// How many page bodies the worker has rendered since start (renders per write, in tests).
    renders: Arc<AtomicU64>,
    /// The time the pages show the site at: scheduled articles due by then are on it.
    clock: RwLock<Clock>,
}

impl Shells {
    /// Parses the built `index.html` and renders every page's shell from the store, without
    /// bodies; `origin` (scheme and host) makes the absolute URLs in the pages.
    pub fn new(index_html: &str, store: &Store, origin: Origin) -> Result<Shells> {
        Shells::with_renderer(index_html, store, origin, Renderer::off())
    }

    /// As `new`, and renders every public page's body with `renderer` in the background, at once
    /// and again after each `refresh`: start-up never waits for it (on a Raspberry Pi a site of a
    /// hundred projects takes seconds), and a request for a page not rendered yet waits for that
    /// page ([`Pages::wait_page`]).
    pub fn with_renderer(
        index_html: &str,
        store: &Store,
        origin: Origin,
        renderer: Renderer,
    ) -> Result<Shells> {
        let template = Arc::new(Template::parse(index_html)?);
        let clock = system_clock();
        let built = template.render_all(&Site::load(
            store,
            &origin.for_pages(store)?,
            None,
            clock(),
        )?)?;
        let pages = Arc::new(Pages::new(template.clone(), built, None));
        let renderer = Arc::new(renderer);
        let renders = Arc::new(AtomicU64::new(0));
        let (worker, queue) = mpsc::channel::<Arc<Pages>>();
        let (renderer_, renders_) = (renderer.clone(), renders.clone());
        std::thread::Builder::new()
            .name("render-pages".into())
            .spawn(move || {
                lower_priority();
                while let Ok(mut pages) = queue.recv() {
                    // Only the newest set matters; older ones are superseded already.
                    while let Ok(newer) = queue.try_recv() {
                        pages.finish_rendering();
                        pages = newer;
                    }
                    render_bodies(&renderer_, &pages, &renders_);
                    // A write that changes every page renders hundreds of them: what their
                    // renders freed goes back before the worker waits for the next write.
                    crate::memory::give_back();
                }
            })
            .context("starting the page render worker")?;
        if worker.send(pages.clone()).is_err() {
            pages.finish_rendering();
        }
        Ok(Shells {
            template,
            origin,
            current: RwLock::new(pages),
            renderer,
            worker: Mutex::new(worker),
            asked: AtomicU64::new(0),
            swaps: AtomicU64::new(0),
            included: Mutex::new(0),
            renders,
            clock: RwLock::new(clock),
        })
    }

    /// Shows the site at the times `clock` tells from the next refresh on (tests: a fake clock).
    pub fn set_clock(&self, clock: Clock) {
        *self.clock.write().unwrap_or_else(|p| p.into_inner()) = clock;
    }

    /// The time now by the pages' clock, in ms since the epoch.
    pub fn now_ms(&self) -> u64 {
        (self.clock.read().unwrap_or_else(|p| p.into_inner()))()
    }

    /// How many sets of pages have been swapped in since start (each admin write, each article
    /// falling due): a key for what is made from the same content.
    pub fn swaps(&self) -> u64 {
        self.swaps.load(Ordering::SeqCst)
    }

    /// How many page bodies have been rendered since start.
    pub fn renders(&self) -> u64 {
        self.renders.load(Ordering::SeqCst)
    }

    pub fn pages(&self) -> Arc<Pages> {
        match self.current.read() {
            Ok(guard) => guard.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Reads the site again after an admin write, once it has committed, and swaps in the new set
    /// of pages: a page whose source (head, data, tags) is unchanged keeps its finished bytes, the
    /// others are rendered in the background (a request for one waits for it). When it returns,
    /// the live pages include that write: concurrent calls are ordered, and a call whose write a
    /// later load already included returns without loading again.
    pub fn refresh(&self, store: &Store) -> Result<()> {
        let ticket = self.asked.fetch_add(1, Ordering::SeqCst) + 1;
        let mut included = self.included.lock().unwrap_or_else(|p| p.into_inner());
        if *included >= ticket {
            return Ok(());
        }
        // Every refresh asked for up to here was asked after its write committed, so the load
        // below sees all of those writes.
        let covers = self.asked.load(Ordering::SeqCst);
        self.swap_in(store)?;
        *included = covers;
        Ok(())
    }

    fn swap_in(&self, store: &Store) -> Result<()> {
        let origin = self.origin.for_pages(store)?;
        let built = self
            .template
            .render_all(&Site::load(store, &origin, None, self.now_ms())?)?;
        let pages = Arc::new(Pages::new(
            self.template.clone(),
            built,
            Some(&self.pages()),
        ));
        let old = {
            let mut guard = self.current.write().unwrap_or_else(|p| p.into_inner());
            std::mem::replace(&mut *guard, pages.clone())
        };
        self.swaps.fetch_add(1, Ordering::SeqCst);
        old.superseded.store(true, Ordering::Relaxed);
        let worker = self.worker.lock().unwrap_or_else(|p| p.into_inner());
        if worker.send(pages.clone()).is_err() {
            tracing::error!("the page render worker has stopped: pages are sent as empty shells");
            pages.finish_rendering();
        }
        Ok(())
    }

    /// The page of project `id` exactly as visitors would see it once published, kept out of
    /// search engines; `None` unless that project exists and has the slug `slug`.
    pub fn preview(&self, store: &Store, id: u64, slug: &str) -> Result<Option<Rendered>> {
        let Some(project) = store.get::<Project>(id)?.filter(|p| p.slug == slug) else {
            return Ok(None);
        };
        let origin = self.origin.for_pages(store)?;
        let site = Site::load(
            store,
            &origin,
            Some(Draft::Project(&project)),
            self.now_ms(),
        )?;
        let source = self.template.project_source(&site, &project, true)?;
        let body = self.renderer.body(&source.path, &source.json);
        Ok(Some(self.template.render_source(&source, body.as_deref())))
    }

    /// The page of article `id` as visitors would see it once published, kept out of search
    /// engines; `None` unless that article exists and has the slug `slug`.
    pub fn preview_article(&self, store: &Store, id: u64, slug: &str) -> Result<Option<Rendered>> {
        let Some(article) = store.get::<NewsItem>(id)?.filter(|a| a.slug == slug) else {
            return Ok(None);
        };
        let origin = self.origin.for_pages(store)?;
        let site = Site::load(
            store,
            &origin,
            Some(Draft::Article(&article)),
            self.now_ms(),
        )?;
        let source = self.template.article_source(&site, &article, true)?;
        let body = self.renderer.body(&source.path, &source.json);
        Ok(Some(self.template.render_source(&source, body.as_deref())))
    }
}

/// The render worker runs behind requests: a write that changes every page (a setting the footer
/// shows) renders all of them, one at a time, and on a 2-core Pi those renders must not slow the
/// answers to visitors. Linux keeps a nice value per thread; elsewhere nothing changes.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on the calling thread (`who` 0) with a plain integer; on failure the
    // worker simply keeps the default priority.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// Renders the body of every page of `pages` that waits for one, those a request asks for first,
/// unless newer pages replace them meanwhile. A page whose render fails gets its shell.
fn render_bodies(renderer: &Renderer, pages: &Pages, renders: &AtomicU64) {
    let started = Instant::now();
    let mut count = 0;
    let mut at = 0;
    while let Some(slot) = pages.next(&mut at) {
        if pages.superseded.load(Ordering::Relaxed) {
            break;
        }
        let body = renderer.body(&slot.source.path, &slot.source.json);
        renders.fetch_add(1, Ordering::SeqCst);
        if body.is_none() {
            slot.failed.store(true, Ordering::Relaxed);
        }
        let page = pages.template.render_source(&slot.source, body.as_deref());
        let _ = slot.rendered.set(Arc::new(page));
        pages.page_rendered();
        count += 1;
    }
    if count > 0 {
        tracing::debug!(
            pages = count,
            ms = started.elapsed().as_millis() as u64,
            "rendered the pages' bodies"
        );
    }
    pages.finish_rendering();
}
