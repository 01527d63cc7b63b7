//! An article's body as the news calls send it: a list of typed blocks, checked whole (kinds,
//! bounds, inline links by the page records' rules, alt text) with errors that name the block
//! (`body[3].alt is required`), and written back in the same shape.

use crate::pages::schema::check_inline_links;
use crate::store::{ArticleImage, Block};
use serde_json::{Map, Value, json};

/// At most this many blocks, and photos in them (ui/src/lib/journal.ts has the same).
pub const MAX_BLOCKS: usize = 200;
pub const MAX_PHOTOS: usize = 50;
const MAX_HEADING: usize = 200;
const MAX_PARAGRAPH: usize = 4000;
const MAX_ITEMS: usize = 50;
const MAX_ITEM: usize = 1000;
const MAX_CITE: usize = 200;
const MAX_ALT: usize = 300;
const MAX_CAPTION: usize = 300;

/// The body `value` describes (`null` or missing: none), or the first broken rule, naming its block.
pub fn parse_body(value: Option<&Value>) -> Result<Vec<Block>, String> {
    let items = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => return Err("body must be a list of blocks".into()),
    };
    if items.len() > MAX_BLOCKS {
        return Err(format!("body may have at most {MAX_BLOCKS} blocks"));
    }
    let blocks = items
        .iter()
        .enumerate()
        .map(|(i, v)| block(v, &format!("body[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let photos: usize = blocks.iter().map(|b| images(b).len()).sum();
    if photos > MAX_PHOTOS {
        return Err(format!(
            "body may hold at most {MAX_PHOTOS} photos (it has {photos})"
        ));
    }
    Ok(blocks)
}

/// A cover: `{ "url", "alt" }` of an upload, or none for `null` / missing / an empty url.
pub fn parse_cover(value: Option<&Value>) -> Result<Option<ArticleImage>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(map)) if text_in(map, "url").is_empty() => Ok(None),
        Some(v) => image(v, "cover", false).map(Some),
    }
}

fn block(value: &Value, path: &str) -> Result<Block, String> {
    let Value::Object(map) = value else {
        return Err(format!("{path} must be an object with a type"));
    };
    let kind = map.get("type").and_then(Value::as_str).unwrap_or_default();
    let allow = |keys: &[&str]| -> Result<(), String> {
        match map
            .keys()
            .find(|k| *k != "type" && !keys.contains(&k.as_str()))
        {
            Some(extra) => Err(format!("{path}.{extra} is not a field of a {kind} block")),
            None => Ok(()),
        }
    };
    Ok(match kind {
        "heading" => {
            allow(&["level", "text"])?;
            let level = match map.get("level").and_then(Value::as_u64) {
                Some(l @ (2 | 3)) => l as u8,
                _ => return Err(format!("{path}.level must be 2 or 3")),
            };
            Block::Heading {
                level,
                text: line(map, "text", path, MAX_HEADING, true)?,
            }
        }
        "paragraph" => {
            allow(&["text"])?;
            Block::Paragraph {
                text: inline(map, "text", path, MAX_PARAGRAPH, true)?,
            }
        }
        "list" => {
            allow(&["ordered", "items"])?;
            let ordered = match map.get("ordered") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(format!("{path}.ordered must be true or false")),
            };
            let Some(Value::Array(list)) = map.get("items") else {
                return Err(format!("{path}.items must be a list of texts"));
            };
            if list.is_empty() || list.len() > MAX_ITEMS {
                return Err(format!("{path}.items must have 1 to {MAX_ITEMS} items"));
            }
            let items = list
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let at = format!("{path}.items[{i}]");
                    let text = v.as_str().ok_or_else(|| format!("{at} must be text"))?;
                    checked_line(text, &at, MAX_ITEM, true, true)
                })
                .collect::<Result<Vec<_>, _>>()?;
            Block::List { ordered, items }
        }
        "quote" => {
            allow(&["text", "cite"])?;
            Block::Quote {
                text: inline(map, "text", path, MAX_PARAGRAPH, true)?,
                cite: line(map, "cite", path, MAX_CITE, false)?,
            }
        }
        "image" => {
            allow(&["url", "alt", "caption"])?;
            Block::Image(image(value, path, true)?)
        }
        "pair" => {
            allow(&["images"])?;
            match map.get("images") {
                Some(Value::Array(two)) if two.len() == 2 => Block::Pair(
                    image(&two[0], &format!("{path}.images[0]"), true)?,
                    image(&two[1], &format!("{path}.images[1]"), true)?,
                ),
                _ => return Err(format!("{path}.images must be a list of two photos")),
            }
        }
        "beforeAfter" => {
            allow(&["before", "after", "caption"])?;
            let side = |name: &str| -> Result<ArticleImage, String> {
                let at = format!("{path}.{name}");
                let v = map.get(name).ok_or_else(|| format!("{at} is required"))?;
                let mut photo = image(v, &at, false)?;
                photo.caption.clear();
                Ok(photo)
            };
            Block::BeforeAfter {
                before: side("before")?,
                after: side("after")?,
                caption: line(map, "caption", path, MAX_CAPTION, false)?,
            }
        }
        "" => return Err(format!("{path}.type is required")),
        other => {
            return Err(format!(
                "{path}.type \"{other}\" is not one of heading, paragraph, list, quote, image, \
                 pair, beforeAfter"
            ));
        }
    })
}

