//! The SPA's HTML shell, rendered once per route with its head tags and the live site data.
//!
//! Rendering happens at start-up and after each admin write, never per request: a request only
//! looks up the finished bytes.

use super::assets::Encoded;
use crate::site::{PageHead, ROUTES, Route};
use crate::store::Store;
use anyhow::{Context, Result, bail};
use bytes::Bytes;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

const HEAD_MARKER: &str = "<!--studio:head-->";
const DATA_MARKER: &str = "<!--studio:data-->";

/// One finished page: the bytes sent and their ETag.
pub struct Rendered {
    pub body: Bytes,
    pub etag: String,
    /// The same page with its brotli and gzip copies, compressed once here and sent as they are.
    pub encoded: Encoded,
    /// Admin pages are kept out of search engines.
    pub noindex: bool,
}

/// Every route's finished shell, plus the not-found page.
pub struct Pages {
    by_path: HashMap<String, Arc<Rendered>>,
    pub not_found: Arc<Rendered>,
}

impl Pages {
    pub fn get(&self, path: &str) -> Option<&Arc<Rendered>> {
        self.by_path.get(path)
    }
}

/// The live set of pages; swapped whole when the site data changes.
pub struct Shells {
    template: Template,
    current: RwLock<Arc<Pages>>,
}

struct Template {
    before_head: String,
    between: String,
    after_data: String,
}

