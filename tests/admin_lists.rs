//! The panel's lists in pages (issue 33): `?offset=&limit=` on the admin list calls answers one page
//! with the total, without them SPEC's plain array; a bad number is a 400 naming it.

mod common;

use common::{TestServer, call, login};
use reqwest::Method;

#[tokio::test]
async fn admin_lists_come_in_pages_when_asked() {
    let server = TestServer::start().await;
    let token = login(&server).await;
    let (status, all) = call(
        &server,
        &token,
        Method::GET,
        "/api/admin/portfolio-projects",
        None,
    )
    .await;
    assert_eq!(status, 200);
    let all = all.as_array().unwrap().clone();
    assert!(all.len() >= 3);
    let (status, page) = call(
        &server,
        &token,
        Method::GET,
        "/api/admin/portfolio-projects?offset=1&limit=2",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(page["total"], all.len());
    assert_eq!(page["offset"], 1);
    assert_eq!(page["limit"], 2);
    assert_eq!(page["items"].as_array().unwrap(), &all[1..3]);
    let (status, news) = call(
        &server,
        &token,
        Method::GET,
        "/api/admin/news-items?limit=1",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(news["items"].as_array().unwrap().len(), 1);
    let (status, body) = call(
        &server,
        &token,
        Method::GET,
        "/api/admin/news-items?limit=x",
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("limit "),
        "{body}"
    );
    server.stop().await;
}
