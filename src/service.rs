//! The service every connection runs: answers from memory first, then warp's route tree, with one
//! log line per request. The connection loops (src/net/) hand it requests and know nothing of
//! routes.

use crate::activity::recorder::Pending;
use crate::app::App;
use crate::hosts::HSTS;
use crate::peer::PeerAddr;
use crate::web;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;
use warp::Filter;
use warp::http::{HeaderValue, Method, StatusCode, Uri, header};
use warp::reply::Response;

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
            && let Some(mut res) = crate::hosts::www_to_bare(&self.app.config, &req)
        {
            finish(&mut res, req.uri().path(), true);
            return Either::Left(std::future::ready(Ok(res)));
        }
        let from_memory = match odd_request(req.method(), req.uri()) {
            Some(res) => Some(res),
            None => web::answer_from_memory(
                &self.app,
                req.method(),
                req.uri().path(),
                req.uri().query(),
                req.headers(),
            ),
        };
        if let Some(mut res) = from_memory {
            if let Some(conn) = &self.conn {
                conn.request_answered();
            }
            finish(&mut res, req.uri().path(), self.secure);
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
        // The sign-in guard fills it; a successful call is then recorded (src/activity/recorder.rs).
        // Only calls the rules record get one: a visitor's page data or page view allocates nothing.
        let pending = crate::access::rules::is_recorded(method.as_str(), &path).then(|| {
            let pending = Pending::default();
            req.extensions_mut().insert(pending.clone());
            pending
        });
        let app = self.app.clone();
        if let Some(conn) = &self.conn {
            conn.request_started();
        }
        let conn = self.conn.clone();
        let secure = self.secure;
        // FilteredService is always ready, so `call` needs no `poll_ready` first.
        let answer = tower_service::Service::call(&mut self.routes.clone(), req);
        Either::Right(Box::pin(async move {
            let mut res = answer.await?;
            if let Some(pending) = pending.filter(|p| p.wants(res.status().as_u16())) {
                let store = app.store.clone();
                if let Err(e) = tokio::task::spawn_blocking(move || pending.finish(&store)).await {
                    tracing::error!("writing the activity record: {e}");
                }
            }
            if let Some(conn) = conn {
                conn.request_answered();
            }
            finish(&mut res, &path, secure);
            crate::logging::request(method.as_str(), &path, res.status().as_u16(), started);
            Ok(res)
        }))
    }
}

/// The answer to a request no route of the site can take, before warp sees it: warp's path filter
/// panics on a target without a path (`CONNECT host:port`), and the site is no proxy. CONNECT and
/// TRACE get 405; a target that is not a path (authority form, `*`) gets 400. Absolute form
/// (`GET http://host/`) has a path and goes on as HTTP/1.1 asks.
fn odd_request(method: &Method, uri: &Uri) -> Option<Response> {
    let status = if method == Method::CONNECT || method == Method::TRACE {
        StatusCode::METHOD_NOT_ALLOWED
    } else if uri.path_and_query().is_none() || !uri.path().starts_with('/') {
        StatusCode::BAD_REQUEST
    } else {
        return None;
    };
    let mut res =
        Response::new(format!("{}\n", status.canonical_reason().unwrap_or("refused")).into());
    *res.status_mut() = status;
    let headers = res.headers_mut();
    headers.insert(header::CONTENT_TYPE, TEXT);
    headers.insert(header::CACHE_CONTROL, NO_STORE);
    if status == StatusCode::METHOD_NOT_ALLOWED {
        headers.insert(header::ALLOW, ALLOWED);
    }
    Some(res)
}

const TEXT: HeaderValue = HeaderValue::from_static("text/plain; charset=utf-8");
const NO_STORE: HeaderValue = HeaderValue::from_static("no-store");
const NOSNIFF: HeaderValue = HeaderValue::from_static("nosniff");
const ALLOWED: HeaderValue = HeaderValue::from_static("GET, HEAD, POST, PUT, PATCH, DELETE");

/// What every answer carries, whichever path made it (from memory, a route, a rejection, a
/// redirect, a 304): `nosniff`; `no-store` for the admin pages and for JSON calls that set no
/// caching of their own; HSTS over HTTPS.
fn finish(res: &mut Response, path: &str, secure: bool) {
    let headers = res.headers_mut();
    if !headers.contains_key(header::X_CONTENT_TYPE_OPTIONS) {
        headers.insert(header::X_CONTENT_TYPE_OPTIONS, NOSNIFF);
    }
    if is_admin_page(path)
        || (path.starts_with("/api/") && !headers.contains_key(header::CACHE_CONTROL))
    {
        headers.insert(header::CACHE_CONTROL, NO_STORE);
    }
    if secure {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HSTS);
    }
}

/// The panel's pages: what they show is the owner's session, never for a cache.
fn is_admin_page(path: &str) -> bool {
    let under = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    };
    under("/adminpanel") || under("/admin-login") || under("/api/admin")
}
