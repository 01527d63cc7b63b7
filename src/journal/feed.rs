//! `/news/feed.xml`: the journal as an Atom feed, the newest published articles with absolute links
//! from the site's address. Drafts and articles not yet due never appear: the caller passes only
//! what visitors see.

use crate::html::escape;

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
