//! The owner's account over real HTTP (docs/admin-api.md, "Account"): changing the password from
//! the panel (checked, counted by the sign-in limits, revoking every earlier session) and signing
//! out everywhere.

mod common;

use common::{ADMIN_PASSWORD, ADMIN_USER, TestServer, login};
use reqwest::Method;
use serde_json::{Value, json};

const NEW_PASSWORD: &str = "a-brand-new-passphrase";

async fn login_with(server: &TestServer, password: &str) -> reqwest::Response {
    server.sign_in_as(ADMIN_USER, password).await
}

async fn change(server: &TestServer, token: &str, current: &str, new: &str) -> (u16, Value) {
    let res = server
        .client
        .post(server.url("/api/admin/password"))
        .bearer_auth(token)
        .json(&json!({ "currentPassword": current, "newPassword": new }))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    assert_eq!(res.headers()["content-type"], "application/json");
    (status, res.json().await.unwrap())
}

async fn verify(server: &TestServer, token: &str) -> u16 {
    server
        .owner(token)
        .send(Method::GET, "/api/admin/verify")
        .await
        .status()
        .as_u16()
}

#[tokio::test]
async fn a_password_change_signs_out_every_other_session() {
    let server = TestServer::start().await;
    let here = login(&server).await;
    let elsewhere = login(&server).await;

    let (status, body) = change(&server, &here, ADMIN_PASSWORD, "short-11chr").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap().contains("12"));
    let (status, body) = change(&server, &here, "", NEW_PASSWORD).await;
    assert_eq!(status, 400, "{body}");

    let (status, body) = change(&server, &here, ADMIN_PASSWORD, NEW_PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Password changed successfully");
    assert_eq!(body["admin"]["username"], ADMIN_USER);
    assert!(body["expiresAt"].is_string());
    let fresh = body["token"].as_str().unwrap().to_string();

    assert_eq!(
        verify(&server, &here).await,
        401,
        "the old token is refused"
    );
    assert_eq!(verify(&server, &elsewhere).await, 401);
    assert_eq!(verify(&server, &fresh).await, 200, "the fresh token works");
    assert_eq!(login_with(&server, ADMIN_PASSWORD).await.status(), 401);
    assert_eq!(login_with(&server, NEW_PASSWORD).await.status(), 200);

    // Without a session there is nothing to change.
    let res = server
        .post_json(
            "/api/admin/password",
            &json!({ "currentPassword": NEW_PASSWORD, "newPassword": "another-long-one" }),
        )
        .await;
    assert_eq!(res.status(), 401);
    server.stop().await;
}

#[tokio::test]
async fn a_wrong_current_password_is_refused_and_counted_like_a_sign_in() {
    let server = TestServer::start().await;
    let token = login(&server).await;
    for _ in 0..5 {
        let (status, body) = change(&server, &token, "not-the-password", NEW_PASSWORD).await;
        assert_eq!(status, 403, "{body}");
        assert_eq!(body["message"], "Your current password is not correct.");
    }
    // The sixth guess meets the sign-in limit, even with the right password, and so does a sign-in.
    let (status, body) = change(&server, &token, ADMIN_PASSWORD, NEW_PASSWORD).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(login_with(&server, ADMIN_PASSWORD).await.status(), 429);
    // Nothing changed: the session is still good, the old password still the one.
    assert_eq!(verify(&server, &token).await, 200);
    let admin = server
        .app
        .store
        .admin_by_username(ADMIN_USER)
        .unwrap()
        .unwrap();
    assert!(studio::auth::verify_password(
        &admin.password_hash,
        ADMIN_PASSWORD
    ));
    server.stop().await;
}

#[tokio::test]
async fn sign_out_everywhere_ends_every_session() {
    let server = TestServer::start().await;
    let a = login(&server).await;
    let b = login(&server).await;
    let res = server
        .owner(&a)
        .send(Method::POST, "/api/admin/sign-out-everywhere")
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(verify(&server, &a).await, 401);
    assert_eq!(verify(&server, &b).await, 401);
    assert_eq!(verify(&server, &login(&server).await).await, 200);
    let res = server
        .owner(&a)
        .send(Method::GET, "/api/admin/sign-out-everywhere")
        .await;
    assert_eq!(res.status(), 405);
    server.stop().await;
}

/// The password a first run printed: the server says so until the owner chooses one, so that the
/// panel can lead to Account at the first sign-in.
#[tokio::test]
async fn the_printed_first_password_is_known_until_the_owner_chooses_one() {
    let server = TestServer::start().await;
    let generated = |token: String| {
        let server = &server;
        async move {
            let res = server
                .client
                .get(server.url("/api/admin/verify"))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            let body: Value = res.json().await.unwrap();
            body["passwordIsGenerated"].clone()
        }
    };
    let token = login(&server).await;
    assert_eq!(generated(token.clone()).await, json!(false), "a chosen one");
    server
        .app
        .store
        .mark_password_generated(ADMIN_USER)
        .unwrap();
    assert_eq!(generated(token.clone()).await, json!(true));
    let (status, body) = change(&server, &token, ADMIN_PASSWORD, NEW_PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let fresh = body["token"].as_str().unwrap().to_string();
    assert_eq!(generated(fresh).await, json!(false));
    server.stop().await;
}
