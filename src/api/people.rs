//! The people who run the site (docs/admin-api.md, "People"): one's own account (`me`, proving the
//! password again), the Owner's accounts and invitations, the public call that uses an
//! invitation, and the sessions ("Where you're signed in").

use super::admin::{fresh_session, prove_own_password};
use super::body::{Fields, json_body};
use super::guard::{AdminIdentity, client_of, require_admin};
use super::{ApiError, blocking, json_response};
use crate::access::{REAUTH_FOR_MS, password_rules, session_token};
use crate::activity::{self, notices};
use crate::app::{App, with_app};
use crate::auth;
use crate::store::{
    AccountRefused, Admin, AdminChange, INVITE_VALID_MS, Invite, InviteRefused, Role, Session,
    iso8601, now_ms,
};
use serde_json::{Map, Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use warp::filters::BoxedFilter;
use warp::http::{HeaderMap, StatusCode};
use warp::reply::Response;
use warp::{Filter, Rejection};

const MAX_DISPLAY_NAME: usize = 80;
const WRONG_PASSWORD: &str = "Your password is not correct.";

fn account_json(a: &Admin, last_seen: Option<u64>) -> Value {
    json!({
        "id": a.id,
        "username": a.username,
        "displayName": a.shown_name(),
        "role": a.role.key(),
        "active": a.active,
        "createdAt": iso8601(a.created_at_ms),
        "lastSeenAt": last_seen.map(iso8601),
    })
}

fn invite_json(i: &Invite, by: &str) -> Value {
    json!({
        "id": i.id,
        "displayName": i.display_name,
        "role": i.role.key(),
        "createdAt": iso8601(i.created_at_ms),
        "expiresAt": iso8601(i.expires_at_ms),
        "createdBy": by,
    })
}

fn session_json(s: &Session, current: Option<u64>) -> Value {
    json!({
        "id": s.id,
        "device": s.device,
        "address": s.address,
        "startedAt": iso8601(s.started_at_ms),
        "lastSeenAt": iso8601(s.last_seen_ms),
        "current": Some(s.id) == current,
    })
}

fn me_json(who: &AdminIdentity) -> Value {
    let until = who.reauth_at_ms.saturating_add(REAUTH_FOR_MS);
    json!({
        "id": who.id,
        "username": who.username,
        "displayName": who.display_name,
        "role": who.role.key(),
        "reauthUntil": (who.recently_proved()).then(|| iso8601(until)),
    })
}

fn role_field(fields: &Fields, name: &str) -> Result<Option<Role>, ApiError> {
    match fields.0.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Role::from_key(s)
            .map(Some)
            .ok_or_else(|| field_error(name, "Choose a role: owner, editor or enquiries.")),
        Some(_) => Err(field_error(
            name,
            "Choose a role: owner, editor or enquiries.",
        )),
    }
}

fn field_error(field: &str, message: &str) -> ApiError {
    ApiError {
        flag: None,
        ..ApiError::bad_request(format!("{field}: {message}"))
    }
}

fn display_name(fields: &Fields, name: &str) -> Result<Option<String>, ApiError> {
    match fields.0.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => {
            let s = s.trim();
            if s.is_empty()
                || s.chars().count() > MAX_DISPLAY_NAME
                || s.chars().any(char::is_control)
            {
                return Err(field_error(
                    name,
                    &format!("a name of 1 to {MAX_DISPLAY_NAME} characters"),
                ));
            }
            Ok(Some(s.to_string()))
        }
        Some(_) => Err(field_error(name, "a name of text")),
    }
}

/// A user name a person may choose: 3-40 letters, digits, `.`, `-`, `_`.
fn check_username(name: &str) -> Result<(), ApiError> {
    let ok = (3..=40).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if ok {
        Ok(())
    } else {
        Err(field_error(
            "username",
            "3 to 40 letters, digits, dots, dashes or underscores",
        ))
    }
}

fn refused(e: anyhow::Error) -> ApiError {
    if let Some(r) = e.downcast_ref::<AccountRefused>() {
        let status = match r {
            AccountRefused::NoSuchAccount(_) => StatusCode::NOT_FOUND,
            AccountRefused::LastOwner => StatusCode::CONFLICT,
        };
        return ApiError::new(status, r.to_string());
    }
    if let Some(r) = e.downcast_ref::<InviteRefused>() {
        return match r {
            InviteRefused::Unknown => ApiError::not_found(r.to_string()),
            InviteRefused::Closed => ApiError::new(StatusCode::GONE, r.to_string()),
            InviteRefused::NameTaken => field_error("username", &r.to_string()),
        };
    }
    ApiError::internal(e)
}

