//! The server's slug against the examples the panel's slug (ui/src/lib/slug.ts) is checked with, so
//! that the web address the owner sees while typing a title is the one stored.

use serde_json::Value;

#[test]
fn slug_makes_every_shared_example() {
    let text = include_str!("../ui/src/test/slug-examples.json");
    let shared: Value = serde_json::from_str(text).expect("slug-examples.json is JSON");
    let examples = shared["examples"].as_array().expect("an examples list");
    assert!(
        examples.len() >= 10,
        "the shared list holds the common cases"
    );
    for pair in examples {
        let (title, expected) = (pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
        assert_eq!(studio::site::slug(title), expected, "slug of {title:?}");
    }
}
