//! The data each public page shows (docs/CONTRACTS.md "Page data"): the site as visitors may see
//! it, read once per render from the store (`Site`), and what one page's shell inlines from it
//! (`PageData`), which `GET /api/page-data` also serves for client-side navigation.

use crate::journal::blocks::{self, block_json, cover_json};
use crate::journal::schedule::is_public;
use crate::media::ImageInfo;
use crate::pages::{self, schema, schema::PAGE_SCHEMA};
use crate::store::{NewsItem, Project, ProjectJson, Store};
use anyhow::{Context, Result};
use serde::Serialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// How many projects the home teaser and the footer show, and the about page's grid.
const TEASER_PROJECTS: usize = 3;
const ABOUT_PROJECTS: usize = 4;
/// How many news items the home page's carousel shows, newest first: the rest stay out of the
/// page, so that `/` weighs the same after years of news (issue 33).
pub const HOME_NEWS: usize = 6;
/// How many projects one page of the portfolio shows (issue 33: its first HTML stays small).
pub const PORTFOLIO_PAGE: usize = 24;
/// How many articles one page of the journal's list shows (issue 32).
pub const JOURNAL_PAGE: usize = 12;

/// What one page shows, inlined in its shell (docs/CONTRACTS.md "Page data").
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageData<'a> {
    pub settings: &'a BTreeMap<String, String>,
    /// The founder's name and address, for every link to their page.
    pub founder: &'a Founder,
    /// `site` and the records this page shows (docs/page-records.md).
    pub pages: BTreeMap<&'a str, &'a Value>,
    /// Responsive information for every uploaded image this page's data names, by its URL.
    pub images: BTreeMap<&'a str, &'a ImageInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hero_slides: Option<&'a [PublicSlide]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub projects: Option<Vec<ProjectSummary<'a>>>,
    pub footer_projects: Vec<ProjectSummary<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub news: Option<&'a [PublicNews]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub testimonials: Option<&'a [PublicTestimonial]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project: Option<ProjectJson>,
    /// On the portfolio: which page of its (filtered) list `projects` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<PortfolioView>,
    /// The contact form's optional fields and choices (the owner's lead settings).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lead_form: Option<&'a Value>,
    /// On `/news`: one page of the journal's (filtered) list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub journal: Option<JournalView<'a>>,
    /// On `/news/{slug}`: the whole article and its neighbours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<ArticleView<'a>>,
}

/// One page of the journal's list: `page` of `pages` (from 1), `total` articles under `tag`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JournalView<'a> {
    pub items: Vec<ArticleCard<'a>>,
    pub page: usize,
    pub pages: usize,
    pub total: usize,
    /// The tag filtered on (its web form, `kitchens`), and its words as the owner wrote them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tag: Option<TagRef>,
    /// Every tag in use, most used first.
    pub tags: Vec<TagRef>,
    /// The address named a tag no article has (answered 404): no articles, and the tags there are.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unknown_tag: bool,
}

#[derive(Serialize, Clone)]
pub struct TagRef {
    pub slug: String,
    pub name: String,
}

/// An article as cards show it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArticleCard<'a> {
    pub id: u64,
    pub slug: &'a str,
    pub title: &'a str,
    pub date: &'a str,
    pub excerpt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<Value>,
    pub tags: &'a [String],
}

/// The whole article, its author and its neighbours in the list (newer, older).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArticleView<'a> {
    /// What its card shows, at the top level of the JSON beside the rest.
    #[serde(flatten)]
    pub card: ArticleCard<'a>,
    pub body: Vec<Value>,
    pub author: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<ArticleCard<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<ArticleCard<'a>>,
}

/// One page of the portfolio's list: `page` of `pages` (from 1), of `total` projects.
#[derive(Serialize)]
pub struct PortfolioView {
    pub page: usize,
    pub pages: usize,
    pub total: usize,
}

#[derive(Serialize)]
pub struct Founder {
    pub name: String,
    pub slug: String,
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
    /// The photo's alternative text; empty: decorative.
    pub alt: String,
}

