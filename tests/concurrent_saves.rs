//! Admin saves at the same moment: whatever order their re-renders run in, the public pages, the
//! page data and the sitemap show the store's state once the last save has answered (within 2 s).

mod common;

use common::{TestServer, inlined};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const ROUNDS: usize = 25;
const WRITERS: usize = 4;

async fn page_data(server: &TestServer, path: &str) -> Value {
    let res = server.get(&format!("/api/page-data?path={path}")).await;
    assert_eq!(res.status(), 200, "{path}");
    res.json().await.unwrap()
}

async fn html(server: &TestServer, path: &str) -> (u16, String) {
    let res = server.get(path).await;
    (res.status().as_u16(), res.text().await.unwrap())
}

/// The value of a company setting as a page shows it.
fn setting(data: &Value, key: &str) -> String {
    data["settings"][key]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Waits up to 2 s for `check` to hold; answers the last failure otherwise.
async fn within_two_seconds<F, Fut>(mut check: F) -> Result<(), String>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(), String>>,
{
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        match check().await {
            Ok(()) => return Ok(()),
            Err(e) if Instant::now() >= until => return Err(e),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_settings_saves_leave_every_page_as_the_store_has_it() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let keys = [
        "company_phone",
        "company_address",
        "company_email",
        "company_name",
    ];
    for round in 0..ROUNDS {
        let mut writers = Vec::new();
        for (w, key) in keys.iter().enumerate().take(WRITERS) {
            let value = if *key == "company_email" {
                format!("w{w}-r{round}@studio.example")
            } else {
                format!("W{w} R{round}")
            };
            let owner = &owner;
            writers.push(async move {
                let (status, body) = owner
                    .post(
                        "/api/admin/company-settings",
                        json!({ "settingKey": key, "settingValue": value }),
                    )
                    .await;
                assert_eq!(status, 200, "{body}");
            });
        }
        futures_util::future::join_all(writers).await;
        let stored: Vec<(String, String)> = server
            .app
            .store
            .settings()
            .unwrap()
            .into_iter()
            .filter(|s| keys.contains(&s.key.as_str()))
            .map(|s| (s.key, s.value))
            .collect();
        let result = within_two_seconds(|| {
            let stored = stored.clone();
            let server = &server;
            async move {
                for path in ["/contact", "/", "/about"] {
                    let data = page_data(server, path).await;
                    let (status, page) = html(server, path).await;
                    assert_eq!(status, 200);
                    let shown = inlined(&page);
                    for (key, value) in &stored {
                        if setting(&data, key) != *value {
                            return Err(format!(
                                "round {round}: page data of {path} has {key} = {:?}, the store {value:?}",
                                setting(&data, key)
                            ));
                        }
                        if setting(&shown, key) != *value {
                            return Err(format!(
                                "round {round}: the HTML of {path} has {key} = {:?}, the store {value:?}",
                                setting(&shown, key)
                            ));
                        }
                    }
                }
                Ok(())
            }
        })
        .await;
        if let Err(e) = result {
            panic!("{e}");
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_unpublish_racing_other_saves_leaves_the_page_gone() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, projects) = owner.get("/api/admin/portfolio-projects").await;
    assert_eq!(status, 200);
    let projects = projects.as_array().unwrap().clone();
    for round in 0..ROUNDS.min(projects.len() * 2) {
        let project = &projects[round % projects.len()];
        let id = project["id"].as_u64().unwrap();
        let slug = project["slug"].as_str().unwrap().to_string();
        let publish = round % 2 == 1;
        let owner = &owner;
        let unpublish = async move {
            let (status, list) = owner.get("/api/admin/portfolio-projects").await;
            assert_eq!(status, 200, "{list}");
            let mut body = list
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["id"].as_u64() == Some(id))
                .unwrap()
                .clone();
            body["isActive"] = json!(publish);
            let (status, saved) = owner
                .put(&format!("/api/admin/portfolio-projects/{id}"), body)
                .await;
            assert_eq!(status, 200, "{saved}");
        };
        let other = async move {
            let phone =
                json!({ "settingKey": "company_phone", "settingValue": format!("+91 {round}") });
            let (status, body) = owner.post("/api/admin/company-settings", phone).await;
            assert_eq!(status, 200, "{body}");
        };
        futures_util::future::join(unpublish, other).await;
        let path = format!("/portfolio/{slug}");
        let result = within_two_seconds(|| {
            let (server, path) = (&server, path.clone());
            async move {
                let (status, _) = html(server, &path).await;
                // `/sitemap.xml` is made of these (and needs the site's address, unset here).
                let listed = server
                    .app
                    .shells
                    .pages()
                    .sitemap()
                    .iter()
                    .any(|e| e.path == path);
                let want = if publish { 200 } else { 404 };
                if status != want || listed != publish {
                    return Err(format!(
                        "round {round}: {path} published={publish}: answered {status}, in the sitemap {listed}"
                    ));
                }
                Ok(())
            }
        })
        .await;
        if let Err(e) = result {
            panic!("{e}");
        }
    }
    server.stop().await;
}
