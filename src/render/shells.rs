//! What each page's HTML shell is made of: its data (`page_data`) inlined, and the same data as JSON
//! with an ETag for client-side navigation (`GET /api/page-data`); its head tags, the scripts it
//! starts after its first paint and structured data; and the built `index.html` cut at its markers
//! (`Template`), with the server-rendered body put in when there is one. Out of it come finished
//! pages (`Rendered`) and a whole site's (`Built`), which the page cache (`page_cache`) keeps and
//! renders the bodies of; this module knows nothing of it.

use super::copies::Copies;
use super::page_data::Site;
use crate::html::escape;
use crate::pages;
use crate::site::{
    PROJECT_TYPE_PARAM, ROUTES, Route, article_path, project_path, project_type_param, view_path,
};
use crate::store::{NewsItem, Project};
use crate::ui_build::assets::{self, Encoded};
use anyhow::{Context, Result, bail};
use bytes::Bytes;
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

const HEAD_MARKER: &str = "<!--studio:head-->";
const BODY_MARKER: &str = "<!--studio:body-->";
const NOJS_START: &str = "<!--studio:nojs-->";
const NOJS_END: &str = "<!--/studio:nojs-->";
const DATA_MARKER: &str = "<!--studio:data-->";
/// The path the not-found page is rendered at: no route has it, so the router shows the
/// not-found page, as it does in the browser for whatever path was asked.
pub(super) const NOT_FOUND_PATH: &str = "/__not-found__";

/// One finished page, kept as `Copies` (brotli until another encoding is asked for).
pub struct Rendered {
    pub encoded: Copies,
    /// Admin pages and previews are kept out of search engines.
    pub noindex: bool,
}

impl Rendered {
    /// The page's plain bytes.
    pub fn html(&self) -> Bytes {
        self.encoded.html()
    }

    /// The strong ETag of its plain bytes.
    pub fn etag(&self) -> &str {
        self.encoded.etag()
    }
}

/// A page search engines are told about.
pub struct SitemapEntry {
    pub path: String,
    /// `YYYY-MM-DD` of the last change, when the page has one of its own (a project).
    pub lastmod: Option<String>,
}

/// Every page of a site as what it is made of, what the live `Pages` (page_cache.rs) are made of:
/// the pages (the order the worker renders them in), the routes with a query parameter, the former
/// addresses, the sitemap and the founder page's path. Nothing here is rendered or compressed yet:
/// the page cache does that for the pages whose source changed.
pub(super) struct Built {
    /// The fixed routes: what most visitors and crawlers ask for, rendered first.
    pub first: Vec<Source>,
    pub not_found: Source,
    /// The query parameter's pages, the projects, the admin pages.
    pub rest: Vec<Source>,
    pub queries: HashMap<String, String>,
    /// The routes whose query names a value they do not have answer 404 with this page of theirs
    /// (`/news?tag=castle`: no article has that tag, and these are the tags there are).
    pub unknown_values: HashMap<String, String>,
    pub redirects: HashMap<String, String>,
    pub sitemap: Vec<SitemapEntry>,
    pub founder_path: String,
}

/// One page: its path, head, data and the tags it adds after the build's head (the page-scripts
/// template and, on `/`, the hero photograph's preload), as its shell has them. Two equal sources
/// make the same bytes, which is how the page cache knows what a write changed.
#[derive(Clone, PartialEq)]
pub(super) struct Source {
    pub(super) path: String,
    head: Head,
    pub(super) json: Arc<str>,
    page_tags: String,
    /// Whether the server renders its body (the admin pages stay rendered in the browser).
    pub(super) render: bool,
    /// Whether `GET /api/page-data` serves its data.
    pub(super) data: bool,
}

/// The built `index.html`, cut at its markers.
pub(super) struct Template {
    before_head: String,
    /// From the head marker to the body marker inside `<div id="app">`.
    between: String,
    /// From the end of the body to the data marker, without the no-JavaScript block.
    after_body: String,
    /// Where the no-JavaScript block goes in `after_body`.
    nojs_at: usize,
    /// The no-JavaScript block: kept in a page without a body only.
    nojs: String,
    after_data: String,
}