/// A project as lists show it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectSummary<'a> {
    pub id: u64,
    pub slug: &'a str,
    pub title: &'a str,
    pub category: &'a str,
    pub description: &'a str,
    pub cover_url: &'a str,
    pub year: i32,
}

/// A news item as the home page's carousel shows it: SPEC's fields and its page's slug.
#[derive(Serialize)]
pub struct PublicNews {
    pub id: u64,
    pub date: String,
    pub title: String,
    pub content: String,
    pub slug: String,
}

#[derive(Serialize)]
pub struct PublicTestimonial {
    pub id: u64,
    pub quote: String,
    pub name: String,
    pub role: String,
}

/// Everything visitors may see, read once per render.
pub(super) struct Site {
    settings: BTreeMap<String, String>,
    pub(super) slides: Vec<PublicSlide>,
    /// Published projects, in order.
    pub(super) published: Vec<Project>,
    news: Vec<PublicNews>,
    /// The articles visitors see, newest first (the carousel's `news` are the same).
    pub(super) articles: Vec<NewsItem>,
    testimonials: Vec<PublicTestimonial>,
    /// Every page record's content, by key.
    records: BTreeMap<String, Value>,
    pub(super) founder: Founder,
    /// The founder's former addresses, each a redirect to the current one.
    pub(super) founder_former: Vec<String>,
    /// The image information of every URL any page names.
    pub(super) images: BTreeMap<String, ImageInfo>,
    pub(super) origin: String,
    lead_form: Value,
}

