//! The admin calls of SPEC §7 over real HTTP: every row of the table, with the SPEC's field names,
//! and every write showing in the site data inlined in the public pages.

mod common;

use common::{ADMIN_PASSWORD, ADMIN_USER, TestServer, texts};
use reqwest::Method;
use serde_json::{Value, json};

/// The site data the server inlined in a public page.
async fn site_data(server: &TestServer) -> Value {
    common::inlined(&server.get("/").await.text().await.unwrap())
}

#[tokio::test]
async fn login_gives_a_token_and_the_admin_and_verify_accepts_it() {
    let server = TestServer::start().await;
    let res = server.sign_in_as(ADMIN_USER, ADMIN_PASSWORD).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let body: Value = res.json().await.unwrap();
    let token = body["token"].as_str().unwrap();
    assert!(token.len() > 40, "{token}");
    assert_eq!(body["admin"]["username"], ADMIN_USER);
    assert!(body["admin"]["id"].is_u64());
    assert!(body["admin"].get("passwordHash").is_none());
    humantime::parse_rfc3339(body["expiresAt"].as_str().unwrap()).unwrap();

    let (status, verify) = server.owner(token).get("/api/admin/verify").await;
    assert_eq!(status, 200);
    assert_eq!(
        verify,
        json!({ "admin": body["admin"], "passwordIsGenerated": false, "mailConfigured": false })
    );
    server.stop().await;
}

#[tokio::test]
async fn wrong_credentials_get_the_same_answer_for_unknown_users() {
    let server = TestServer::start().await;
    let mut answers = Vec::new();
    for (username, password) in [(ADMIN_USER, "wrong password"), ("nobody", ADMIN_PASSWORD)] {
        let res = server.sign_in_as(username, password).await;
        let status = res.status();
        let mut headers: Vec<(String, String)> = res
            .headers()
            .iter()
            .filter(|(k, _)| *k != "date")
            .map(|(k, v)| (k.to_string(), v.to_str().unwrap().to_string()))
            .collect();
        headers.sort();
        answers.push((status, headers, res.text().await.unwrap()));
    }
    assert_eq!(answers[0].0, 401);
    assert_eq!(answers[0].2, r#"{"message":"Invalid credentials"}"#);
    assert_eq!(answers[0], answers[1]);

    let res = server.sign_in_as(ADMIN_USER, "").await;
    assert_eq!(res.status(), 400);
    server.stop().await;
}

#[tokio::test]
async fn hero_slides_are_listed_created_updated_and_deleted() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let path = "/api/admin/hero-slides";

    let (status, seeded) = owner.get(path).await;
    assert_eq!(status, 200);
    let seeded = seeded.as_array().unwrap().clone();
    assert_eq!(seeded.len(), 3);
    for field in [
        "id",
        "title",
        "subtitle",
        "imageUrl",
        "buttonText",
        "buttonLink",
        "order",
        "isActive",
        "createdAt",
    ] {
        assert!(seeded[0].get(field).is_some(), "{field}: {}", seeded[0]);
    }

    let (status, created) = owner
        .post(
            path,
            json!({
                "title": "  Monsoon Light  ",
                "subtitle": "A calm villa",
                "imageUrl": "/images/hero-2.webp",
                "buttonText": "See it",
                "buttonLink": "/portfolio/modern-serenity",
                "order": -1,
            }),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["title"], "Monsoon Light", "trimmed");
    assert_eq!(created["order"], -1);
    assert_eq!(created["isActive"], true, "active by default");
    let id = created["id"].as_u64().unwrap();

    // Ordered by order, then creation: -1 comes first.
    let (_, list) = owner.get(path).await;
    assert_eq!(list[0]["id"], id);
    assert_eq!(
        site_data(&server).await["heroSlides"][0]["title"],
        "Monsoon Light"
    );

    // order: 0 when missing or not a number; equal orders keep creation order.
    let (_, a) = owner
        .post(
            path,
            json!({ "title": "A", "imageUrl": "https://example.com/a.jpg", "order": "abc" }),
        )
        .await;
    assert_eq!(a["order"], 0);
    let (_, b) = owner
        .post(
            path,
            json!({ "title": "B", "imageUrl": "/images/hero-3.webp" }),
        )
        .await;
    assert_eq!(b["order"], 0);
    let (_, list) = owner.get(path).await;
    let titles = texts(&list, "title");
    let pos = |t: &str| titles.iter().position(|x| *x == t).unwrap();
    assert!(pos("A") < pos("B"), "{titles:?}");
    let orders: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["order"].as_i64().unwrap())
        .collect();
    assert!(orders.windows(2).all(|w| w[0] <= w[1]), "{orders:?}");

    // title and imageUrl are required.
    for body in [
        json!({ "imageUrl": "/images/hero-1.webp" }),
        json!({ "title": "   ", "imageUrl": "/images/hero-1.webp" }),
        json!({ "title": "No image" }),
    ] {
        let (status, err) = owner.post(path, body).await;
        assert_eq!(status, 400);
        assert!(err["message"].is_string());
    }

    // Update: inactive slides leave the public pages.
    let (status, updated) = owner
        .put(
            &format!("{path}/{id}"),
            json!({
                "title": "Monsoon Light II",
                "imageUrl": "/images/hero-2.webp",
                "order": 4,
                "isActive": false,
            }),
        )
        .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["title"], "Monsoon Light II");
    assert_eq!(updated["isActive"], false);
    assert_eq!(updated["createdAt"], created["createdAt"]);
    let public = site_data(&server).await.to_string();
    assert!(!public.contains("Monsoon Light"), "{public}");

    let (status, err) = owner
        .put(
            &format!("{path}/999999"),
            json!({ "title": "x", "imageUrl": "/x.png" }),
        )
        .await;
    assert_eq!(status, 404);
    assert!(err["message"].is_string());

    // Delete.
    let (status, _) = owner.delete(&format!("{path}/{id}")).await;
    assert_eq!(status, 200);
    let (status, _) = owner.delete(&format!("{path}/{id}")).await;
    assert_eq!(status, 404);
    let (status, _) = owner.delete(&format!("{path}/x")).await;
    assert_eq!(status, 404);
    let (_, list) = owner.get(path).await;
    assert!(list.as_array().unwrap().iter().all(|s| s["id"] != id));
    server.stop().await;
}

