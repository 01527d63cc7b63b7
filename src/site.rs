//! The site's facts shared with the SPA: the route table, the site constants, the default content
//! and the page records' seed (their schema, with its validator, is `pages::schema`).
//!
//! All are JSON files under `ui/src/` that the SPA imports too, so each fact has one source.

use serde::Deserialize;
use std::sync::LazyLock;

mod latin_table;

/// One entry of `ui/src/routes.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Route {
    pub path: String,
    pub page: String,
    #[serde(default)]
    pub key: Option<String>,
    pub title: String,
    pub description: String,
    #[serde(default)]
    pub admin: bool,
    /// The project type a service page's 'Contact Us' starts the form with (one of the
    /// portfolio's categories).
    #[serde(default, rename = "projectType")]
    pub project_type: Option<String>,
    /// The query parameter whose values show the page differently (the portfolio's
    /// `?category=`): each value's page is rendered and kept like a page of its own.
    #[serde(default)]
    pub query: Option<RouteQuery>,
}

/// A route's query parameter and the values it takes (SPEC §2's route table).
#[derive(Debug, Clone, Deserialize)]
pub struct RouteQuery {
    pub name: String,
    pub values: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PageHead {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RouteFile {
    not_found: PageHead,
    routes: Vec<Route>,
}

/// `ui/src/site.json`: the defaults for everything the owner can change.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteConstants {
    pub studio_name: String,
    pub legal_name: String,
    pub tagline: String,
    pub phone: String,
    pub email: String,
    pub address: String,
    pub hours: String,
    pub weekend: String,
    pub social: Social,
    pub map_query: String,
    /// The WhatsApp number `company_whatsapp` starts with ("" for none).
    #[serde(default)]
    pub whatsapp: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Social {
    pub linkedin: String,
    pub instagram: String,
    pub facebook: String,
}

/// `ui/src/content/seed.json`: what a new data file starts with.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Seed {
    pub hero_slides: Vec<SeedSlide>,
    pub projects: Vec<SeedProject>,
    pub news: Vec<SeedNews>,
    pub testimonials: Vec<SeedTestimonial>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedSlide {
    pub title: String,
    pub subtitle: String,
    pub image_url: String,
    pub button_text: String,
    pub button_link: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedProject {
    pub slug: String,
    pub title: String,
    pub headline: String,
    pub category: String,
    pub year: i32,
    pub location: String,
    pub tags: Vec<String>,
    pub description: String,
    pub intro: String,
    pub sections: Vec<SeedSection>,
    pub gallery: Vec<SeedImage>,
    pub cover_url: String,
    pub is_active: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SeedSection {
    pub title: String,
    pub bullets: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedImage {
    pub image_url: String,
    pub alt: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedNews {
    pub date: String,
    pub title: String,
    pub content: String,
    pub is_active: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedTestimonial {
    pub quote: String,
    pub name: String,
    pub role: String,
    pub is_active: bool,
}

/// The project categories; the portfolio's filters map to them.
/// The stored category a value of the portfolio's `?category=` shows: the one whose first word it
/// is (`kitchens`: "Kitchens & Baths"), as ui/src/components/portfolio/portfolioFilter.ts has it.
pub fn category_of_filter(value: &str) -> Option<&'static str> {
    CATEGORIES.into_iter().find(|c| {
        c.split_whitespace()
            .next()
            .is_some_and(|first| first.eq_ignore_ascii_case(value))
    })
}

/// The contact page's query parameter naming the project type its form starts with
/// (`/contact?type=kitchens`): what 'Contact Us' on a case study or a service page links to.
pub const PROJECT_TYPE_PARAM: &str = "type";

/// The value of [`PROJECT_TYPE_PARAM`] for a project type: its first word in lower case, as the
/// portfolio's filters name categories (`Kitchens & Baths`: `kitchens`). ui/src/lib/projectType.ts
/// has the same rule.
pub fn project_type_param(project_type: &str) -> String {
    project_type
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_lowercase()
}

/// The portfolio's query parameter for a page of its list after the first (`?page=2`).
pub const PAGE_PARAM: &str = "page";

/// The address of a view of a route with a query parameter (the portfolio): `path`, then
/// `name=value` for a filter and `page=n` after the first page, as `Pages::key` looks them up.
pub fn view_path(path: &str, name: &str, value: Option<&str>, page: usize) -> String {
    let mut out = path.to_string();
    let mut sep = '?';
    if let Some(value) = value {
        out.push_str(&format!("{sep}{name}={value}"));
        sep = '&';
    }
    if page > 1 {
        out.push_str(&format!("{sep}{PAGE_PARAM}={page}"));
    }
    out
}

pub const CATEGORIES: [&str; 5] = [
    "Residential",
    "Commercial",
    "Hospitality",
    "Kitchens & Baths",
    "Specialty",
];

/// The route pattern of a case study; `{slug}` is the only placeholder a route may hold.
pub const CASE_STUDY_PATTERN: &str = "/portfolio/{slug}";

/// The founder's page, whose address is the founder record's `slug`, read at run time.
pub const FOUNDER_PATTERN: &str = "/{founderSlug}";

/// The route table as `routes.json` has it; the founder's path is resolved where pages are
/// rendered (`render::shells`), from the founder record.
pub struct RouteTable {
    pub routes: Vec<Route>,
    pub not_found: PageHead,
}

impl RouteTable {
    /// The route with exactly this path (patterns never match; nor does the founder's page,
    /// whose address only the rendered pages know).
    pub fn find(&self, path: &str) -> Option<&Route> {
        self.fixed().find(|r| r.path == path)
    }

    /// Every route with a literal path.
    pub fn fixed(&self) -> impl Iterator<Item = &Route> {
        self.routes.iter().filter(|r| !r.path.contains('{'))
    }

    /// Every page route with its path, the founder's at `/{founder_slug}` (no case study pattern).
    pub fn pages<'a>(&'a self, founder_slug: &'a str) -> impl Iterator<Item = (String, &'a Route)> {
        self.routes.iter().filter_map(move |r| {
            if r.path == FOUNDER_PATTERN {
                Some((format!("/{founder_slug}"), r))
            } else if r.path.contains('{') {
                None
            } else {
                Some((r.path.clone(), r))
            }
        })
    }

    /// The first path segments the route table takes (`about`, `services`, …, `adminpanel`).
    pub fn first_segments(&self) -> impl Iterator<Item = &str> {
        self.routes.iter().filter_map(|r| {
            let first = r.path.trim_start_matches('/').split('/').next()?;
            (!first.is_empty() && !first.contains('{')).then_some(first)
        })
    }

    /// The case-study pattern's entry.
    pub fn case_study(&self) -> Option<&Route> {
        self.routes.iter().find(|r| r.path == CASE_STUDY_PATTERN)
    }
}

pub static CONSTANTS: LazyLock<SiteConstants> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../ui/src/site.json"))
        .expect("ui/src/site.json is checked by the test suite")
});

pub static ROUTES: LazyLock<RouteTable> = LazyLock::new(|| {
    let file: RouteFile = serde_json::from_str(include_str!("../ui/src/routes.json"))
        .expect("ui/src/routes.json is checked by the test suite");
    RouteTable {
        routes: file.routes,
        not_found: file.not_found,
    }
});

/// `ui/src/content/pages.json`: every page record's first content, by key.
pub static PAGE_SEED: LazyLock<serde_json::Map<String, serde_json::Value>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../ui/src/content/pages.json"))
        .expect("ui/src/content/pages.json is checked by the test suite")
});

pub static SEED: LazyLock<Seed> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../ui/src/content/seed.json"))
        .expect("ui/src/content/seed.json is checked by the test suite")
});