/// Every route of this module, under `/api`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    let admin = || require_admin(app.clone());
    let app_ = || with_app(app.clone());

    let me = warp::path!("admin" / "me")
        .and(warp::get())
        .and(admin())
        .map(|who: AdminIdentity| json_response(StatusCode::OK, &me_json(&who)));

    let rename = warp::path!("admin" / "me")
        .and(warp::patch())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(
            |who: AdminIdentity, app: Arc<App>, body: Map<String, Value>| async move {
                let name = display_name(&Fields(body), "displayName")?
                    .ok_or_else(|| field_error("displayName", "a name of 1 to 80 characters"))?;
                let username = who.username.clone();
                let store = app.store.clone();
                let changed = blocking(move || {
                    store.change_admin(
                        &username,
                        &AdminChange {
                            display_name: Some(name),
                            ..AdminChange::default()
                        },
                    )
                })
                .await?;
                let who = AdminIdentity {
                    display_name: changed.shown_name().to_string(),
                    ..who
                };
                Ok::<_, Rejection>(json_response(StatusCode::OK, &me_json(&who)))
            },
        );

    let reauth = warp::path!("admin" / "reauth")
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and(crate::peer::peer_addr())
        .and(warp::header::headers_cloned())
        .and(json_body())
        .and_then(reauthenticate);

    let list = warp::path!("admin" / "accounts")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and_then(|_: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let body = blocking(move || {
                let admins = store.admins()?;
                let sessions = store.sessions(None)?;
                let now = now_ms();
                let accounts: Vec<Value> = admins
                    .iter()
                    .map(|a| {
                        let seen = sessions
                            .iter()
                            .filter(|s| s.admin_id == a.id)
                            .map(|s| s.last_seen_ms)
                            .max();
                        account_json(a, seen)
                    })
                    .collect();
                let name_of = |id: u64| {
                    admins
                        .iter()
                        .find(|a| a.id == id)
                        .map(|a| a.shown_name().to_string())
                        .unwrap_or_default()
                };
                let invites: Vec<Value> = store
                    .invites()?
                    .iter()
                    .filter(|i| i.is_open(now))
                    .map(|i| invite_json(i, &name_of(i.created_by)))
                    .collect();
                Ok(json!({ "accounts": accounts, "invites": invites }))
            })
            .await?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &body))
        });

    let invite = warp::path!("admin" / "accounts")
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and(warp::header::headers_cloned())
        .and(json_body())
        .and_then(make_invite);

    let change = warp::path!("admin" / "accounts" / String)
        .and(warp::patch())
        .and(admin())
        .and(app_())
        .and(json_body())
        .and_then(change_account);

    let withdraw = warp::path!("admin" / "invites" / u64)
        .and(warp::delete())
        .and(admin())
        .and(app_())
        .and_then(|id: u64, _: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            blocking(move || store.withdraw_invite(id))
                .await?
                .ok_or_else(|| {
                    ApiError::not_found("There is no open invitation with that number.")
                })?;
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &json!({ "id": id, "message": "Invitation withdrawn" }),
            ))
        });

    let open_invite = warp::path!("invites" / String)
        .and(warp::get())
        .and(app_())
        .and_then(|secret: String, app: Arc<App>| async move {
            let hash = session_token::invite_hash(&secret)
                .ok_or_else(|| refused(InviteRefused::Unknown.into()))?;
            let store = app.store.clone();
            let invite = blocking(move || store.invite_by_secret(&hash))
                .await?
                .ok_or_else(|| refused(InviteRefused::Unknown.into()))?;
            if !invite.is_open(now_ms()) {
                return Err(warp::reject::custom(refused(InviteRefused::Closed.into())));
            }
            Ok::<_, Rejection>(json_response(
                StatusCode::OK,
                &json!({
                    "displayName": invite.display_name,
                    "role": invite.role.key(),
                    "expiresAt": iso8601(invite.expires_at_ms),
                }),
            ))
        });

    let accept = warp::path!("invites" / String)
        .and(warp::post())
        .and(app_())
        .and(crate::peer::peer_addr())
        .and(warp::header::headers_cloned())
        .and(json_body())
        .and_then(accept_invite);

    let sessions = warp::path!("admin" / "sessions")
        .and(warp::get())
        .and(admin())
        .and(app_())
        .and(warp::query::<std::collections::HashMap<String, String>>())
        .and_then(list_sessions);

    let end = warp::path!("admin" / "sessions" / u64)
        .and(warp::delete())
        .and(admin())
        .and(app_())
        .and_then(end_session);

    let end_others = warp::path!("admin" / "sessions" / "end-others")
        .and(warp::post())
        .and(admin())
        .and(app_())
        .and_then(|who: AdminIdentity, app: Arc<App>| async move {
            let store = app.store.clone();
            let ended = blocking(move || store.end_sessions_of(who.id, who.session)).await?;
            Ok::<_, Rejection>(json_response(StatusCode::OK, &json!({ "ended": ended })))
        });

    me.or(rename)
        .unify()
        .or(reauth)
        .unify()
        .or(list)
        .unify()
        .or(invite)
        .unify()
        .or(change)
        .unify()
        .or(withdraw)
        .unify()
        .or(open_invite)
        .unify()
        .or(accept)
        .unify()
        .or(end_others)
        .unify()
        .or(sessions)
        .unify()
        .or(end)
        .unify()
        .boxed()
}