impl Site {
    /// Reads the site as it is at `now_ms` (scheduled articles due by then are on it); `draft` is a
    /// project or article being previewed, whose images are looked up too.
    pub(super) fn load(
        store: &Store,
        origin: &str,
        draft: Option<Draft<'_>>,
        now_ms: u64,
    ) -> Result<Site> {
        let mut settings: BTreeMap<String, String> = store
            .settings()?
            .into_iter()
            .filter(|s| s.key.starts_with("company_"))
            .map(|s| (s.key, s.value))
            .collect();
        // The 'Book a consultation' buttons show only while the owner takes bookings online.
        let booking = store.consultation_settings()?.enabled;
        settings.insert(
            "consultations".into(),
            if booking { "on" } else { "off" }.into(),
        );
        let slides: Vec<PublicSlide> = store
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
                alt: s.alt,
            })
            .collect();
        let published: Vec<Project> = store
            .projects()?
            .into_iter()
            .filter(|p| p.is_active)
            .collect();
        let mut articles: Vec<NewsItem> = store
            .news_items()?
            .into_iter()
            .filter(|n| is_public(n, now_ms))
            .collect();
        // Two items of an earlier release with one title got one slug: the older keeps it.
        let mut seen = std::collections::HashSet::new();
        for a in articles.iter_mut().rev() {
            if !seen.insert(a.slug.clone()) {
                a.slug = format!("{}-{}", a.slug, a.id);
            }
        }
        let news = articles
            .iter()
            .map(|n| PublicNews {
                id: n.id,
                date: n.date.clone(),
                title: n.title.clone(),
                content: n.content.clone(),
                slug: n.slug.clone(),
            })
            .collect();
        let testimonials = store
            .testimonials()?
            .into_iter()
            .filter(|t| t.is_active)
            .map(|t| PublicTestimonial {
                id: t.id,
                quote: t.quote,
                name: t.name,
                role: t.role,
            })
            .collect();
        let mut records = BTreeMap::new();
        let mut founder_former = Vec::new();
        for record in store.pages()? {
            let content: Value = serde_json::from_str(&record.content)
                .with_context(|| format!("reading page record {}", record.key))?;
            if record.key == pages::FOUNDER {
                founder_former = record.former_slugs.clone();
            }
            records.insert(record.key, content);
        }
        let text = |v: Option<&Value>, key: &str| {
            v.and_then(|c| c.get(key))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        let founder_record = records.get(pages::FOUNDER);
        let founder = Founder {
            name: text(founder_record, "name"),
            slug: text(founder_record, "slug"),
        };
        let mut site = Site {
            settings,
            slides,
            published,
            news,
            articles,
            testimonials,
            records,
            founder,
            founder_former,
            images: BTreeMap::new(),
            origin: origin.trim_end_matches('/').to_string(),
            lead_form: crate::leads::settings::form_json(&store.lead_settings()?),
        };
        site.images = crate::media::image_infos(store, site.every_image_url(draft))?;
        Ok(site)
    }

    /// Every image URL the pages name, and those of `draft`.
    fn every_image_url<'a>(&'a self, draft: Option<Draft<'a>>) -> Vec<&'a str> {
        let mut urls: Vec<&str> = self.slides.iter().map(|s| s.image_url.as_str()).collect();
        urls.extend(self.settings.get("company_logo").map(String::as_str));
        let draft_project = match draft {
            Some(Draft::Project(p)) => Some(p),
            _ => None,
        };
        for p in self.published.iter().chain(draft_project) {
            urls.extend(project_image_urls(p));
        }
        let draft_article = match draft {
            Some(Draft::Article(a)) => Some(a),
            _ => None,
        };
        for a in self.articles.iter().chain(draft_article) {
            urls.extend(article_image_urls(a));
        }
        for key in self.records.keys() {
            urls.extend(self.record_images(key));
        }
        urls
    }

    /// The image `src`s a page record's image fields name.
    fn record_images(&self, key: &str) -> Vec<&str> {
        let mut out = Vec::new();
        if let (Some(page), Some(content)) = (PAGE_SCHEMA.page(key), self.records.get(key)) {
            schema::image_srcs(&page.fields, content, &mut out);
        }
        out
    }

    /// A record's SEO text (`seo.title` or `seo.description`), when it has one.
    pub(super) fn seo(&self, key: Option<&str>, field: &str) -> Option<&str> {
        self.records
            .get(key?)?
            .get("seo")?
            .get(field)?
            .as_str()
            .filter(|s| !s.trim().is_empty())
    }

    pub(super) fn studio_name(&self) -> &str {
        self.settings
            .get("company_name")
            .map(String::as_str)
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(&crate::site::CONSTANTS.studio_name)
    }

    fn setting(&self, key: &str) -> Option<&str> {
        self.settings
            .get(key)
            .map(|v| v.trim())
            .filter(|v| !v.is_empty())
    }

    fn absolute(&self, url: &str) -> String {
        if url.starts_with("http://") || url.starts_with("https://") {
            url.to_string()
        } else {
            format!("{}{url}", self.origin)
        }
    }

    /// The data of a page of kind `page` (routes.json's `page`) showing the page records
    /// `records` (besides `site`); `project` on a case study. The portfolio's is its first page of
    /// every project ([`Site::portfolio_data`]).
    pub(super) fn page_data<'a>(
        &'a self,
        page: &str,
        records: &[&str],
        project: Option<&'a Project>,
    ) -> PageData<'a> {
        self.view_data(page, records, project, None, 1)
    }

    /// The published projects of `category` (all for `None`), in order.
    fn in_category<'a>(&'a self, category: Option<&'a str>) -> impl Iterator<Item = &'a Project> {
        self.published
            .iter()
            .filter(move |p| category.is_none_or(|c| p.category == c))
    }

    /// How many pages the portfolio's list of `category` (all for `None`) has: at least one.
    pub(super) fn portfolio_pages(&self, category: Option<&str>) -> usize {
        self.in_category(category)
            .count()
            .div_ceil(PORTFOLIO_PAGE)
            .max(1)
    }

    /// The portfolio's data at page `page` of the projects of `category` (all for `None`).
    pub(super) fn portfolio_data<'a>(
        &'a self,
        records: &[&str],
        category: Option<&'a str>,
        page: usize,
    ) -> PageData<'a> {
        self.view_data("portfolio", records, None, category, page)
    }

    fn view_data<'a>(
        &'a self,
        page: &str,
        records: &[&str],
        project: Option<&'a Project>,
        category: Option<&'a str>,
        at: usize,
    ) -> PageData<'a> {
        let summaries = |n: usize| -> Vec<ProjectSummary<'a>> {
            self.published.iter().take(n).map(summary).collect()
        };
        let shown: BTreeMap<&str, &Value> = std::iter::once(pages::SITE)
            .chain(records.iter().copied())
            .filter_map(|k| self.records.get_key_value(k))
            .map(|(k, v)| (k.as_str(), v))
            .collect();
        let mut data = PageData {
            settings: &self.settings,
            founder: &self.founder,
            pages: shown,
            images: BTreeMap::new(),
            hero_slides: None,
            projects: None,
            footer_projects: summaries(TEASER_PROJECTS),
            news: None,
            testimonials: None,
            project: None,
            portfolio: None,
            lead_form: None,
            journal: None,
            article: None,
        };
        match page {
            "home" => {
                data.hero_slides = Some(&self.slides);
                data.projects = Some(summaries(TEASER_PROJECTS));
                data.news = Some(&self.news[..self.news.len().min(HOME_NEWS)]);
            }
            "portfolio" => {
                let total = self.in_category(category).count();
                let pages = self.portfolio_pages(category);
                let at = at.clamp(1, pages);
                data.projects = Some(
                    self.in_category(category)
                        .skip((at - 1) * PORTFOLIO_PAGE)
                        .take(PORTFOLIO_PAGE)
                        .map(summary)
                        .collect(),
                );
                data.portfolio = Some(PortfolioView {
                    page: at,
                    pages,
                    total,
                });
                data.testimonials = Some(&self.testimonials);
            }
            "about" => data.projects = Some(summaries(ABOUT_PROJECTS)),
            "contact" => data.lead_form = Some(&self.lead_form),
            _ => {}
        }
        data.project = project.map(|p| ProjectJson::from(p.clone()));
        let mut urls: Vec<&str> = Vec::new();
        urls.extend(self.settings.get("company_logo").map(String::as_str));
        if let Some(slides) = data.hero_slides {
            urls.extend(slides.iter().map(|s| s.image_url.as_str()));
        }
        for s in data.projects.iter().flatten().chain(&data.footer_projects) {
            urls.push(s.cover_url);
        }
        if let Some(p) = project {
            urls.extend(project_image_urls(p));
        }
        if let Some(view) = &data.journal {
            urls.extend(view.items.iter().filter_map(|c| card_cover(c)));
        }
        for key in data.pages.keys() {
            urls.extend(self.record_images(key));
        }
        for url in urls {
            if let Some((key, info)) = self.images.get_key_value(url) {
                data.images.insert(key.as_str(), info);
            }
        }
        data
    }

    /// The studio as search engines read it (schema.org), from the company settings.
    pub(super) fn studio_ld(&self) -> Value {
        let mut ld = json!({
            "@context": "https://schema.org",
            "@type": "HomeAndConstructionBusiness",
            "name": self.studio_name(),
            "url": format!("{}/", self.origin),
        });
        let mut put = |key: &str, value: Value| {
            if let Some(map) = ld.as_object_mut() {
                map.insert(key.to_string(), value);
            }
        };
        // Without an uploaded logo the pages show the bundled one.
        let logo = self.setting("company_logo").unwrap_or("/images/logo.svg");
        put("logo", json!(self.absolute(logo)));
        if let Some(phone) = self.setting("company_phone") {
            put("telephone", json!(phone));
        }
        if let Some(email) = self.setting("company_email") {
            put("email", json!(email));
        }
        if let Some(address) = self.setting("company_address") {
            put(
                "address",
                json!({ "@type": "PostalAddress", "streetAddress": address }),
            );
        }
        let hours: Vec<&str> = ["company_hours", "company_weekend"]
            .iter()
            .filter_map(|k| self.setting(k))
            .collect();
        if !hours.is_empty() {
            put("openingHours", json!(hours));
        }
        let same_as: Vec<&str> = ["company_linkedin", "company_instagram", "company_facebook"]
            .iter()
            .filter_map(|k| self.setting(k))
            .collect();
        if !same_as.is_empty() {
            put("sameAs", json!(same_as));
        }
        ld
    }

    /// A case study's breadcrumbs and the work itself.
    pub(super) fn case_study_ld(&self, p: &Project, image: &str) -> [Value; 2] {
        let url = format!("{}/portfolio/{}", self.origin, p.slug);
        let crumbs = json!({
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            "itemListElement": [
                { "@type": "ListItem", "position": 1, "name": "Home", "item": format!("{}/", self.origin) },
                { "@type": "ListItem", "position": 2, "name": "Portfolio", "item": format!("{}/portfolio", self.origin) },
                { "@type": "ListItem", "position": 3, "name": p.title, "item": url },
            ],
        });
        let work = json!({
            "@context": "https://schema.org",
            "@type": "CreativeWork",
            "name": p.title,
            "headline": p.headline,
            "description": p.description,
            "url": url,
            "image": image,
            "dateCreated": p.year.to_string(),
            "genre": p.category,
            "keywords": p.tags.join(", "),
            "locationCreated": { "@type": "Place", "name": p.location },
            "creator": { "@type": "Organization", "name": self.studio_name(), "url": format!("{}/", self.origin) },
        });
        [crumbs, work]
    }

    /// The absolute URL of the cover's 1200-px copy, or of the cover itself.
    pub(super) fn og_image(&self, p: &Project) -> Option<String> {
        if p.cover_url.is_empty() {
            return None;
        }
        let variant = self.images.get(&p.cover_url).and_then(|info| {
            info.variants
                .iter()
                .find(|v| v.width == 1200)
                .map(|v| v.url.as_str())
        });
        Some(self.absolute(variant.unwrap_or(&p.cover_url)))
    }
}

