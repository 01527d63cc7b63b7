//! The records kept in the data file, and how each is encoded: a version byte, then postcard (the
//! enquiries and their leads: `message_records.rs`).
//!
//! One file of over 800 lines: 580 of them are its code, the rest its unit tests, which read
//! its private parts; split it by concern when the code itself passes 800.
//!
//! postcard is positional, so a record's fields may never be reordered or retyped in place: a change
//! adds a new version and an arm in that record's `upgrade` that reads the old bytes.

use anyhow::{Context, Result, anyhow, bail};
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
        Err(Self::newer(version))
    }

    /// Why a record of `version` cannot be read: no upgrade arm knows it, so a newer release wrote
    /// it. Every record's `upgrade` answers an unknown version with this.
    fn newer(version: u8) -> anyhow::Error {
        anyhow!(
            "a {} record of version {version}, newer than this release knows (it reads up to {}); \
             run a newer studio release",
            Self::NAME,
            Self::VERSION
        )
    }

    /// The body of this record as an older release wrote it at `version`, in that version's shape.
    fn older<Old: DeserializeOwned>(version: u8, body: &[u8]) -> Result<Old> {
        postcard::from_bytes(body)
            .with_context(|| format!("decoding a version {version} {} record", Self::NAME))
    }
}

/// What a person may do in the panel (docs/admin-api.md, "People"); decided in `src/access/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Everything, people and settings included.
    Owner,
    /// The site's content.
    Editor,
    /// Messages, leads and consultations.
    Enquiries,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Owner, Role::Editor, Role::Enquiries];

    /// The name in the API and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Editor => "editor",
            Role::Enquiries => "enquiries",
        }
    }

    /// The name the owner reads.
    pub fn label(self) -> &'static str {
        match self {
            Role::Owner => "Owner",
            Role::Editor => "Editor",
            Role::Enquiries => "Enquiries",
        }
    }

    pub fn from_key(key: &str) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.key().eq_ignore_ascii_case(key.trim()))
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
    pub role: Role,
    /// A deactivated account cannot sign in; its name stays on what it wrote.
    pub active: bool,
    /// How the panel and the activity record name the person ("Meera"); the user name when unset.
    pub display_name: String,
}

impl Admin {
    /// The name the activity record and the panel show.
    pub fn shown_name(&self) -> &str {
        if self.display_name.trim().is_empty() {
            &self.username
        } else {
            &self.display_name
        }
    }
}

/// An admin as releases before accounts and roles (issue 41) wrote it: the one shared account.
#[derive(Deserialize)]
struct AdminV1 {
    id: u64,
    username: String,
    password_hash: String,
    token_generation: u32,
    created_at_ms: u64,
}

impl Versioned for Admin {
    const VERSION: u8 = 2;
    const NAME: &'static str = "admin";

    /// The one account of an earlier release becomes an Owner, active, its password and its
    /// tokens' generation kept (so its sessions stay signed in).
    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        if version != 1 {
            return Err(Self::newer(version));
        }
        let v1: AdminV1 = Self::older(1, body)?;
        Ok(Admin {
            id: v1.id,
            display_name: String::new(),
            username: v1.username,
            password_hash: v1.password_hash,
            token_generation: v1.token_generation,
            created_at_ms: v1.created_at_ms,
            role: Role::Owner,
            active: true,
        })
    }
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
    /// What the photograph shows, for those who cannot see it (version 2); empty: the photo is
    /// atmosphere behind the headline, which describes the slide.
    pub alt: String,
}

/// A hero slide as releases before its alternative text stored it.
#[derive(Deserialize)]
struct HeroSlideV1 {
    id: u64,
    title: String,
    subtitle: String,
    image_url: String,
    button_text: String,
    button_link: String,
    order: i64,
    is_active: bool,
    created_at_ms: u64,
}

impl Versioned for HeroSlide {
    const VERSION: u8 = 2;
    const NAME: &'static str = "hero slide";

    /// A version 1 slide keeps every field; its photo has no alternative text yet (decorative, as
    /// the site showed it).
    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        if version != 1 {
            return Err(Self::newer(version));
        }
        let v1: HeroSlideV1 = Self::older(1, body)?;
        Ok(HeroSlide {
            id: v1.id,
            title: v1.title,
            subtitle: v1.subtitle,
            image_url: v1.image_url,
            button_text: v1.button_text,
            button_link: v1.button_link,
            order: v1.order,
            is_active: v1.is_active,
            created_at_ms: v1.created_at_ms,
            alt: String::new(),
        })
    }
}

