//! A project as JSON: the one shape the admin calls (`/api/admin/portfolio-projects`) send and
//! the case-study page's data carries (docs/CONTRACTS.md "Page data"), so the API and the page
//! cache both read it here, beside the record it is made from.

use super::Project;
use serde::Serialize;

/// A project as the admin calls and the case-study page's data carry it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectJson {
    pub id: u64,
    pub slug: String,
    pub title: String,
    pub headline: String,
    pub category: String,
    pub year: i32,
    pub location: String,
    pub tags: Vec<String>,
    pub description: String,
    pub intro: String,
    pub sections: Vec<SectionJson>,
    pub gallery: Vec<ImageJson>,
    pub cover_url: String,
    pub is_active: bool,
    pub order: i64,
    pub updated_at: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SectionJson {
    pub title: String,
    pub bullets: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageJson {
    pub image_url: String,
    pub alt: String,
}

impl From<Project> for ProjectJson {
    fn from(p: Project) -> ProjectJson {
        ProjectJson {
            id: p.id,
            slug: p.slug,
            title: p.title,
            headline: p.headline,
            category: p.category,
            year: p.year,
            location: p.location,
            tags: p.tags,
            description: p.description,
            intro: p.intro,
            sections: p
                .sections
                .into_iter()
                .map(|s| SectionJson {
                    title: s.title,
                    bullets: s.bullets,
                })
                .collect(),
            gallery: p
                .gallery
                .into_iter()
                .map(|g| ImageJson {
                    image_url: g.image_url,
                    alt: g.alt,
                })
                .collect(),
            cover_url: p.cover_url,
            is_active: p.is_active,
            order: p.order,
            updated_at: super::iso8601(p.updated_at_ms),
        }
    }
}
