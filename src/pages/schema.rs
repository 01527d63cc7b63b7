//! The field schema of the page records (`ui/src/content/pageSchema.json`, docs/page-records.md)
//! and the one validator that checks any page's content against it, naming the field path of the
//! first broken rule (`ourStory.paragraphs[1]: at most 1200 characters`).

use serde::Deserialize;
use serde_json::{Map, Value};
use std::fmt;
use std::sync::LazyLock;

/// `ui/src/content/pageSchema.json`: the fields of every page record.
pub static PAGE_SCHEMA: LazyLock<Schema> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../ui/src/content/pageSchema.json"))
        .expect("ui/src/content/pageSchema.json is checked by the test suite")
});

/// The whole schema file: one entry per page record, in the admin's order.
#[derive(Debug, Clone, Deserialize)]
pub struct Schema {
    pub pages: Vec<PageSchema>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PageSchema {
    pub key: String,
    pub label: String,
    /// The route (routes.json's path, `/{founderSlug}` unresolved); `None` for `site`.
    #[serde(default)]
    pub route: Option<String>,
    pub fields: Vec<Field>,
}

/// One field; a list's `item` has no name.
#[derive(Debug, Clone, Deserialize)]
pub struct Field {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub label: String,
    #[serde(flatten)]
    pub kind: Kind,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Kind {
    Text {
        max: usize,
        #[serde(default)]
        optional: bool,
    },
    Paragraph {
        max: usize,
        #[serde(default)]
        optional: bool,
    },
    Number {
        min: i64,
        max: i64,
    },
    Image {
        #[serde(default)]
        optional: bool,
    },
    Link {
        #[serde(default)]
        optional: bool,
    },
    File {
        accept: String,
        #[serde(default)]
        optional: bool,
    },
    Slug,
    List {
        item: Box<Field>,
        min: usize,
        max: usize,
    },
    Group {
        fields: Vec<Field>,
    },
}

/// Longest alt text, file name, link label and slug.
pub const MAX_ALT: usize = 200;
pub const MAX_FILE_NAME: usize = 120;
pub const MAX_LINK_LABEL: usize = 60;
pub const MAX_SLUG: usize = 60;

impl Schema {
    pub fn page(&self, key: &str) -> Option<&PageSchema> {
        self.pages.iter().find(|p| p.key == key)
    }
}

/// The first broken rule: the field's path and what is wrong with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    pub path: String,
    pub message: String,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// What the validator asks of the world outside the content: which files exist.
pub trait Lookup {
    /// Whether `path` (`/images/…`) is a file of the embedded UI build.
    fn bundled(&self, path: &str) -> bool;
    /// The content type of the upload named `name` (as in `/media/<name>`), when there is one
    /// (never for a name no upload could have: `media::is_media_name`).
    fn upload_type(&self, name: &str) -> Option<String>;
}

/// Checks `content` against a page's fields and answers it normalised (texts trimmed, an image's
/// `alt` and `decorative` present), or the first broken rule.
pub fn check(fields: &[Field], content: &Value, lookup: &dyn Lookup) -> Result<Value, Invalid> {
    group(fields, content, "", lookup)
}

fn fail<T>(path: &str, message: impl Into<String>) -> Result<T, Invalid> {
    Err(Invalid {
        path: path.to_string(),
        message: message.into(),
    })
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}.{name}")
    }
}

fn group(
    fields: &[Field],
    value: &Value,
    path: &str,
    lookup: &dyn Lookup,
) -> Result<Value, Invalid> {
    let Value::Object(map) = value else {
        return fail(path, "must be an object of fields");
    };
    let mut out = Map::new();
    for field in fields {
        let name = field.name.as_deref().unwrap_or_default();
        let at = join(path, name);
        let Some(v) = map.get(name) else {
            return fail(&at, "is missing");
        };
        out.insert(name.to_string(), one(field, v, &at, lookup)?);
    }
    if let Some(extra) = map
        .keys()
        .find(|k| !fields.iter().any(|f| f.name.as_deref() == Some(k.as_str())))
    {
        return fail(&join(path, extra), "is not a field here");
    }
    Ok(Value::Object(out))
}