/// The public site data inlined in every page (docs/CONTRACTS.md).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteData {
    pub settings: std::collections::BTreeMap<String, String>,
    pub hero_slides: Vec<PublicSlide>,
    pub projects: Vec<PublicProject>,
    /// Responsive information for every uploaded image the data names, by its URL.
    pub images: std::collections::BTreeMap<String, crate::media::ImageInfo>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicSlide {
    pub id: u64,
    pub title: String,
    pub subtitle: String,
    pub image_url: String,
    pub button_text: String,
    pub button_link: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicProject {
    pub id: u64,
    pub slug: String,
    pub title: String,
    pub category: String,
    pub description: String,
}

impl SiteData {
    pub fn load(store: &Store) -> Result<SiteData> {
        let settings: std::collections::BTreeMap<String, String> = store
            .settings()?
            .into_iter()
            .filter(|s| s.key.starts_with("company_"))
            .map(|s| (s.key, s.value))
            .collect();
        let hero_slides: Vec<PublicSlide> = store
            .hero_slides()?
            .into_iter()
            .filter(|s| s.is_active)
            .map(|s| PublicSlide {
                id: s.id,
                title: s.title,
                subtitle: s.subtitle,
                image_url: s.image_url,
                button_text: s.button_text,
                button_link: s.button_link,
            })
            .collect();
        let projects = store
            .projects()?
            .into_iter()
            .filter(|p| p.is_active)
            .map(|p| PublicProject {
                id: p.id,
                slug: p.slug,
                title: p.title,
                category: p.category,
                description: p.description,
            })
            .collect();
        let images = {
            let urls = hero_slides
                .iter()
                .map(|s| s.image_url.as_str())
                .chain(settings.get("company_logo").map(String::as_str));
            crate::media::image_infos(store, urls)?
        };
        Ok(SiteData {
            settings,
            hero_slides,
            projects,
            images,
        })
    }

    pub fn studio_name(&self) -> &str {
        self.settings
            .get("company_name")
            .map(String::as_str)
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(&crate::site::CONSTANTS.studio_name)
    }
}

impl Shells {
    /// Parses the built `index.html` and renders every page from the store.
    pub fn new(index_html: &str, store: &Store) -> Result<Shells> {
        let template = Template::parse(index_html)?;
        let pages = template.render_all(&SiteData::load(store)?)?;
        Ok(Shells {
            template,
            current: RwLock::new(Arc::new(pages)),
        })
    }

    pub fn pages(&self) -> Arc<Pages> {
        match self.current.read() {
            Ok(guard) => guard.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Re-renders every page from the store; called after each admin write.
    pub fn refresh(&self, store: &Store) -> Result<()> {
        let pages = Arc::new(self.template.render_all(&SiteData::load(store)?)?);
        match self.current.write() {
            Ok(mut guard) => *guard = pages,
            Err(poisoned) => *poisoned.into_inner() = pages,
        }
        Ok(())
    }
}

impl Template {
    fn parse(html: &str) -> Result<Template> {
        let Some((before_head, rest)) = html.split_once(HEAD_MARKER) else {
            bail!("the built index.html has no {HEAD_MARKER} marker");
        };
        let Some((between, after_data)) = rest.split_once(DATA_MARKER) else {
            bail!("the built index.html has no {DATA_MARKER} marker after {HEAD_MARKER}");
        };
        Ok(Template {
            before_head: before_head.to_string(),
            between: between.to_string(),
            after_data: after_data.to_string(),
        })
    }

    fn render_all(&self, data: &SiteData) -> Result<Pages> {
        let json = script_safe_json(data)?;
        let name = data.studio_name();
        let mut by_path = HashMap::new();
        let hero = data.hero_slides.first().map_or_else(String::new, |s| {
            crate::media::preload_tag(&s.image_url, data.images.get(&s.image_url))
        });
        for route in &ROUTES.routes {
            let head = PageHead {
                title: route.title.clone(),
                description: route.description.clone(),
            };
            let mut preloads = preloads(route);
            if route.path == "/" {
                preloads.push_str(&hero);
            }
            by_path.insert(
                route.path.clone(),
                Arc::new(self.render(&head, name, &json, route.admin, &preloads)),
            );
        }
        let not_found = Arc::new(self.render(&ROUTES.not_found, name, &json, false, ""));
        Ok(Pages { by_path, not_found })
    }

    fn render(
        &self,
        head: &PageHead,
        studio_name: &str,
        json: &str,
        noindex: bool,
        preloads: &str,
    ) -> Rendered {
        let title = escape(&format!("{} | {}", head.title, studio_name));
        let description = escape(&head.description);
        let robots = if noindex {
            "\n    <meta name=\"robots\" content=\"noindex, nofollow\">"
        } else {
            ""
        };
        let head_tags = format!(
            "<title>{title}</title>\n    \
             <meta name=\"description\" content=\"{description}\">\n    \
             <meta property=\"og:title\" content=\"{title}\">\n    \
             <meta property=\"og:description\" content=\"{description}\">\n    \
             <meta property=\"og:type\" content=\"website\">\n    \
             <meta property=\"og:site_name\" content=\"{site}\">{robots}",
            site = escape(studio_name)
        );
        let data_tag =
            format!("<script type=\"application/json\" id=\"site-data\">{json}</script>");
        // The page's own preloads go after the build's entry script and stylesheet, which every
        // page needs first.
        let (build_head, rest) = match self.between.split_once("</head>") {
            Some((head, rest)) => (head, ["</head>", rest].concat()),
            None => (self.between.as_str(), String::new()),
        };
        let body = [
            self.before_head.as_str(),
            &head_tags,
            build_head,
            preloads,
            &rest,
            &data_tag,
            &self.after_data,
        ]
        .concat();
        let body = Bytes::from(body);
        let etag = etag_of(&body);
        Rendered {
            encoded: Encoded::compress(body.clone(), &etag),
            body,
            etag,
            noindex,
        }
    }
}

/// The page's own script chunks, for the browser to fetch while it fetches the entry script
/// rather than after running it (docs/performance.md: what was measured, and why the hero photograph
/// and the display font get no preload).
fn preloads(route: &Route) -> String {
    // The admin pages render inside the admin frame, a chunk of its own that App loads first.
    let chunks = if route.admin {
        super::assets::page_preloads(&["adminFrame", &route.page])
    } else {
        super::assets::page_preloads(&[&route.page])
    };
    if chunks.is_empty() {
        chunks
    } else {
        format!("  {chunks}\n  ")
    }
}

/// A strong ETag from the content: the first 128 bits of its SHA-256, in hex.
pub fn etag_of(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// JSON that cannot end its `<script>` element early: `<`, `>` and `&` are escaped.
fn script_safe_json(data: &SiteData) -> Result<String> {
    let json = serde_json::to_string(data).context("serialising the site data")?;
    Ok(json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026"))
}

/// Escapes text for an HTML attribute or element.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HTML: &str = "<html><head><!--studio:head--></head><body><div id=app></div><!--studio:data--></body></html>";

    #[test]
    fn every_route_gets_its_own_head_and_the_data() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb")).unwrap();
        let shells = Shells::new(HTML, &store).unwrap();
        let pages = shells.pages();
        let about = String::from_utf8(pages.get("/about").unwrap().body.to_vec()).unwrap();
        assert!(
            about.contains("<title>About Us | Nivasa Design Studio</title>"),
            "{about}"
        );
        assert!(about.contains("og:type\" content=\"website\""));
        assert!(about.contains("id=\"site-data\""));
        assert!(!pages.get("/about").unwrap().noindex);
        assert!(pages.get("/adminpanel").unwrap().noindex);
        let not_found = String::from_utf8(pages.not_found.body.to_vec()).unwrap();
        assert!(not_found.contains("Page Not Found"));
    }

    #[test]
    fn hostile_setting_values_cannot_break_out_of_the_page() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb")).unwrap();
        store
            .upsert_setting("company_name", "</script><script>alert(1)</script>\"", "x")
            .unwrap();
        let shells = Shells::new(HTML, &store).unwrap();
        let home = String::from_utf8(shells.pages().get("/").unwrap().body.to_vec()).unwrap();
        assert_eq!(home.matches("<script").count(), 1, "{home}");
        assert!(home.contains("&lt;/script&gt;"));
    }

    #[test]
    fn refresh_shows_new_data_and_changes_the_etag() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb")).unwrap();
        let shells = Shells::new(HTML, &store).unwrap();
        let before = shells.pages().get("/").unwrap().etag.clone();
        store
            .upsert_setting("company_phone", "+91 12345", "Company phone")
            .unwrap();
        shells.refresh(&store).unwrap();
        let page = shells.pages().get("/").unwrap().clone();
        assert_ne!(page.etag, before);
        assert!(String::from_utf8_lossy(&page.body).contains("+91 12345"));
    }

    #[test]
    fn a_template_without_markers_is_refused() {
        assert!(Template::parse("<html></html>").is_err());
    }
}
