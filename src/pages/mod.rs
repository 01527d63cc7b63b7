//! Which page records each page shows (docs/page-records.md); their fields' rules are in
//! `schema`, the founder's reserved addresses and the files the validator checks in `api::pages`.

pub mod schema;

use crate::site::Route;
use schema::PAGE_SCHEMA;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::{PAGE_SEED, ROUTES};

    #[test]
    fn every_record_has_a_schema_and_its_seed_passes_it() {
        struct Bundle;
        impl schema::Lookup for Bundle {
            fn bundled(&self, path: &str) -> bool {
                crate::ui_build::assets::get(path).is_some()
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
