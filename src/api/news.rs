//! `/api/admin/news-items`: the home page's 'News & Thoughts'.

use super::ApiError;
use super::admin::Fields;
use super::resource::Resource;
use crate::store::{NewsItem, Rule, no_rule};
use serde::Serialize;

const MAX_TITLE: usize = 200;
const MAX_CONTENT: usize = 5000;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewsJson {
    pub id: u64,
    pub date: String,
    pub title: String,
    pub content: String,
    pub is_active: bool,
}

impl From<NewsItem> for NewsJson {
    fn from(n: NewsItem) -> NewsJson {
        NewsJson {
            id: n.id,
            date: n.date,
            title: n.title,
            content: n.content,
            is_active: n.is_active,
        }
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
        let date = f.required_text("date", 10)?;
        if !is_iso_date(&date) {
            return Err(ApiError::bad_request(
                "date must be a real date written YYYY-MM-DD",
            ));
        }
        Ok(NewsItem {
            id: 0,
            date,
            title: f.required_text("title", MAX_TITLE)?,
            content: {
                let content = f.text("content", MAX_CONTENT, true)?;
                if content.is_empty() {
                    return Err(ApiError::bad_request("content is required"));
                }
                content
            },
            is_active: f.flag("isActive", true)?,
        })
    }

    fn rule() -> Rule<'static, NewsItem> {
        &no_rule
    }
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
