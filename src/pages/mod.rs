//! The page records' rules beyond their fields (docs/page-records.md): which records each page
//! shows, which addresses the founder's page may not take, and the files the validator checks
//! image and file fields against.

pub mod schema;

use crate::site::{PAGE_SCHEMA, ROUTES, Route};
use crate::store::Store;

/// The record every page shows (footer, badge, copyright).
pub const SITE: &str = "site";
/// The record holding the founder's name and address.
pub const FOUNDER: &str = "founder";

/// Records a page shows besides its own: the home page's service cards and founder teaser, the
/// about page's founder section, a service page's list of the others.
const ALSO_SHOWN: [(&str, &[&str]); 3] = [
    ("home", &["services", FOUNDER]),
    ("about", &[FOUNDER]),
    ("service", &["services"]),
];

/// The keys of the records `route` shows (its own first), `site` left out: every page has it.
pub fn records_of(route: &Route) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = PAGE_SCHEMA
        .pages
        .iter()
        .filter(|p| p.route.as_deref() == Some(route.path.as_str()))
        .map(|p| p.key.as_str())
        .collect();
    for (page, extra) in ALSO_SHOWN {
        if route.page == page {
            for key in extra {
                if !keys.contains(key) {
                    keys.push(key);
                }
            }
        }
    }
    keys
}

/// The path a record's page has (`None` for `site`), the founder's as `/{founderSlug}`.
pub fn route_of(key: &str) -> Option<&'static str> {
    PAGE_SCHEMA.page(key).and_then(|p| p.route.as_deref())
}

/// First path segments the server answers itself (besides the UI build's folders).
const SERVER_SEGMENTS: [&str; 6] = [
    "api",
    "media",
    "healthz",
    "robots.txt",
    "sitemap.xml",
    "favicon.ico",
];

/// Why `slug` cannot be the founder's address, when it cannot: another page's first segment,
/// or a path the server or the UI build answers.
pub fn slug_clash(slug: &str) -> Option<String> {
    if ROUTES.first_segments().any(|s| s == slug) {
        return Some(format!(
            "slug \"{slug}\" is taken: /{slug} is a page of the site"
        ));
    }
    let built = crate::web::Dist::iter().any(|f| f.split('/').next() == Some(slug));
    if built || SERVER_SEGMENTS.contains(&slug) || slug == "assets" {
        return Some(format!(
            "slug \"{slug}\" is taken: /{slug} is used by the server"
        ));
    }
    None
}

/// The validator's view of the files: the embedded UI build and the uploads in the data file.
pub struct Files<'a>(pub &'a Store);

impl schema::Lookup for Files<'_> {
    fn bundled(&self, path: &str) -> bool {
        crate::web::assets::get(path).is_some()
    }

    fn upload_type(&self, name: &str) -> Option<String> {
        match self.0.media_record(name) {
            Ok(found) => found.map(|f| f.content_type),
            Err(e) => {
                tracing::error!("looking up upload {name}: {e:#}");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::PAGE_SEED;

    #[test]
    fn route_table_segments_and_server_paths_are_reserved() {
        for taken in [
            "about",
            "services",
            "portfolio",
            "contact",
            "multidisciplinary",
            "admin-login",
            "adminpanel",
            "api",
            "assets",
            "media",
            "images",
            "healthz",
        ] {
            let clash = slug_clash(taken).unwrap_or_default();
            assert!(clash.contains(&format!("\"{taken}\"")), "{taken}: {clash}");
        }
        assert_eq!(slug_clash("anjali-rao"), None);
        assert_eq!(slug_clash("priya-sharma"), None);
    }

    #[test]
    fn every_record_has_a_schema_and_its_seed_passes_it() {
        struct Bundle;
        impl schema::Lookup for Bundle {
            fn bundled(&self, path: &str) -> bool {
                crate::web::assets::get(path).is_some()
            }
            fn upload_type(&self, _: &str) -> Option<String> {
                None
            }
        }
        assert_eq!(PAGE_SCHEMA.pages.len(), PAGE_SEED.len());
        for page in &PAGE_SCHEMA.pages {
            let seed = PAGE_SEED
                .get(&page.key)
                .unwrap_or_else(|| panic!("no seed for {}", page.key));
            let checked = schema::check(&page.fields, seed, &Bundle)
                .unwrap_or_else(|e| panic!("the seed of {} fails its schema: {e}", page.key));
            assert_eq!(
                &checked, seed,
                "the seed of {} is stored as it is",
                page.key
            );
            if page.key != SITE {
                assert!(seed.get("seo").is_some(), "{} has seo", page.key);
            }
        }
        assert!(route_of(SITE).is_none());
        assert_eq!(route_of(FOUNDER), Some(crate::site::FOUNDER_PATTERN));
        let founder = &PAGE_SEED[FOUNDER];
        assert_eq!(slug_clash(founder["slug"].as_str().unwrap()), None);
    }

    #[test]
    fn each_page_shows_its_own_record_and_the_ones_it_borrows() {
        let route = |path: &str| {
            ROUTES
                .routes
                .iter()
                .find(|r| r.path == path)
                .unwrap()
                .clone()
        };
        assert_eq!(records_of(&route("/")), vec!["home", "services", "founder"]);
        assert_eq!(records_of(&route("/about")), vec!["about", "founder"]);
        assert_eq!(
            records_of(&route("/services/brochure")),
            vec!["service-brochure", "services"]
        );
        assert_eq!(records_of(&route("/{founderSlug}")), vec!["founder"]);
        assert!(records_of(&route("/adminpanel")).is_empty());
    }
}
