//! `GET /api/admin/certificates`: each HTTPS certificate's names and expiry, for the Overview.
//! `[]` when HTTPS is off (a proxy in front holds the certificate then).

use super::guard::{AdminIdentity, require_admin};
use super::{blocking, json_response};
use crate::app::App;
use crate::app::with_app;
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    warp::path!("admin" / "certificates")
        .and(warp::get())
        .and(require_admin(app.clone()))
        .and(with_app(app))
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let list = blocking(move || crate::tls::status(&app.store, &app.config))
                .await
                .map_err(warp::reject::custom)?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &list))
        })
        .boxed()
}
