//! The connection loops, plain HTTP and HTTPS: accept, caps per client address and in total,
//! deadlines (src/net/deadline.rs), HTTP/1.1 or HTTP/2 by ALPN, and a graceful stop. They run the
//! request service of src/service.rs and know nothing of routes.

pub mod deadline;
pub mod heads;
pub mod redirect;

use crate::app::App;
use crate::service::{Studio, routes};
use crate::tls::Tls;
use anyhow::{Context, Result};
use deadline::{Caps, Guard, Guarded, Registry};
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::{GracefulShutdown, Watcher};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};

/// How long a stop waits for requests in flight before it gives up on them.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// A server bound to its sockets, ready to run.
pub struct Bound {
    /// The address visitors use: `listen`, or `https_listen` when HTTPS is on.
    pub addr: SocketAddr,
    /// With HTTPS, the plain-HTTP address that redirects and answers ACME HTTP-01.
    pub http_addr: Option<SocketAddr>,
    listener: TcpListener,
    http_listener: Option<TcpListener>,
    tls: Option<Arc<Tls>>,
    app: Arc<App>,
    registry: Arc<Registry>,
}

/// Raises the soft open-files limit to the hard one (as Go does at start) and returns it, so
/// that the connection caps are sized from what the process may really hold.
pub fn raise_open_files() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return 1024;
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                lim.rlim_cur = lim.rlim_max;
            }
        }
    }
    lim.rlim_cur
}

async fn listen(addr: SocketAddr, what: &str) -> Result<TcpListener> {
    let listener = TcpListener::bind(addr).await.with_context(|| {
        format!("cannot listen on {addr} for {what} (is another server using it? ports below 1024 need CAP_NET_BIND_SERVICE)")
    })?;
    Ok(listener)
}

/// Binds the listen address (or, with HTTPS, both HTTPS and HTTP addresses) and loads the
/// certificates kept in the data file or named by `tls_cert`; a clear error when that fails.
pub async fn bind(app: Arc<App>) -> Result<Bound> {
    let open_files = raise_open_files();
    let caps = Caps::from_open_files(open_files);
    let registry = Registry::start(
        caps,
        app.config.timeouts,
        app.config.trusted_proxies.clone(),
    );
    tracing::debug!(
        "open files {open_files}: up to {} connections, {} per client address",
        caps.total,
        caps.per_address
    );
    let (listener, http_listener, tls) = match &app.config.https {
        None => (listen(app.config.listen, "HTTP").await?, None, None),
        Some(https) => {
            let tls = Tls::load(&app.store, https).await?;
            let listener = listen(https.https_listen, "HTTPS").await?;
            let http = listen(https.http_listen, "HTTP").await?;
            (listener, Some(http), Some(tls))
        }
    };
    let addr = listener.local_addr().context("reading the bound address")?;
    let http_addr = match &http_listener {
        Some(l) => Some(l.local_addr().context("reading the bound address")?),
        None => None,
    };
    Ok(Bound {
        addr,
        http_addr,
        listener,
        http_listener,
        tls,
        app,
        registry,
    })
}

async fn accept_on(listener: Option<&TcpListener>) -> std::io::Result<(TcpStream, SocketAddr)> {
    match listener {
        Some(l) => l.accept().await,
        None => std::future::pending().await,
    }
}

impl Bound {
    /// The connection caps in force.
    pub fn caps(&self) -> Caps {
        self.registry.caps()
    }