fn one(field: &Field, value: &Value, path: &str, lookup: &dyn Lookup) -> Result<Value, Invalid> {
    match &field.kind {
        Kind::Text { max, optional } => text(value, path, *max, *optional).map(Value::from),
        Kind::Paragraph { max, optional } => {
            let text = text(value, path, *max, *optional)?;
            check_inline_links(&text, path)?;
            Ok(Value::from(text))
        }
        Kind::Number { min, max } => match value.as_i64() {
            Some(n) if (*min..=*max).contains(&n) => Ok(Value::from(n)),
            _ => fail(path, format!("must be a whole number from {min} to {max}")),
        },
        Kind::Image { optional } => image(value, path, *optional, lookup),
        Kind::Link { optional } => link(value, path, *optional),
        Kind::File { accept, optional } => file(value, path, accept, *optional, lookup),
        Kind::Slug => {
            let slug = text(value, path, MAX_SLUG, false)?;
            if !crate::site::is_slug(&slug) {
                return fail(
                    path,
                    "may hold only a-z, 0-9 and single hyphens between them",
                );
            }
            Ok(Value::from(slug))
        }
        Kind::List { item, min, max } => {
            let Value::Array(items) = value else {
                return fail(path, "must be a list");
            };
            if items.len() < *min || items.len() > *max {
                let count = |n: usize| format!("{n} item{}", if n == 1 { "" } else { "s" });
                let wanted = if min == max {
                    format!("must have exactly {}", count(*min))
                } else if items.len() < *min {
                    format!("must have at least {}", count(*min))
                } else {
                    format!("may have at most {}", count(*max))
                };
                return fail(path, wanted);
            }
            items
                .iter()
                .enumerate()
                .map(|(i, v)| one(item, v, &format!("{path}[{i}]"), lookup))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)
        }
        Kind::Group { fields } => group(fields, value, path, lookup),
    }
}

/// One trimmed line of at most `max` characters; empty only when `optional`.
fn text(value: &Value, path: &str, max: usize, optional: bool) -> Result<String, Invalid> {
    let Value::String(s) = value else {
        return fail(path, "must be text");
    };
    let s = s.trim();
    if s.chars().any(char::is_control) {
        return fail(
            path,
            "must be one line, without line breaks or control characters",
        );
    }
    if s.chars().count() > max {
        return fail(path, format!("at most {max} characters"));
    }
    if s.is_empty() && !optional {
        return fail(path, "is required");
    }
    Ok(s.to_string())
}

/// A link's address: a path on this site or an `https://` address (`site::is_safe_link`).
pub fn is_page_href(href: &str) -> bool {
    crate::site::is_safe_link(href) && !href.to_ascii_lowercase().starts_with("http://")
}

/// Every `[label](href)` in a paragraph has a closed, safe address.
pub fn check_inline_links(text: &str, path: &str) -> Result<(), Invalid> {
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else {
            return fail(path, "a link [label](address) is not closed with )");
        };
        let href = &after[..end];
        if !is_page_href(href) {
            return fail(
                path,
                format!("link address \"{href}\" must be a site path (/…) or an https:// address"),
            );
        }
        rest = &after[end + 1..];
    }
    Ok(())
}

/// The object of an image, link or file field, holding no keys but `allowed`.
fn object<'a>(
    value: &'a Value,
    path: &str,
    allowed: &[&str],
) -> Result<&'a Map<String, Value>, Invalid> {
    let Value::Object(map) = value else {
        return fail(
            path,
            format!("must be an object with {}", allowed.join(", ")),
        );
    };
    if let Some(extra) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
        return fail(&join(path, extra), "is not a field here");
    }
    Ok(map)
}

fn string_in<'a>(map: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a str, Invalid> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(s)) => Ok(s.trim()),
        Some(_) => fail(&join(path, key), "must be text"),
    }
}