/// A portfolio project and its case study in one record (issue 13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Project {
    pub id: u64,
    pub slug: String,
    pub title: String,
    /// The case study's heading.
    pub headline: String,
    pub category: String,
    pub year: i32,
    pub location: String,
    pub tags: Vec<String>,
    /// The card's text and the page's meta description.
    pub description: String,
    pub intro: String,
    pub sections: Vec<ProjectSection>,
    pub gallery: Vec<GalleryImage>,
    pub cover_url: String,
    /// Published.
    pub is_active: bool,
    pub order: i64,
    pub updated_at_ms: u64,
    /// Slugs the project had before, each a permanent redirect to the current one.
    pub former_slugs: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProjectSection {
    pub title: String,
    pub bullets: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GalleryImage {
    pub image_url: String,
    pub alt: String,
}

/// A project as the first release stored it: the list entry only, no case study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct ProjectV1 {
    id: u64,
    slug: String,
    title: String,
    category: String,
    description: String,
    is_active: bool,
    order: i64,
}

impl Versioned for Project {
    const VERSION: u8 = 2;
    const NAME: &'static str = "portfolio project";

    /// A version 1 project keeps its fields; the case study starts empty, and the store fills the
    /// seven SPEC projects' from the seed when it first opens an older file (`store::upgrade`).
    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        if version != 1 {
            return Err(Self::newer(version));
        }
        let v1: ProjectV1 = Self::older(1, body)?;
        Ok(Project {
            id: v1.id,
            slug: v1.slug,
            title: v1.title,
            headline: String::new(),
            category: v1.category,
            year: 0,
            location: String::new(),
            tags: Vec::new(),
            description: v1.description,
            intro: String::new(),
            sections: Vec::new(),
            gallery: Vec::new(),
            cover_url: String::new(),
            is_active: v1.is_active,
            order: v1.order,
            updated_at_ms: 0,
            former_slugs: Vec::new(),
        })
    }
}

/// A journal article (issue 32); the first release's 'News & Thoughts' entry was its date, title,
/// text and `is_active` alone (version 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewsItem {
    pub id: u64,
    /// `YYYY-MM-DD`, the date the article shows.
    pub date: String,
    pub title: String,
    /// Plain text: SPEC's shape, derived from the body when the body was given.
    pub content: String,
    /// `false`: not on the site, whatever its status.
    pub is_active: bool,
    /// Its page is `/news/{slug}` (version 2, as every field below).
    pub slug: String,
    /// For cards, the feed and the description; empty: the first paragraph stands in.
    pub excerpt: String,
    pub cover: Option<ArticleImage>,
    pub tags: Vec<String>,
    pub status: ArticleStatus,
    /// When a scheduled article goes out, in ms since the epoch, and the offset (minutes east of
    /// UTC) it was written with, so that it reads back as the owner wrote it.
    pub publish_at: Option<(u64, i32)>,
    pub body: Vec<Block>,
    /// Slugs it had before, each a permanent redirect to the current one.
    pub former_slugs: Vec<String>,
    pub updated_at_ms: u64,
}

/// Whether an article is on the site: a draft never, a scheduled one from its `publish_at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArticleStatus {
    Draft,
    Scheduled,
    Published,
}

/// A photo of an upload in an article; `caption` is empty when it has none (and for a cover).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArticleImage {
    pub url: String,
    pub alt: String,
    pub caption: String,
}

/// One block of an article's body; texts of paragraphs, list items and quotes take the page
/// records' inline emphasis and links (docs/page-records.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Block {
    Heading {
        level: u8,
        text: String,
    },
    Paragraph {
        text: String,
    },
    List {
        ordered: bool,
        items: Vec<String>,
    },
    Quote {
        text: String,
        cite: String,
    },
    Image(ArticleImage),
    Pair(ArticleImage, ArticleImage),
    BeforeAfter {
        before: ArticleImage,
        after: ArticleImage,
        caption: String,
    },
}

