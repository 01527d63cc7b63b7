//! Who is signed in and whether they may make this call: `require_admin`, the guard every signed-in
//! call (in any module of `api/`) sits behind. It finds the session the token names, looks the
//! request up in the table of rules (`access::rules`), checks the account's role and, for a
//! sensitive call, that the password was proved in the last 15 minutes; then it hands the handler
//! an [`AdminIdentity`] and tells the activity recorder who is asking.
//!
//! A route matches its path and method before this guard runs, so an unknown path stays a 404 and a
//! request without a valid token never gets its body read.

use super::{ApiError, blocking};
use crate::access::rules::{self, Rule};
use crate::access::{REAUTH_FOR_MS, device, session_token};
use crate::activity::Actor;
use crate::activity::recorder::{Call, Pending};
use crate::app::App;
use crate::app::with_app;
use crate::auth;
use crate::limits::client_ip;
use crate::store::{Admin, Role, Session, TOUCH_EVERY_MS, now_ms};
use serde::Serialize;
use std::net::SocketAddr;
use std::sync::Arc;
use warp::http::{HeaderMap, Method, StatusCode, header};
use warp::path::FullPath;
use warp::{Filter, Rejection};

const SIGN_IN_FIRST: &str = "Sign in first";
const BAD_TOKEN: &str = "Your session is not valid or has expired; sign in again";
const NO_RULE: &str = "This call has no access rule, so no role may make it";
const REAUTH: &str = "Enter your password again to do this";

/// The signed-in person a request acts as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminIdentity {
    pub id: u64,
    pub username: String,
    pub display_name: String,
    #[serde(serialize_with = "role_key")]
    pub role: Role,
    /// The session the token names; `None` for a token of a release before sessions.
    #[serde(skip)]
    pub session: Option<u64>,
    /// When the password was last proved in this session.
    #[serde(skip)]
    pub reauth_at_ms: u64,
    /// The client's address, and its device in words.
    #[serde(skip)]
    pub address: String,
    #[serde(skip)]
    pub device: String,
}

fn role_key<S: serde::Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(role.key())
}

impl AdminIdentity {
    pub fn of(admin: &Admin) -> AdminIdentity {
        AdminIdentity {
            id: admin.id,
            username: admin.username.clone(),
            display_name: admin.shown_name().to_string(),
            role: admin.role,
            session: None,
            reauth_at_ms: 0,
            address: String::new(),
            device: String::new(),
        }
    }

    /// The person as the activity record names them.
    pub fn actor(&self) -> Actor {
        Actor {
            username: self.username.clone(),
            name: self.display_name.clone(),
            address: self.address.clone(),
            device: self.device.clone(),
        }
    }

    /// Whether the password was proved recently enough for a sensitive call.
    pub fn recently_proved(&self) -> bool {
        self.session.is_some() && now_ms().saturating_sub(self.reauth_at_ms) < REAUTH_FOR_MS
    }
}

/// The client's address (behind the host's trusted proxies) and its device in words.
pub fn client_of(app: &App, peer: Option<SocketAddr>, headers: &HeaderMap) -> (String, String) {
    let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
    let address = client_ip(peer, forwarded, &app.config.trusted_proxies).to_string();
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    (address, device::in_words(agent))
}

/// Passes only requests with `Authorization: Bearer <token>` of a live session of an active
/// account whose role may make this call; anything else is a JSON 401 or 403.
pub fn require_admin(
    app: Arc<App>,
) -> impl Filter<Extract = (AdminIdentity,), Error = Rejection> + Clone {
    warp::header::headers_cloned()
        .and(warp::method())
        .and(warp::path::full())
        .and(crate::peer::peer_addr())
        .and(warp::ext::optional::<Pending>())
        .and(with_app(app))
        .and_then(
            |headers: HeaderMap,
             method: Method,
             path: FullPath,
             peer: Option<SocketAddr>,
             pending: Option<Pending>,
             app: Arc<App>| async move {
                let mut who = authenticate(&app, &headers)
                    .await
                    .map_err(warp::reject::custom)?;
                let (address, device) = client_of(&app, peer, &headers);
                who.address = address;
                who.device = device;
                let rule =
                    permit(&who, method.as_str(), path.as_str()).map_err(warp::reject::custom)?;
                if let Some(pending) = pending {
                    pending.fill(Call {
                        actor: who.actor(),
                        rule,
                        path: path.as_str().to_string(),
                    });
                }
                Ok::<_, Rejection>(who)
            },
        )
}

/// The rule of this call, when `who` may make it now.
pub fn permit(who: &AdminIdentity, method: &str, path: &str) -> Result<&'static Rule, ApiError> {
    let rule = rules::rule_for(method, path).ok_or_else(|| ApiError::forbidden(NO_RULE, "role"))?;
    rules::allowed(who.role, rule.need).map_err(|why| ApiError::forbidden(why, "role"))?;
    if rule.sensitive && !who.recently_proved() {
        if who.session.is_none() {
            // A token of a release before sessions has none to note the proof on.
            return Err(ApiError::new(StatusCode::UNAUTHORIZED, BAD_TOKEN));
        }
        return Err(ApiError::forbidden(REAUTH, "reauth"));
    }
    Ok(rule)
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
    let idle_ms = app.config.session_idle.as_millis() as u64;
    let max_ms = app.config.token_ttl.as_millis() as u64;
    let found = blocking(move || {
        if session_token::is_session_token(&token) {
            let Some((id, secret_hash)) = session_token::decode(&token) else {
                return Ok(None);
            };
            let Some(session) = store
                .session(id)?
                .filter(|s| auth::constant_time_eq(&s.secret_hash, &secret_hash))
            else {
                return Ok(None);
            };
            let now = now_ms();
            if session.is_over(now, idle_ms, max_ms) {
                store.end_session(session.id)?;
                return Ok(None);
            }
            let Some(admin) = store.admin(session.admin_id)?.filter(|a| a.active) else {
                return Ok(None);
            };
            if now.saturating_sub(session.last_seen_ms) >= TOUCH_EVERY_MS {
                store.touch_session(session.id, now, false)?;
            }
            return Ok(Some(with_session(&admin, &session)));
        }
        let key = store.hmac_key()?;
        let Ok(claims) = auth::verify_token(&key, &token, auth::now_secs()) else {
            return Ok(None);
        };
        Ok(store
            .admin(claims.admin_id)?
            .filter(|a| a.active && a.token_generation == claims.generation)
            .map(|a| AdminIdentity::of(&a)))
    })
    .await?;
    found.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, BAD_TOKEN))
}

fn with_session(admin: &Admin, session: &Session) -> AdminIdentity {
    AdminIdentity {
        session: Some(session.id),
        reauth_at_ms: session.reauth_at_ms,
        ..AdminIdentity::of(admin)
    }
}
