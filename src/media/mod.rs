//! An owner's images: what the pages need to show an uploaded photo responsively (its intrinsic
//! size, a placeholder and its variants), and the processing at upload that makes them
//! (docs/photos.md: what happens to a photo, and the figures measured).

pub mod backfill;
pub mod decode;
pub mod encode;
pub mod placeholder;
pub mod svg;
pub mod variants;

use crate::store::{MediaFile, Store, StoredImage};
use anyhow::Result;
use serde::Serialize;
use std::collections::BTreeMap;
use tokio::sync::Semaphore;

/// One image processed at a time, server-wide: an upload and the backfill take turns, so memory
/// stays bounded and one core stays free for pages.
pub static PROCESSING: Semaphore = Semaphore::const_new(1);

/// Why an image was not processed.
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    /// The image is refused for what it is (too large, damaged, a kind the decoder refuses); the
    /// message says what to do.
    #[error("{0}")]
    Refused(String),
    /// The server failed (an encoder error): the image may be fine.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Processes the bytes of an upload (JPEG, PNG or WebP) on a thread of its own, after waiting its
/// turn. A panic in a decoder or encoder ends only this image, as an internal error.
pub async fn process(
    data: std::sync::Arc<Vec<u8>>,
    format: image::ImageFormat,
    stem: String,
    main_name: Option<String>,
    now_ms: u64,
) -> Result<Vec<MediaFile>, MediaError> {
    let _turn = PROCESSING
        .acquire()
        .await
        .map_err(|e| MediaError::Internal(e.into()))?;
    // A thread of its own for each photo, ended with it: decoding and resizing a phone's photo
    // allocate tens of MB, which a pooled thread kept in its heap long after (RSS after 100
    // uploads, docs/performance.md).
    let (done, result) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("photo".into())
        .spawn(move || {
            let result = variants::process(&data, format, &stem, main_name.as_deref(), now_ms);
            drop(data);
            let _ = done.send(result);
            crate::memory::give_back();
        })
        .map_err(|e| {
            MediaError::Internal(anyhow::Error::new(e).context("starting a photo's thread"))
        })?;
    // A panic in a decoder or encoder ends the thread without an answer.
    result.await.unwrap_or_else(|_| {
        Err(MediaError::Internal(anyhow::anyhow!(
            "processing an image failed: it panicked"
        )))
    })
}

/// The format of an upload this module processes (JPEG, PNG, WebP), judged by its bytes.
pub fn raster_format(data: &[u8]) -> Option<image::ImageFormat> {
    use image::ImageFormat::{Jpeg, Png, WebP};
    image::guess_format(data)
        .ok()
        .filter(|f| matches!(f, Jpeg | Png | WebP))
}

/// The home page's `<link rel="preload">` for its first hero slide, so that the browser fetches the
/// right variant while it fetches the scripts; empty for an image without WebP variants (a bundled
/// default: docs/performance.md measured no gain in preloading it).
pub fn preload_tag(url: &str, info: Option<&ImageInfo>) -> String {
    let Some(info) = info else {
        return String::new();
    };
    let srcset = info
        .variants
        .iter()
        .filter(|v| v.content_type == "image/webp")
        .map(|v| format!("{} {}w", v.url, v.width))
        .collect::<Vec<_>>()
        .join(", ");
    if srcset.is_empty() {
        return String::new();
    }
    format!(
        "<link rel=\"preload\" as=\"image\" href=\"{href}\" \
         imagesrcset=\"{srcset}\" imagesizes=\"100vw\" fetchpriority=\"high\">\n  ",
        href = crate::html::escape(url),
        srcset = crate::html::escape(&srcset),
    )
}

/// One processed copy of an image, served from `/media/`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Variant {
    pub url: String,
    pub width: u32,
    pub height: u32,
    /// `image/webp`, `image/jpeg`, ...
    #[serde(rename = "type")]
    pub content_type: String,
}

/// What a page needs to show one image without layout shift: the shape every page's data and
/// `ui/src/lib/images.ts` share (docs/CONTRACTS.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    /// A tiny inline image (`data:` URL) shown while the real one loads; empty when there is none.
    pub placeholder: String,
    /// Smallest first.
    pub variants: Vec<Variant>,
}

impl From<StoredImage> for ImageInfo {
    fn from(image: StoredImage) -> ImageInfo {
        ImageInfo {
            width: image.width,
            height: image.height,
            placeholder: image.placeholder,
            variants: image
                .variants
                .into_iter()
                .map(|v| Variant {
                    url: format!("/media/{}", v.name),
                    width: v.width,
                    height: v.height,
                    content_type: v.content_type,
                })
                .collect(),
        }
    }
}

/// Stored names are a hex hash, a dot and a short lower-case extension; nothing else is looked up.
pub fn is_media_name(name: &str) -> bool {
    let Some((stem, ext)) = name.split_once('.') else {
        return false;
    };
    // A variant adds its width: `<hash>-800.webp`.
    let (hash, width) = stem.split_once('-').unwrap_or((stem, "1"));
    hash.len() >= 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        && (1..=5).contains(&width.len())
        && width.bytes().all(|b| b.is_ascii_digit())
        && (1..=5).contains(&ext.len())
        && ext
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// The image information of every URL in `urls` that names a processed upload; other URLs (the
/// bundled defaults, external links) are left out, and the page shows them as they are. One read
/// transaction; it runs when pages are re-rendered, never per request.
pub fn image_infos<'a>(
    store: &Store,
    urls: impl IntoIterator<Item = &'a str>,
) -> Result<BTreeMap<String, ImageInfo>> {
    let names = urls
        .into_iter()
        .filter_map(|url| url.strip_prefix("/media/"))
        .filter(|name| is_media_name(name));
    Ok(store
        .media_images(names)?
        .into_iter()
        .map(|(name, image)| (format!("/media/{name}"), image.into()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_names_are_strict() {
        assert!(is_media_name("0123456789abcdef0123.png"));
        assert!(!is_media_name("../etc/passwd"));
        assert!(!is_media_name("0123456789ABCDEF0123.png"));
        assert!(!is_media_name("short.png"));
        assert!(!is_media_name("0123456789abcdef0123.p/g"));
        assert!(!is_media_name("0123456789abcdef0123"));
        assert!(is_media_name("0123456789abcdef0123-480.webp"));
        assert!(!is_media_name("0123456789abcdef0123-.webp"));
        assert!(!is_media_name("0123456789abcdef0123-4a.webp"));
        assert!(!is_media_name("0123456789abcdef0123-1-2.webp"));
    }
}
