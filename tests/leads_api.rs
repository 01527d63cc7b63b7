//! Leads over real HTTP (docs/admin-api.md, "Leads"; issue 31): the contact form's new fields and
//! source, SPEC's three-field call unchanged, stages, notes, follow-ups, leads added by hand, the
//! lead settings, the CSV, and every earlier release's data file opening with its messages as leads.

mod common;

use common::{Owner, TestServer, fixture_copy};
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;
use studio::store::Store;

async fn post(server: &TestServer, mut body: Value) -> (u16, Value) {
    body["formToken"] = json!(server.form_token(Duration::from_secs(30)));
    let res = server.post_json("/api/contact", &body).await;
    (res.status().as_u16(), res.json().await.unwrap())
}

fn enquiry() -> Value {
    json!({
        "name": "Asha Reddy",
        "email": "asha@example.in",
        "message": "Our new flat needs a complete interior.",
        "phone": "+91-98480-12345",
        "projectType": "Residential",
        "locality": "Gachibowli",
        "size": "3BHK",
        "budget": "₹25-50 lakh",
        "timeline": "Within 3 months",
        "heardFrom": "Instagram",
        "source": {
            "page": "/contact",
            "landing": "/portfolio/modern-serenity?utm_source=instagram",
            "referrer": "https://l.instagram.com/",
            "utmSource": "instagram",
            "utmMedium": "social",
            "utmCampaign": "diwali"
        }
    })
}

async fn list(owner: &Owner<'_>, query: &str) -> Value {
    let (status, body) = owner.get(&format!("/api/contacts{query}")).await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn spec_s_three_field_call_is_unchanged_and_its_message_is_a_new_lead() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, body) = post(
        &server,
        json!({"name": "Ravi", "email": "ravi@example.in", "message": "Hello"}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(
        body,
        json!({"id": body["id"], "message": "Your message has been sent successfully."})
    );
    let (status, body) = post(
        &server,
        json!({"name": "", "email": "r@example.in", "message": "x"}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("Please fill out all fields."))
    );

    let all = list(&owner, "").await;
    let m = &all[0];
    for spec in ["id", "name", "email", "message", "createdAt"] {
        assert!(m.get(spec).is_some(), "{spec} in {m}");
    }
    assert_eq!(m["stage"], "new");
    assert_eq!(m["phone"], Value::Null);
    assert_eq!(m["followUpOn"], Value::Null);
    assert_eq!(m["notes"], json!([]));
    server.stop().await;
}

#[tokio::test]
async fn a_qualified_enquiry_keeps_its_fields_phone_in_e164_and_its_source() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, body) = post(&server, enquiry()).await;
    assert_eq!(status, 201, "{body}");
    let m = &list(&owner, "").await[0];
    assert_eq!(m["phone"], "+919848012345");
    assert_eq!(m["projectType"], "Residential");
    assert_eq!(
        m["qualification"],
        "Residential · 3BHK · Gachibowli · ₹25-50 lakh · Within 3 months"
    );
    assert_eq!(
        m["source"]["landing"],
        "/portfolio/modern-serenity?utm_source=instagram"
    );
    assert_eq!(m["source"]["referrer"], "l.instagram.com");
    assert_eq!(m["source"]["utmCampaign"], "diwali");
    assert_eq!(m["heardFrom"], "Instagram");

    for (typed, e164) in [
        ("98480 12345", "+919848012345"),
        ("040 2345 6789", "+914023456789"),
        ("+44 20 7946 0958", "+442079460958"),
    ] {
        let mut b = enquiry();
        b["phone"] = json!(typed);
        assert_eq!(post(&server, b).await.0, 201, "{typed}");
        assert_eq!(list(&owner, "").await[0]["phone"], e164, "{typed}");
    }
    server.stop().await;
}

