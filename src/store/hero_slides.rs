//! The home page's hero slides, on the shared collection.

use super::collection::{Record, Refused, Save, record_fields};
use super::*;

impl Record for HeroSlide {
    const TABLE: TableDefinition<'static, u64, &'static [u8]> = HERO_SLIDES;
    record_fields!(id, order);
    /// By `order`, then creation.
    fn sort(list: &mut [Self]) {
        list.sort_by_key(|s| (s.order, s.created_at_ms, s.id));
    }
}

/// A replaced slide keeps the time it was created.
pub fn hero_slide_rule(
    old: Option<&HeroSlide>,
    new: &mut HeroSlide,
    _: &mut [HeroSlide],
) -> Result<(), Refused> {
    if let Some(old) = old {
        new.created_at_ms = old.created_at_ms;
    }
    Ok(())
}

impl Store {
    /// Every slide, by `order`, then creation.
    pub fn hero_slides(&self) -> Result<Vec<HeroSlide>> {
        self.list()
    }

    pub fn create_hero_slide(&self, input: HeroSlideInput) -> Result<HeroSlide> {
        let refused = |r| anyhow!("creating a hero slide: {r:?}");
        self.create(slide_from(0, input, now_ms()), &hero_slide_rule, "studio")?
            .map(|(slide, _)| slide)
            .map_err(refused)
    }

    /// Replaces a slide's fields; `None` when no slide has that id.
    pub fn update_hero_slide(&self, id: u64, input: HeroSlideInput) -> Result<Option<HeroSlide>> {
        let save = Save {
            by: "studio",
            expect: None,
        };
        match self.replace(id, slide_from(id, input, now_ms()), &hero_slide_rule, save)? {
            Ok((slide, _)) => Ok(Some(slide)),
            Err(Refused::NotFound) => Ok(None),
            Err(r) => Err(anyhow!("replacing hero slide {id}: {r:?}")),
        }
    }

    /// Deletes a slide; `false` when no slide has that id.
    pub fn delete_hero_slide(&self, id: u64) -> Result<bool> {
        self.delete::<HeroSlide>(id)
    }
}
