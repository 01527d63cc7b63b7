//! Who is signed in: `require_admin`, the guard every owner's call (in any module of `api/`) sits
//! behind, and the `AdminIdentity` it hands the handler. Roles (owner, editor) are checked here
//! next, so a call's rights are decided in one place.
//!
//! A route matches its path and method before this guard runs, so an unknown path stays a 404 and a
//! request without a valid token never gets its body read.

use super::{ApiError, blocking};
use crate::app::App;
use crate::app::with_app;
use crate::auth;
use serde::Serialize;
use std::sync::Arc;
use warp::http::{HeaderMap, StatusCode, header};
use warp::{Filter, Rejection};

const SIGN_IN_FIRST: &str = "Sign in first";
const BAD_TOKEN: &str = "Your session is not valid or has expired; sign in again";

/// The signed-in admin a request acts as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AdminIdentity {
    pub id: u64,
    pub username: String,
}

/// Passes only requests with `Authorization: Bearer <token>` for an existing admin whose password
/// has not changed since; anything else is a 401 JSON answer.
pub fn require_admin(
    app: Arc<App>,
) -> impl Filter<Extract = (AdminIdentity,), Error = Rejection> + Clone {
    warp::header::headers_cloned().and(with_app(app)).and_then(
        |headers: HeaderMap, app: Arc<App>| async move {
            authenticate(&app, &headers)
                .await
                .map_err(warp::reject::custom)
        },
    )
}

async fn authenticate(app: &App, headers: &HeaderMap) -> Result<AdminIdentity, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, SIGN_IN_FIRST));
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_string())
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, BAD_TOKEN))?;
    let store = app.store.clone();
    let found = blocking(move || {
        let key = store.hmac_key()?;
        let Ok(claims) = auth::verify_token(&key, &token, auth::now_secs()) else {
            return Ok(None);
        };
        Ok(store
            .admin(claims.admin_id)?
            .filter(|a| a.token_generation == claims.generation))
    })
    .await?;
    found
        .map(|a| AdminIdentity {
            id: a.id,
            username: a.username,
        })
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, BAD_TOKEN))
}
