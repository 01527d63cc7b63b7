//! The panel's lists in pages (issue 33): `?offset=&limit=` on the admin list calls answers one page
//! with the total, without them SPEC's plain array; a bad number is a 400 naming it.

mod common;

use common::TestServer;

#[tokio::test]
async fn admin_lists_come_in_pages_when_asked() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, all) = owner.get("/api/admin/portfolio-projects").await;
    assert_eq!(status, 200);
    let all = all.as_array().unwrap().clone();
    assert!(all.len() >= 3);
    let (status, page) = owner
        .get("/api/admin/portfolio-projects?offset=1&limit=2")
        .await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], all.len());
    assert_eq!(page["offset"], 1);
    assert_eq!(page["limit"], 2);
    assert_eq!(page["items"].as_array().unwrap(), &all[1..3]);
    let (status, news) = owner.get("/api/admin/news-items?limit=1").await;
    assert_eq!(status, 200);
    assert_eq!(news["items"].as_array().unwrap().len(), 1);
    let (status, body) = owner.get("/api/admin/news-items?limit=x").await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("limit "),
        "{body}"
    );
    server.stop().await;
}