/// What goes into a page's `<head>` besides the build's own tags.
#[derive(Clone, PartialEq)]
struct Head {
    /// The whole `<title>`, studio name included.
    title: String,
    site_name: String,
    description: String,
    noindex: bool,
    canonical: Option<String>,
    og_image: Option<String>,
    /// On an article: its date (`og:type` article and `article:published_time`).
    published: Option<String>,
    ld: Vec<Value>,
}

impl Template {
    pub(super) fn parse(html: &str) -> Result<Template> {
        let Some((before_head, rest)) = html.split_once(HEAD_MARKER) else {
            bail!("the built index.html has no {HEAD_MARKER} marker");
        };
        let Some((between, rest)) = rest.split_once(BODY_MARKER) else {
            bail!("the built index.html has no {BODY_MARKER} marker after {HEAD_MARKER}");
        };
        let Some((after_body, after_data)) = rest.split_once(DATA_MARKER) else {
            bail!("the built index.html has no {DATA_MARKER} marker after {BODY_MARKER}");
        };
        let (after_body, nojs_at, nojs) = match after_body.split_once(NOJS_START) {
            Some((before, rest)) => match rest.split_once(NOJS_END) {
                Some((nojs, after)) => ([before, after].concat(), before.len(), nojs.to_string()),
                None => bail!("the built index.html opens {NOJS_START} and never closes it"),
            },
            None => (after_body.to_string(), 0, String::new()),
        };
        Ok(Template {
            before_head: before_head.to_string(),
            between: between.to_string(),
            after_body,
            nojs_at,
            nojs,
            after_data: after_data.to_string(),
        })
    }