    /// Serves until `stop` completes, then lets requests in flight finish for up to `SHUTDOWN_GRACE`.
    pub async fn run(self, stop: impl Future<Output = ()> + Send + 'static) {
        let routes = warp::service(routes(self.app.clone()));
        let copies = crate::zerocopy::warm();
        tracing::debug!("{copies} bytes of large files ready to send with sendfile");
        let graceful = GracefulShutdown::new();
        let renewals = self.tls.as_ref().map(|tls| tls.clone().spawn_renewals());
        let https_port = self.addr.port();
        let domains: Arc<[String]> = self
            .app
            .config
            .https
            .as_ref()
            .map(|https| https.domains.clone().into())
            .unwrap_or_default();
        tokio::pin!(stop);
        loop {
            let (stream, peer, plain_http) = tokio::select! {
                accepted = self.listener.accept() => match accepted {
                    Ok((s, p)) => (s, p, false),
                    Err(e) => { accept_failed(e).await; continue; }
                },
                accepted = accept_on(self.http_listener.as_ref()) => match accepted {
                    Ok((s, p)) => (s, p, true),
                    Err(e) => { accept_failed(e).await; continue; }
                },
                _ = &mut stop => break,
            };
            let tls = if plain_http { None } else { self.tls.clone() };
            let Some(guard) = self.registry.admit(&stream, peer.ip(), tls.is_some()) else {
                // At the cap: closing at once keeps the descriptors for other visitors.
                drop(stream);
                continue;
            };
            // Small answers go out at once rather than waiting for more to fill the packet.
            let _ = stream.set_nodelay(true);
            let watcher = graceful.watcher();
            if plain_http {
                let tls = self.tls.clone();
                let domains = domains.clone();
                tokio::spawn(async move {
                    if let Some(tls) = tls {
                        redirect::serve(stream, guard, tls, domains, https_port, watcher).await;
                    }
                });
            } else if let Some(tls) = tls {
                let service = Studio::new(self.app.clone(), routes.clone(), peer);
                tokio::spawn(serve_tls(stream, guard, tls, service, watcher));
            } else {
                let service = Studio::new(self.app.clone(), routes.clone(), peer)
                    .with_conn(guard.conn().clone());
                let io = Guarded::new(guard, crate::zerocopy::Socket::new(stream));
                let connection = heads::http1_builder().serve_connection(TokioIo::new(io), service);
                let connection = watcher.watch(connection);
                tokio::spawn(async move {
                    if let Err(e) = connection.await {
                        heads::connection_ended(Some(peer), &e);
                    }
                });
            }
        }
        drop(self.listener);
        drop(self.http_listener);
        if let Some(task) = renewals {
            // Awaited so that its hold on the shared state (and the data file) is gone on return.
            task.abort();
            let _ = task.await;
        }
        tokio::select! {
            _ = graceful.shutdown() => {}
            _ = tokio::time::sleep(SHUTDOWN_GRACE) => {
                tracing::warn!("requests still running after {SHUTDOWN_GRACE:?}; stopping anyway");
            }
        }
    }
}

/// One HTTPS connection: the handshake under its own deadline, then HTTP/2 or HTTP/1.1 as ALPN
/// chose (hyper's auto builder would wait for the HTTP/2 preface outside any deadline).
async fn serve_tls<S>(
    stream: TcpStream,
    guard: Guard,
    tls: Arc<Tls>,
    service: Studio<S>,
    watcher: Watcher,
) where
    Studio<S>: hyper::service::Service<
            hyper::Request<hyper::body::Incoming>,
            Response = warp::reply::Response,
            Error = std::convert::Infallible,
        > + Clone
        + Send
        + 'static,
    <Studio<S> as hyper::service::Service<hyper::Request<hyper::body::Incoming>>>::Future:
        Send + 'static,
{
    let conn = guard.conn().clone();
    let peer = stream.peer_addr().ok();
    let io = Guarded::new(guard, stream);
    let tls_stream = match tls.acceptor().accept(io).await {
        Ok(s) => s,
        Err(e) => {
            tracing::debug!("TLS handshake failed: {e}");
            return;
        }
    };
    let h2 = tls_stream.get_ref().1.alpn_protocol() == Some(b"h2");
    conn.handshake_done(h2);
    let service = service.with_conn(conn).secure();
    let io = TokioIo::new(tls_stream);
    let result = if h2 {
        let connection = heads::http2_builder().serve_connection(io, service);
        watcher.watch(connection).await
    } else {
        let connection = heads::http1_builder().serve_connection(io, service);
        watcher.watch(connection).await
    };
    if let Err(e) = result {
        heads::connection_ended(peer, &e);
    }
}

/// An accept that failed for the listener rather than for one peer (for example out of file
/// descriptors) is logged, and accepting pauses a moment so the loop does not spin.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::error!("cannot accept a connection: {e}");
    tokio::time::sleep(Duration::from_millis(100)).await;
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
