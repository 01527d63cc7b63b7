//! The history of projects, news items, testimonials and hero slides against a real server: every
//! save a version (who, which fields), the optional `version` of a PUT with its 409, a restore as a
//! new version, and SPEC's calls unchanged without a version.

mod common;

use common::TestServer;
use serde_json::{Value, json};

/// One kind: its path, a new record's body, and a field to change with its new value.
struct Kind {
    path: &'static str,
    body: Value,
    field: &'static str,
    value: Value,
}

fn kinds() -> Vec<Kind> {
    vec![
        Kind {
            path: "/api/admin/portfolio-projects",
            body: json!({
                "title": "Lake House", "category": "Residential", "description": "A house by a lake",
                "isActive": false
            }),
            field: "title",
            value: json!("Lake Pavilion"),
        },
        Kind {
            path: "/api/admin/news-items",
            body: json!({ "date": "2025-02-01", "title": "We moved", "content": "To Road No. 36" }),
            field: "content",
            value: json!("To Road No. 36, Jubilee Hills"),
        },
        Kind {
            path: "/api/admin/testimonials",
            body: json!({ "quote": "Calm and careful", "name": "Ravi", "role": "Homeowner" }),
            field: "quote",
            value: json!("Calm, careful and on time"),
        },
        Kind {
            path: "/api/admin/hero-slides",
            body: json!({ "title": "Light", "imageUrl": "/images/hero-1.webp" }),
            field: "title",
            value: json!("Light and Air"),
        },
    ]
}

#[tokio::test]
async fn every_kind_keeps_its_versions_refuses_a_stale_save_and_restores() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    for kind in kinds() {
        let path = kind.path;
        let (status, created) = owner.post(path, kind.body.clone()).await;
        assert_eq!(status, 201, "{path}: {created}");
        assert_eq!(created["version"], 1, "{path}");
        let item = format!("{path}/{}", created["id"]);
        let original = created[kind.field].clone();

        let mut edit = created.clone();
        edit[kind.field] = kind.value.clone();
        let (status, saved) = owner.put(&item, edit.clone()).await;
        assert_eq!(status, 200, "{path}: {saved}");
        assert_eq!(saved["version"], 2);
        assert_eq!(saved[kind.field], kind.value);

        // The same edit from a tab that still holds version 1: refused, nothing overwritten.
        let mut stale = edit.clone();
        stale[kind.field] = json!("From an old tab");
        let (status, body) = owner.put(&item, stale).await;
        assert_eq!(status, 409, "{path}: {body}");
        let (_, list) = owner.get(path).await;
        let listed = list
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == created["id"])
            .unwrap()
            .clone();
        assert_eq!(listed[kind.field], kind.value, "{path}");
        assert_eq!(listed["version"], 2, "{path}: the list carries versions");

        // Without a version, as SPEC's calls send it: saved over whatever is current.
        let mut unversioned = edit.clone();
        unversioned.as_object_mut().unwrap().remove("version");
        let (status, saved) = owner.put(&item, unversioned).await;
        assert_eq!(status, 200, "{path}: {saved}");
        assert_eq!(saved["version"], 3);

        let (status, history) = owner.get(&format!("{item}/revisions")).await;
        assert_eq!(status, 200);
        let history = history.as_array().unwrap().clone();
        let versions: Vec<u64> = history
            .iter()
            .map(|r| r["version"].as_u64().unwrap())
            .collect();
        assert_eq!(versions, vec![3, 2, 1], "{path}");
        assert!(history.iter().all(|r| r["savedBy"] == "admin"));
        assert_eq!(history[1]["changed"], json!([kind.field]), "{path}");
        assert_eq!(history[0]["changed"], json!([]), "{path}: saved unchanged");

        let (status, first) = owner.get(&format!("{item}/revisions/1")).await;
        assert_eq!(status, 200);
        assert_eq!(
            first["content"][kind.field], original,
            "{path}: in the API's shape"
        );

        let (status, restored) = owner
            .post_empty(&format!("{item}/revisions/1/restore"))
            .await;
        assert_eq!(status, 200, "{path}: {restored}");
        assert_eq!(restored["version"], 4);
        assert_eq!(restored[kind.field], original);
        assert_eq!(restored["id"], created["id"]);

        for missing in [
            format!("{item}/revisions/9"),
            format!("{path}/999999/revisions"),
        ] {
            let (status, _) = owner.get(&missing).await;
            assert_eq!(status, 404, "{missing}");
        }
        let (status, _) = owner
            .post_empty(&format!("{item}/revisions/9/restore"))
            .await;
        assert_eq!(status, 404);
        let (status, body) = owner
            .put(&item, {
                let mut b = edit.clone();
                b["version"] = json!("two");
                b
            })
            .await;
        assert_eq!(status, 400, "{path}: {body}");

        // A deleted record takes its history with it.
        let (status, _) = owner.delete(&item).await;
        assert_eq!(status, 200);
        let (status, _) = owner.get(&format!("{item}/revisions")).await;
        assert_eq!(status, 404);
    }
    server.stop().await;
}

#[tokio::test]
async fn seeded_records_start_at_version_one_and_a_restored_project_keeps_its_place_and_redirect() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (_, projects) = owner.get("/api/admin/portfolio-projects").await;
    let project = projects
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["slug"] == "modern-serenity")
        .unwrap()
        .clone();
    assert_eq!(project["version"], 1);
    let item = format!("/api/admin/portfolio-projects/{}", project["id"]);
    let (_, history) = owner.get(&format!("{item}/revisions")).await;
    assert_eq!(history[0]["savedBy"], "seed");

    let mut renamed = project.clone();
    renamed["slug"] = json!("serene-modern");
    renamed["gallery"][1]["alt"] = json!("The living room at dusk");
    let (status, saved) = owner.put(&item, renamed).await;
    assert_eq!(status, 200, "{saved}");
    let (_, history) = owner.get(&format!("{item}/revisions")).await;
    assert_eq!(history[0]["changed"], json!(["gallery[1].alt", "slug"]));

    // Moved to the end of the list, then version 1 restored: the old slug is back, the place stays.
    let ids: Vec<Value> = {
        let mut ids: Vec<Value> = projects
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].clone())
            .collect();
        ids.retain(|id| *id != project["id"]);
        ids.push(project["id"].clone());
        ids
    };
    let (status, _) = owner
        .put("/api/admin/portfolio-projects/order", json!({ "ids": ids }))
        .await;
    assert_eq!(status, 200);
    let (status, restored) = owner
        .post_empty(&format!("{item}/revisions/1/restore"))
        .await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(restored["slug"], "modern-serenity");
    assert_eq!(
        restored["order"],
        ids.len() as i64 - 1,
        "keeps its current place"
    );
    assert_eq!(server.get("/portfolio/modern-serenity").await.status(), 200);
    let res = server.get("/portfolio/serene-modern").await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/portfolio/modern-serenity");
    server.stop().await;
}
