//! `GET /api/admin/release`: the installed version and the newer release the daily look found,
//! for the Overview's "Version 0.x.y is available"; admins only.

mod common;

use common::{TestServer, call, login};
use studio::host::update_check::Available;

#[tokio::test]
async fn the_overview_learns_of_a_newer_release_from_the_admin_api() {
    let server = TestServer::start().await;
    let anonymous = server.get("/api/admin/release").await;
    assert_eq!(anonymous.status(), 401);

    let token = login(&server).await;
    let release = || {
        call(
            &server,
            &token,
            reqwest::Method::GET,
            "/api/admin/release",
            None,
        )
    };
    let (status, body) = release().await;
    assert_eq!(status, 200);
    assert_eq!(body["installed"], env!("CARGO_PKG_VERSION"));
    assert!(body["available"].is_null(), "{body}");
    assert!(
        body["howToUpdate"]
            .as_str()
            .unwrap()
            .contains("sudo studio update")
    );

    server.app.latest_release.set(Some(Available {
        version: "0.9.0".into(),
        date: "2026-12-01".into(),
        notes: "Faster pages.".into(),
    }));
    let (_, body) = release().await;
    assert_eq!(body["available"]["version"], "0.9.0");
    assert_eq!(body["available"]["notes"], "Faster pages.");
    server.stop().await;
}
