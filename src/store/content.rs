//! The owner's content kinds (projects, news, testimonials) on the shared collection, the rule
//! projects add (slugs and their redirects), and the content a data file starts with or, when an
//! earlier release wrote it, gains once.

use super::collection::{Record, Refused, put, record_fields};
use super::*;

/// Marks a data file whose projects carry their case studies and which has news and testimonials.
const META_CONTENT: &str = "content_version";
const CONTENT_VERSION: u32 = 1;

impl Record for Project {
    const TABLE: TableDefinition<'static, u64, &'static [u8]> = PROJECTS;
    record_fields!(id, order);
    fn sort(list: &mut [Self]) {
        list.sort_by_key(|p| (p.order, p.id));
    }
}

impl Record for NewsItem {
    const TABLE: TableDefinition<'static, u64, &'static [u8]> = NEWS;
    record_fields!(id);
    /// Newest first.
    fn sort(list: &mut [Self]) {
        list.sort_by(|a, b| b.date.cmp(&a.date).then(b.id.cmp(&a.id)));
    }
}

impl Record for Testimonial {
    const TABLE: TableDefinition<'static, u64, &'static [u8]> = TESTIMONIALS;
    record_fields!(id, order);
    fn sort(list: &mut [Self]) {
        list.sort_by_key(|t| (t.order, t.id));
    }
}

/// A record with a web address of its own whose former addresses answer 301.
pub trait Addressed {
    fn slug(&self) -> &str;
    fn former_slugs(&self) -> &[String];
    fn former_slugs_mut(&mut self) -> &mut Vec<String>;
}

impl Addressed for Project {
    fn slug(&self) -> &str {
        &self.slug
    }
    fn former_slugs(&self) -> &[String] {
        &self.former_slugs
    }
    fn former_slugs_mut(&mut self) -> &mut Vec<String> {
        &mut self.former_slugs
    }
}

impl Addressed for NewsItem {
    fn slug(&self) -> &str {
        &self.slug
    }
    fn former_slugs(&self) -> &[String] {
        &self.former_slugs
    }
    fn former_slugs_mut(&mut self) -> &mut Vec<String> {
        &mut self.former_slugs
    }
}

/// A write's addresses: its slug is no other record's (`noun` names them in the refusal); a
/// changed slug stays as a redirect; a live slug is never another record's redirect.
fn keep_addresses<T: Addressed>(
    old: Option<&T>,
    new: &mut T,
    others: &mut [T],
    noun: &str,
) -> Result<(), Refused> {
    if others.iter().any(|o| o.slug() == new.slug()) {
        return Err(Refused::Conflict(format!(
            "slug \"{}\" is used by another {noun}",
            new.slug()
        )));
    }
    let slug = new.slug().to_string();
    let mut former = old.map(|o| o.former_slugs().to_vec()).unwrap_or_default();
    if let Some(old) = old.filter(|o| o.slug() != slug) {
        former.push(old.slug().to_string());
    }
    former.retain(|s| *s != slug);
    *new.former_slugs_mut() = former;
    for other in others.iter_mut() {
        other.former_slugs_mut().retain(|s| *s != slug);
    }
    Ok(())
}

/// What a project write must respect: its slug is no other project's; a changed slug stays as a
/// redirect; a live slug is never another project's redirect; a project without an order goes
/// first and one sent without an order keeps its place (`order == i64::MIN`). Stamps `updated_at_ms`.
pub fn project_rule(
    old: Option<&Project>,
    new: &mut Project,
    others: &mut [Project],
) -> Result<(), Refused> {
    keep_addresses(old, new, others, "project")?;
    new.order = order_or_first(
        new.order,
        old.map(|o| o.order),
        others.iter().map(|p| p.order),
    );
    new.updated_at_ms = now_ms();
    Ok(())
}

/// What a news item write must respect, as a project's: its slug is no other item's; a changed
/// slug stays as a redirect; a live slug is never another item's redirect. One sent without a slug
/// keeps its own, or when new gets its title's (`-2`, `-3`… when another has it), so that a changed
/// title never breaks a link. Stamps `updated_at_ms`.
pub fn news_rule(
    old: Option<&NewsItem>,
    new: &mut NewsItem,
    others: &mut [NewsItem],
) -> Result<(), Refused> {
    if new.slug.is_empty() {
        new.slug = match old {
            Some(old) => old.slug.clone(),
            None => {
                let base = match crate::site::slug(&new.title) {
                    s if s.is_empty() => "news".to_string(),
                    s => s
                        .chars()
                        .take(90)
                        .collect::<String>()
                        .trim_end_matches('-')
                        .to_string(),
                };
                let taken = |s: &str| others.iter().any(|n| n.slug == s);
                (1..)
                    .map(|n| {
                        if n == 1 {
                            base.clone()
                        } else {
                            format!("{base}-{n}")
                        }
                    })
                    .find(|s| !taken(s))
                    .unwrap_or(base)
            }
        };
    }
    keep_addresses(old, new, others, "news item")?;
    new.updated_at_ms = now_ms();
    Ok(())
}