/// What is being previewed: a project or an article, whatever its status.
#[derive(Clone, Copy)]
pub enum Draft<'a> {
    Project(&'a Project),
    Article(&'a NewsItem),
}

impl Site {
    /// The web form of each tag in use with its words, most used first.
    fn tags_in_use(&self) -> Vec<(TagRef, usize)> {
        let mut counts: Vec<(TagRef, usize)> = Vec::new();
        for tag in self.articles.iter().flat_map(|a| &a.tags) {
            let slug = crate::site::slug(tag);
            if slug.is_empty() {
                continue;
            }
            match counts.iter_mut().find(|(t, _)| t.slug == slug) {
                Some((_, n)) => *n += 1,
                None => counts.push((
                    TagRef {
                        slug,
                        name: tag.clone(),
                    },
                    1,
                )),
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.name.cmp(&b.0.name)));
        counts
    }

    /// The web forms of the tags in use (`/news?tag=…`).
    pub(super) fn tag_slugs(&self) -> Vec<String> {
        self.tags_in_use()
            .into_iter()
            .map(|(t, _)| t.slug)
            .collect()
    }

    /// The articles under the tag of web form `tag` (all for `None`).
    fn tagged<'a>(&'a self, tag: Option<&'a str>) -> impl Iterator<Item = &'a NewsItem> {
        self.articles
            .iter()
            .filter(move |a| tag.is_none_or(|t| a.tags.iter().any(|x| crate::site::slug(x) == t)))
    }

    /// How many pages the journal's list under `tag` has: at least one.
    pub(super) fn journal_pages(&self, tag: Option<&str>) -> usize {
        self.tagged(tag).count().div_ceil(JOURNAL_PAGE).max(1)
    }

    /// The journal's list at page `page` of the articles under `tag` (all for `None`).
    pub(super) fn journal_data<'a>(
        &'a self,
        records: &[&str],
        tag: Option<&'a str>,
        page: usize,
    ) -> PageData<'a> {
        let mut data = self.view_data("journal", records, None, None, 1);
        let tags = self.tags_in_use();
        let total = self.tagged(tag).count();
        let pages = self.journal_pages(tag);
        let at = page.clamp(1, pages);
        let items: Vec<ArticleCard<'a>> = self
            .tagged(tag)
            .skip((at - 1) * JOURNAL_PAGE)
            .take(JOURNAL_PAGE)
            .map(card)
            .collect();
        for url in items.iter().filter_map(card_cover) {
            if let Some((key, info)) = self.images.get_key_value(url) {
                data.images.insert(key.as_str(), info);
            }
        }
        data.journal = Some(JournalView {
            items,
            page: at,
            pages,
            total,
            tag: tag.and_then(|t| {
                tags.iter()
                    .find(|(x, _)| x.slug == t)
                    .map(|(x, _)| x.clone())
            }),
            tags: tags.into_iter().map(|(t, _)| t).collect(),
            unknown_tag: false,
        });
        data
    }

    /// The journal for an address that names a tag no article has: no articles, every tag in use.
    pub(super) fn unknown_tag_data<'a>(&'a self, records: &[&str]) -> PageData<'a> {
        let mut data = self.view_data("journal", records, None, None, 1);
        data.journal = Some(JournalView {
            items: Vec::new(),
            page: 1,
            pages: 1,
            total: 0,
            tag: None,
            tags: self.tags_in_use().into_iter().map(|(t, _)| t).collect(),
            unknown_tag: true,
        });
        data
    }

    /// An article's page: the article whole, its author (the founder) and its neighbours.
    pub(super) fn article_data<'a>(&'a self, article: &'a NewsItem) -> PageData<'a> {
        let mut data = self.view_data("article", &[], None, None, 1);
        let at = self.articles.iter().position(|a| a.id == article.id);
        let newer = at
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| self.articles.get(i));
        let older = at.and_then(|i| self.articles.get(i + 1));
        for url in article_image_urls(article) {
            if let Some((key, info)) = self.images.get_key_value(url) {
                data.images.insert(key.as_str(), info);
            }
        }
        data.article = Some(ArticleView {
            card: card(article),
            body: article.body.iter().map(block_json).collect(),
            author: &self.founder.name,
            previous: older.map(card),
            next: newer.map(card),
        });
        data
    }

    /// The absolute URL of an article's cover (its 1200-px copy when there is one).
    pub(super) fn article_og_image(&self, a: &NewsItem) -> Option<String> {
        let cover = a.cover.as_ref()?;
        let variant = self.images.get(&cover.url).and_then(|info| {
            info.variants
                .iter()
                .find(|v| v.width == 1200)
                .map(|v| v.url.as_str())
        });
        Some(self.absolute(variant.unwrap_or(&cover.url)))
    }

    /// An article as search engines read it.
    pub(super) fn article_ld(&self, a: &NewsItem, image: Option<&str>) -> Value {
        let url = format!("{}{}", self.origin, crate::site::article_path(&a.slug));
        let mut ld = json!({
            "@context": "https://schema.org",
            "@type": "BlogPosting",
            "headline": a.title,
            "description": excerpt(a),
            "url": url,
            "mainEntityOfPage": url,
            "datePublished": a.date,
            "keywords": a.tags.join(", "),
            "author": { "@type": "Person", "name": self.founder.name, "url": format!("{}/{}", self.origin, self.founder.slug) },
            "publisher": { "@type": "Organization", "name": self.studio_name(), "url": format!("{}/", self.origin) },
        });
        if a.updated_at_ms > 0 {
            ld["dateModified"] = json!(crate::journal::schedule::rfc3339(a.updated_at_ms));
        }
        if let Some(image) = image {
            ld["image"] = json!(image);
        }
        ld
    }

    /// An absolute URL of this site.
    pub(super) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.origin)
    }
}

pub use crate::journal::feed::excerpt;

fn card(a: &NewsItem) -> ArticleCard<'_> {
    ArticleCard {
        id: a.id,
        slug: &a.slug,
        title: &a.title,
        date: &a.date,
        excerpt: excerpt(a),
        cover: a.cover.as_ref().map(cover_json),
        tags: &a.tags,
    }
}

fn card_cover<'a>(c: &'a ArticleCard<'_>) -> Option<&'a str> {
    c.cover.as_ref()?.get("url")?.as_str()
}

fn article_image_urls(a: &NewsItem) -> impl Iterator<Item = &str> {
    a.cover
        .iter()
        .chain(a.body.iter().flat_map(blocks::images))
        .map(|i| i.url.as_str())
}

fn summary(p: &Project) -> ProjectSummary<'_> {
    ProjectSummary {
        id: p.id,
        slug: &p.slug,
        title: &p.title,
        category: &p.category,
        description: &p.description,
        cover_url: &p.cover_url,
        year: p.year,
    }
}

fn project_image_urls(p: &Project) -> impl Iterator<Item = &str> {
    std::iter::once(p.cover_url.as_str())
        .chain(p.gallery.iter().map(|g| g.image_url.as_str()))
        .filter(|u| !u.is_empty())
}
