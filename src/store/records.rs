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
    /// On the processed image an upload's `fileUrl` names: its size, placeholder and variants.
    /// `None` on everything else, and on raw uploads an earlier release stored (src/media/backfill.rs).
    pub image: Option<StoredImage>,
    /// On a variant: the name of the file it was made from.
    pub variant_of: Option<String>,
}

/// What pages need to show a processed upload (src/media/mod.rs turns it into `ImageInfo`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredImage {
    pub width: u32,
    pub height: u32,
    pub placeholder: String,
    /// Smallest first; each one a media file of its own.
    pub variants: Vec<StoredVariant>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredVariant {
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub content_type: String,
}

/// Version 1 (the first release): the bytes exactly as uploaded.
#[derive(Deserialize)]
struct MediaFileV1 {
    name: String,
    content_type: String,
    bytes: Vec<u8>,
    created_at_ms: u64,
}

impl Versioned for MediaFile {
    const VERSION: u8 = 2;
    const NAME: &'static str = "media file";

    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        match version {
            1 => {
                let v1: MediaFileV1 =
                    postcard::from_bytes(body).context("decoding a version 1 media file record")?;
                Ok(MediaFile {
                    name: v1.name,
                    content_type: v1.content_type,
                    bytes: v1.bytes,
                    created_at_ms: v1.created_at_ms,
                    image: None,
                    variant_of: None,
                })
            }
            _ => bail!(
                "a media file record of version {version}, newer than this release knows (it \
                 reads up to {}); run a newer studio release",
                Self::VERSION
            ),
        }
    }
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
    fn a_version_1_media_file_reads_as_a_raw_upload() {
        #[derive(Serialize)]
        struct V1<'a>(&'a str, &'a str, &'a [u8], u64);
        let mut bytes = vec![1];
        bytes.extend(postcard::to_allocvec(&V1("ab.png", "image/png", &[1, 2, 3], 9)).unwrap());
        let file = MediaFile::decode(&bytes).unwrap();
        assert_eq!(file.name, "ab.png");
        assert_eq!(file.bytes, vec![1, 2, 3]);
        assert_eq!((file.image, file.variant_of), (None, None));
        assert!(MediaFile::decode(&[3, 0]).is_err());
    }

    #[test]
    fn unknown_versions_and_garbage_are_errors_not_panics() {
        assert!(HeroSlide::decode(&[]).is_err());
        let err = HeroSlide::decode(&[99, 1, 2]).unwrap_err().to_string();
        assert!(err.contains("newer"), "{err}");
        assert!(HeroSlide::decode(&[HeroSlide::VERSION, 0xff]).is_err());
    }
}
