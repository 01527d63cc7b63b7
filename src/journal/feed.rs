//! `/news/feed.xml`: the journal as an Atom feed, the newest published articles with absolute links
//! from the site's address. Drafts and articles not yet due never appear: the caller passes only
//! what visitors see.

use super::schedule::{is_public, rfc3339};
use crate::html::escape;
use crate::store::{NewsItem, Store};
use anyhow::Result;
use std::sync::{Arc, Mutex};

/// The last feed written, with the set of pages (`Shells::swaps`) and the origin it was written
/// for: a feed reader's poll is answered without reading every article again, and a write or an
/// article falling due (each swaps the pages in) makes the next poll write it afresh.
#[derive(Default)]
pub struct Cache(Mutex<Option<(u64, String, Arc<str>)>>);

impl Cache {
    /// The feed for `swaps` and `origin`: the kept one, or `build`'s, kept for the next poll.
    pub fn get_or_build(
        &self,
        swaps: u64,
        origin: &str,
        build: impl FnOnce() -> Result<String>,
    ) -> Result<Arc<str>> {
        let kept = self.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if let Some((at, for_origin, xml)) = kept
            && at == swaps
            && for_origin == origin
        {
            return Ok(xml);
        }
        let xml: Arc<str> = build()?.into();
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) =
            Some((swaps, origin.to_string(), xml.clone()));
        Ok(xml)
    }
}

/// How many articles the feed carries.
pub const FEED_ENTRIES: usize = 20;

/// One article as the feed shows it.
pub struct Entry<'a> {
    pub title: &'a str,
    /// Absolute.
    pub url: String,
    /// RFC 3339.
    pub published: String,
    pub updated: String,
    pub summary: &'a str,
    pub author: &'a str,
    pub tags: &'a [String],
}

/// The Atom document of `entries` (newest first) for the site at `origin` named `studio`.
pub fn atom(studio: &str, origin: &str, entries: &[Entry<'_>]) -> String {
    let updated = entries
        .iter()
        .map(|e| e.updated.as_str())
        .max()
        .unwrap_or("2000-01-01T00:00:00Z");
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
         <feed xmlns=\"http://www.w3.org/2005/Atom\">\n  \
         <title>{name} Journal</title>\n  \
         <id>{origin}/news</id>\n  \
         <link rel=\"alternate\" type=\"text/html\" href=\"{origin}/news\"/>\n  \
         <link rel=\"self\" type=\"application/atom+xml\" href=\"{origin}/news/feed.xml\"/>\n  \
         <updated>{updated}</updated>\n  \
         <author><name>{name}</name></author>\n",
        name = escape(studio),
        origin = escape(origin),
    );
    for e in entries {
        let url = escape(&e.url);
        xml.push_str(&format!(
            "  <entry>\n    <title>{}</title>\n    <id>{url}</id>\n    \
             <link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>\n    \
             <published>{}</published>\n    <updated>{}</updated>\n    \
             <author><name>{}</name></author>\n",
            escape(e.title),
            e.published,
            e.updated,
            escape(if e.author.is_empty() {
                studio
            } else {
                e.author
            }),
        ));
        for tag in e.tags {
            xml.push_str(&format!("    <category term=\"{}\"/>\n", escape(tag)));
        }
        xml.push_str(&format!(
            "    <summary>{}</summary>\n  </entry>\n",
            escape(e.summary)
        ));
    }
    xml.push_str("</feed>\n");
    xml
}

/// The feed of the site at `origin` as it is at `now_ms`.
pub fn build(store: &Store, origin: &str, now_ms: u64) -> Result<String> {
    let studio = store
        .settings()?
        .into_iter()
        .find(|s| s.key == "company_name" && !s.value.trim().is_empty())
        .map_or_else(|| crate::site::CONSTANTS.studio_name.clone(), |s| s.value);
    let origin = origin.trim_end_matches('/');
    let articles: Vec<NewsItem> = store
        .news_items()?
        .into_iter()
        .filter(|a| is_public(a, now_ms))
        .take(FEED_ENTRIES)
        .collect();
    let excerpts: Vec<String> = articles.iter().map(excerpt).collect();
    let entries: Vec<Entry<'_>> = articles
        .iter()
        .zip(&excerpts)
        .map(|(a, summary)| {
            let published = match a.publish_at {
                Some((at, _)) if a.status == crate::store::ArticleStatus::Scheduled => rfc3339(at),
                _ => format!("{}T00:00:00Z", a.date),
            };
            let updated = if a.updated_at_ms > 0 {
                rfc3339(a.updated_at_ms).max(published.clone())
            } else {
                published.clone()
            };
            Entry {
                title: &a.title,
                url: format!("{origin}{}", crate::site::article_path(&a.slug)),
                published,
                updated,
                summary,
                author: "",
                tags: &a.tags,
            }
        })
        .collect();
    Ok(atom(&studio, origin, &entries))
}

/// The excerpt the owner wrote, or the first paragraph.
pub fn excerpt(a: &NewsItem) -> String {
    if !a.excerpt.is_empty() {
        return a.excerpt.clone();
    }
    let first = super::blocks::first_paragraph(&a.body);
    if first.chars().count() > 300 {
        let cut: String = first.chars().take(297).collect();
        return format!("{}…", cut.trim_end());
    }
    first
}

#[cfg(test)]
mod tests {
    use super::Cache;

    #[test]
    fn the_feed_is_written_again_only_when_the_pages_or_the_origin_move() {
        let cache = Cache::default();
        let built = std::cell::Cell::new(0);
        let build = || {
            built.set(built.get() + 1);
            Ok(format!("feed {}", built.get()))
        };
        assert_eq!(
            &*cache.get_or_build(1, "https://a", build).unwrap(),
            "feed 1"
        );
        assert_eq!(
            &*cache.get_or_build(1, "https://a", build).unwrap(),
            "feed 1"
        );
        assert_eq!(
            &*cache.get_or_build(2, "https://a", build).unwrap(),
            "feed 2"
        );
        assert_eq!(
            &*cache.get_or_build(2, "https://b", build).unwrap(),
            "feed 3"
        );
        // A failed write keeps the last good feed for its own key.
        assert!(
            cache
                .get_or_build(3, "https://b", || Err(anyhow::anyhow!("disk")))
                .is_err()
        );
        assert_eq!(
            &*cache.get_or_build(2, "https://b", build).unwrap(),
            "feed 3"
        );
        assert_eq!(
            &*cache.get_or_build(3, "https://b", build).unwrap(),
            "feed 4"
        );
    }
}