#[tokio::test]
async fn bad_fields_are_refused_naming_the_field_and_nothing_is_stored() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    for (field, value) in [
        ("phone", json!("12345")),
        ("phone", json!("call me maybe")),
        ("projectType", json!("Palace")),
        ("budget", json!("₹5 crore")),
        ("timeline", json!("someday")),
        ("size", json!("x".repeat(51))),
    ] {
        let mut b = enquiry();
        b[field] = value;
        let (status, body) = post(&server, b).await;
        assert_eq!(status, 400, "{field}: {body}");
        assert_eq!(body["field"], field, "{body}");
        assert!(body["message"].as_str().unwrap().len() > 10, "{body}");
    }
    // A field the owner made required, left empty.
    let (status, _) = owner
        .put(
            "/api/admin/lead-settings",
            json!({"fields": {"phone": "required", "heardFrom": "hidden"}}),
        )
        .await;
    assert_eq!(status, 200);
    let mut b = enquiry();
    b["phone"] = json!("  ");
    let (status, body) = post(&server, b).await;
    assert_eq!((status, &body["field"]), (400, &json!("phone")), "{body}");
    assert_eq!(body["message"], "Phone is required.");
    assert_eq!(list(&owner, "").await, json!([]));
    // SPEC's call without a phone now misses a required field, and says so.
    let (status, body) = post(
        &server,
        json!({"name": "R", "email": "r@example.in", "message": "x"}),
    )
    .await;
    assert_eq!((status, &body["field"]), (400, &json!("phone")));
    // A hidden field is not kept.
    assert_eq!(post(&server, enquiry()).await.0, 201);
    assert_eq!(list(&owner, "").await[0]["heardFrom"], "");
    server.stop().await;
}

