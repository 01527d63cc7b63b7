//! Accounts, roles, invitations, sessions and re-authentication over HTTP against a real server
//! (docs/admin-api.md, "People"): the route x role matrix walks the table of rules itself.

mod common;

use common::{ADMIN_PASSWORD, ADMIN_USER, TestServer, call, fixture_copy};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use studio::access::rules::{self, Need};
use studio::store::{Role, Store};

const PASSWORD: &str = "teak chai monsoon";

/// Adds an account with `role` straight into the data file and signs it in.
async fn person(server: &TestServer, name: &str, role: Role) -> String {
    let hash = studio::auth::hash_password(PASSWORD).expect("hash");
    server.app.store.add_admin(name, &hash, role).expect("add");
    token_of(server, name, PASSWORD).await
}

async fn token_of(server: &TestServer, name: &str, password: &str) -> String {
    let res = server.sign_in_as(name, password).await;
    assert_eq!(res.status(), 200, "sign-in of {name}");
    let body: Value = res.json().await.expect("JSON");
    body["token"].as_str().expect("token").to_string()
}

/// A concrete path for a rule's pattern: `*` becomes something the route parses (a number, or a
/// page's key after `pages/`).
fn concrete(pattern: &str) -> String {
    let mut out = Vec::new();
    let mut prev = "";
    for seg in pattern.split('/') {
        out.push(match seg {
            "*" if prev == "pages" => "home",
            "*" if prev == "accounts" => "nobody-here",
            "*" => "987654",
            s => s,
        });
        prev = seg;
    }
    out.join("/")
}