fn image(value: &Value, path: &str, optional: bool, lookup: &dyn Lookup) -> Result<Value, Invalid> {
    let map = object(value, path, &["src", "alt", "decorative"])?;
    let src = string_in(map, "src", path)?;
    let decorative = match map.get("decorative") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return fail(&join(path, "decorative"), "must be true or false"),
    };
    let alt = text(
        map.get("alt").unwrap_or(&Value::from("")),
        &join(path, "alt"),
        MAX_ALT,
        true,
    )?;
    if src.is_empty() {
        if !optional {
            return fail(&join(path, "src"), "is required: choose an image");
        }
    } else {
        let ok = if src.starts_with("/images/") {
            is_clean_path(src) && lookup.bundled(src)
        } else if let Some(name) = src.strip_prefix("/media/") {
            lookup
                .upload_type(name)
                .is_some_and(|t| t.starts_with("image/"))
        } else {
            false
        };
        if !ok {
            return fail(
                &join(path, "src"),
                format!("\"{src}\" is neither a bundled /images/ file nor an uploaded image"),
            );
        }
        if alt.is_empty() && !decorative {
            return fail(
                &join(path, "alt"),
                "is required: describe the image, or mark it decorative",
            );
        }
    }
    Ok(serde_json::json!({ "src": src, "alt": alt, "decorative": decorative }))
}

/// A bundled path without tricks (`..`, `//`, a query).
fn is_clean_path(path: &str) -> bool {
    !path.contains("..") && !path.contains("//") && !path.contains(['?', '#', '\\'])
}

fn link(value: &Value, path: &str, optional: bool) -> Result<Value, Invalid> {
    let map = object(value, path, &["label", "href"])?;
    let label = string_in(map, "label", path)?;
    let href = string_in(map, "href", path)?;
    if optional && label.is_empty() && href.is_empty() {
        return Ok(serde_json::json!({ "label": "", "href": "" }));
    }
    let label = text(
        &Value::from(label),
        &join(path, "label"),
        MAX_LINK_LABEL,
        false,
    )?;
    if href.is_empty() {
        return fail(&join(path, "href"), "is required");
    }
    if !is_page_href(href) {
        return fail(
            &join(path, "href"),
            "must be a site path (/…) or an https:// address",
        );
    }
    Ok(serde_json::json!({ "label": label, "href": href }))
}

fn file(
    value: &Value,
    path: &str,
    accept: &str,
    optional: bool,
    lookup: &dyn Lookup,
) -> Result<Value, Invalid> {
    let map = object(value, path, &["url", "name"])?;
    let url = string_in(map, "url", path)?;
    let name = text(
        map.get("name").unwrap_or(&Value::from("")),
        &join(path, "name"),
        MAX_FILE_NAME,
        true,
    )?;
    if url.is_empty() {
        if !optional {
            return fail(&join(path, "url"), "is required: upload a file");
        }
    } else {
        let ok = url
            .strip_prefix("/media/")
            .is_some_and(|n| lookup.upload_type(n).as_deref() == Some(accept));
        if !ok {
            return fail(
                &join(path, "url"),
                format!("must be an uploaded file of type {accept}"),
            );
        }
    }
    Ok(serde_json::json!({ "url": url, "name": name }))
}

/// Every image `src` the content's image fields name (empty ones left out).
pub fn image_srcs<'a>(fields: &[Field], content: &'a Value, out: &mut Vec<&'a str>) {
    for field in fields {
        let Some(v) = field.name.as_deref().and_then(|n| content.get(n)) else {
            continue;
        };
        srcs_of(field, v, out);
    }
}