#[tokio::test]
async fn the_owner_moves_a_lead_adds_notes_and_a_follow_up_and_filters_by_stage() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    assert_eq!(post(&server, enquiry()).await.0, 201);
    assert_eq!(post(&server, enquiry()).await.0, 201);
    let id = list(&owner, "").await[0]["id"].as_u64().unwrap();
    let path = format!("/api/contacts/{id}");

    let (status, m) = owner
        .patch(
            &path,
            json!({"stage": "contacted", "followUpOn": "2026-12-03"}),
        )
        .await;
    assert_eq!(status, 200, "{m}");
    assert_eq!(
        (m["stage"].as_str(), m["followUpOn"].as_str()),
        (Some("contacted"), Some("2026-12-03"))
    );
    let last = m["moves"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["stage"].as_str(), last["by"].as_str()),
        (Some("contacted"), Some("admin"))
    );

    for (body, names) in [
        (json!({"stage": "dreaming"}), "stage"),
        (json!({"followUpOn": "2026-02-30"}), "followUpOn"),
        (json!({"followUpOn": 5}), "followUpOn"),
        (json!({}), "stage"),
    ] {
        let (status, e) = owner.patch(&path, body.clone()).await;
        assert_eq!(status, 400, "{body}");
        assert!(e["message"].as_str().unwrap().contains(names), "{e}");
    }
    assert_eq!(
        owner
            .patch("/api/contacts/999", json!({"stage": "won"}))
            .await
            .0,
        404
    );

    let (status, note) = owner
        .post(
            &format!("{path}/notes"),
            json!({"text": "Called; site visit on Saturday."}),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(
        (note["id"].as_u64(), note["by"].as_str()),
        (Some(1), Some("admin"))
    );
    assert!(note["at"].as_str().unwrap().ends_with('Z'));
    for bad in [json!({"text": " "}), json!({"text": "x".repeat(2001)})] {
        assert_eq!(owner.post(&format!("{path}/notes"), bad).await.0, 400);
    }

    let contacted = list(&owner, "?stage=contacted").await;
    assert_eq!(contacted.as_array().unwrap().len(), 1);
    assert_eq!(
        contacted[0]["notes"][0]["text"],
        "Called; site visit on Saturday."
    );
    let page = list(&owner, "?limit=10&sort=followUp").await;
    assert_eq!(page["stages"], json!({"contacted": 1, "new": 1}));
    assert_eq!(page["messages"][0]["id"], id, "the dated follow-up first");
    // Clearing the date.
    let (_, m) = owner.patch(&path, json!({"followUpOn": null})).await;
    assert_eq!(m["followUpOn"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn a_lead_added_by_hand_needs_a_name_and_a_phone_or_email() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, m) = owner.post("/api/contacts", json!({"name": "Walk-in: Mr Rao", "phone": "9848012345", "locality": "Kokapet", "stage": "site-visit", "followUpOn": "2026-12-05"}))
    .await;
    assert_eq!(status, 201, "{m}");
    assert_eq!(
        (
            m["phone"].as_str(),
            m["stage"].as_str(),
            m["addedBy"].as_str()
        ),
        (Some("+919848012345"), Some("site-visit"), Some("admin"))
    );
    assert_eq!(
        (m["read"].as_bool(), m["email"].as_str()),
        (Some(true), Some(""))
    );
    for (body, field) in [
        (json!({"phone": "9848012345"}), "name"),
        (json!({"name": "Rao"}), "phone"),
        (json!({"name": "Rao", "email": "not-an-address"}), "email"),
        (json!({"name": "Rao", "phone": "123"}), "phone"),
    ] {
        let res = server
            .client
            .post(server.url("/api/contacts"))
            .bearer_auth(&owner.token)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{body}");
        let e: Value = res.json().await.unwrap();
        assert_eq!(e["field"], field, "{e}");
    }
    let (status, e) = owner
        .post(
            "/api/contacts",
            json!({"name": "Rao", "email": "r@example.in", "stage": "nowhere"}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(e["message"].as_str().unwrap().starts_with("stage"), "{e}");
    let anonymous = server
        .post_json(
            "/api/contacts",
            &json!({"name": "x", "email": "x@example.in"}),
        )
        .await;
    assert_eq!(anonymous.status(), 401);
    assert_eq!(list(&owner, "").await.as_array().unwrap().len(), 1);
    server.stop().await;
}

#[tokio::test]
async fn lead_settings_are_checked_and_a_stage_in_use_cannot_be_removed() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let (status, s) = owner.get("/api/admin/lead-settings").await;
    assert_eq!(status, 200);
    assert_eq!(s["stages"][0], json!({"key": "new", "label": "New"}));
    assert_eq!(s["fields"]["phone"], "optional");
    assert_eq!(
        s["dailyMail"],
        json!({"enabled": false, "at": "09:00", "canSend": false}),
        "off at 09:00, and no [smtp] to send it with"
    );
    assert!(
        s["budgets"]
            .as_array()
            .unwrap()
            .contains(&json!("Under ₹10 lakh"))
    );

    let mut stages = s["stages"].clone();
    stages[0]["label"] = json!("Fresh");
    stages
        .as_array_mut()
        .unwrap()
        .push(json!({"label": "On hold"}));
    let (status, saved) = owner
        .put(
            "/api/admin/lead-settings",
            json!({"stages": stages, "budgets": ["Under ₹5 lakh", "₹5-15 lakh"]}),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["stages"][0]["label"], "Fresh");
    assert_eq!(
        saved["stages"].as_array().unwrap().last().unwrap()["key"],
        "on-hold"
    );
    assert_eq!(saved["fields"]["phone"], "optional", "parts not sent stay");
    let (status, saved) = owner
        .put(
            "/api/admin/lead-settings",
            json!({"dailyMail": {"enabled": true, "at": "08:30"}}),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["dailyMail"]["enabled"], true);
    assert_eq!(saved["dailyMail"]["at"], "08:30");

    let (_, m) = owner
        .post(
            "/api/contacts",
            json!({"name": "Rao", "email": "r@example.in", "stage": "on-hold"}),
        )
        .await;
    assert_eq!(m["stage"], "on-hold");
    let without: Vec<Value> = saved["stages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["key"] != "on-hold")
        .cloned()
        .collect();
    let (status, e) = owner
        .put("/api/admin/lead-settings", json!({"stages": without}))
        .await;
    assert_eq!(status, 400);
    assert!(e["message"].as_str().unwrap().contains("On hold"), "{e}");
    for bad in [
        json!({"fields": {"phone": "sometimes"}}),
        json!({"stages": []}),
        json!({"budgets": ["", "x"]}),
        json!({"dailyMail": {"at": "9am"}}),
    ] {
        let (status, e) = owner.put("/api/admin/lead-settings", bad.clone()).await;
        assert_eq!(status, 400, "{bad} {e}");
    }
    let res = server.get("/api/admin/lead-settings").await;
    assert_eq!(res.status(), 401);
    server.stop().await;
}

#[tokio::test]
async fn the_csv_carries_every_field_the_stage_the_notes_and_the_source() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    assert_eq!(post(&server, enquiry()).await.0, 201);
    let id = list(&owner, "").await[0]["id"].as_u64().unwrap();
    owner
        .patch(
            &format!("/api/contacts/{id}"),
            json!({"stage": "won", "followUpOn": "2026-12-03"}),
        )
        .await;
    owner
        .post(
            &format!("/api/contacts/{id}/notes"),
            json!({"text": "Signed, =1+1"}),
        )
        .await;
    let res = owner.send(Method::GET, "/api/contacts.csv").await;
    let text = res.text().await.unwrap();
    let rows: Vec<&str> = text.trim_start_matches('\u{feff}').split("\r\n").collect();
    assert!(rows[0].contains("\"Phone\",\"Project type\",\"Locality\",\"Size\",\"Budget\",\"Timeline\",\"Heard from\",\"Stage\",\"Next follow-up\",\"Notes\",\"Page\",\"Landing page\",\"Referrer\",\"utm_source\",\"utm_medium\",\"utm_campaign\""), "{}", rows[0]);
    let row = rows[1];
    for cell in [
        "\"'+919848012345\"",
        "\"Residential\"",
        "\"Gachibowli\"",
        "\"3BHK\"",
        "\"₹25-50 lakh\"",
        "\"Won\"",
        "\"2026-12-03\"",
        "admin: Signed, '=1+1",
        "\"/portfolio/modern-serenity?utm_source=instagram\"",
        "\"l.instagram.com\"",
        "\"diwali\"",
    ] {
        assert!(row.contains(cell), "{cell} in {row}");
    }
    server.stop().await;
}

/// Every earlier release's data file opens with each message as a lead at stage New, every field
/// kept, and a stage change writes it back at the new record version.
#[test]
fn earlier_data_files_open_with_their_messages_as_leads_at_stage_new() {
    use redb::{ReadableDatabase, ReadableTable, TableDefinition};
    const CONTACTS: TableDefinition<u64, &[u8]> = TableDefinition::new("contact_messages");
    let mut seen = 0;
    for name in ["v1.redb", "v2-content.redb", "v2-photos.redb"] {
        let (_dir, path) = fixture_copy(name);
        // What the file holds before this release touches it: ids and the record versions.
        let before: Vec<(u64, u8)> = {
            let db = redb::Database::open(&path).unwrap();
            let txn = db.begin_read().unwrap();
            match txn.open_table(CONTACTS) {
                Ok(t) => t
                    .iter()
                    .unwrap()
                    .map(|e| {
                        let (k, v) = e.unwrap();
                        (k.value(), v.value()[0])
                    })
                    .collect(),
                Err(_) => Vec::new(),
            }
        };
        assert!(before.iter().all(|(_, v)| *v < 3), "{name}: {before:?}");
        let store = Store::open(&path).unwrap();
        store.read_everything().unwrap();
        let messages = store.contacts().unwrap();
        assert_eq!(messages.len(), before.len(), "{name}: nothing lost");
        for m in &messages {
            seen += 1;
            assert_eq!(m.lead.stage, "new", "{name}");
            assert!(
                !m.name.is_empty() && !m.message.is_empty() && m.created_at_ms > 0,
                "{name}: {m:?}"
            );
            let changed = store
                .change_lead(
                    m.id,
                    Default::default(),
                    &studio::store::LeadChange {
                        stage: Some("contacted".into()),
                        follow_up_on: None,
                    },
                    "admin",
                )
                .unwrap()
                .unwrap()
                .unwrap();
            assert_eq!(
                (
                    changed.name.as_str(),
                    changed.email.as_str(),
                    changed.message.as_str(),
                    changed.created_at_ms
                ),
                (
                    m.name.as_str(),
                    m.email.as_str(),
                    m.message.as_str(),
                    m.created_at_ms
                )
            );
        }
        drop(store);
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_read().unwrap();
        if let Ok(t) = txn.open_table(CONTACTS) {
            for e in t.iter().unwrap() {
                assert_eq!(
                    e.unwrap().1.value()[0],
                    3,
                    "{name}: written back at version 3"
                );
            }
        }
    }
    assert!(seen > 0, "the fixtures hold messages");
}

/// Without JavaScript the form posts natively (urlencoded): the lead's fields go the same way,
/// and a refused one comes back on the error page with what was typed, ready to correct.
#[tokio::test]
async fn the_form_without_javascript_carries_the_lead_fields() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    let post = |phone: &'static str| {
        let form = [
            ("name", "Ravi Kumar"),
            ("email", "ravi@example.in"),
            ("message", "A villa in Kokapet"),
            ("phone", phone),
            ("projectType", "Residential"),
            ("budget", "Above ₹50 lakh"),
            ("website", ""),
        ];
        let form_token = server.form_token(Duration::from_secs(30));
        let client = server.client.clone();
        let url = server.url("/contact");
        async move {
            let mut form: Vec<(&str, String)> =
                form.iter().map(|(k, v)| (*k, v.to_string())).collect();
            form.push(("formToken", form_token));
            client.post(url).form(&form).send().await.unwrap()
        }
    };
    let refused = post("12345").await;
    assert_eq!(refused.status(), 400);
    let page = refused.text().await.unwrap();
    assert!(
        page.contains("Phone: please enter a 10-digit Indian number"),
        "{page}"
    );
    assert!(
        page.contains("name=\"phone\" type=\"tel\" maxlength=\"100\" value=\"12345\""),
        "{page}"
    );
    assert!(
        page.contains("name=\"budget\" value=\"Above ₹50 lakh\""),
        "{page}"
    );

    let sent = post("098480 12345").await;
    assert_eq!(sent.status(), 303);
    let m = &list(&owner, "").await[0];
    assert_eq!(
        (
            m["phone"].as_str(),
            m["budget"].as_str(),
            m["projectType"].as_str()
        ),
        (
            Some("+919848012345"),
            Some("Above ₹50 lakh"),
            Some("Residential")
        )
    );
    server.stop().await;
}

