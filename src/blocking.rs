//! Reads that run off the runtime's threads for a task that carries on without them: a failed read
//! is logged and answered `None`, and the caller falls back to its defaults.

use std::fmt::Display;

/// Runs `read` on a blocking thread (store reads wait on the disk). Its error, or the thread's
/// panic, is logged after `what` (what was being read) and becomes `None`.
pub async fn read_or_log<T, E, F>(what: &str, read: F) -> Option<T>
where
    F: FnOnce() -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: Display + Send + 'static,
{
    match tokio::task::spawn_blocking(read).await {
        Ok(Ok(value)) => Some(value),
        Ok(Err(e)) => {
            tracing::error!("{what}: {e:#}");
            None
        }
        Err(e) => {
            tracing::error!("{what}: {e}");
            None
        }
    }
}
