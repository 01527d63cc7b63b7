//! What a recorded call did, in words: the subject from the call's path ("portfolio project 12",
//! with its title when it has one) and, for a change of content, which fields changed.

use crate::access::rules::Note;
use crate::store::{HeroSlide, NewsItem, PAGE_KIND, Project, Record, Store, Testimonial};

/// The subject of a call to `path` under `note`: the note's subject with the path's last number or
/// word, and the record's title when there is one.
pub fn subject(store: &Store, note: &Note, path: &str) -> String {
    if note.subject.is_empty() {
        return String::new();
    }
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    // The record a call acts on is the segment after the collection's name: for
    // `/api/admin/pages/about/revisions/3/restore` that is `about`, not `3`.
    let id = segments.get(3).copied().unwrap_or_default();
    let collection = segments.get(2).copied().unwrap_or_default();
    let id = if segments.get(1) == Some(&"contacts") {
        segments.get(2).copied().unwrap_or_default()
    } else {
        id
    };
    let plain = note.subject.replace("{}", id);
    // A new record's number is the answer's, not the path's: it is the newest of its kind.
    let id = if id.is_empty() && note.action == "created" {
        newest_id(store, collection)
            .map(|n| n.to_string())
            .unwrap_or_default()
    } else {
        id.to_string()
    };
    let id = id.as_str();
    match title(store, collection, id) {
        Some(title) if !title.trim().is_empty() => format!("{plain} ({})", title.trim()),
        _ => plain,
    }
}

fn newest<R: Record>(store: &Store) -> Option<u64> {
    store.list::<R>().ok()?.iter().map(Record::id).max()
}

/// The newest record of a content collection.
fn newest_id(store: &Store, collection: &str) -> Option<u64> {
    match collection {
        "portfolio-projects" => newest::<Project>(store),
        "news-items" => newest::<NewsItem>(store),
        "hero-slides" => newest::<HeroSlide>(store),
        "testimonials" => newest::<Testimonial>(store),
        _ => None,
    }
}

/// The title of content record `id` of `collection`; enquiries and people have none here.
fn title(store: &Store, collection: &str, id: &str) -> Option<String> {
    if collection == "pages" {
        return crate::pages::schema::PAGE_SCHEMA
            .page(id)
            .map(|p| p.label.clone());
    }
    let id: u64 = id.parse().ok()?;
    match collection {
        "portfolio-projects" => store.get::<Project>(id).ok()?.map(|r| r.title),
        "news-items" => store.get::<NewsItem>(id).ok()?.map(|r| r.title),
        "hero-slides" => store.get::<HeroSlide>(id).ok()?.map(|r| r.title),
        "testimonials" => store.get::<Testimonial>(id).ok()?.map(|r| r.name),
        _ => None,
    }
}

/// The fields a change of content changed, in words ("our story, paragraph 2"), from the record's
/// newest revision; empty when the call kept no revision.
pub fn changed_fields(store: &Store, path: &str) -> Vec<String> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let (Some(collection), Some(id)) = (segments.get(2), segments.get(3)) else {
        return Vec::new();
    };
    let kind = match *collection {
        "pages" => PAGE_KIND,
        "portfolio-projects" => "portfolio_projects",
        "news-items" => "news_items",
        "hero-slides" => "hero_slides",
        "testimonials" => "testimonials",
        _ => return Vec::new(),
    };
    store
        .revisions(kind, id)
        .ok()
        .and_then(|r| r.into_iter().next())
        .map(|r| r.changed.iter().map(|p| field_in_words(p)).collect())
        .unwrap_or_default()
}

/// `ourStory.paragraphs[1]` as "our story, paragraph 2".
pub fn field_in_words(path: &str) -> String {
    let mut parts = Vec::new();
    for segment in path.split('.') {
        let (name, index) = match segment.split_once('[') {
            Some((name, rest)) => (name, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (segment, None),
        };
        let mut words = String::new();
        for c in name.chars() {
            if c.is_uppercase() {
                words.push(' ');
                words.extend(c.to_lowercase());
            } else {
                words.push(c);
            }
        }
        let words = words.trim().to_string();
        parts.push(match index {
            Some(i) => format!("{} {}", words.trim_end_matches('s'), i + 1),
            None => words,
        });
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::field_in_words;

    #[test]
    fn fields_read_as_words() {
        assert_eq!(
            field_in_words("ourStory.paragraphs[1]"),
            "our story, paragraph 2"
        );
        assert_eq!(field_in_words("title"), "title");
        assert_eq!(
            field_in_words("seo.metaDescription"),
            "seo, meta description"
        );
    }
}
