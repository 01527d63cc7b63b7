//! `/api/admin/news-items`: the journal's articles (issue 32). SPEC's four fields (`title`, `date`,
//! `content`, `isActive`) keep their shape; the journal's (`slug`, `excerpt`, `cover`, `tags`,
//! `status`, `publishAt`, `body`) are optional on write. And a signed preview link to an
//! article's page, as projects have.

use super::ApiError;
use super::body::Fields;
use super::resource::{self, Resource, text_list};
use crate::app::App;
use crate::journal::blocks::{self, block_json, cover_json};
use crate::journal::schedule::{format_publish_at, local_date, parse_publish_at};
use crate::site::is_slug;
use crate::store::{ArticleStatus, NewsItem, Rule, news_rule};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;
use warp::Filter;
use warp::filters::BoxedFilter;
use warp::reply::Response;

const MAX_TITLE: usize = 200;
const MAX_CONTENT: usize = 5000;
const MAX_SLUG: usize = 100;
const MAX_EXCERPT: usize = 500;
const MAX_TAGS: usize = 20;
const MAX_TAG: usize = 50;

/// A news item as the calls read it (ui/src/lib/journal.ts `Article`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewsJson {
    pub id: u64,
    pub date: String,
    pub title: String,
    pub content: String,
    pub is_active: bool,
    pub slug: String,
    pub excerpt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<Value>,
    pub tags: Vec<String>,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publish_at: Option<String>,
    pub body: Vec<Value>,
}

impl From<NewsItem> for NewsJson {
    fn from(n: NewsItem) -> NewsJson {
        NewsJson {
            id: n.id,
            date: n.date,
            title: n.title,
            content: n.content,
            is_active: n.is_active,
            slug: n.slug,
            excerpt: n.excerpt,
            cover: n.cover.as_ref().map(cover_json),
            tags: n.tags,
            status: status_name(n.status),
            publish_at: n.publish_at.map(format_publish_at),
            body: n.body.iter().map(block_json).collect(),
        }
    }
}

pub fn status_name(status: ArticleStatus) -> &'static str {
    match status {
        ArticleStatus::Draft => "draft",
        ArticleStatus::Scheduled => "scheduled",
        ArticleStatus::Published => "published",
    }
}

pub struct News;

impl Resource for News {
    type Record = NewsItem;
    type Json = NewsJson;
    const PATH: &'static str = "news-items";
    const NOUN: &'static str = "News item";
    const ORDERED: bool = false;

    fn input(f: &Fields) -> Result<NewsItem, ApiError> {
        news_input(f)
    }

    fn rule() -> Rule<'static, NewsItem> {
        &news_rule
    }
}

fn news_input(f: &Fields) -> Result<NewsItem, ApiError> {
    let bad = ApiError::bad_request;
    let title = f.required_text("title", MAX_TITLE)?;
    let status = match f.text("status", 20, false)?.as_str() {
        "" | "published" => ArticleStatus::Published,
        "draft" => ArticleStatus::Draft,
        "scheduled" => ArticleStatus::Scheduled,
        _ => return Err(bad("status must be one of: draft, scheduled, published")),
    };
    let publish_at = match f.text("publishAt", 40, false)? {
        s if s.is_empty() => None,
        s => Some(parse_publish_at(&s).ok_or_else(|| {
            bad("publishAt must be a date and time with its offset, e.g. 2026-12-01T09:30:00+05:30")
        })?),
    };
    if status == ArticleStatus::Scheduled && publish_at.is_none() {
        return Err(bad("publishAt is required to schedule an article"));
    }
    let date = match f.text("date", 10, false)? {
        d if d.is_empty() => match publish_at {
            Some(at) if status == ArticleStatus::Scheduled => local_date(at),
            _ => return Err(bad("date is required")),
        },
        d => d,
    };
    if !is_iso_date(&date) {
        return Err(bad("date must be a real date written YYYY-MM-DD"));
    }
    let body = blocks::parse_body(f.0.get("body")).map_err(ApiError::bad_request)?;
    let content = f.text("content", MAX_CONTENT, true)?;
    let content = match (content.is_empty(), body.is_empty()) {
        (true, true) => return Err(bad("content is required (or a body)")),
        (false, _) => content,
        (true, false) => blocks::plain_text(&body)
            .chars()
            .take(MAX_CONTENT)
            .collect(),
    };
    let mut item = NewsItem::from_text(0, date, title, content, f.flag("isActive", true)?);
    if !body.is_empty() {
        item.body = body;
    }
    // Without a slug, a saved article keeps its own and a new one gets its title's (news_rule).
    item.slug = f.text("slug", MAX_SLUG, false)?;
    if !item.slug.is_empty() && !is_slug(&item.slug) {
        return Err(bad(
            "slug may hold only a-z, 0-9 and single hyphens between them",
        ));
    }
    item.excerpt = f.text("excerpt", MAX_EXCERPT, false)?;
    item.cover = blocks::parse_cover(f.0.get("cover")).map_err(ApiError::bad_request)?;
    item.tags = text_list(f, "tags", MAX_TAGS, MAX_TAG)?;
    item.status = status;
    item.publish_at = publish_at;
    Ok(item)
}

/// The resource's routes plus `POST /api/admin/news-items/{id}/preview`: `{ "url" }`, the article's
/// page for whoever holds the link, for an hour, whatever its status.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    resource::preview_route::<News>(app.clone(), crate::journal::preview_key, |item| {
        crate::site::article_path(&item.slug)
    })
    .or(resource::routes::<News>(app))
    .unify()
    .boxed()
}

/// `YYYY-MM-DD` naming a day that exists.
pub fn is_iso_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = &s[r];
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    y >= 1 && (1..=days).contains(&d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_real_iso_days() {
        for ok in ["2024-12-15", "2024-02-29", "2000-02-29"] {
            assert!(is_iso_date(ok), "{ok}");
        }
        for bad in [
            "2023-02-29",
            "1900-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-1-01",
            "Dec 15, 2024",
            "2024-12-32",
            "+024-12-01",
        ] {
            assert!(!is_iso_date(bad), "{bad}");
        }
    }
}
