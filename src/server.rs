//! The running server: shared state, the whole route tree, and a graceful stop.

use crate::config::Config;
use crate::limits::RateLimiter;
use crate::notify::{self, Notifier};
use crate::store::Store;
use crate::web::{self, shell::Shells};
use anyhow::{Context, Result, anyhow};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use warp::Filter;

/// How long a stop waits for requests in flight before it gives up on them.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// What every handler shares.
pub struct App {
    pub store: Store,
    pub config: Config,
    pub shells: Shells,
    pub limits: Limits,
    /// E-mails a notice of each stored contact message (does nothing without `[smtp]`).
    pub notifier: Notifier,
}

/// The rate limits of the calls anyone on the internet can make.
pub struct Limits {
    /// Failed logins per client address.
    pub login_by_ip: RateLimiter,
    /// Failed logins per user name, whatever the address.
    pub login_by_user: RateLimiter,
    /// Contact messages per client address.
    pub contact_by_ip: RateLimiter,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            login_by_ip: RateLimiter::new(5, Duration::from_secs(60)),
            login_by_user: RateLimiter::new(5, Duration::from_secs(60)),
            contact_by_ip: RateLimiter::new(5, Duration::from_secs(600)),
        }
    }
}

impl App {
    /// Builds the shared state; with `[smtp]` set it also starts the mail worker, so it must run
    /// inside the tokio runtime.
    pub fn new(store: Store, config: Config) -> Result<App> {
        let index = web::Dist::get("index.html")
            .ok_or_else(|| anyhow!("the UI build has no index.html; rebuild studio"))?;
        let html = std::str::from_utf8(&index.data).context("the UI's index.html is not UTF-8")?;
        let shells = Shells::new(html, &store)?;
        let notifier = match &config.smtp {
            Some(smtp) => Notifier::start(smtp, notify::RETRY_DELAYS.to_vec())?,
            None => Notifier::disabled(),
        };
        Ok(App {
            store,
            config,
            shells,
            limits: Limits::default(),
            notifier,
        })
    }

    /// Re-renders the public pages after a write that changes what visitors see.
    pub fn refresh_site(&self) -> Result<()> {
        self.shells.refresh(&self.store)
    }
}

/// The whole route tree: `/api` answers JSON for everything under it; the rest is the website.
/// Every request is logged in one line once it is answered.
pub fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (warp::reply::Response,), Error = std::convert::Infallible> + Clone {
    crate::api::routes(app.clone())
        .or(web::routes(app))
        .unify()
        .recover(web::recover)
        .unify()
        .with(warp::log::custom(log_request))
        .map(warp::Reply::into_response)
}

/// The longest path written to the log; a longer one is cut, so a client cannot flood the log.
const LOGGED_PATH_MAX: usize = 200;

/// One line per request: method, path, status and latency. The query string is left out because it
/// may carry a token; headers and bodies (passwords, tokens, messages) are never logged.
fn log_request(info: warp::log::Info<'_>) {
    let path = info.path();
    let path = match path.char_indices().nth(LOGGED_PATH_MAX) {
        Some((cut, _)) => format!("{}...", &path[..cut]),
        None => path.to_string(),
    };
    let latency_ms = info.elapsed().as_secs_f64() * 1000.0;
    tracing::info!(
        target: "studio::request",
        method = %info.method(),
        path = %path,
        status = info.status().as_u16(),
        latency_ms = (latency_ms * 10.0).round() / 10.0,
        "request"
    );
}

/// A server bound to its socket, ready to run.
pub struct Bound {
    pub addr: SocketAddr,
    listener: tokio::net::TcpListener,
    app: Arc<App>,
}

/// Binds the listen address; a clear error when it is taken or not allowed.
pub async fn bind(app: Arc<App>) -> Result<Bound> {
    let listen = app.config.listen;
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| format!("cannot listen on {listen} (is another server using it?)"))?;
    let addr = listener.local_addr().context("reading the bound address")?;
    Ok(Bound {
        addr,
        listener,
        app,
    })
}

impl Bound {
    /// Serves until `stop` completes, then lets requests in flight finish for up to `SHUTDOWN_GRACE`.
    pub async fn run(self, stop: impl Future<Output = ()> + Send + 'static) {
        let (stopped_tx, stopped_rx) = tokio::sync::oneshot::channel::<()>();
        let stop = async move {
            stop.await;
            let _ = stopped_tx.send(());
        };
        let server = warp::serve(routes(self.app))
            .incoming(self.listener)
            .graceful(stop)
            .run();
        tokio::pin!(server);
        tokio::select! {
            _ = &mut server => {}
            _ = async {
                let _ = stopped_rx.await;
                tokio::time::sleep(SHUTDOWN_GRACE).await;
            } => tracing::warn!("requests still running after {SHUTDOWN_GRACE:?}; stopping anyway"),
        }
    }
}

/// Listens for Ctrl-C and SIGTERM from this call on (so a signal sent as soon as the server says it
/// is serving is never missed); the future completes on the first of them.
pub fn shutdown_signal() -> Result<impl Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).context("listening for SIGTERM")?;
        let mut int = signal(SignalKind::interrupt()).context("listening for Ctrl-C")?;
        Ok(async move {
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
            tracing::info!("stopping: finishing requests in flight");
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            if let Err(e) = tokio::signal::ctrl_c().await {
                tracing::error!("cannot listen for Ctrl-C: {e}");
                std::future::pending::<()>().await;
            }
            tracing::info!("stopping: finishing requests in flight");
        })
    }
}