    pub(super) fn render_all(&self, site: &Site) -> Result<Built> {
        let name = site.studio_name();
        let studio_ld = site.studio_ld();
        let mut fixed = Vec::new();
        let mut admin = Vec::new();
        let mut sitemap = Vec::new();
        let mut variants = Vec::new();
        let mut queries = HashMap::new();
        let mut unknown_values = HashMap::new();
        let mut live_paths = HashSet::new();
        let mut journal_first: Option<Source> = None;
        // The home page's first slide is its largest paint: the browser fetches it with the script.
        let hero = site.slides.first().map_or_else(String::new, |s| {
            crate::media::preload_tag(&s.image_url, site.images.get(&s.image_url))
        });
        for (path, route) in ROUTES.pages(&site.founder.slug) {
            let records = pages::records_of(route);
            let own = records.first().copied();
            let head = Head {
                title: format!(
                    "{} | {name}",
                    site.seo(own, "title").unwrap_or(&route.title)
                ),
                site_name: name.to_string(),
                description: site
                    .seo(own, "description")
                    .unwrap_or(&route.description)
                    .to_string(),
                noindex: route.admin,
                canonical: (!route.admin && !site.origin.is_empty())
                    .then(|| format!("{}{path}", site.origin)),
                og_image: None,
                published: None,
                ld: if route.admin {
                    Vec::new()
                } else {
                    vec![studio_ld.clone()]
                },
            };
            let mut page_tags = page_scripts(route);
            if path == "/" {
                page_tags.push_str(&hero);
            }
            let source = |path: String, json: String| Source {
                path,
                head: head.clone(),
                json: json.into(),
                page_tags: page_tags.clone(),
                render: !route.admin,
                data: false,
            };
            let json = script_safe_json(&site.page_data(&route.page, &records, None))?;
            // The portfolio per value of its query parameter and per page of its list: the head is
            // the page's, the body and the projects it inlines are the view's. Search engines are
            // told of the page alone.
            // The journal per tag in use and per page of its list, as the portfolio's views.
            if route.page == "journal" {
                queries.insert(path.clone(), JOURNAL_QUERY.to_string());
                let tags = site.tag_slugs();
                let filters = std::iter::once(None).chain(tags.iter().map(|t| Some(t.as_str())));
                for tag in filters {
                    for page in 1..=site.journal_pages(tag) {
                        let at = view_path(&path, JOURNAL_QUERY, tag, page);
                        let mut view = source(
                            at,
                            script_safe_json(&site.journal_data(&records, tag, page))?,
                        );
                        view.data = true;
                        if view.path == path {
                            journal_first = Some(view);
                        } else {
                            variants.push(view);
                        }
                    }
                }
                let unknown = view_path(&path, JOURNAL_QUERY, Some(UNKNOWN_VALUE), 1);
                let mut view = source(
                    unknown.clone(),
                    script_safe_json(&site.unknown_tag_data(&records))?,
                );
                view.data = true;
                variants.push(view);
                unknown_values.insert(path.clone(), unknown);
            }
            if let Some(query) = &route.query {
                queries.insert(path.clone(), query.name.clone());
                let filters = std::iter::once(None).chain(query.values.iter().map(Some));
                for value in filters {
                    let category = value.and_then(|v| crate::site::category_of_filter(v));
                    for page in 1..=site.portfolio_pages(category) {
                        let at = view_path(&path, &query.name, value.map(String::as_str), page);
                        if at == path {
                            continue;
                        }
                        let data = site.portfolio_data(&records, category, page);
                        let mut view = source(at, script_safe_json(&data)?);
                        view.data = true;
                        variants.push(view);
                    }
                }
            }
            // The contact page per project type a 'Contact Us' link names (`?type=kitchens`): its
            // form comes with that type chosen, a script or not. The head is the page's.
            if route.page == "contact" {
                queries.insert(path.clone(), PROJECT_TYPE_PARAM.to_string());
                for project_type in crate::leads::project_types() {
                    let value = project_type_param(project_type);
                    let at = view_path(&path, PROJECT_TYPE_PARAM, Some(&value), 1);
                    let mut view = source(at, json.clone());
                    view.data = true;
                    variants.push(view);
                }
            }
            live_paths.insert(path.clone());
            let mut page = match journal_first.take() {
                Some(first) => first,
                None => source(path.clone(), json),
            };
            // Admin pages stay rendered in the browser.
            if route.admin {
                admin.push(page);
            } else {
                page.data = true;
                sitemap.push(SitemapEntry {
                    path,
                    lastmod: None,
                });
                fixed.push(page);
            }
        }
        let mut projects = Vec::new();
        for project in &site.published {
            let mut source = self.project_source(site, project, false)?;
            source.data = true;
            live_paths.insert(source.path.clone());
            sitemap.push(SitemapEntry {
                path: source.path.clone(),
                lastmod: Some(iso_date(project.updated_at_ms)),
            });
            projects.push(source);
        }
        let mut articles = Vec::new();
        for article in &site.articles {
            let mut source = self.article_source(site, article, false)?;
            source.data = true;
            live_paths.insert(source.path.clone());
            sitemap.push(SitemapEntry {
                path: source.path.clone(),
                lastmod: Some(if article.updated_at_ms > 0 {
                    iso_date(article.updated_at_ms)
                } else {
                    article.date.clone()
                }),
            });
            articles.push(source);
        }
        // A former slug leads to the project while it is published, and never shadows a live page.
        let mut redirects = HashMap::new();
        let live: HashSet<&str> = site.articles.iter().map(|a| a.slug.as_str()).collect();
        for article in &site.articles {
            for former in article
                .former_slugs
                .iter()
                .filter(|s| !live.contains(s.as_str()))
            {
                redirects.insert(article_path(former), article_path(&article.slug));
            }
        }
        let live: HashSet<&str> = site.published.iter().map(|p| p.slug.as_str()).collect();
        for project in &site.published {
            for former in project
                .former_slugs
                .iter()
                .filter(|s| !live.contains(s.as_str()))
            {
                redirects.insert(project_path(former), project_path(&project.slug));
            }
        }
        // The founder's former addresses lead to the current one, unless a page lives there.
        for former in &site.founder_former {
            let path = format!("/{former}");
            if !live_paths.contains(&path) {
                redirects.insert(path, format!("/{}", site.founder.slug));
            }
        }
        let json = script_safe_json(&site.page_data("notFound", &[], None))?;
        let head = Head {
            title: format!("{} | {name}", ROUTES.not_found.title),
            site_name: name.to_string(),
            description: ROUTES.not_found.description.clone(),
            noindex: false,
            canonical: None,
            og_image: None,
            published: None,
            ld: vec![studio_ld],
        };
        let not_found = Source {
            path: NOT_FOUND_PATH.to_string(),
            head,
            json: json.into(),
            page_tags: scripts_template(&[]),
            render: true,
            data: false,
        };
        let mut rest = variants;
        rest.extend(projects);
        rest.extend(articles);
        rest.extend(admin);
        Ok(Built {
            first: fixed,
            not_found,
            rest,
            queries,
            unknown_values,
            redirects,
            sitemap,
            founder_path: format!("/{}", site.founder.slug),
        })
    }