/// Version 1 of [`NewsItem`], as the first release wrote it.
#[derive(Deserialize)]
struct NewsItemV1 {
    id: u64,
    date: String,
    title: String,
    content: String,
    is_active: bool,
}

impl Versioned for NewsItem {
    const VERSION: u8 = 2;
    const NAME: &'static str = "news item";

    /// An earlier item becomes a published article whose body is its text as one paragraph, at
    /// the address its title makes: the home page shows it as before.
    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        if version != 1 {
            return Err(Self::newer(version));
        }
        let v1: NewsItemV1 = Self::older(1, body)?;
        Ok(NewsItem::from_text(
            v1.id,
            v1.date,
            v1.title,
            v1.content,
            v1.is_active,
        ))
    }
}

impl NewsItem {
    /// A published article of plain text (SPEC's four fields): one paragraph, a slug from the title.
    pub fn from_text(
        id: u64,
        date: String,
        title: String,
        content: String,
        is_active: bool,
    ) -> NewsItem {
        let slug = match crate::site::slug(&title) {
            s if s.is_empty() => format!("news-{id}"),
            s => s
                .chars()
                .take(100)
                .collect::<String>()
                .trim_end_matches('-')
                .to_string(),
        };
        let paragraph = content.split_whitespace().collect::<Vec<_>>().join(" ");
        NewsItem {
            id,
            date,
            title,
            content,
            is_active,
            slug,
            excerpt: String::new(),
            cover: None,
            tags: Vec::new(),
            status: ArticleStatus::Published,
            publish_at: None,
            body: if paragraph.is_empty() {
                Vec::new()
            } else {
                vec![Block::Paragraph { text: paragraph }]
            },
            former_slugs: Vec::new(),
            updated_at_ms: 0,
        }
    }
}

/// A client's words on the portfolio page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Testimonial {
    pub id: u64,
    pub quote: String,
    pub name: String,
    pub role: String,
    pub is_active: bool,
    pub order: i64,
}

impl Versioned for Testimonial {
    const VERSION: u8 = 1;
    const NAME: &'static str = "testimonial";
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
    /// Not part of the record: since version 3 the bytes are kept in pieces in their own table
    /// (src/store/media.rs), so that a photo takes about its own size in the data file.
    #[serde(skip)]
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

/// Version 2 (issue 12): processed images, with the bytes inside the record. redb gives a value
/// that large a power-of-two run of pages, so a photo's files took twice their size.
#[derive(Deserialize)]
struct MediaFileV2 {
    name: String,
    content_type: String,
    bytes: Vec<u8>,
    created_at_ms: u64,
    image: Option<StoredImage>,
    variant_of: Option<String>,
}

impl Versioned for MediaFile {
    const VERSION: u8 = 3;
    const NAME: &'static str = "media file";

    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        match version {
            1 => {
                let v1: MediaFileV1 = Self::older(1, body)?;
                Ok(MediaFile {
                    name: v1.name,
                    content_type: v1.content_type,
                    bytes: v1.bytes,
                    created_at_ms: v1.created_at_ms,
                    image: None,
                    variant_of: None,
                })
            }
            2 => {
                let v2: MediaFileV2 = Self::older(2, body)?;
                Ok(MediaFile {
                    name: v2.name,
                    content_type: v2.content_type,
                    bytes: v2.bytes,
                    created_at_ms: v2.created_at_ms,
                    image: v2.image,
                    variant_of: v2.variant_of,
                })
            }
            _ => Err(Self::newer(version)),
        }
    }
}

/// One fixed page's words and photos (docs/page-records.md); the content is the JSON the page
/// schema describes, kept as text so that a new field never needs a new record version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PageRecord {
    pub key: String,
    /// 1 for the seeded or upgraded content, +1 on every save.
    pub version: u64,
    pub updated_at_ms: u64,
    pub content: String,
    /// Top-level `slug` values it had before (the founder's former addresses), each a redirect.
    pub former_slugs: Vec<String>,
}

impl Versioned for PageRecord {
    const VERSION: u8 = 1;
    const NAME: &'static str = "page record";
}

/// One saved version of a page record, project, news item, testimonial or hero slide.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Revision {
    pub version: u64,
    pub saved_at_ms: u64,
    /// The admin's user name, or "seed" / "upgrade" for the content a file started with.
    pub saved_by: String,
    /// Leaf paths that differ from the version before (at most 20).
    pub changed: Vec<String>,
    /// A page's content as JSON text, or a record as its kind encodes it (`Versioned::encode`),
    /// so that a revision of an older record version still reads after an upgrade.
    pub body: Vec<u8>,
}