fn srcs_of<'a>(field: &Field, value: &'a Value, out: &mut Vec<&'a str>) {
    match &field.kind {
        Kind::Image { .. } => {
            if let Some(src) = value
                .get("src")
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
            {
                out.push(src);
            }
        }
        Kind::List { item, .. } => {
            for v in value.as_array().into_iter().flatten() {
                srcs_of(item, v, out);
            }
        }
        Kind::Group { fields } => image_srcs(fields, value, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    struct Files;

    impl Lookup for Files {
        fn bundled(&self, path: &str) -> bool {
            path == "/images/founder/portrait.webp"
        }
        fn upload_type(&self, name: &str) -> Option<String> {
            match name {
                "0123456789abcdef0123.jpg" => Some("image/jpeg".into()),
                "0123456789abcdef0123.pdf" => Some("application/pdf".into()),
                _ => None,
            }
        }
    }

    fn schema() -> Vec<Field> {
        serde_json::from_value(json!([
            { "name": "title", "label": "Title", "kind": "text", "max": 10 },
            { "name": "note", "label": "Note", "kind": "text", "max": 10, "optional": true },
            { "name": "ourStory", "label": "Our story", "kind": "group", "fields": [
                { "name": "paragraphs", "label": "Paragraphs", "kind": "list", "min": 1, "max": 3,
                  "item": { "label": "Paragraph", "kind": "paragraph", "max": 40 } }
            ] },
            { "name": "years", "label": "Years", "kind": "number", "min": 1, "max": 99 },
            { "name": "photo", "label": "Photo", "kind": "image" },
            { "name": "logo", "label": "Logo", "kind": "image", "optional": true },
            { "name": "cta", "label": "Button", "kind": "link" },
            { "name": "brochure", "label": "Brochure", "kind": "file", "accept": "application/pdf", "optional": true },
            { "name": "slug", "label": "Address", "kind": "slug" },
            { "name": "steps", "label": "Steps", "kind": "list", "min": 2, "max": 2,
              "item": { "label": "Step", "kind": "text", "max": 5 } }
        ]))
        .unwrap()
    }

    fn good() -> Value {
        json!({
            "title": "  Hello ",
            "note": "",
            "ourStory": { "paragraphs": ["A *calm* home.", "See [work](/portfolio)."] },
            "years": 15,
            "photo": { "src": "/images/founder/portrait.webp", "alt": "Anjali" },
            "logo": { "src": "", "alt": "", "decorative": false },
            "cta": { "label": "Talk", "href": "https://wa.me/91" },
            "brochure": { "url": "/media/0123456789abcdef0123.pdf", "name": "Brochure" },
            "slug": "anjali-rao",
            "steps": ["one", "two"]
        })
    }

    fn broken(edit: impl FnOnce(&mut Value)) -> String {
        let mut v = good();
        edit(&mut v);
        check(&schema(), &v, &Files).unwrap_err().to_string()
    }

    #[test]
    fn good_content_passes_normalised() {
        let out = check(&schema(), &good(), &Files).unwrap();
        assert_eq!(out["title"], "Hello");
        assert_eq!(out["photo"]["decorative"], false);
        assert_eq!(out["ourStory"]["paragraphs"][1], "See [work](/portfolio).");
    }

    #[test]
    fn groups_hold_exactly_their_fields() {
        assert_eq!(
            broken(|v| {
                v.as_object_mut().unwrap().remove("years");
            }),
            "years: is missing"
        );
        assert_eq!(
            broken(|v| v["ourStory"]["extra"] = json!(1)),
            "ourStory.extra: is not a field here"
        );
        assert_eq!(
            broken(|v| v["ourStory"] = json!("x")),
            "ourStory: must be an object of fields"
        );
    }

    #[test]
    fn text_is_one_bounded_line() {
        assert_eq!(
            broken(|v| v["title"] = json!("x".repeat(11))),
            "title: at most 10 characters"
        );
        assert_eq!(broken(|v| v["title"] = json!("  ")), "title: is required");
        assert!(broken(|v| v["title"] = json!("a\nb")).starts_with("title: must be one line"));
        assert_eq!(broken(|v| v["title"] = json!(3)), "title: must be text");
        assert!(
            check(&schema(), &good(), &Files).is_ok(),
            "optional may be empty"
        );
    }

    #[test]
    fn paragraphs_are_bounded_with_safe_inline_links() {
        assert_eq!(
            broken(|v| v["ourStory"]["paragraphs"][1] = json!("x".repeat(41))),
            "ourStory.paragraphs[1]: at most 40 characters"
        );
        let js = broken(|v| v["ourStory"]["paragraphs"][0] = json!("[x](javascript:a)"));
        assert!(
            js.starts_with("ourStory.paragraphs[0]: link address"),
            "{js}"
        );
        let open = broken(|v| v["ourStory"]["paragraphs"][0] = json!("[x](/about"));
        assert!(open.contains("not closed"), "{open}");
        let http = broken(|v| v["ourStory"]["paragraphs"][0] = json!("[x](http://a.in)"));
        assert!(http.contains("https://"), "{http}");
        let mut v = good();
        v["ourStory"]["paragraphs"][0] = json!("1 < 2 & <b>");
        assert!(
            check(&schema(), &v, &Files).is_ok(),
            "markup is text, shown as typed"
        );
    }

    #[test]
    fn numbers_are_whole_and_in_range() {
        assert_eq!(
            broken(|v| v["years"] = json!(0)),
            "years: must be a whole number from 1 to 99"
        );
        assert!(broken(|v| v["years"] = json!(1.5)).starts_with("years: must be a whole"));
        assert!(broken(|v| v["years"] = json!("15")).starts_with("years: must be a whole"));
    }

    #[test]
    fn images_exist_and_have_alt_text_unless_decorative() {
        assert_eq!(
            broken(|v| v["photo"]["alt"] = json!("")),
            "photo.alt: is required: describe the image, or mark it decorative"
        );
        let mut v = good();
        v["photo"] =
            json!({ "src": "/images/founder/portrait.webp", "alt": "", "decorative": true });
        assert!(check(&schema(), &v, &Files).is_ok());
        for src in [
            "/images/missing.webp",
            "/images/../index.html",
            "/media/0123456789abcdef0124.jpg",
            "/media/0123456789abcdef0123.pdf",
            "https://example.com/a.jpg",
        ] {
            let e = broken(|v| v["photo"]["src"] = json!(src));
            assert!(e.starts_with("photo.src: "), "{src}: {e}");
        }
        let mut v = good();
        v["photo"]["src"] = json!("/media/0123456789abcdef0123.jpg");
        assert!(check(&schema(), &v, &Files).is_ok());
        assert_eq!(
            broken(|v| v["photo"]["src"] = json!("")),
            "photo.src: is required: choose an image"
        );
        assert_eq!(
            broken(|v| v["photo"]["width"] = json!(3)),
            "photo.width: is not a field here"
        );
        assert_eq!(
            broken(|v| v["photo"]["alt"] = json!("a".repeat(201))),
            "photo.alt: at most 200 characters"
        );
    }

    #[test]
    fn links_are_labelled_site_paths_or_https() {
        assert_eq!(
            broken(|v| v["cta"]["label"] = json!("")),
            "cta.label: is required"
        );
        assert!(
            broken(|v| v["cta"]["href"] = json!("//evil.example")).starts_with("cta.href: must be")
        );
        assert!(
            broken(|v| v["cta"]["href"] = json!("javascript:x")).starts_with("cta.href: must be")
        );
        assert!(
            broken(|v| v["cta"]["href"] = json!("http://a.in")).starts_with("cta.href: must be")
        );
        assert_eq!(
            broken(|v| v["cta"]["label"] = json!("x".repeat(61))),
            "cta.label: at most 60 characters"
        );
    }

    #[test]
    fn files_are_uploads_of_the_accepted_type() {
        let e = broken(|v| v["brochure"]["url"] = json!("/media/0123456789abcdef0123.jpg"));
        assert_eq!(
            e,
            "brochure.url: must be an uploaded file of type application/pdf"
        );
        assert!(
            broken(|v| v["brochure"]["url"] = json!("/images/x.pdf")).starts_with("brochure.url")
        );
        let mut v = good();
        v["brochure"] = json!({ "url": "", "name": "" });
        assert!(
            check(&schema(), &v, &Files).is_ok(),
            "optional: none uploaded"
        );
    }

    #[test]
    fn slugs_are_lower_case_words() {
        for bad in ["Anjali", "a--b", "-a", "a b", ""] {
            let e = broken(|v| v["slug"] = json!(bad));
            assert!(e.starts_with("slug: "), "{bad}: {e}");
        }
        assert_eq!(
            broken(|v| v["slug"] = json!("a".repeat(61))),
            "slug: at most 60 characters"
        );
    }

    #[test]
    fn lists_hold_their_bounds() {
        assert_eq!(
            broken(|v| v["steps"] = json!(["a"])),
            "steps: must have exactly 2 items"
        );
        assert_eq!(
            broken(|v| v["ourStory"]["paragraphs"] = json!([])),
            "ourStory.paragraphs: must have at least 1 item"
        );
        assert_eq!(
            broken(|v| v["ourStory"]["paragraphs"] = json!(["a", "b", "c", "d"])),
            "ourStory.paragraphs: may have at most 3 items"
        );
        assert_eq!(
            broken(|v| v["steps"][1] = json!("toolong")),
            "steps[1]: at most 5 characters"
        );
        assert_eq!(broken(|v| v["steps"] = json!("a")), "steps: must be a list");
    }

    #[test]
    fn image_sources_are_collected_from_the_schema() {
        let content = good();
        let mut out = Vec::new();
        image_srcs(&schema(), &content, &mut out);
        assert_eq!(out, vec!["/images/founder/portrait.webp"]);
    }
}
