//! One's own account (docs/admin-api.md, "Account"): changing the password from the panel, and
//! signing out every session. Both end every session of the account and bump its generation; a
//! changed password goes on in a new session.

use super::admin::{fresh_session, prove_own_password};
use super::body::{Fields, json_body};
use super::guard::{AdminIdentity, client_of, require_admin};
use super::{ApiError, blocking, json_response};
use crate::app::App;
use crate::app::with_app;
use crate::auth;
use serde_json::{Map, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::{Filter, Rejection};

/// Shortest password the panel accepts. Longer than the host's `admin set-password` minimum
/// (`auth::MIN_PASSWORD_LEN`): a password typed into a web page is the one most exposed to guessing.
pub const MIN_NEW_PASSWORD: usize = 12;

pub const CHANGED: &str = "Password changed successfully";
const WRONG_CURRENT: &str = "Your current password is not correct.";

fn check_new(password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_NEW_PASSWORD {
        return Err(ApiError::bad_request(format!(
            "The new password needs at least {MIN_NEW_PASSWORD} characters."
        )));
    }
    if password.len() > auth::MAX_PASSWORD_BYTES {
        return Err(ApiError::bad_request(format!(
            "The new password may have at most {} bytes.",
            auth::MAX_PASSWORD_BYTES
        )));
    }
    Ok(())
}

async fn change_password(
    who: AdminIdentity,
    app: Arc<App>,
    peer: Option<SocketAddr>,
    headers: HeaderMap,
    body: Map<String, Value>,
) -> Result<Response, Rejection> {
    let fields = Fields(body);
    let current = fields.raw_text("currentPassword")?;
    let new = fields.raw_text("newPassword")?;
    if current.is_empty() || new.is_empty() {
        return Err(warp::reject::custom(ApiError::bad_request(
            "Enter your current password and a new one.",
        )));
    }
    check_new(&new)?;
    if let Some(why) = crate::access::password_rules::problem(&new, &who.username) {
        return Err(warp::reject::custom(ApiError::bad_request(why)));
    }
    let keys = match prove_own_password(
        &app,
        &who,
        peer,
        &headers,
        current,
        "password change",
        WRONG_CURRENT,
    )
    .await?
    {
        Ok(keys) => keys,
        Err(refused) => return Ok(refused),
    };
    let store = app.store.clone();
    let username = who.username.clone();
    let (admin, _) = blocking(move || {
        let hash = auth::hash_password(&new)?;
        store.set_admin_password(&username, &hash)
    })
    .await?;
    tracing::info!(client = %keys.ip, admin = %admin.username, "password changed; every other session signed out");
    let (address, device) = client_of(&app, peer, &headers);
    let mut session = fresh_session(&app, &admin, &address, &device).await?;
    if let Some(obj) = session.as_object_mut() {
        obj.insert("message".into(), Value::from(CHANGED));
    }
    Ok(json_response(StatusCode::OK, &session))
}

/// Every route of this module, under `/api`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let password = warp::path!("admin" / "password")
        .and(warp::post())
        .and(require_admin(app.clone()))
        .and(with_app(app.clone()))
        .and(crate::peer::peer_addr())
        .and(warp::header::headers_cloned())
        .and(json_body())
        .and_then(change_password);

    let sign_out = warp::path!("admin" / "sign-out-everywhere")
        .and(warp::post())
        .and(require_admin(app.clone()))
        .and(with_app(app))
        .and_then(|who: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            blocking(move || store.revoke_admin_tokens(who.id))
                .await?
                .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "Sign in first"))?;
            tracing::info!(admin = %who.username, "signed out everywhere");
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &serde_json::json!({ "message": "Signed out everywhere" }),
            ))
        });

    password.or(sign_out).unify().boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_passwords_need_twelve_characters() {
        assert!(check_new("eleven-char").is_err());
        assert!(check_new("twelve-chars").is_ok());
        assert!(check_new("అఆఇఈఉఊఋఎఏఐఒఓ").is_ok());
        assert!(check_new(&"x".repeat(auth::MAX_PASSWORD_BYTES + 1)).is_err());
    }
}
