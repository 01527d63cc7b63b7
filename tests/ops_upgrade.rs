//! Upgrades: `tests/fixtures/v1.redb` was written by the first release (format version 1, every
//! record type at version 1). Every later release must open it and read every record, so a host can
//! always move to a newer binary with the same data file. The fixture is never regenerated: a
//! release that changes a record adds a new fixture beside it (see docs/operations.md).

use std::path::{Path, PathBuf};
use studio::store::{HeroSlideInput, MediaFile, Store};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1.redb")
}

/// A copy to work on: opening a data file may write to it (recovery, migrations), and the fixture
/// must stay as the old release wrote it.
fn working_copy() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("studio.redb");
    std::fs::copy(fixture(), &path).expect("tests/fixtures/v1.redb is missing");
    (dir, path)
}

#[test]
fn the_v1_data_file_passes_the_restore_check() {
    let (_dir, path) = working_copy();
    studio::backup::verify(&path).unwrap();
}

#[test]
fn every_record_of_the_v1_data_file_is_read() {
    let (_dir, path) = working_copy();
    let store = Store::open(&path).unwrap();
    store.read_everything().unwrap();

    let admin = store.admin_by_username("fixture-admin").unwrap().unwrap();
    assert!(admin.password_hash.starts_with("$argon2id$"));
    assert_eq!(admin.token_generation, 1, "the password was set twice");
    assert_eq!(store.hmac_key().unwrap().len(), 32);

    let slides = store.hero_slides().unwrap();
    assert_eq!(slides.len(), 4);
    let extra = slides
        .iter()
        .find(|s| s.title == "Fixture slide")
        .expect("the added slide");
    assert_eq!(extra.subtitle, "Kept across releases");
    assert_eq!(extra.order, 9);
    assert!(!extra.is_active);

    let projects = store.projects().unwrap();
    assert_eq!(projects.len(), 7);
    assert!(projects.iter().any(|p| p.slug == "modern-serenity"));

    let messages = store.contacts().unwrap();
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0].name, "Fixture Visitor");
    assert_eq!(messages[0].message, "A message written by release 1.");

    let settings = store.settings().unwrap();
    let phone = settings.iter().find(|s| s.key == "company_phone").unwrap();
    assert_eq!(phone.value, "+91 40 0000 0001");
    assert!(settings.iter().any(|s| s.key == "company_name"));

    let media = store.media("fixture.png").unwrap().unwrap();
    assert_eq!(media.content_type, "image/png");
    assert_eq!(media.bytes, PNG);
}

/// The smallest valid PNG (1x1, transparent).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

/// Writes the fixture. Run once, by the release that introduced format 1; kept for the record of
/// what it holds. `cargo test --test ops_upgrade -- --ignored write_the_v1_fixture`
#[test]
#[ignore = "writes tests/fixtures/v1.redb; the committed file must never be regenerated"]
fn write_the_v1_fixture() {
    let path = fixture();
    assert!(
        !path.exists(),
        "{} exists: never overwrite it",
        path.display()
    );
    let store = Store::open(&path).unwrap();
    let hash = studio::auth::hash_password("fixture-password-1").unwrap();
    store.set_admin_password("fixture-admin", &hash).unwrap();
    let hash = studio::auth::hash_password("fixture-password-2").unwrap();
    store.set_admin_password("fixture-admin", &hash).unwrap();
    store
        .create_hero_slide(HeroSlideInput {
            title: "Fixture slide".into(),
            subtitle: "Kept across releases".into(),
            image_url: "/images/hero-2.webp".into(),
            button_text: "See more".into(),
            button_link: "/portfolio".into(),
            order: 9,
            is_active: false,
        })
        .unwrap();
    store
        .add_contact(
            "Fixture Visitor",
            "visitor@example.in",
            "A message written by release 1.",
        )
        .unwrap();
    store
        .upsert_setting("company_phone", "+91 40 0000 0001", "Company phone")
        .unwrap();
    store
        .put_media(&MediaFile {
            name: "fixture.png".into(),
            content_type: "image/png".into(),
            bytes: PNG.to_vec(),
            image: None,
            variant_of: None,
            created_at_ms: 1,
        })
        .unwrap();
}