/// The company settings a new data file starts with: (key, value, description).
pub fn default_settings() -> Vec<(&'static str, String, String)> {
    let c = &*CONSTANTS;
    [
        ("company_name", c.studio_name.clone()),
        ("company_legal_name", c.legal_name.clone()),
        ("company_tagline", c.tagline.clone()),
        ("company_phone", c.phone.clone()),
        ("company_email", c.email.clone()),
        ("company_address", c.address.clone()),
        ("company_hours", c.hours.clone()),
        ("company_weekend", c.weekend.clone()),
        ("company_linkedin", c.social.linkedin.clone()),
        ("company_instagram", c.social.instagram.clone()),
        ("company_facebook", c.social.facebook.clone()),
        ("company_map_query", c.map_query.clone()),
        ("company_logo", String::new()),
        ("company_whatsapp", c.whatsapp.clone()),
    ]
    .into_iter()
    .map(|(key, value)| (key, value, describe_key(key)))
    .collect()
}

/// A readable description for a setting key, as the admin panel derives it ("company_phone" ->
/// "Company phone"); the logo keeps the SPEC's own wording.
pub fn describe_key(key: &str) -> String {
    if key == "company_logo" {
        return "Company logo URL".to_string();
    }
    let words = key.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The path of a project's page.
pub fn project_path(slug: &str) -> String {
    CASE_STUDY_PATTERN.replace("{slug}", slug)
}

/// The journal's list and an article's page (issue 32).
pub const JOURNAL_PATH: &str = "/news";
pub const ARTICLE_PATTERN: &str = "/news/{slug}";
/// The journal's feed.
pub const FEED_PATH: &str = "/news/feed.xml";

/// The path of an article's page.
pub fn article_path(slug: &str) -> String {
    ARTICLE_PATTERN.replace("{slug}", slug)
}

/// Lower-case letters and digits in words joined by single hyphens.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// `http://` or `https://` with a host, or a path on this site (`/…` but not `//host`). Nothing
/// that could run script (`javascript:`, `data:`) or hide in whitespace and markup characters.
pub fn is_safe_link(value: &str) -> bool {
    if value
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | '"' | '\\' | '`'))
    {
        return false;
    }
    if let Some(rest) = value.strip_prefix('/') {
        return !rest.starts_with('/');
    }
    let lower = value.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    rest.is_some_and(|r| {
        r.chars()
            .next()
            .is_some_and(|c| !matches!(c, '/' | '?' | '#'))
    })
}