#[tokio::test]
async fn every_rule_is_enforced_for_every_role() {
    let server = TestServer::start().await;
    let owner = common::login(&server).await;
    let editor = person(&server, "meera", Role::Editor).await;
    let enquiries = person(&server, "ravi", Role::Enquiries).await;
    let mut checked = 0;
    let mut wrong = Vec::new();
    // Signing out everywhere ends the session the matrix goes on with: it comes last.
    let mut all: Vec<_> = rules::all_rules().iter().collect();
    all.sort_by_key(|r| r.path.ends_with("sign-out-everywhere"));
    for rule in all {
        let method = Method::from_bytes(rule.method.as_bytes()).expect("method");
        let path = concrete(rule.path);
        for (role, token) in [
            (Role::Owner, &owner),
            (Role::Editor, &editor),
            (Role::Enquiries, &enquiries),
        ] {
            let allowed = rules::allowed(role, rule.need).is_ok();
            // Nothing that changes anything: an empty JSON body is refused by every handler that
            // reads one, after the guard has spoken.
            let mut req = server
                .client
                .request(method.clone(), server.url(&path))
                .bearer_auth(token);
            if rule.method != "GET" && rule.method != "DELETE" {
                req = req.json(&json!({}));
            }
            let res = req.send().await.expect("request");
            let status = res.status();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            let refused_for_role = status == StatusCode::FORBIDDEN && body["role"] == true;
            let message = body["message"].as_str().unwrap_or_default();
            if refused_for_role == allowed
                || status == StatusCode::METHOD_NOT_ALLOWED
                || (!allowed && !message.contains(role.label()))
            {
                wrong.push(format!(
                    "{} {path} as {}: {status} {body}",
                    rule.method,
                    role.key()
                ));
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(checked > 150, "only {checked} calls checked");
    server.stop().await;
}

#[tokio::test]
async fn a_call_without_a_rule_is_refused_to_everyone() {
    // The guard's own decision, for a path no rule names (a route added without one).
    let who = studio::api::guard::AdminIdentity {
        id: 1,
        username: "admin".into(),
        display_name: "admin".into(),
        role: Role::Owner,
        session: Some(1),
        reauth_at_ms: studio::store::now_ms(),
        address: String::new(),
        device: String::new(),
    };
    let refused = studio::api::guard::permit(&who, "GET", "/api/admin/brand-new-thing")
        .expect_err("no rule, no entry");
    assert_eq!(refused.status, 403);
    assert!(rules::rule_for("GET", "/api/admin/brand-new-thing").is_none());
    // A proof older than 15 minutes no longer opens a sensitive call.
    let stale = studio::api::guard::AdminIdentity {
        reauth_at_ms: studio::store::now_ms() - 16 * 60 * 1000,
        ..who
    };
    let refused =
        studio::api::guard::permit(&stale, "GET", "/api/admin/backup").expect_err("stale");
    assert_eq!(refused.flag, Some("reauth"));
    assert!(studio::api::guard::permit(&stale, "GET", "/api/admin/stats").is_ok());
}

#[tokio::test]
async fn roles_see_only_their_part() {
    let server = TestServer::start().await;
    let editor = person(&server, "meera", Role::Editor).await;
    let enquiries = person(&server, "ravi", Role::Enquiries).await;
    let (status, body) = call(&server, &editor, Method::GET, "/api/contacts", None).await;
    assert_eq!(status, 403);
    assert_eq!(body["role"], true);
    assert_eq!(
        body["message"],
        "Editors can't see enquiries, leads or consultations. Ask the studio's owner if you need it."
    );
    let (status, _) = call(
        &server,
        &editor,
        Method::GET,
        "/api/admin/portfolio-projects",
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = call(&server, &enquiries, Method::GET, "/api/contacts", None).await;
    assert_eq!(status, 200);
    let (status, body) = call(
        &server,
        &enquiries,
        Method::GET,
        "/api/admin/pages/home",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = call(
        &server,
        &enquiries,
        Method::PUT,
        "/api/admin/pages/home",
        Some(json!({ "version": body["version"], "content": body["content"] })),
    )
    .await;
    assert_eq!((status.as_u16(), body["role"].clone()), (403, json!(true)));
    let (status, body) = call(&server, &editor, Method::GET, "/api/admin/me", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["role"], "editor");
    assert_eq!(body["username"], "meera");
    assert!(body["reauthUntil"].is_string(), "just signed in: {body}");
    server.stop().await;
}

#[tokio::test]
async fn an_invitation_works_once_for_its_role() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, made) = owner
        .post(
            "/api/admin/accounts",
            json!({ "displayName": "Meera Rao", "role": "editor" }),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let url = made["inviteUrl"].as_str().expect("url");
    let secret = url
        .split("#invite=")
        .nth(1)
        .expect("a fragment")
        .to_string();
    assert_eq!(made["mailed"], false);
    let (status, listed) = owner.get("/api/admin/accounts").await;
    assert_eq!(status, 200);
    assert_eq!(listed["invites"][0]["displayName"], "Meera Rao");
    assert!(
        !listed.to_string().contains(&secret),
        "the secret is never listed"
    );

    let (status, open) = call(
        &server,
        "",
        Method::GET,
        &format!("/api/invites/{secret}"),
        None,
    )
    .await;
    assert_eq!(
        (status.as_u16(), open["role"].clone()),
        (200, json!("editor"))
    );

    // Weak or taken choices are refused at their field, and the link stays usable.
    let accept = |body: Value| {
        let server = &server;
        let secret = secret.clone();
        async move {
            let res = server
                .post_json(&format!("/api/invites/{secret}"), &body)
                .await;
            let status = res.status();
            (status, res.json::<Value>().await.expect("JSON"))
        }
    };
    let (status, body) = accept(json!({ "username": "meera", "password": "password1234" })).await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("password:"),
        "{body}"
    );
    let (status, body) = accept(json!({ "username": ADMIN_USER, "password": PASSWORD })).await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("username:"),
        "{body}"
    );

    let (status, body) = accept(json!({ "username": "meera", "password": PASSWORD })).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["admin"]["role"], "editor");
    assert_eq!(body["admin"]["displayName"], "Meera Rao");
    let token = body["token"].as_str().unwrap().to_string();
    let (status, _) = call(&server, &token, Method::GET, "/api/admin/verify", None).await;
    assert_eq!(status, 200);

    // Used once: replayed, it is gone.
    let (status, _) = accept(json!({ "username": "meera2", "password": PASSWORD })).await;
    assert_eq!(status, 410);
    let (status, _) = call(
        &server,
        "",
        Method::GET,
        &format!("/api/invites/{secret}"),
        None,
    )
    .await;
    assert_eq!(status, 410);
    let (status, _) = call(
        &server,
        "",
        Method::GET,
        "/api/invites/not-a-real-one",
        None,
    )
    .await;
    assert_eq!(status, 404);

    // Withdrawn before use: refused.
    let (_, made) = owner
        .post(
            "/api/admin/accounts",
            json!({ "displayName": "Ravi", "role": "enquiries" }),
        )
        .await;
    let secret = made["inviteUrl"]
        .as_str()
        .unwrap()
        .split("#invite=")
        .nth(1)
        .unwrap()
        .to_string();
    let (status, _) = owner
        .delete(&format!("/api/admin/invites/{}", made["invite"]["id"]))
        .await;
    assert_eq!(status, 200);
    let res = server
        .post_json(
            &format!("/api/invites/{secret}"),
            &json!({ "username": "ravi", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status(), 410);
    server.stop().await;
}

#[test]
fn an_invitation_expires_after_72_hours() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("s.redb")).unwrap();
    let invite = store
        .create_invite([7; 32], "Meera", Role::Editor, 1)
        .unwrap();
    assert!(invite.is_open(invite.created_at_ms + studio::store::INVITE_VALID_MS - 1));
    assert!(!invite.is_open(invite.created_at_ms + studio::store::INVITE_VALID_MS));
}

#[tokio::test]
async fn there_is_always_an_active_owner() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    for body in [
        json!({ "role": "editor" }),
        json!({ "active": false }),
        json!({ "role": "enquiries", "active": true }),
        json!({ "role": "owner", "active": false }),
    ] {
        let (status, answer) = owner
            .patch(&format!("/api/admin/accounts/{ADMIN_USER}"), body.clone())
            .await;
        assert_eq!(status, 409, "{body}: {answer}");
        assert!(
            answer["message"]
                .as_str()
                .unwrap()
                .starts_with("There must always be an active Owner")
        );
    }
    // With a second Owner, the first may step down.
    person(&server, "founder", Role::Owner).await;
    let (status, answer) = owner
        .patch(
            &format!("/api/admin/accounts/{ADMIN_USER}"),
            json!({ "role": "editor" }),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["role"], "editor");
    server.stop().await;
}

