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

/// `tests/fixtures/v2-photos.redb` was written by the release of issue 12 (format 2, media file
/// records at version 2 with their bytes inside): a 900x600 JPEG with GPS and a camera model,
/// uploaded through `POST /api/admin/media-files`. Format 3 moves those bytes into pieces; every
/// file must read back exactly as that release served it.
#[test]
fn the_v2_photos_data_file_keeps_every_processed_file_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("studio.redb");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v2-photos.redb");
    std::fs::copy(fixture, &path).expect("tests/fixtures/v2-photos.redb is missing");
    studio::backup::verify(&path).unwrap();

    // Twice: the upgrade happens on the first open and must not run, or damage anything, again.
    for _ in 0..2 {
        let store = Store::open(&path).unwrap();
        store.read_everything().unwrap();
        let stem = "2e214bd7eee24842d28b656e0e626b2e";
        let served = [
            (
                "",
                "jpg",
                21755,
                "9860827c0b38eb65b9a283c49059bd00af73d3890ce5b8073568de7c7e752554",
            ),
            (
                "-480",
                "webp",
                1072,
                "4ab00bc367eddaf0c695c62460889b4fe6dba00dcb9a2b0c14e510a0cdf2af0e",
            ),
            (
                "-800",
                "webp",
                2372,
                "1a70d3eec456151efbe15ad3e2e850fc6a7f024f6cacd6529810037b7f3b58d6",
            ),
            (
                "-900",
                "webp",
                2928,
                "55ca46a4a58e8c34885ce9e6b08eed923583df87e228f061e4c468d9470a380a",
            ),
        ];
        for (suffix, ext, len, sha) in served {
            let name = format!("{stem}{suffix}.{ext}");
            let file = store.media(&name).unwrap().expect(&name);
            assert_eq!(file.bytes.len(), len, "{name}");
            assert_eq!(sha256_hex(&file.bytes), sha, "{name}");
        }
        let main = store.media_record(&format!("{stem}.jpg")).unwrap().unwrap();
        assert!(main.bytes.is_empty(), "the record alone");
        let image = main.image.expect("the processed image's information");
        assert_eq!(
            (image.width, image.height, image.variants.len()),
            (900, 600, 4)
        );
        drop(store);
    }
    // Every record now leaves its bytes out: none is kept twice.
    let db = redb::Database::open(&path).unwrap();
    let txn = redb::ReadableDatabase::begin_read(&db).unwrap();
    let media: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("media_files");
    for entry in redb::ReadableTable::iter(&txn.open_table(media).unwrap()).unwrap() {
        let (name, record) = entry.unwrap();
        assert_eq!(record.value()[0], 3, "{}", name.value());
        assert!(record.value().len() < 1000, "{}", name.value());
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn a_file_stored_again_under_its_name_leaves_no_piece_of_the_old_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("studio.redb")).unwrap();
    let file = |bytes: Vec<u8>| MediaFile {
        name: "ab.jpg".into(),
        content_type: "image/jpeg".into(),
        bytes,
        image: None,
        variant_of: None,
        created_at_ms: 1,
    };
    let long: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
    store.put_media(&file(long.clone())).unwrap();
    assert_eq!(store.media("ab.jpg").unwrap().unwrap().bytes, long);
    store.put_media(&file(vec![9; 20_000])).unwrap();
    assert_eq!(
        store.media("ab.jpg").unwrap().unwrap().bytes,
        vec![9; 20_000]
    );
    assert!(store.media("none.jpg").unwrap().is_none());
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
