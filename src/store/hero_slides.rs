//! The home page's hero slides.

use super::*;

impl Store {
    /// Every slide, by `order`, then creation.
    pub fn hero_slides(&self) -> Result<Vec<HeroSlide>> {
        let txn = self.db.begin_read()?;
        let mut slides: Vec<HeroSlide> = decode_all(&txn.open_table(HERO_SLIDES)?)?;
        slides.sort_by_key(|s| (s.order, s.created_at_ms, s.id));
        Ok(slides)
    }

    pub fn create_hero_slide(&self, input: HeroSlideInput) -> Result<HeroSlide> {
        self.write(|txn| {
            let slide = slide_from(next_id(txn, "hero_slides")?, input, now_ms());
            txn.open_table(HERO_SLIDES)?
                .insert(slide.id, slide.encode()?.as_slice())?;
            Ok(slide)
        })
    }

    /// Replaces a slide's fields; `None` when no slide has that id.
    pub fn update_hero_slide(&self, id: u64, input: HeroSlideInput) -> Result<Option<HeroSlide>> {
        self.write(|txn| {
            let mut table = txn.open_table(HERO_SLIDES)?;
            let Some(old) = table
                .get(id)?
                .map(|v| HeroSlide::decode(v.value()))
                .transpose()?
            else {
                return Ok(None);
            };
            let slide = slide_from(id, input, old.created_at_ms);
            table.insert(id, slide.encode()?.as_slice())?;
            Ok(Some(slide))
        })
    }

    /// Deletes a slide; `false` when no slide has that id.
    pub fn delete_hero_slide(&self, id: u64) -> Result<bool> {
        self.write(|txn| Ok(txn.open_table(HERO_SLIDES)?.remove(id)?.is_some()))
    }
}
