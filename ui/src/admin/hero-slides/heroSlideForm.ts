import type { AdminHeroSlide, HeroSlidePayload } from '../api';

/** What the slide form holds while the owner types: every field as text, order included. */
export interface HeroSlideDraft {
  title: string;
  subtitle: string;
  imageUrl: string;
  /** What the photo shows; empty: the photo is atmosphere behind the headline. */
  alt: string;
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
  alt: '',
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
    alt: slide.alt ?? '',
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

/** What needs attention before saving, by the label of the field, with what to do. */
export function slideProblems(draft: HeroSlideDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.title.trim()) problems.Title = 'Give the slide a title.';
  if (!draft.imageUrl.trim()) problems.Photo = 'Choose the slide\'s photo.';
  return problems;
}

/** How a server refusal finds its field. */
export const SLIDE_LABELS = {
  title: 'Title',
  imageUrl: 'Photo',
  alt: 'Photo description',
  buttonLink: 'Button link',
  subtitle: 'Subtitle',
  buttonText: 'Button text',
};

/** The fields a clash compares, by the labels the form shows. */
export const SLIDE_CLASH_LABELS: Record<string, string> = { ...SLIDE_LABELS, order: 'Order on the home page', isActive: 'Active' };

export function payloadFromDraft(draft: HeroSlideDraft): HeroSlidePayload {
  return {
    title: draft.title.trim(),
    subtitle: draft.subtitle.trim(),
    imageUrl: draft.imageUrl.trim(),
    alt: draft.alt.trim(),
    buttonText: draft.buttonText.trim(),
    buttonLink: draft.buttonLink.trim(),
    order: parseOrder(draft.order),
    isActive: draft.isActive,
  };
}

/** The fields of a deleted slide, to create it again from an Undo. */
export function payloadFromSlide(slide: AdminHeroSlide): HeroSlidePayload {
  const { title, subtitle, imageUrl, alt = '', buttonText, buttonLink, order, isActive } = slide;
  return { title, subtitle, imageUrl, alt, buttonText, buttonLink, order, isActive };
}