    /// What a project's page is made of; `preview` keeps it out of search engines.
    pub(super) fn project_source(
        &self,
        site: &Site,
        project: &Project,
        preview: bool,
    ) -> Result<Source> {
        let json = script_safe_json(&site.page_data("caseStudy", &[], Some(project)))?;
        let og_image = site.og_image(project);
        let mut ld = vec![site.studio_ld()];
        ld.extend(site.case_study_ld(project, og_image.as_deref().unwrap_or("")));
        let head = Head {
            title: format!("{} Project | {}", project.title, site.studio_name()),
            site_name: site.studio_name().to_string(),
            description: project.description.clone(),
            noindex: preview,
            canonical: (!site.origin.is_empty())
                .then(|| format!("{}{}", site.origin, project_path(&project.slug))),
            og_image,
            published: None,
            ld,
        };
        let chunks = ROUTES.case_study().map(page_scripts).unwrap_or_default();
        Ok(Source {
            path: project_path(&project.slug),
            head,
            json: json.into(),
            page_tags: chunks,
            render: true,
            data: false,
        })
    }

    /// What an article's page is made of; `preview` keeps it out of search engines.
    pub(super) fn article_source(
        &self,
        site: &Site,
        article: &NewsItem,
        preview: bool,
    ) -> Result<Source> {
        let json = script_safe_json(&site.article_data(article))?;
        let og_image = site.article_og_image(article);
        let ld = vec![
            site.studio_ld(),
            site.article_ld(article, og_image.as_deref()),
        ];
        let path = article_path(&article.slug);
        let head = Head {
            title: format!("{} | {}", article.title, site.studio_name()),
            site_name: site.studio_name().to_string(),
            description: super::page_data::excerpt(article),
            noindex: preview,
            canonical: (!site.origin.is_empty()).then(|| site.url(&path)),
            og_image,
            published: Some(article.date.clone()),
            ld,
        };
        let chunks = ROUTES
            .routes
            .iter()
            .find(|r| r.page == "article")
            .map(page_scripts)
            .unwrap_or_default();
        Ok(Source {
            path,
            head,
            json: json.into(),
            page_tags: chunks,
            render: true,
            data: false,
        })
    }

