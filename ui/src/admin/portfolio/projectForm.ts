// The project editor's rules, free of components so that they are tested on their own: what the
// form holds while the owner types, what it sends, and which fields must be filled first.
import { PROJECT_CATEGORIES, type AdminProject, type ProjectPayload } from '../api';
import { moveIndex } from '../editor/reorder';
import { splitTags } from '../editor/tags';
import { newOnly } from '../editor/upload';

let lastKey = 0;
/** A key for a row the owner adds (React needs one that survives moves; the record has no ids for them). */
export const newKey = () => ++lastKey;

export interface BulletDraft {
  key: number;
  text: string;
}

export interface SectionDraft {
  key: number;
  title: string;
  bullets: BulletDraft[];
}

export interface GalleryDraft {
  key: number;
  imageUrl: string;
  alt: string;
}

export interface ProjectDraft {
  title: string;
  slug: string;
  headline: string;
  category: string;
  year: string;
  location: string;
  /** Comma-separated. */
  tags: string;
  description: string;
  intro: string;
  coverUrl: string;
  sections: SectionDraft[];
  gallery: GalleryDraft[];
  isActive: boolean;
  order: number;
}

/** A new project starts as a draft (unpublished), so the owner can preview it before visitors see it. */
export function emptyProjectDraft(order = 0): ProjectDraft {
  return {
    title: '',
    slug: '',
    headline: '',
    category: PROJECT_CATEGORIES[0],
    year: String(new Date().getFullYear()),
    location: '',
    tags: '',
    description: '',
    intro: '',
    coverUrl: '',
    sections: [],
    gallery: [],
    isActive: false,
    order,
  };
}

export function draftFromProject(project: AdminProject): ProjectDraft {
  return {
    title: project.title,
    slug: project.slug,
    headline: project.headline,
    category: project.category,
    year: project.year ? String(project.year) : '',
    location: project.location,
    tags: project.tags.join(', '),
    description: project.description,
    intro: project.intro,
    coverUrl: project.coverUrl,
    sections: project.sections.map((section) => ({
      key: newKey(),
      title: section.title,
      bullets: section.bullets.map((text) => ({ key: newKey(), text })),
    })),
    gallery: project.gallery.map((image) => ({ key: newKey(), ...image })),
    isActive: project.isActive,
    order: project.order,
  };
}

export function payloadFromDraft(draft: ProjectDraft): ProjectPayload {
  const year = Number.parseInt(draft.year.trim(), 10);
  return {
    title: draft.title.trim(),
    slug: draft.slug.trim(),
    headline: draft.headline.trim(),
    category: draft.category,
    year: Number.isFinite(year) ? year : null,
    location: draft.location.trim(),
    tags: splitTags(draft.tags),
    description: draft.description.trim(),
    intro: draft.intro.trim(),
    coverUrl: draft.coverUrl.trim(),
    // Empty rows are the owner's scratch space, not content.
    sections: draft.sections
      .map((section) => ({
        title: section.title.trim(),
        bullets: section.bullets.map((bullet) => bullet.text.trim()).filter(Boolean),
      }))
      .filter((section) => section.title || section.bullets.length > 0),
    gallery: draft.gallery.map((image) => ({ imageUrl: image.imageUrl, alt: image.alt.trim() })),
    isActive: draft.isActive,
    order: draft.order,
  };
}

/** The fields of a deleted project, to create it again from an Undo. */
export function payloadFromProject(project: AdminProject): ProjectPayload {
  const { id: _id, updatedAt: _updatedAt, ...payload } = project;
  return payload;
}

/**
 * What needs attention before saving, by the label of the field, with what to do. A published
 * project needs alt text on every picture.
 */
export function projectProblems(draft: ProjectDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.title.trim()) problems.Title = 'Give the project a title.';
  draft.sections.forEach((section, index) => {
    if (!section.title.trim() && section.bullets.some((bullet) => bullet.text.trim())) {
      problems[`Section ${index + 1} title`] = 'A section with points needs a title.';
    }
  });
  if (draft.isActive) {
    draft.gallery.forEach((image, index) => {
      if (!image.alt.trim()) problems[`Alt text of image ${index + 1}`] = 'Say what this picture shows: a published project needs it for visitors who cannot see it.';
    });
  }
  return problems;
}

/** How a server refusal finds its field (its message starts with the field's key). */
export const PROJECT_LABELS = {
  title: 'Title',
  slug: 'Web address',
  year: 'Year',
  location: 'Location',
  description: 'Description',
  coverUrl: 'Cover photo',
  gallery: (index: number) => `Alt text of image ${index + 1}`,
  sections: (index: number) => `Section ${index + 1} title`,
};

/** Moves the row at `index` by `step` (-1 up, +1 down); out of range leaves the list as it is. */
export function moveRow<T>(rows: readonly T[], index: number, step: number): T[] {
  const to = index + step;
  if (to < 0 || to >= rows.length) return [...rows];
  return moveIndex(rows, index, to);
}

export function replaceRow<T>(rows: readonly T[], index: number, row: T): T[] {
  return rows.map((current, i) => (i === index ? row : current));
}

export function removeRow<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_, i) => i !== index);
}

/** The gallery with the photos just uploaded at its end, each once: one already in it is not added again. */
export function withUploads(gallery: GalleryDraft[], urls: readonly string[]): GalleryDraft[] {
  const added = newOnly(
    gallery.map((row) => row.imageUrl),
    urls,
  );
  return [...gallery, ...added.map((imageUrl) => ({ key: newKey(), imageUrl, alt: '' }))];
}
