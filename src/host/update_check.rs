//! The running server's daily look at the release channel (`update_url`): a plain GET of the
//! signed `release.json`, nothing sent; a newer release is kept for the admin Overview's notice.

use super::manifest::{Manifest, Version};
use serde::Serialize;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the channel is asked.
pub const EVERY: Duration = Duration::from_secs(24 * 60 * 60);
/// The first look, once the server has settled after its start.
pub const FIRST_AFTER: Duration = Duration::from_secs(60);

/// A newer release, as the Overview shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Available {
    pub version: String,
    pub date: String,
    pub notes: String,
}

/// What the last look found; shared by the checker and the admin API.
#[derive(Debug, Default)]
pub struct Latest(Mutex<Option<Available>>);

impl Latest {
    pub fn get(&self) -> Option<Available> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn set(&self, v: Option<Available>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = v;
    }
}

/// Looks with `fetch` after `FIRST_AFTER`, then every `EVERY`, keeping a release newer than
/// `installed` in `latest`. A failed look keeps what the last one found and is one log line.
pub fn spawn<F, Fut>(
    latest: Arc<Latest>,
    installed: Version,
    fetch: F,
) -> tokio::task::JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = anyhow::Result<Manifest>> + Send,
{
    tokio::spawn(async move {
        tokio::time::sleep(FIRST_AFTER).await;
        loop {
            match fetch().await {
                Ok(m) => latest.set((m.version() > installed).then(|| Available {
                    version: m.version.clone(),
                    date: m.date.clone(),
                    notes: m.notes.clone(),
                })),
                Err(e) => tracing::warn!("looking for a new studio release: {e:#}"),
            }
            tokio::time::sleep(EVERY).await;
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn manifest(version: &str) -> Manifest {
        Manifest {
            version: version.into(),
            date: "2026-12-01".into(),
            notes: "Faster pages.".into(),
            expires: None,
            files: BTreeMap::new(),
        }
    }

    /// Lets the checker run what is due now.
    async fn settle() {
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test(start_paused = true)]
    async fn looks_a_minute_after_start_then_once_a_day() {
        let latest = Arc::new(Latest::default());
        let calls = Arc::new(AtomicUsize::new(0));
        let offered = Arc::new(Mutex::new(Ok::<_, String>(manifest("0.1.0"))));
        let (c, o) = (calls.clone(), offered.clone());
        let task = spawn(latest.clone(), Version(0, 1, 0), move || {
            c.fetch_add(1, Ordering::SeqCst);
            let answer = o.lock().unwrap().clone();
            async move { answer.map_err(anyhow::Error::msg) }
        });
        settle().await;
        assert_eq!(calls.load(Ordering::SeqCst), 0, "not at start");
        tokio::time::advance(FIRST_AFTER).await;
        settle().await;
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(latest.get(), None, "the same version is no news");

        *offered.lock().unwrap() = Ok(manifest("0.2.0"));
        tokio::time::advance(EVERY - Duration::from_secs(1)).await;
        settle().await;
        assert_eq!(
            calls.load(Ordering::SeqCst),
            1,
            "not before a day has passed"
        );
        tokio::time::advance(Duration::from_secs(1)).await;
        settle().await;
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        assert_eq!(latest.get().map(|a| a.version), Some("0.2.0".to_string()));

        // A failed look keeps what was found; an older offer clears it.
        *offered.lock().unwrap() = Err("the channel is down".into());
        tokio::time::advance(EVERY).await;
        settle().await;
        assert_eq!(
            latest.get().map(|a| a.notes),
            Some("Faster pages.".to_string())
        );
        *offered.lock().unwrap() = Ok(manifest("0.0.9"));
        tokio::time::advance(EVERY).await;
        settle().await;
        assert_eq!(calls.load(Ordering::SeqCst), 4);
        assert_eq!(latest.get(), None);
        task.abort();
    }
}