#[tokio::test]
async fn portfolio_projects_and_messages_are_listed() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, projects) = owner.get("/api/admin/portfolio-projects").await;
    assert_eq!(status, 200);
    let projects = projects.as_array().unwrap();
    assert_eq!(projects.len(), 7);
    assert_eq!(projects[0]["title"], "Modern Serenity");
    for p in projects {
        assert!(p["id"].is_u64() && p["title"].is_string() && p["description"].is_string());
        assert!(p["isActive"].is_boolean());
    }

    let (status, empty) = owner.get("/api/contacts").await;
    assert_eq!(status, 200);
    assert_eq!(empty, json!([]));
    let store = server.app.store.clone();
    store
        .add_contact("Asha", "asha@example.in", "first")
        .unwrap();
    store
        .add_contact("Ravi", "ravi@example.in", "second")
        .unwrap();
    let (_, messages) = owner.get("/api/contacts").await;
    let messages = messages.as_array().unwrap();
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[0]["message"], "second", "newest first");
    assert_eq!(messages[1]["name"], "Asha");
    assert_eq!(messages[1]["email"], "asha@example.in");
    assert!(messages[0]["id"].is_u64());
    let created = messages[0]["createdAt"].as_str().unwrap();
    humantime::parse_rfc3339(created).unwrap();
    assert!(created.ends_with('Z') && created.contains('T'), "{created}");
    server.stop().await;
}

