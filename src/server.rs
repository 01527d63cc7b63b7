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
use std::time::{Duration, Instant};
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
/// `Studio` (below) answers the hottest requests before this tree and logs every request.
pub fn routes(
    app: Arc<App>,
) -> impl Filter<Extract = (warp::reply::Response,), Error = std::convert::Infallible> + Clone {
    crate::api::routes(app.clone())
        .or(web::routes(app))
        .unify()
        .recover(web::recover)
        .unify()
        .map(warp::Reply::into_response)
}

/// The connection's peer, put on every request by `Studio` (warp's own is not public).
#[derive(Clone, Copy, Debug)]
pub struct PeerAddr(pub SocketAddr);

/// The peer address of the request, when the server knows it (always, over TCP).
pub fn peer_addr()
-> impl Filter<Extract = (Option<SocketAddr>,), Error = std::convert::Infallible> + Clone {
    warp::ext::optional::<PeerAddr>().map(|peer: Option<PeerAddr>| peer.map(|PeerAddr(addr)| addr))
}

/// The service each connection runs. A GET or HEAD of an embedded file or a page shell is answered
/// here from memory: those are nearly every request a visitor makes, and walking warp's filter tree
/// for them cost about a third of the throughput (docs/performance.md). Everything else, including
/// every miss, goes through `routes`.
#[derive(Clone)]
struct Studio<S> {
    app: Arc<App>,
    routes: S,
    peer: SocketAddr,
}

type ServiceFuture = futures_util::future::Either<
    std::future::Ready<Result<warp::reply::Response, std::convert::Infallible>>,
    std::pin::Pin<
        Box<dyn Future<Output = Result<warp::reply::Response, std::convert::Infallible>> + Send>,
    >,
>;

impl<S, B> hyper::service::Service<warp::http::Request<B>> for Studio<S>
where
    S: tower_service::Service<
            warp::http::Request<B>,
            Response = warp::reply::Response,
            Error = std::convert::Infallible,
        > + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    B: Send + 'static,
{
    type Response = warp::reply::Response;
    type Error = std::convert::Infallible;
    type Future = ServiceFuture;

    fn call(&self, mut req: warp::http::Request<B>) -> ServiceFuture {
        use futures_util::future::Either;
        let started = Instant::now();
        if let Some(res) =
            web::answer_from_memory(&self.app, req.method(), req.uri().path(), req.headers())
        {
            crate::logging::request(
                req.method().as_str(),
                req.uri().path(),
                res.status().as_u16(),
                started,
            );
            return Either::Left(std::future::ready(Ok(res)));
        }
        let method = req.method().clone();
        let path = req.uri().path().to_string();
        req.extensions_mut().insert(PeerAddr(self.peer));
        // FilteredService is always ready, so `call` needs no `poll_ready` first.
        let answer = tower_service::Service::call(&mut self.routes.clone(), req);
        Either::Right(Box::pin(async move {
            let res = answer.await?;
            crate::logging::request(method.as_str(), &path, res.status().as_u16(), started);
            Ok(res)
        }))
    }
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
        let routes = warp::service(routes(self.app.clone()));
        let copies = crate::zerocopy::warm();
        tracing::debug!("{copies} bytes of large files ready to send with sendfile");
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        tokio::pin!(stop);
        loop {
            let (stream, peer) = tokio::select! {
                accepted = self.listener.accept() => match accepted {
                    Ok(pair) => pair,
                    Err(e) => {
                        accept_failed(e).await;
                        continue;
                    }
                },
                _ = &mut stop => break,
            };
            let service = Studio {
                app: self.app.clone(),
                routes: routes.clone(),
                peer,
            };
            // Small answers go out at once rather than waiting for more to fill the packet.
            let _ = stream.set_nodelay(true);
            let connection = hyper::server::conn::http1::Builder::new().serve_connection(
                hyper_util::rt::TokioIo::new(crate::zerocopy::Socket::new(stream)),
                service,
            );
            let connection = graceful.watch(connection);
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    tracing::debug!("connection ended with an error: {e}");
                }
            });
        }
        drop(self.listener);
        tokio::select! {
            _ = graceful.shutdown() => {}
            _ = tokio::time::sleep(SHUTDOWN_GRACE) => {
                tracing::warn!("requests still running after {SHUTDOWN_GRACE:?}; stopping anyway");
            }
        }
    }
}

/// An accept that failed for the listener rather than for one peer (for example out of file
/// descriptors) is logged, and accepting pauses for a second so the loop does not spin.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::error!("cannot accept a connection: {e}");
    tokio::time::sleep(Duration::from_secs(1)).await;
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