    /// A page: its shell, with `body` in `<div id="app">` when the server rendered one.
    pub(super) fn render_source(&self, source: &Source, body: Option<&str>) -> Rendered {
        let Source {
            head,
            json,
            page_tags,
            ..
        } = source;
        let title = escape(&head.title);
        let description = escape(&head.description);
        let mut extra = String::new();
        if head.noindex {
            extra.push_str("\n    <meta name=\"robots\" content=\"noindex, nofollow\">");
        }
        if let Some(url) = &head.canonical {
            let url = escape(url);
            extra.push_str(&format!(
                "\n    <link rel=\"canonical\" href=\"{url}\">\n    \
                 <meta property=\"og:url\" content=\"{url}\">"
            ));
        }
        if let Some(image) = &head.og_image {
            extra.push_str(&format!(
                "\n    <meta property=\"og:image\" content=\"{}\">",
                escape(image)
            ));
        }
        for ld in &head.ld {
            // Serialising a `Value` cannot fail; an empty block would only be skipped by readers.
            let ld = script_safe_json(ld).unwrap_or_default();
            extra.push_str(&format!(
                "\n    <script type=\"application/ld+json\">{ld}</script>"
            ));
        }
        if let Some(date) = &head.published {
            extra.push_str(&format!(
                "\n    <meta property=\"article:published_time\" content=\"{}\">",
                escape(date)
            ));
        }
        // Every page names the journal's feed, so that a reader finds it from any of them.
        extra.push_str(&format!(
            "\n    <link rel=\"alternate\" type=\"application/atom+xml\" title=\"{} Journal\" href=\"{}\">",
            escape(&head.site_name),
            crate::site::FEED_PATH
        ));
        let head_tags = format!(
            "<title>{title}</title>\n    \
             <meta name=\"description\" content=\"{description}\">\n    \
             <meta property=\"og:title\" content=\"{title}\">\n    \
             <meta property=\"og:description\" content=\"{description}\">\n    \
             <meta property=\"og:type\" content=\"{og_type}\">\n    \
             <meta property=\"og:site_name\" content=\"{site}\">{extra}",
            site = escape(&head.site_name),
            og_type = if head.published.is_some() {
                "article"
            } else {
                "website"
            },
        );
        let data_tag =
            format!("<script type=\"application/json\" id=\"site-data\">{json}</script>");
        // The page's own tags go after the build's entry script and stylesheet, which every page
        // needs first.
        let (build_head, rest) = match self.between.split_once("</head>") {
            Some((head, rest)) => (head, ["</head>", rest].concat()),
            None => (self.between.as_str(), String::new()),
        };
        // Without a body the page keeps the no-JavaScript block (the contact form).
        let (before_nojs, after_nojs) = self.after_body.split_at(self.nojs_at);
        let nojs = if body.is_some() { "" } else { &self.nojs };
        let body = [
            self.before_head.as_str(),
            &head_tags,
            build_head,
            page_tags,
            &rest,
            body.unwrap_or_default(),
            before_nojs,
            nojs,
            after_nojs,
            &data_tag,
            &self.after_data,
        ]
        .concat();
        let body = Bytes::from(body);
        let etag = etag_of(&body);
        // A public page's large copies go out by sendfile, as the UI build's do; a draft's
        // preview, made for one request, is not worth a file.
        Rendered {
            encoded: Copies::new(body, etag, !head.noindex),
            noindex: head.noindex,
        }
    }
}

/// A page's data as `GET /api/page-data` sends it, compressed once here.
pub(super) fn json_copy(json: &str) -> Encoded {
    let body = Bytes::copy_from_slice(json.as_bytes());
    let etag = etag_of(&body);
    Encoded::compress(body, &etag)
}

/// The journal's query parameter: a tag's web form (`/news?tag=kitchens`).
pub const JOURNAL_QUERY: &str = "tag";
/// The value under which a route keeps its page for values it does not have: no tag is written
/// so (tags' web forms are `a-z`, `0-9` and hyphens), and asking for it is asking for an unknown one.
const UNKNOWN_VALUE: &str = "*";

/// `YYYY-MM-DD` of a time in ms since the epoch (UTC).
fn iso_date(ms: u64) -> String {
    let secs = (ms / 1000).min(253_402_300_799);
    let stamp = humantime::format_rfc3339_seconds(
        std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs),
    )
    .to_string();
    stamp.chars().take(10).collect()
}