async fn reauthenticate(
    who: AdminIdentity,
    app: Arc<App>,
    peer: Option<SocketAddr>,
    headers: HeaderMap,
    body: Map<String, Value>,
) -> Result<Response, Rejection> {
    let password = Fields(body).raw_text("password")?;
    let Some(session) = who.session else {
        return Err(warp::reject::custom(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "Sign in again to do this",
        )));
    };
    if let Err(refused) = prove_own_password(
        &app,
        &who,
        peer,
        &headers,
        password,
        "re-authentication",
        WRONG_PASSWORD,
    )
    .await?
    {
        return Ok(refused);
    }
    let now = now_ms();
    let store = app.store.clone();
    blocking(move || store.touch_session(session, now, true)).await?;
    Ok(json_response(
        StatusCode::OK,
        &json!({ "reauthUntil": iso8601(now + REAUTH_FOR_MS) }),
    ))
}

async fn make_invite(
    who: AdminIdentity,
    app: Arc<App>,
    headers: HeaderMap,
    body: Map<String, Value>,
) -> Result<Response, Rejection> {
    let fields = Fields(body);
    let name = display_name(&fields, "displayName")?
        .ok_or_else(|| field_error("displayName", "the person's name"))?;
    let role = role_field(&fields, "role")?.ok_or_else(|| field_error("role", "choose a role"))?;
    let email = match fields.0.get("email") {
        Some(Value::String(s)) if !s.trim().is_empty() => {
            let s = s.trim().to_string();
            if s.parse::<lettre::Address>().is_err() {
                return Err(warp::reject::custom(field_error(
                    "email",
                    "an e-mail address like name@example.com",
                )));
            }
            Some(s)
        }
        _ => None,
    };
    let (secret, hash) = session_token::new_invite_secret().map_err(ApiError::internal)?;
    let store = app.store.clone();
    let (name_, by) = (name.clone(), who.id);
    let invite = blocking(move || store.create_invite(hash, &name_, role, by)).await?;
    let origin = {
        let app = app.clone();
        blocking(move || app.origin.of(&app.store)).await?
    };
    let base = match origin {
        Some((origin, _)) => origin,
        None => {
            let host = headers
                .get("host")
                .and_then(|h| h.to_str().ok())
                .unwrap_or("localhost");
            format!("http://{host}")
        }
    };
    let url = format!("{base}/admin-login#invite={secret}");
    let mailed = email.as_deref().is_some_and(|to| {
        app.notifier.to_person(
            &name,
            to,
            "You're invited to the studio's website panel",
            format!(
                "Hello {name},\n\n{} has invited you to help run the studio's website, as {}.\n\n\
                 Open this link on your phone or computer to choose your user name and password \
                 (it works once, for {} hours):\n\n{url}\n",
                who.display_name,
                role.label(),
                INVITE_VALID_MS / 3_600_000
            ),
        )
    });
    let store = app.store.clone();
    let actor = who.actor();
    let words = format!("invited {name} as {}", role.label());
    blocking(move || {
        activity::record(&store, &actor, "people", "invited", "", &words);
        Ok(())
    })
    .await?;
    Ok(json_response(
        StatusCode::CREATED,
        &json!({
            "invite": invite_json(&invite, &who.display_name),
            "inviteUrl": url,
            "expiresAt": iso8601(invite.expires_at_ms),
            "mailed": mailed,
        }),
    ))
}

