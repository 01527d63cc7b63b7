import type { AdminHeroSlide, HeroSlidePayload } from './api';

/** What the slide form holds while the owner types: every field as text, order included. */
export interface HeroSlideDraft {
  title: string;
  subtitle: string;
  imageUrl: string;
  buttonText: string;
  buttonLink: string;
  order: string;
  isActive: boolean;
}

/** SPEC §9: a new slide has order 0 and is active. */
export const emptyDraft: HeroSlideDraft = {
  title: '',
  subtitle: '',
  imageUrl: '',
  buttonText: '',
  buttonLink: '',
  order: '0',
  isActive: true,
};

export function draftFromSlide(slide: AdminHeroSlide): HeroSlideDraft {
  return {
    title: slide.title,
    subtitle: slide.subtitle,
    imageUrl: slide.imageUrl,
    buttonText: slide.buttonText,
    buttonLink: slide.buttonLink,
    order: String(slide.order),
    isActive: slide.isActive,
  };
}

/** SPEC §5: order is read as an integer and falls back to 0. */
export function parseOrder(text: string): number {
  const order = Number.parseInt(text.trim(), 10);
  return Number.isFinite(order) ? order : 0;
}

/** The fields the owner must fill before saving, by name; empty when the draft can be sent. */
export function missingFields(draft: HeroSlideDraft): string[] {
  const missing: string[] = [];
  if (!draft.title.trim()) missing.push('Title');
  if (!draft.imageUrl.trim()) missing.push('Image URL');
  return missing;
}

export function payloadFromDraft(draft: HeroSlideDraft): HeroSlidePayload {
  return {
    title: draft.title.trim(),
    subtitle: draft.subtitle.trim(),
    imageUrl: draft.imageUrl.trim(),
    buttonText: draft.buttonText.trim(),
    buttonLink: draft.buttonLink.trim(),
    order: parseOrder(draft.order),
    isActive: draft.isActive,
  };
}

/** The fields of a deleted slide, to create it again from an Undo. */
export function payloadFromSlide(slide: AdminHeroSlide): HeroSlidePayload {
  const { title, subtitle, imageUrl, buttonText, buttonLink, order, isActive } = slide;
  return { title, subtitle, imageUrl, buttonText, buttonLink, order, isActive };
}
