//! The service every connection runs: answers from memory first, then warp's route tree, with one
//! log line per request. The connection loop (src/server.rs) hands it requests and knows nothing of
//! routes.

use crate::app::App;
use crate::web;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;
use warp::Filter;

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
pub struct Studio<S> {
    app: Arc<App>,
    routes: S,
    peer: SocketAddr,
}

impl<S> Studio<S> {
    /// The service for one connection from `peer`.
    pub fn new(app: Arc<App>, routes: S, peer: SocketAddr) -> Studio<S> {
        Studio { app, routes, peer }
    }
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
