//! `GET /api/admin/backup` against a real in-process server: only for a signed-in admin, a
//! download of a consistent, complete data file.

mod common;

use common::{TestServer, login};
use reqwest::Method;

#[tokio::test]
async fn the_backup_download_needs_an_admin() {
    let server = TestServer::start().await;
    let res = server.get("/api/admin/backup").await;
    assert_eq!(res.status(), 401);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["message"].is_string());
    let res = server
        .owner("not-a-token")
        .send(Method::GET, "/api/admin/backup")
        .await;
    assert_eq!(res.status(), 401);
    let res = server.send(Method::POST, "/api/admin/backup").await;
    assert_eq!(res.status(), 405, "a served path with the wrong method");
    server.stop().await;
}

#[tokio::test]
async fn an_admin_downloads_a_complete_consistent_data_file() {
    let server = TestServer::start().await;
    server
        .app
        .store
        .add_contact("Meera", "meera@example.in", "Saved before the backup")
        .unwrap();
    let token = login(&server).await;
    let res = server
        .owner(&token)
        .send(Method::GET, "/api/admin/backup")
        .await;
    assert_eq!(res.status(), 200);
    let header = |name: &str| {
        res.headers()
            .get(name)
            .unwrap_or_else(|| panic!("no {name}"))
            .to_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(header("content-type"), "application/octet-stream");
    assert_eq!(header("cache-control"), "no-store");
    let disposition = header("content-disposition");
    assert!(
        disposition.starts_with("attachment; filename=\"studio-backup-")
            && disposition.ends_with(".redb\""),
        "{disposition}"
    );
    let length: usize = header("content-length").parse().unwrap();
    let body = res.bytes().await.unwrap();
    assert_eq!(body.len(), length);

    let copy = server.dir.path().join("downloaded.redb");
    std::fs::write(&copy, &body).unwrap();
    studio::backup::verify(&copy).unwrap();
    let store = studio::store::Store::open(&copy).unwrap();
    let messages = store.contacts().unwrap();
    assert_eq!(messages[0].message, "Saved before the backup");
    assert_eq!(
        store.admin_count().unwrap(),
        1,
        "the admin comes with the backup"
    );
    let leftovers: Vec<_> = std::fs::read_dir(server.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains(".download-"))
        .collect();
    assert!(leftovers.is_empty(), "temp copies left: {leftovers:?}");
    server.stop().await;
}