async fn change_account(
    username: String,
    who: AdminIdentity,
    app: Arc<App>,
    body: Map<String, Value>,
) -> Result<Response, Rejection> {
    let fields = Fields(body);
    let change = AdminChange {
        role: role_field(&fields, "role")?,
        active: match fields.0.get("active") {
            None | Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(_) => return Err(warp::reject::custom(field_error("active", "true or false"))),
        },
        display_name: display_name(&fields, "displayName")?,
    };
    let store = app.store.clone();
    let notifier = app.notifier.clone();
    let actor = who.actor();
    let changed = blocking(move || {
        let before = store.admin_by_username(&username)?;
        let after = match store.change_admin(&username, &change) {
            Ok(a) => a,
            Err(e) => return Ok(Err(refused(e))),
        };
        if let Some(before) = before {
            if before.role != after.role {
                notices::role_changed(&store, &notifier, &actor, &after, before.role);
            }
            if before.active != after.active {
                let words = if after.active {
                    format!("reactivated the account of {}", after.shown_name())
                } else {
                    format!(
                        "deactivated the account of {} (its sessions ended)",
                        after.shown_name()
                    )
                };
                activity::record(
                    &store,
                    &actor,
                    "people",
                    "account-active",
                    &after.username,
                    &words,
                );
            }
        }
        Ok(Ok(after))
    })
    .await??;
    Ok(json_response(StatusCode::OK, &account_json(&changed, None)))
}

async fn accept_invite(
    secret: String,
    app: Arc<App>,
    peer: Option<SocketAddr>,
    headers: HeaderMap,
    body: Map<String, Value>,
) -> Result<Response, Rejection> {
    let fields = Fields(body);
    let username = fields.raw_text("username")?.trim().to_string();
    let password = fields.raw_text("password")?;
    let hash = session_token::invite_hash(&secret)
        .ok_or_else(|| refused(InviteRefused::Unknown.into()))?;
    check_username(&username)?;
    if let Some(why) = password_rules::problem(&password, &username) {
        return Err(warp::reject::custom(field_error("password", &why)));
    }
    let store = app.store.clone();
    let (admin, _invite) = blocking(move || {
        let hashed = auth::hash_password(&password)?;
        Ok(store
            .accept_invite(&hash, &username, &hashed)
            .map_err(refused))
    })
    .await??;
    let (address, device) = client_of(&app, peer, &headers);
    let store = app.store.clone();
    let actor = activity::Actor {
        username: admin.username.clone(),
        name: admin.shown_name().to_string(),
        address: address.clone(),
        device: device.clone(),
    };
    let words = format!("joined as {} (an invitation was used)", admin.role.label());
    blocking(move || {
        activity::record(&store, &actor, "people", "joined", "", &words);
        Ok(())
    })
    .await?;
    let session = fresh_session(&app, &admin, &address, &device).await?;
    Ok(json_response(StatusCode::CREATED, &session))
}

async fn list_sessions(
    who: AdminIdentity,
    app: Arc<App>,
    query: std::collections::HashMap<String, String>,
) -> Result<Response, Rejection> {
    let store = app.store.clone();
    let other = query
        .get("username")
        .filter(|u| !u.eq_ignore_ascii_case(&who.username))
        .cloned();
    if other.is_some() && who.role != Role::Owner {
        return Err(warp::reject::custom(ApiError::forbidden(
            "Only an Owner can see other people's sessions.",
            "role",
        )));
    }
    let current = who.session;
    let list = blocking(move || {
        let id = match other {
            Some(name) => match store.admin_by_username(&name)? {
                Some(a) => a.id,
                None => return Ok(None),
            },
            None => who.id,
        };
        Ok(Some(store.sessions(Some(id))?))
    })
    .await?
    .ok_or_else(|| ApiError::not_found("There is no such account."))?;
    let body: Vec<Value> = list.iter().map(|s| session_json(s, current)).collect();
    Ok(json_response(StatusCode::OK, &body))
}

async fn end_session(id: u64, who: AdminIdentity, app: Arc<App>) -> Result<Response, Rejection> {
    let store = app.store.clone();
    let session = blocking(move || store.session(id)).await?.ok_or_else(|| {
        ApiError::not_found("There is no such session; it may have ended already.")
    })?;
    if session.admin_id != who.id {
        if who.role != Role::Owner {
            return Err(warp::reject::custom(ApiError::not_found(
                "There is no such session; it may have ended already.",
            )));
        }
        if !who.recently_proved() {
            return Err(warp::reject::custom(ApiError::forbidden(
                "Enter your password again to do this",
                "reauth",
            )));
        }
    }
    let store = app.store.clone();
    blocking(move || store.end_session(id)).await?;
    Ok(json_response(
        StatusCode::OK,
        &json!({ "id": id, "message": "Signed out" }),
    ))
}
