//! `GET /api/admin/release`: the installed version and, when the daily look at the release
//! channel found one, the newer release, for the Overview's notice.

use super::guard::{AdminIdentity, require_admin};
use super::json_response;
use crate::app::App;
use crate::app::with_app;
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Rejection};

/// What the owner is told to ask of the host; the owner never runs a command.
pub const HOW_TO_UPDATE: &str = "Ask whoever looks after the server to update it (the command \
     is sudo studio update). The site is back within a minute, and goes back to this version by \
     itself if anything fails.";

pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    warp::path!("admin" / "release")
        .and(warp::get())
        .and(require_admin(app.clone()))
        .and(with_app(app))
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &serde_json::json!({
                    "installed": app.installed_version.to_string(),
                    "available": app.latest_release.get(),
                    "howToUpdate": HOW_TO_UPDATE,
                }),
            ))
        })
        .boxed()
}