impl Versioned for Revision {
    const VERSION: u8 = 1;
    const NAME: &'static str = "revision";
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
    /// ((kind, path), taps on a contact link or button of that kind on that page) (version 2).
    pub taps: Vec<((String, String), u64)>,
    /// (`utm_campaign` of the landing address, visits that arrived with it) (version 2).
    pub campaigns: Vec<(String, u64)>,
}

/// Version 1 of [`DayStats`] (the first statistics): no taps, no campaigns.
#[derive(Deserialize)]
struct DayStatsV1 {
    views: u64,
    visitors: u64,
    messages: u64,
    phone: u64,
    tablet: u64,
    desktop: u64,
    pages: Vec<(String, u64)>,
    referrers: Vec<(String, u64)>,
}

impl Versioned for DayStats {
    const VERSION: u8 = 2;
    const NAME: &'static str = "visitor statistics day";

    /// A day counted before taps and campaigns were reads with none.
    fn upgrade(version: u8, body: &[u8]) -> Result<Self> {
        match version {
            1 => {
                let v1: DayStatsV1 = Self::older(1, body)?;
                Ok(DayStats {
                    views: v1.views,
                    visitors: v1.visitors,
                    messages: v1.messages,
                    phone: v1.phone,
                    tablet: v1.tablet,
                    desktop: v1.desktop,
                    pages: v1.pages,
                    referrers: v1.referrers,
                    taps: Vec::new(),
                    campaigns: Vec::new(),
                })
            }
            _ => Err(Self::newer(version)),
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
            alt: "A living room in morning light".into(),
        };
        let bytes = slide.encode().unwrap();
        assert_eq!(bytes[0], HeroSlide::VERSION);
        assert_eq!(HeroSlide::decode(&bytes).unwrap(), slide);
    }

