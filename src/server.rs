//! The connection loop: accepts connections and runs each one on hyper with the request service
//! of src/service.rs, and stops gracefully. It knows nothing of routes.

use crate::app::App;
use crate::service::{Studio, routes};
use anyhow::{Context, Result};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// How long a stop waits for requests in flight before it gives up on them.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

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
            let service = Studio::new(self.app.clone(), routes.clone(), peer);
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
