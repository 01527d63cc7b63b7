//! The records kept in the data file, and how each is encoded: a version byte, then postcard.
//!
//! postcard is positional, so a record's fields may never be reordered or retyped in place: a change
//! adds a new version and an arm in that record's `upgrade` that reads the old bytes.

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

/// A record type with a format version of its own.
pub trait Versioned: Serialize + DeserializeOwned {
    /// Version written by this release.
    const VERSION: u8;
    /// What the record is called in error messages.
    const NAME: &'static str;

    fn encode(&self) -> Result<Vec<u8>> {
        let mut out = vec![Self::VERSION];
        out.extend(
            postcard::to_allocvec(self).with_context(|| format!("encoding a {}", Self::NAME))?,
        );
        Ok(out)
    }

    fn decode(bytes: &[u8]) -> Result<Self> {
        let Some((&version, body)) = bytes.split_first() else {
            bail!("an empty {} record", Self::NAME);
        };
        if version == Self::VERSION {
            return postcard::from_bytes(body)
                .with_context(|| format!("decoding a {} record", Self::NAME));
        }
        Self::upgrade(version, body)
    }

    /// Reads a record written by an older release. No older versions exist yet.
    fn upgrade(version: u8, _body: &[u8]) -> Result<Self> {
        bail!(
            "a {} record of version {version}, newer than this release knows (it reads up to {}); \
             run a newer studio release",
            Self::NAME,
            Self::VERSION
        )
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Admin {
    pub id: u64,
    pub username: String,
    /// argon2id PHC string.
    pub password_hash: String,
    /// Bumped on every password change; a token of an older generation is refused.
    pub token_generation: u32,
    pub created_at_ms: u64,
}

impl Versioned for Admin {
    const VERSION: u8 = 1;
    const NAME: &'static str = "admin";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeroSlide {
    pub id: u64,
    pub title: String,
    pub subtitle: String,
    pub image_url: String,
    pub button_text: String,
    pub button_link: String,
    pub order: i64,
    pub is_active: bool,
    pub created_at_ms: u64,
}

impl Versioned for HeroSlide {
    const VERSION: u8 = 1;
    const NAME: &'static str = "hero slide";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Project {
    pub id: u64,
    pub slug: String,
    pub title: String,
    pub category: String,
    pub description: String,
    pub is_active: bool,
    pub order: i64,
}

impl Versioned for Project {
    const VERSION: u8 = 1;
    const NAME: &'static str = "portfolio project";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContactMessage {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub message: String,
    pub created_at_ms: u64,
}

impl Versioned for ContactMessage {
    const VERSION: u8 = 1;
    const NAME: &'static str = "contact message";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setting {
    pub id: u64,
    pub key: String,
    pub value: String,
    pub description: String,
}

impl Versioned for Setting {
    const VERSION: u8 = 1;
    const NAME: &'static str = "company setting";
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MediaFile {
    /// Content hash plus extension; also the file's URL under /media/.
    pub name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
    pub created_at_ms: u64,
}

impl Versioned for MediaFile {
    const VERSION: u8 = 1;
    const NAME: &'static str = "media file";
}

/// One UTC day of visitor statistics: totals only. Nothing in it identifies a person: no address,
/// no user agent, no visitor hash (docs/stats.md).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DayStats {
    pub views: u64,
    pub visitors: u64,
    pub messages: u64,
    /// Visitors by device class.
    pub phone: u64,
    pub tablet: u64,
    pub desktop: u64,
    /// (path, views).
    pub pages: Vec<(String, u64)>,
    /// (external host, visits that arrived from it).
    pub referrers: Vec<(String, u64)>,
}

impl Versioned for DayStats {
    const VERSION: u8 = 1;
    const NAME: &'static str = "visitor statistics day";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_with_their_version_byte() {
        let slide = HeroSlide {
            id: 7,
            title: "T".into(),
            subtitle: String::new(),
            image_url: "/images/hero-1.webp".into(),
            button_text: String::new(),
            button_link: String::new(),
            order: -3,
            is_active: true,
            created_at_ms: 1,
        };
        let bytes = slide.encode().unwrap();
        assert_eq!(bytes[0], HeroSlide::VERSION);
        assert_eq!(HeroSlide::decode(&bytes).unwrap(), slide);
    }

    #[test]
    fn unknown_versions_and_garbage_are_errors_not_panics() {
        assert!(HeroSlide::decode(&[]).is_err());
        let err = HeroSlide::decode(&[99, 1, 2]).unwrap_err().to_string();
        assert!(err.contains("newer"), "{err}");
        assert!(HeroSlide::decode(&[HeroSlide::VERSION, 0xff]).is_err());
    }
}