/// URL slug of a name: written in Latin letters first (é -> e, ß -> ss, Telugu and Devanagari by
/// their reading), then lower case, each run of other characters than a-z0-9 becomes one '-'.
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut ascii = [0u8; 4];
    for ch in name.chars() {
        let reading = match ch.is_ascii() {
            true => ch.encode_utf8(&mut ascii),
            false => latin(ch),
        };
        for ch in reading.chars().map(|c| c.to_ascii_lowercase()) {
            if ch.is_ascii_alphanumeric() {
                out.push(ch);
            } else if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// A character other than ASCII in Latin letters: deunicode's reading for the scripts of
/// `latin_table` (Latin accents, Greek, Cyrillic, Arabic, the Indian scripts, punctuation); any
/// other is a separator in a slug (deunicode's whole table, CJK and emoji too, was 0.45 MB of the
/// binary: docs/performance.md).
fn latin(ch: char) -> &'static str {
    use latin_table::{ENDS, RANGES, TEXT};
    let code = u32::from(ch);
    let Some(&(first, _, base)) = RANGES
        .iter()
        .find(|(first, last, _)| (*first..=*last).contains(&code))
    else {
        return " ";
    };
    let at = base + (code - first) as usize;
    let start = at
        .checked_sub(1)
        .and_then(|i| ENDS.get(i))
        .map_or(0, |&e| usize::from(e));
    let end = ENDS.get(at).map_or(start, |&e| usize::from(e));
    TEXT.get(start..end).unwrap_or(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_web_addresses_or_site_paths() {
        for ok in [
            "/images/hero-1.webp",
            "/media/0123456789abcdef.png",
            "https://example.com/a.jpg",
            "HTTP://Example.com",
        ] {
            assert!(is_safe_link(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            " javascript:alert(1)",
            "java\tscript:alert(1)",
            "data:text/html,<script>",
            "//evil.example/x.png",
            "/\\evil.example",
            "https://",
            "https:///x",
            "images/x.png",
            "/a b",
            "/\"onmouseover=x",
            "vbscript:x",
        ] {
            assert!(!is_safe_link(bad), "{bad}");
        }
    }

    #[test]
    fn slug_matches_the_spa() {
        assert_eq!(slug("Anjali Rao"), "anjali-rao");
        assert_eq!(slug("  Dr. K. Reddy--Iyer! "), "dr-k-reddy-iyer");
        assert_eq!(slug(""), "");
    }

    #[test]
    fn slug_transliterates_accents_and_other_scripts() {
        assert_eq!(slug("Gachibowli Café"), "gachibowli-cafe");
        assert_eq!(slug("Straße Ørsted Æble"), "strasse-orsted-aeble");
        assert_eq!(slug("హైదరాబాద్ Villa"), "haidraabaad-villa");
        assert_eq!(slug("हैदराबाद"), "haidraabaad");
        assert_eq!(slug("Москва — “Nice” ﬁve"), "moskva-nice-five");
        assert_eq!(slug("Việt Nam ₹"), "viet-nam-rs");
    }

    #[test]
    fn slug_separates_at_scripts_it_cannot_read() {
        assert_eq!(slug("中国 Villa"), "villa");
        assert_eq!(slug("Villa🏠Two"), "villa-two");
        assert_eq!(slug("\u{10FFFF}a\u{0300}"), "a");
    }

    #[test]
    fn route_table_has_the_spec_routes_and_one_case_study_pattern() {
        let table = &*ROUTES;
        // SPEC's sixteen and the journal's two (issue 32).
        assert_eq!(table.routes.len(), 18);
        let mut paths: Vec<_> = table.routes.iter().map(|r| r.path.as_str()).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), 18);
        assert!(
            table.find("/anjali-rao").is_none(),
            "the founder's path is the record's"
        );
        assert_eq!(table.fixed().count(), 15);
        let pages: Vec<String> = table.pages("anjali-rao").map(|(p, _)| p).collect();
        assert_eq!(pages.len(), 16);
        assert!(pages.contains(&JOURNAL_PATH.to_string()));
        assert!(table.find(ARTICLE_PATTERN).is_none());
        assert!(pages.contains(&"/anjali-rao".to_string()));
        let firsts: Vec<&str> = table.first_segments().collect();
        for s in [
            "about",
            "services",
            "portfolio",
            "contact",
            "multidisciplinary",
            "admin-login",
            "adminpanel",
        ] {
            assert!(firsts.contains(&s), "{s}");
        }
        assert_eq!(table.case_study().unwrap().page, "caseStudy");
        assert!(table.find(CASE_STUDY_PATTERN).is_none());
        assert_eq!(table.routes.iter().filter(|r| r.admin).count(), 2);
        let portfolio = table.find("/portfolio").unwrap();
        let query = portfolio.query.as_ref().unwrap();
        let views: Vec<String> = query
            .values
            .iter()
            .map(|v| view_path("/portfolio", &query.name, Some(v), 1))
            .collect();
        assert_eq!(
            views,
            [
                "/portfolio?category=residential",
                "/portfolio?category=commercial",
                "/portfolio?category=hospitality",
                "/portfolio?category=kitchens"
            ]
        );
        assert_eq!(
            view_path("/portfolio", "category", Some("kitchens"), 2),
            "/portfolio?category=kitchens&page=2"
        );
        assert_eq!(
            view_path("/portfolio", "category", None, 3),
            "/portfolio?page=3"
        );
        assert_eq!(category_of_filter("kitchens"), Some("Kitchens & Baths"));
        assert_eq!(category_of_filter("nothing"), None);
        assert_eq!(table.routes.iter().filter(|r| r.query.is_some()).count(), 1);
    }

    #[test]
    fn service_routes_name_project_types_the_form_offers() {
        let table: RouteFile = serde_json::from_str(include_str!("../ui/src/routes.json")).unwrap();
        let named: Vec<_> = table
            .routes
            .iter()
            .filter_map(|r| r.project_type.as_deref())
            .collect();
        assert!(!named.is_empty());
        for project_type in named {
            assert!(CATEGORIES.contains(&project_type), "{project_type}");
        }
        assert_eq!(project_type_param("Kitchens & Baths"), "kitchens");
        assert_eq!(project_type_param("Other"), "other");
    }

    #[test]
    fn seed_and_constants_parse() {
        assert_eq!(SEED.hero_slides.len(), 3);
        assert_eq!(SEED.projects.len(), 7);
        assert_eq!(SEED.news.len(), 5);
        assert_eq!(SEED.testimonials.len(), 3);
        assert!(!CONSTANTS.studio_name.is_empty());
        for p in &SEED.projects {
            assert_eq!(slug(&p.slug), p.slug);
            assert!(CATEGORIES.contains(&p.category.as_str()), "{}", p.category);
            assert_eq!(p.sections.len(), 4, "{}", p.slug);
            assert_eq!(p.gallery.len(), 5, "{}", p.slug);
            assert!(p.gallery.iter().all(|g| !g.alt.is_empty()));
        }
    }

    #[test]
    fn descriptions_are_derived_from_keys() {
        assert_eq!(describe_key("company_phone"), "Company phone");
        assert_eq!(describe_key("company_logo"), "Company logo URL");
    }
}