/// The scripts a route's page starts once it is painted: the app and the page's own chunks
/// (`assets::app_scripts`). The admin pages render inside the admin frame, a chunk of its own.
fn page_scripts(route: &Route) -> String {
    if route.admin {
        scripts_template(&["adminFrame", &route.page])
    } else {
        scripts_template(&[&route.page])
    }
}

/// `assets::app_scripts` in the `<template id="page-scripts">` that ui/src/main.tsx stamps out
/// after the first paint. The browser neither fetches nor runs what a template holds: fetched
/// before that paint, these would share the link with the stylesheet and the page's photographs
/// (docs/performance.md, "Lighthouse").
fn scripts_template(modules: &[&str]) -> String {
    let tags = assets::app_scripts(modules);
    if tags.is_empty() {
        return tags;
    }
    indented(format!(
        "<template id=\"page-scripts\">\n    {tags}\n  </template>"
    ))
}

/// Preload tags placed on lines of their own after the build's head.
fn indented(tags: String) -> String {
    if tags.is_empty() {
        tags
    } else {
        format!("  {tags}\n  ")
    }
}

/// A strong ETag from the content: the first 128 bits of its SHA-256, in hex.
pub fn etag_of(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// JSON that cannot end its `<script>` element early: `<`, `>` and `&` are escaped.
fn script_safe_json(data: &impl Serialize) -> Result<String> {
    let json = serde_json::to_string(data).context("serialising a page's data")?;
    Ok(json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026"))
}

#[cfg(test)]
mod tests {
    use super::super::page_cache::Shells;
    use super::*;
    use crate::origin::Origin;
    use crate::store::Store;

    const HTML: &str = "<html><head><!--studio:head--></head><body><div id=app><!--studio:body--></div><!--studio:nojs--><noscript>no js</noscript><!--/studio:nojs--><!--studio:data--></body></html>";

    #[test]
    fn every_route_gets_its_own_head_and_the_data() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb")).unwrap();
        let shells = Shells::new(HTML, &store, Origin::fixed("https://studio.example")).unwrap();
        let pages = shells.pages();
        let about = String::from_utf8(pages.get("/about").unwrap().html().to_vec()).unwrap();
        assert!(
            about.contains("<title>About Us | Nivasa Design Studio</title>"),
            "{about}"
        );
        assert!(about.contains("og:type\" content=\"website\""));
        assert!(about.contains("id=\"site-data\""));
        assert!(!pages.get("/about").unwrap().noindex);
        assert!(pages.get("/adminpanel").unwrap().noindex);
        let not_found = String::from_utf8(pages.not_found().html().to_vec()).unwrap();
        assert!(not_found.contains("Page Not Found"));
    }

    #[test]
    fn hostile_setting_values_cannot_break_out_of_the_page() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb")).unwrap();
        store
            .upsert_setting("company_name", "</script><script>alert(1)</script>\"", "x")
            .unwrap();
        let shells = Shells::new(HTML, &store, Origin::fixed("https://studio.example")).unwrap();
        let home = String::from_utf8(shells.pages().get("/").unwrap().html().to_vec()).unwrap();
        // The JSON-LD, the site data and the app's script in the page-scripts template: no more.
        assert_eq!(home.matches("<script").count(), 3, "{home}");
        assert_eq!(home.matches("</script>").count(), 3, "{home}");
        assert!(home.contains("&lt;/script&gt;"));
    }

    #[test]
    fn refresh_shows_new_data_and_changes_the_etag() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb")).unwrap();
        let shells = Shells::new(HTML, &store, Origin::fixed("https://studio.example")).unwrap();
        let before = shells.pages().get("/").unwrap().etag().to_string();
        store
            .upsert_setting("company_phone", "+91 12345", "Company phone")
            .unwrap();
        shells.refresh(&store).unwrap();
        let page = shells.pages().get("/").unwrap().clone();
        assert_ne!(page.etag(), before);
        assert!(String::from_utf8_lossy(&page.html()).contains("+91 12345"));
    }

    #[test]
    fn a_template_without_markers_is_refused() {
        assert!(Template::parse("<html></html>").is_err());
    }
}