    #[test]
    fn version_1_hero_slides_upgrade_with_no_alternative_text() {
        #[derive(Serialize)]
        struct V1<'a>(
            u64,
            &'a str,
            &'a str,
            &'a str,
            &'a str,
            &'a str,
            i64,
            bool,
            u64,
        );
        let mut bytes = vec![1u8];
        let v1 = V1(
            3,
            "Calm",
            "Sub",
            "/media/a.webp",
            "See",
            "/portfolio",
            2,
            false,
            77,
        );
        bytes.extend(postcard::to_allocvec(&v1).unwrap());
        let slide = HeroSlide::decode(&bytes).unwrap();
        assert_eq!(
            slide,
            HeroSlide {
                id: 3,
                title: "Calm".into(),
                subtitle: "Sub".into(),
                image_url: "/media/a.webp".into(),
                button_text: "See".into(),
                button_link: "/portfolio".into(),
                order: 2,
                is_active: false,
                created_at_ms: 77,
                alt: String::new(),
            }
        );
        assert_eq!(slide.encode().unwrap()[0], 2, "written back as version 2");
        let mut future = vec![3u8];
        future.extend(postcard::to_allocvec(&v1).unwrap());
        assert!(HeroSlide::decode(&future).is_err());
    }

    #[test]
    fn a_version_1_statistics_day_reads_back_with_no_taps() {
        #[derive(Serialize)]
        struct V1<'a>(
            u64,
            u64,
            u64,
            u64,
            u64,
            u64,
            Vec<(&'a str, u64)>,
            Vec<(&'a str, u64)>,
        );
        let mut bytes = vec![1u8];
        let v1 = V1(
            12,
            5,
            1,
            3,
            0,
            2,
            vec![("/about", 7)],
            vec![("google.com", 2)],
        );
        bytes.extend(postcard::to_allocvec(&v1).unwrap());
        let day = DayStats::decode(&bytes).unwrap();
        assert_eq!(
            day,
            DayStats {
                views: 12,
                visitors: 5,
                messages: 1,
                phone: 3,
                tablet: 0,
                desktop: 2,
                pages: vec![("/about".into(), 7)],
                referrers: vec![("google.com".into(), 2)],
                taps: vec![],
                campaigns: vec![],
            }
        );
        let v2 = day.encode().unwrap();
        assert_eq!(v2[0], 2);
        assert_eq!(DayStats::decode(&v2).unwrap(), day);
        assert!(
            DayStats::decode(&[3, 0])
                .unwrap_err()
                .to_string()
                .contains("newer")
        );
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
        assert!(MediaFile::decode(&[4, 0]).is_err());
    }

    #[test]
    fn a_version_2_media_file_keeps_its_bytes_and_image_and_version_3_leaves_bytes_out() {
        #[derive(Serialize)]
        struct V2<'a>(
            &'a str,
            &'a str,
            &'a [u8],
            u64,
            Option<StoredImage>,
            Option<&'a str>,
        );
        let image = StoredImage {
            width: 8,
            height: 6,
            placeholder: "data:,".into(),
            variants: vec![],
        };
        let mut bytes = vec![2];
        let v2 = V2(
            "ab.jpg",
            "image/jpeg",
            &[7, 8],
            5,
            Some(image.clone()),
            None,
        );
        bytes.extend(postcard::to_allocvec(&v2).unwrap());
        let file = MediaFile::decode(&bytes).unwrap();
        assert_eq!(file.bytes, vec![7, 8]);
        assert_eq!(file.image, Some(image));

        let v3 = file.encode().unwrap();
        assert_eq!(v3[0], 3);
        let again = MediaFile::decode(&v3).unwrap();
        assert!(
            again.bytes.is_empty(),
            "the bytes are stored beside the record"
        );
        assert_eq!((again.name, again.image), (file.name, file.image));
    }

    #[test]
    fn a_version_1_news_item_becomes_a_published_article_of_one_paragraph() {
        #[derive(Serialize)]
        struct V1<'a>(u64, &'a str, &'a str, &'a str, bool);
        let mut bytes = vec![1u8];
        let v1 = V1(
            5,
            "2024-12-15",
            "Award: Best Interiors 2024",
            "We won.\nThank you.",
            false,
        );
        bytes.extend(postcard::to_allocvec(&v1).unwrap());
        let item = NewsItem::decode(&bytes).unwrap();
        assert_eq!(
            (
                item.id,
                item.date.as_str(),
                item.title.as_str(),
                item.is_active
            ),
            (5, "2024-12-15", "Award: Best Interiors 2024", false)
        );
        assert_eq!(item.content, "We won.\nThank you.");
        assert_eq!(item.slug, "award-best-interiors-2024");
        assert_eq!(item.status, ArticleStatus::Published);
        assert_eq!(
            item.body,
            vec![Block::Paragraph {
                text: "We won. Thank you.".into()
            }]
        );
        let v2 = item.encode().unwrap();
        assert_eq!(v2[0], 2);
        assert_eq!(NewsItem::decode(&v2).unwrap(), item);
        assert!(
            NewsItem::decode(&[3, 0])
                .unwrap_err()
                .to_string()
                .contains("newer")
        );
    }

    #[test]
    fn unknown_versions_and_garbage_are_errors_not_panics() {
        assert!(HeroSlide::decode(&[]).is_err());
        let err = HeroSlide::decode(&[99, 1, 2]).unwrap_err().to_string();
        assert!(err.contains("newer"), "{err}");
        assert!(HeroSlide::decode(&[HeroSlide::VERSION, 0xff]).is_err());
    }

    #[test]
    fn a_version_1_project_upgrades_with_its_fields_and_an_empty_case_study() {
        let v1 = ProjectV1 {
            id: 3,
            slug: "a".into(),
            title: "A".into(),
            category: "Residential".into(),
            description: "d".into(),
            is_active: false,
            order: 4,
        };
        let mut bytes = vec![1u8];
        bytes.extend(postcard::to_allocvec(&v1).unwrap());
        let p = Project::decode(&bytes).unwrap();
        assert_eq!(
            (p.id, p.slug.as_str(), p.is_active, p.order),
            (3, "a", false, 4)
        );
        assert!(p.sections.is_empty() && p.gallery.is_empty());
        let again = Project::decode(&p.encode().unwrap()).unwrap();
        assert_eq!(again, p);
        assert!(
            Project::decode(&[9, 0])
                .unwrap_err()
                .to_string()
                .contains("newer")
        );
    }
}