/// A photo `{ url, alt, caption? }`: an uploaded (`/media/…`) or bundled (`/images/…`) image,
/// described.
fn image(value: &Value, path: &str, captioned: bool) -> Result<ArticleImage, String> {
    let Value::Object(map) = value else {
        return Err(format!("{path} must be a photo {{ url, alt }}"));
    };
    let allowed: &[&str] = if captioned {
        &["url", "alt", "caption"]
    } else {
        &["url", "alt", "caption", "decorative"]
    };
    // An image block is itself the photo: its `type` was read already.
    if let Some(extra) = map
        .keys()
        .find(|k| *k != "type" && !allowed.contains(&k.as_str()))
    {
        return Err(format!("{path}.{extra} is not a field of a photo"));
    }
    let url = text_in(map, "url");
    if url.is_empty() {
        return Err(format!("{path}.url is required: choose a photo"));
    }
    if !is_photo_url(url) {
        return Err(format!(
            "{path}.url \"{url}\" must be an uploaded photo (/media/…) or a bundled one (/images/…)"
        ));
    }
    Ok(ArticleImage {
        url: url.to_string(),
        alt: line(map, "alt", path, MAX_ALT, true)
            .map_err(|_| format!("{path}.alt is required: describe the photo"))?,
        caption: if captioned {
            inline(map, "caption", path, MAX_CAPTION, false)?
        } else {
            String::new()
        },
    })
}

fn is_photo_url(url: &str) -> bool {
    if let Some(name) = url.strip_prefix("/media/") {
        return crate::media::is_media_name(name);
    }
    url.strip_prefix("/images/").is_some_and(|rest| {
        !rest.is_empty()
            && !url.contains("..")
            && !url.contains("//")
            && !url.contains(['?', '#', '\\'])
    })
}

fn text_in<'a>(map: &'a Map<String, Value>, key: &str) -> &'a str {
    map.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .trim()
}

/// One line of plain text.
fn line(
    map: &Map<String, Value>,
    key: &str,
    path: &str,
    max: usize,
    required: bool,
) -> Result<String, String> {
    text_field(map, key, path, max, required, false)
}

/// One line with inline `*emphasis*` and `[label](href)` links.
fn inline(
    map: &Map<String, Value>,
    key: &str,
    path: &str,
    max: usize,
    required: bool,
) -> Result<String, String> {
    text_field(map, key, path, max, required, true)
}

fn text_field(
    map: &Map<String, Value>,
    key: &str,
    path: &str,
    max: usize,
    required: bool,
    rich: bool,
) -> Result<String, String> {
    let at = format!("{path}.{key}");
    match map.get(key) {
        None | Some(Value::Null) => checked_line("", &at, max, required, rich),
        Some(Value::String(s)) => checked_line(s, &at, max, required, rich),
        Some(_) => Err(format!("{at} must be text")),
    }
}