#[tokio::test]
async fn the_visitor_report_counts_enquiries_and_wins_per_source() {
    let server = TestServer::start().await;
    let owner = server.sign_in().await;
    assert_eq!(post(&server, enquiry()).await.0, 201);
    assert_eq!(post(&server, enquiry()).await.0, 201);
    let id = list(&owner, "").await[0]["id"].as_u64().unwrap();
    let (status, _) = owner
        .patch(&format!("/api/contacts/{id}"), json!({"stage": "won"}))
        .await;
    assert_eq!(status, 200);
    // One view of the case study and one visit from Instagram with the Diwali campaign, as the
    // page beacon reports them.
    let res = server
        .client
        .post(server.url("/api/stats/view"))
        .header(
            "user-agent",
            "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
        )
        .header("content-type", "application/json")
        .body(
            json!({
                "path": "/portfolio/modern-serenity",
                "referrer": "https://l.instagram.com/",
                "campaign": "diwali"
            })
            .to_string(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let (status, report) = owner.get("/api/admin/stats?days=7").await;
    assert_eq!(status, 200, "{report}");
    let line = |kind: &str, name: &str| {
        report["sources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["kind"] == kind && l["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("no {kind} {name} in {report}"))
    };
    let page = line("page", "/portfolio/modern-serenity");
    assert_eq!(
        (page["enquiries"].as_u64(), page["won"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(page["visits"], 1, "{page}");
    let campaign = line("campaign", "diwali");
    assert_eq!(
        (campaign["enquiries"].as_u64(), campaign["won"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(campaign["visits"], 1, "{campaign}");
    // A referring site's line is named in words (l.instagram.com is "Instagram").
    let site = line("referrer", "Instagram");
    assert_eq!(
        (site["visits"].as_u64(), site["won"].as_u64()),
        (Some(1), Some(1)),
        "{site}"
    );
    server.stop().await;
}