#[tokio::test]
async fn deactivating_ends_the_sessions_at_once() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let editor = person(&server, "meera", Role::Editor).await;
    let (status, _) = call(&server, &editor, Method::GET, "/api/admin/verify", None).await;
    assert_eq!(status, 200);
    let (status, _) = owner
        .patch("/api/admin/accounts/meera", json!({ "active": false }))
        .await;
    assert_eq!(status, 200);
    let (status, _) = call(&server, &editor, Method::GET, "/api/admin/verify", None).await;
    assert_eq!(status, 401);
    assert_eq!(server.sign_in_as("meera", PASSWORD).await.status(), 401);
    let (status, _) = owner
        .patch("/api/admin/accounts/meera", json!({ "active": true }))
        .await;
    assert_eq!(status, 200);
    assert_eq!(server.sign_in_as("meera", PASSWORD).await.status(), 200);
    server.stop().await;
}

#[tokio::test]
async fn sessions_are_listed_and_ended() {
    let server = TestServer::start().await;
    let phone = common::login(&server).await;
    let laptop = common::login(&server).await;
    let editor = person(&server, "meera", Role::Editor).await;
    let (status, list) = call(&server, &phone, Method::GET, "/api/admin/sessions", None).await;
    assert_eq!(status, 200);
    let list = list.as_array().unwrap().clone();
    assert_eq!(list.len(), 2);
    assert_eq!(list.iter().filter(|s| s["current"] == true).count(), 1);
    let laptop_id = list.iter().find(|s| s["current"] == false).unwrap()["id"].clone();

    // An Editor sees only its own, and cannot end the Owner's.
    let (status, _) = call(
        &server,
        &editor,
        Method::GET,
        &format!("/api/admin/sessions?username={ADMIN_USER}"),
        None,
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = call(
        &server,
        &editor,
        Method::DELETE,
        &format!("/api/admin/sessions/{laptop_id}"),
        None,
    )
    .await;
    assert_eq!(status, 404);

    let (status, _) = call(
        &server,
        &phone,
        Method::DELETE,
        &format!("/api/admin/sessions/{laptop_id}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = call(&server, &laptop, Method::GET, "/api/admin/verify", None).await;
    assert_eq!(status, 401);

    // The Owner ends the Editor's session from the Editor's list.
    let (status, list) = call(
        &server,
        &phone,
        Method::GET,
        "/api/admin/sessions?username=meera",
        None,
    )
    .await;
    assert_eq!(status, 200);
    let id = list[0]["id"].clone();
    let (status, _) = call(
        &server,
        &phone,
        Method::DELETE,
        &format!("/api/admin/sessions/{id}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = call(
        &server,
        &editor,
        Method::PUT,
        "/api/admin/testimonials/1",
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 401, "{body}");

    // End the others: this one stays.
    let other = common::login(&server).await;
    let (status, body) = call(
        &server,
        &phone,
        Method::POST,
        "/api/admin/sessions/end-others",
        None,
    )
    .await;
    assert_eq!((status.as_u16(), body["ended"].clone()), (200, json!(1)));
    let (status, _) = call(&server, &other, Method::GET, "/api/admin/verify", None).await;
    assert_eq!(status, 401);
    let (status, _) = call(&server, &phone, Method::GET, "/api/admin/verify", None).await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test]
async fn a_password_is_asked_again_and_renews_the_proof() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, body) = owner
        .post("/api/admin/reauth", json!({ "password": "wrong one" }))
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = owner
        .post("/api/admin/reauth", json!({ "password": ADMIN_PASSWORD }))
        .await;
    assert_eq!(status, 200);
    assert!(body["reauthUntil"].is_string());
    server.stop().await;
}

#[tokio::test]
async fn an_idle_session_ends() {
    // A session idle for `session_idle` is refused; the guard compares with the server's clock, so
    // an idle limit of zero ends every session at its next call.
    let server = TestServer::start_with(studio::config::Layer {
        session_idle: Some("1ns".into()),
        ..Default::default()
    })
    .await;
    let token = token_of(&server, ADMIN_USER, ADMIN_PASSWORD).await;
    let (status, _) = call(&server, &token, Method::GET, "/api/admin/verify", None).await;
    assert_eq!(status, 401);
    assert!(
        server.app.store.sessions(None).unwrap().is_empty(),
        "ended, not kept"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_admin_of_every_earlier_release_is_an_owner_with_its_token() {
    for fixture in [
        "v1.redb",
        "v2-content.redb",
        "v2-photos.redb",
        "v4-pages.redb",
    ] {
        let (_dir, path) = fixture_copy(fixture);
        let store = Store::open(&path).expect(fixture);
        let admins = store.admins().expect("admins");
        // Some fixtures were written without an account; the first release's has its one.
        if admins.is_empty() {
            assert_ne!(fixture, "v1.redb");
            continue;
        }
        for a in &admins {
            assert_eq!((a.role, a.active), (Role::Owner, true), "{fixture}");
        }
        // A token as that release signed it still opens the panel.
        let admin = &admins[0];
        let key = store.hmac_key().expect("key");
        let now = studio::auth::now_secs();
        let token = studio::auth::issue_token(
            &key,
            admin.id,
            admin.token_generation,
            now,
            std::time::Duration::from_secs(3600),
        )
        .expect("token");
        drop(store);
        let server = TestServer::on_file(&path).await;
        let (status, body) = call(&server, &token, Method::GET, "/api/admin/verify", None).await;
        assert_eq!(status, 200, "{fixture}: {body}");
        assert_eq!(body["admin"]["role"], "owner");
        server.stop().await;
    }
}

#[test]
fn the_need_of_each_rule_is_one_of_the_roles() {
    // Every rule's need is decided by `allowed` for each role without panicking, and the Owner
    // may make every call.
    for rule in rules::all_rules() {
        assert!(
            rules::allowed(Role::Owner, rule.need).is_ok(),
            "{}",
            rule.path
        );
        if rule.need == Need::Owner {
            assert!(rules::allowed(Role::Editor, rule.need).is_err());
        }
    }
}