#[tokio::test]
async fn company_settings_are_listed_and_upserted_by_key() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let path = "/api/admin/company-settings";
    let (status, list) = owner.get(path).await;
    assert_eq!(status, 200);
    let list = list.as_array().unwrap().clone();
    let phone = list
        .iter()
        .find(|s| s["settingKey"] == "company_phone")
        .unwrap()
        .clone();
    for field in ["id", "settingKey", "settingValue", "description"] {
        assert!(phone.get(field).is_some(), "{field}");
    }

    let (status, saved) = owner
        .post(
            path,
            json!({
                "settingKey": "company_phone",
                "settingValue": "+91 98480 11111",
                "description": "Company phone",
            }),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["settingValue"], "+91 98480 11111");
    assert_eq!(saved["id"], phone["id"], "same key, same record");
    assert_eq!(
        site_data(&server).await["settings"]["company_phone"],
        "+91 98480 11111"
    );

    // A multi-line address keeps its line breaks; a new key gets a description from its name.
    let (_, address) = owner.post(path, json!({ "settingKey": "company_address", "settingValue": "Road 12\nBanjara Hills\nHyderabad" }))
    .await;
    assert_eq!(address["settingValue"], "Road 12\nBanjara Hills\nHyderabad");
    let (_, gst) = owner
        .post(
            path,
            json!({ "settingKey": "company_gst_number", "settingValue": "36AAAAA0000A1Z5" }),
        )
        .await;
    assert_eq!(gst["description"], "Company gst number");
    let (_, list) = owner.get(path).await;
    assert_eq!(list.as_array().unwrap().len(), 15);

    // The logo: an uploaded file's URL, then the logo setting (the SPEC's two steps).
    let (_, logo) = owner
        .post(
            path,
            json!({
                "settingKey": "company_logo",
                "settingValue": "/media/0123456789abcdef0123456789abcdef.png",
                "description": "Company logo URL",
            }),
        )
        .await;
    assert_eq!(
        logo["settingValue"],
        "/media/0123456789abcdef0123456789abcdef.png"
    );
    for body in [
        json!({ "settingValue": "x" }),
        json!({ "settingKey": "company_phone" }),
        json!({ "settingKey": "Company Phone!", "settingValue": "x" }),
    ] {
        let (status, _) = owner.post(path, body).await;
        assert_eq!(status, 400);
    }
    server.stop().await;
}

#[tokio::test]
async fn an_uploaded_image_is_served_from_media_under_its_hash() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let png =
        b"\x89PNG\x0d\x0a\x1a\x0a\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\x0bIDATx\x9cc`\x00\x02\x00\x00\x05\x00\x01z^\xab?\x00\x00\x00\x00IEND\xaeB`\x82"
        .to_vec();
    let upload = || async {
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(png.clone())
                .file_name("Logo Final (2).PNG")
                .mime_str("application/octet-stream")
                .unwrap(),
        );
        let res = server
            .client
            .post(server.url("/api/admin/media-files"))
            .bearer_auth(&owner.token)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
        let body: Value = res.json().await.unwrap();
        body["fileUrl"].as_str().unwrap().to_string()
    };
    let url = upload().await;
    let name = url.strip_prefix("/media/").unwrap();
    assert!(name.ends_with(".png") && name.len() == 36, "{url}");
    assert_eq!(upload().await, url, "the same bytes, the same name");

    let res = server.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/png");
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    // Re-encoded (src/media/), never served as uploaded; its one WebP variant beside it.
    assert!(res.bytes().await.unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(
        server.app.store.media_names().unwrap(),
        vec![format!("{}-1.webp", &name[..32]), name.to_string()]
    );
    server.stop().await;
}

#[tokio::test]
async fn every_admin_call_needs_a_token() {
    let server = TestServer::start().await;
    server
        .assert_each_wants_a_token(
            &[
                (Method::GET, "/api/admin/verify"),
                (Method::GET, "/api/admin/hero-slides"),
                (Method::POST, "/api/admin/hero-slides"),
                (Method::PUT, "/api/admin/hero-slides/1"),
                (Method::DELETE, "/api/admin/hero-slides/1"),
                (Method::GET, "/api/admin/portfolio-projects"),
                (Method::GET, "/api/contacts"),
                (Method::GET, "/api/admin/company-settings"),
                (Method::POST, "/api/admin/company-settings"),
                (Method::POST, "/api/admin/media-files"),
            ],
            &json!({ "title": "x", "imageUrl": "/x.png" }),
        )
        .await;
    assert_eq!(server.app.store.hero_slides().unwrap().len(), 3);
    assert!(server.app.store.admins().unwrap().len() == 1);
    server.stop().await;
}
