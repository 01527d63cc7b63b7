//! `/api/admin/portfolio-projects`: the portfolio and its case studies, and a signed preview link
//! to a draft's page.

use super::ApiError;
use super::body::Fields;
use super::resource::{self, Resource, array, item, order_or_last, text_list, within};
use crate::app::App;
pub use crate::site::is_slug;
use crate::site::{CATEGORIES, slug};
use crate::store::{GalleryImage, Project, ProjectJson, ProjectSection, Rule, project_rule};
use std::sync::Arc;
use warp::Filter;
use warp::filters::BoxedFilter;
use warp::reply::Response;

const MAX_TITLE: usize = 200;
const MAX_SLUG: usize = 100;
const MAX_HEADLINE: usize = 300;
const MAX_LOCATION: usize = 200;
const MAX_DESCRIPTION: usize = 500;
const MAX_INTRO: usize = 5000;
const MAX_TAGS: usize = 20;
const MAX_TAG: usize = 50;
const MAX_SECTIONS: usize = 20;
const MAX_BULLETS: usize = 20;
const MAX_BULLET: usize = 500;
const MAX_GALLERY: usize = 50;
const MAX_ALT: usize = 300;
const YEARS: std::ops::RangeInclusive<i64> = 1900..=2100;

pub struct Projects;

impl Resource for Projects {
    type Record = Project;
    type Json = ProjectJson;
    const PATH: &'static str = "portfolio-projects";
    const NOUN: &'static str = "Project";
    const ORDERED: bool = true;

    fn input(f: &Fields) -> Result<Project, ApiError> {
        project_input(f)
    }

    fn rule() -> Rule<'static, Project> {
        &project_rule
    }
}

fn project_input(f: &Fields) -> Result<Project, ApiError> {
    let title = f.required_text("title", MAX_TITLE)?;
    let slug = match f.text("slug", MAX_SLUG, false)? {
        s if s.is_empty() => slug(&title).chars().take(MAX_SLUG).collect::<String>(),
        s => s,
    };
    let slug = slug.trim_end_matches('-').to_string();
    if !is_slug(&slug) {
        return Err(ApiError::bad_request(
            "slug may hold only a-z, 0-9 and single hyphens between them",
        ));
    }
    let category = f.required_text("category", MAX_TITLE)?;
    if !CATEGORIES.contains(&category.as_str()) {
        return Err(ApiError::bad_request(format!(
            "category must be one of: {}",
            CATEGORIES.join(", ")
        )));
    }
    let year = match f.0.get("year") {
        None | Some(serde_json::Value::Null) => this_year(),
        Some(v) => v
            .as_i64()
            .filter(|y| YEARS.contains(y))
            .map(|y| y as i32)
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "year must be a whole number from {} to {}",
                    YEARS.start(),
                    YEARS.end()
                ))
            })?,
    };
    let mut sections = Vec::new();
    for (i, v) in array(f, "sections", MAX_SECTIONS)?.iter().enumerate() {
        let (s, prefix) = item("sections", i, v)?;
        sections.push(ProjectSection {
            title: s
                .required_text("title", MAX_TITLE)
                .map_err(within(&prefix))?,
            bullets: text_list(&s, "bullets", MAX_BULLETS, MAX_BULLET).map_err(within(&prefix))?,
        });
    }
    let is_active = f.flag("isActive", true)?;
    let mut gallery = Vec::new();
    for (i, v) in array(f, "gallery", MAX_GALLERY)?.iter().enumerate() {
        let (g, prefix) = item("gallery", i, v)?;
        let image = GalleryImage {
            image_url: g.link("imageUrl", true).map_err(within(&prefix))?,
            alt: g.text("alt", MAX_ALT, false).map_err(within(&prefix))?,
        };
        if is_active && image.alt.is_empty() {
            return Err(ApiError::bad_request(format!(
                "{prefix}alt is required: a published project needs alt text on every gallery image"
            )));
        }
        gallery.push(image);
    }
    Ok(Project {
        id: 0,
        slug,
        title,
        headline: f.text("headline", MAX_HEADLINE, false)?,
        category,
        year,
        location: f.text("location", MAX_LOCATION, false)?,
        tags: text_list(f, "tags", MAX_TAGS, MAX_TAG)?,
        description: f.text("description", MAX_DESCRIPTION, true)?,
        intro: f.text("intro", MAX_INTRO, true)?,
        sections,
        gallery,
        cover_url: f.link("coverUrl", false)?,
        is_active,
        order: order_or_last(f),
        updated_at_ms: 0,
        former_slugs: Vec::new(),
    })
}

fn this_year() -> i32 {
    let now = std::time::UNIX_EPOCH + std::time::Duration::from_millis(crate::store::now_ms());
    humantime::format_rfc3339_seconds(now).to_string()[..4]
        .parse()
        .unwrap_or(2000)
}

/// The resource's routes plus `POST /api/admin/portfolio-projects/{id}/preview`.
pub fn routes(app: Arc<App>) -> BoxedFilter<(Response,)> {
    resource::preview_route::<Projects>(app.clone(), <[u8]>::to_vec, |project| {
        crate::site::project_path(&project.slug)
    })
    .or(resource::routes::<Projects>(app))
    .unify()
    .boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lower_case_words_joined_by_hyphens() {
        for ok in ["a", "modern-serenity", "loft-2024", "9"] {
            assert!(is_slug(ok), "{ok}");
        }
        for bad in ["", "-a", "a-", "a--b", "A", "a b", "a_b", "é", "a/b"] {
            assert!(!is_slug(bad), "{bad}");
        }
    }
}