/// A testimonial sent without an order keeps its place, or goes first when new.
pub fn testimonial_rule(
    old: Option<&Testimonial>,
    new: &mut Testimonial,
    others: &mut [Testimonial],
) -> Result<(), Refused> {
    new.order = order_or_first(
        new.order,
        old.map(|o| o.order),
        others.iter().map(|t| t.order),
    );
    Ok(())
}

/// `sent`, unless it is `i64::MIN` (not sent): then the record's old place, or before the first:
/// new work goes to the top of its list (and so to the home page's first slots).
fn order_or_first(sent: i64, old: Option<i64>, others: impl Iterator<Item = i64>) -> i64 {
    if sent != i64::MIN {
        return sent;
    }
    old.unwrap_or_else(|| others.map(|o| o.saturating_sub(1)).min().unwrap_or(0))
}

impl Store {
    /// Every project, by `order`.
    pub fn projects(&self) -> Result<Vec<Project>> {
        self.list()
    }

    /// Every news item, newest first.
    pub fn news_items(&self) -> Result<Vec<NewsItem>> {
        self.list()
    }

    /// Every testimonial, by `order`.
    pub fn testimonials(&self) -> Result<Vec<Testimonial>> {
        self.list()
    }
}

fn seed_project(p: &crate::site::SeedProject, id: u64, order: i64, now: u64) -> Project {
    Project {
        id,
        slug: p.slug.clone(),
        title: p.title.clone(),
        headline: p.headline.clone(),
        category: p.category.clone(),
        year: p.year,
        location: p.location.clone(),
        tags: p.tags.clone(),
        description: p.description.clone(),
        intro: p.intro.clone(),
        sections: p
            .sections
            .iter()
            .map(|s| ProjectSection {
                title: s.title.clone(),
                bullets: s.bullets.clone(),
            })
            .collect(),
        gallery: p
            .gallery
            .iter()
            .map(|g| GalleryImage {
                image_url: g.image_url.clone(),
                alt: g.alt.clone(),
            })
            .collect(),
        cover_url: p.cover_url.clone(),
        is_active: p.is_active,
        order,
        updated_at_ms: now,
        former_slugs: Vec::new(),
    }
}

/// Brings the content of a data file up to this release, once, in the caller's transaction: a new
/// file gets the seed; a file of the first release keeps each project's `isActive` and `order`
/// and gains the case study the seed has for its slug (and any seed project it lacks), and both
/// files gain the seed's news and testimonials when they have none. Every project is rewritten at
/// the current record version.
pub(super) fn upgrade_content(txn: &WriteTransaction) -> Result<bool> {
    {
        let meta = txn.open_table(META)?;
        let done = meta.get(META_CONTENT)?.is_some_and(|v| {
            v.value()
                .try_into()
                .is_ok_and(|b: [u8; 4]| u32::from_le_bytes(b) >= CONTENT_VERSION)
        });
        if done {
            return Ok(false);
        }
    }
    let seed = &*crate::site::SEED;
    let now = now_ms();
    let mut projects: Vec<Project> =
        decode_all(PROJECTS.name(), &txn.open_table(PROJECTS)?, false)?;
    for stored in &mut projects {
        let Some(from_seed) = seed.projects.iter().find(|p| p.slug == stored.slug) else {
            continue;
        };
        if !stored.sections.is_empty() {
            continue;
        }
        *stored = Project {
            is_active: stored.is_active,
            order: stored.order,
            title: stored.title.clone(),
            description: stored.description.clone(),
            ..seed_project(from_seed, stored.id, stored.order, now)
        };
    }
    let mut next_order = projects.iter().map(|p| p.order + 1).max().unwrap_or(0);
    for p in &seed.projects {
        if projects.iter().any(|s| s.slug == p.slug) {
            continue;
        }
        let id = next_id(txn, PROJECTS.name())?;
        projects.push(seed_project(p, id, next_order, now));
        next_order += 1;
    }
    for p in &projects {
        put(txn, p)?;
    }
    if txn.open_table(NEWS)?.is_empty()? {
        for n in &seed.news {
            let item = NewsItem::from_text(
                next_id(txn, NEWS.name())?,
                n.date.clone(),
                n.title.clone(),
                n.content.clone(),
                n.is_active,
            );
            put(txn, &item)?;
        }
    }
    if txn.open_table(TESTIMONIALS)?.is_empty()? {
        for (order, t) in seed.testimonials.iter().enumerate() {
            let testimonial = Testimonial {
                id: next_id(txn, TESTIMONIALS.name())?,
                quote: t.quote.clone(),
                name: t.name.clone(),
                role: t.role.clone(),
                is_active: t.is_active,
                order: order as i64,
            };
            put(txn, &testimonial)?;
        }
    }
    txn.open_table(META)?
        .insert(META_CONTENT, CONTENT_VERSION.to_le_bytes().as_slice())?;
    Ok(true)
}
