//! The service every connection runs: answers from memory first, then warp's route tree, with one
//! log line per request. The connection loops (src/net/) hand it requests and know nothing of
//! routes.

use crate::app::App;
use crate::hosts::HSTS;
use crate::peer::PeerAddr;
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

/// What the connection loop that owns a service wants told of its requests (src/net/deadline.rs
/// keeps a connection's deadline with it). A trait here, so that this module never imports the
/// loop that runs it.
pub trait RequestWatch: Send + Sync {
    /// A request is being answered: no idle deadline while it is.
    fn request_started(&self);
    /// Its answer is written or on its way: the connection is idle again.
    fn request_answered(&self);
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
    /// The connection's deadline, told when a request starts and when it is answered.
    conn: Option<Arc<dyn RequestWatch>>,
    /// Over HTTPS: every answer carries HSTS, and a listed `www.` name redirects to the bare one.
    secure: bool,
}

impl<S> Studio<S> {
    /// The service for one connection from `peer`.
    pub fn new(app: Arc<App>, routes: S, peer: SocketAddr) -> Studio<S> {
        Studio {
            app,
            routes,
            peer,
            conn: None,
            secure: false,
        }
    }

    /// Keeps `conn`'s deadline in step with the requests.
    pub fn with_conn(mut self, conn: Arc<dyn RequestWatch>) -> Studio<S> {
        self.conn = Some(conn);
        self
    }

    /// Answers as an HTTPS server.
    pub fn secure(mut self) -> Studio<S> {
        self.secure = true;
        self
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
        if self.secure
            && let Some(res) = crate::hosts::www_to_bare(&self.app.config, &req)
        {
            return Either::Left(std::future::ready(Ok(res)));
        }
        if let Some(mut res) = web::answer_from_memory(
            &self.app,
            req.method(),
            req.uri().path(),
            req.uri().query(),
            req.headers(),
        ) {
            if let Some(conn) = &self.conn {
                conn.request_answered();
            }
            if self.secure {
                res.headers_mut()
                    .insert(warp::http::header::STRICT_TRANSPORT_SECURITY, HSTS);
            }
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
        if let Some(conn) = &self.conn {
            conn.request_started();
        }
        let conn = self.conn.clone();
        let secure = self.secure;
        // FilteredService is always ready, so `call` needs no `poll_ready` first.
        let answer = tower_service::Service::call(&mut self.routes.clone(), req);
        Either::Right(Box::pin(async move {
            let mut res = answer.await?;
            if let Some(conn) = conn {
                conn.request_answered();
            }
            if secure {
                res.headers_mut()
                    .insert(warp::http::header::STRICT_TRANSPORT_SECURITY, HSTS);
            }
            crate::logging::request(method.as_str(), &path, res.status().as_u16(), started);
            Ok(res)
        }))
    }
}
