//! Raw uploads an earlier release stored (a phone photo served as taken, GPS and all) get the same
//! processing as a new upload, at start-up, in the background, one at a time; the processed copy
//! takes the raw file's name, so every page that names it keeps working. Then pages re-render.

use super::{MediaError, raster_format};
use crate::store::Store;
use anyhow::{Context, Result};
use std::sync::Arc;

/// Starts the backfill without waiting for it; `refresh_site` re-renders the pages after it
/// replaced any file.
pub fn spawn(store: Store, refresh_site: impl FnOnce() -> Result<()> + Send + 'static) {
    tokio::spawn(async move {
        match run(&store).await {
            Ok(0) => {}
            Ok(done) => {
                tracing::info!(files = done, "earlier uploads processed");
                if let Err(e) = refresh_site() {
                    tracing::error!("re-rendering the pages after processing uploads: {e:#}");
                }
            }
            Err(e) => tracing::error!("processing earlier uploads: {e:#}"),
        }
    });
}

/// Processes every raw JPEG, PNG and WebP upload; returns how many were replaced. One that cannot
/// be processed (damaged, over the pixel limit) stays as it was stored, with a warning.
pub async fn run(store: &Store) -> Result<usize> {
    let listing = store.clone();
    let names = tokio::task::spawn_blocking(move || listing.media_names())
        .await
        .context("listing uploads")??;
    let mut done = 0;
    for name in names {
        let Some((stem, _)) = name.split_once('.') else {
            continue;
        };
        if !super::is_media_name(&name) || stem.contains('-') {
            continue;
        }
        let reading = store.clone();
        let lookup = name.clone();
        // The record alone first: at each start, processed files are passed over unread.
        let Some(file) =
            tokio::task::spawn_blocking(move || match reading.media_record(&lookup)? {
                Some(r) if r.image.is_none() && r.variant_of.is_none() => reading.media(&lookup),
                _ => Ok(None),
            })
            .await
            .context("reading an upload")??
        else {
            continue;
        };
        let Some(format) = raster_format(&file.bytes) else {
            continue;
        };
        let stem = stem.to_string();
        let processed = super::process(
            Arc::new(file.bytes),
            format,
            stem,
            Some(name.clone()),
            file.created_at_ms,
        )
        .await;
        match processed {
            Ok(files) => {
                let store = store.clone();
                tokio::task::spawn_blocking(move || store.put_media_files(&files))
                    .await
                    .context("storing a processed upload")??;
                done += 1;
            }
            Err(MediaError::Refused(why)) => {
                tracing::warn!(file = %name, "left as stored: {why}");
            }
            Err(MediaError::Internal(e)) => {
                tracing::error!(file = %name, "left as stored: {e:#}");
            }
        }
    }
    Ok(done)
}