fn checked_line(
    text: &str,
    at: &str,
    max: usize,
    required: bool,
    links: bool,
) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return if required {
            Err(format!("{at} is required"))
        } else {
            Ok(String::new())
        };
    }
    if text.chars().any(char::is_control) {
        return Err(format!(
            "{at} must be one line, without line breaks or control characters"
        ));
    }
    if text.chars().count() > max {
        return Err(format!("{at} must have at most {max} characters"));
    }
    if links {
        check_inline_links(text, at).map_err(|e| e.to_string())?;
    }
    Ok(text.to_string())
}

/// The photos a block shows.
pub fn images(block: &Block) -> Vec<&ArticleImage> {
    match block {
        Block::Image(i) => vec![i],
        Block::Pair(a, b) => vec![a, b],
        Block::BeforeAfter { before, after, .. } => vec![before, after],
        _ => Vec::new(),
    }
}

fn image_json(i: &ArticleImage, with_caption: bool) -> Value {
    let mut v = json!({ "url": i.url, "alt": i.alt });
    if with_caption && !i.caption.is_empty() {
        v["caption"] = json!(i.caption);
    }
    v
}

/// The cover as the calls write it.
pub fn cover_json(cover: &ArticleImage) -> Value {
    image_json(cover, false)
}

/// A block as the calls and the page data write it (ui/src/lib/journal.ts `ArticleBlock`).
pub fn block_json(block: &Block) -> Value {
    match block {
        Block::Heading { level, text } => {
            json!({ "type": "heading", "level": level, "text": text })
        }
        Block::Paragraph { text } => json!({ "type": "paragraph", "text": text }),
        Block::List { ordered, items } => {
            json!({ "type": "list", "ordered": ordered, "items": items })
        }
        Block::Quote { text, cite } => {
            let mut v = json!({ "type": "quote", "text": text });
            if !cite.is_empty() {
                v["cite"] = json!(cite);
            }
            v
        }
        Block::Image(i) => {
            let mut v = image_json(i, true);
            v["type"] = json!("image");
            v
        }
        Block::Pair(a, b) => {
            json!({ "type": "pair", "images": [image_json(a, true), image_json(b, true)] })
        }
        Block::BeforeAfter {
            before,
            after,
            caption,
        } => {
            let mut v = json!({ "type": "beforeAfter", "before": image_json(before, false), "after": image_json(after, false) });
            if !caption.is_empty() {
                v["caption"] = json!(caption);
            }
            v
        }
    }
}

/// The body as plain text for SPEC's `content`: headings, paragraphs, list items and quotes, one
/// per line, with the inline markup's links reduced to their labels and emphasis to its words.
pub fn plain_text(body: &[Block]) -> String {
    let mut lines = Vec::new();
    for block in body {
        match block {
            Block::Heading { text, .. } | Block::Paragraph { text } => {
                lines.push(plain_inline(text))
            }
            Block::List { items, .. } => {
                lines.extend(items.iter().map(|i| format!("- {}", plain_inline(i))))
            }
            Block::Quote { text, .. } => lines.push(plain_inline(text)),
            _ => {}
        }
    }
    lines.join("\n\n")
}

/// The first paragraph as plain text: the excerpt when the owner wrote none.
pub fn first_paragraph(body: &[Block]) -> String {
    body.iter()
        .find_map(|b| match b {
            Block::Paragraph { text } => Some(plain_inline(text)),
            _ => None,
        })
        .unwrap_or_default()
}

/// Inline markup as the words a reader sees: `[label](href)` is its label, `*x*` is x.
pub fn plain_inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        match after
            .find("](")
            .and_then(|mid| after[mid + 2..].find(')').map(|end| (mid, mid + 2 + end)))
        {
            Some((mid, end)) if !after[..mid].contains('[') => {
                out.push_str(&rest[..open]);
                out.push_str(&after[..mid]);
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace('*', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_drops_markup() {
        assert_eq!(
            plain_inline("A *calm* [home](/portfolio/a) here"),
            "A calm home here"
        );
        assert_eq!(plain_inline("x [y] z"), "x [y] z");
    }

    #[test]
    fn errors_name_the_block_and_field() {
        let body = json!([
            { "type": "paragraph", "text": "one" },
            { "type": "image", "url": "/media/0123456789abcdef0123456789abcdef.jpg", "alt": "" }
        ]);
        assert_eq!(
            parse_body(Some(&body)).unwrap_err(),
            "body[1].alt is required: describe the photo"
        );
    }
}
