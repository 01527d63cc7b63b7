import { describe, expect, it } from 'vitest';
import type { AdminProject } from '../api';
import {
  draftFromProject,
  emptyProjectDraft,
  projectProblems,
  moveRow,
  payloadFromDraft,
  payloadFromProject,
  removeRow,
  withUploads,
} from './projectForm';
import { splitTags } from '../editor/tags';

const project: AdminProject = {
  id: 4,
  slug: 'modern-serenity',
  title: 'Modern Serenity',
  headline: 'A Calm Family Residence',
  category: 'Residential',
  year: 2023,
  location: 'Hyderabad',
  tags: ['Residential', 'Minimalist'],
  description: 'A calm home.',
  intro: 'A young family asked for calm.',
  sections: [{ title: 'Living', bullets: ['One', 'Two'] }],
  gallery: [{ imageUrl: '/media/a.jpg', alt: 'Living room' }],
  coverUrl: '/media/cover.jpg',
  isActive: true,
  order: 2,
  updatedAt: '2024-12-15T10:00:00Z',
};

describe('project form', () => {
  it('round-trips a stored project through the draft', () => {
    const { id: _id, updatedAt: _u, ...fields } = project;
    expect(payloadFromDraft(draftFromProject(project))).toEqual(fields);
    expect(payloadFromProject(project)).toEqual(fields);
  });

  it('starts a new project as an unpublished draft at the end of the list', () => {
    const draft = emptyProjectDraft(7);
    expect(draft.isActive).toBe(false);
    expect(draft.order).toBe(7);
    expect(draft.category).toBe('Residential');
  });

  it('trims, splits tags, reads the year and drops empty sections and points', () => {
    const draft = {
      ...draftFromProject(project),
      title: '  New Villa ',
      year: 'soon',
      tags: 'Villa, , Pool,Villa ',
    };
    draft.sections = [
      { key: 1, title: ' Pool ', bullets: [{ key: 2, text: ' Deep end ' }, { key: 3, text: '  ' }] },
      { key: 4, title: '', bullets: [{ key: 5, text: '' }] },
    ];
    const payload = payloadFromDraft(draft);
    expect(payload.title).toBe('New Villa');
    expect(payload.year).toBeNull();
    expect(payload.tags).toEqual(['Villa', 'Pool']);
    expect(payload.sections).toEqual([{ title: 'Pool', bullets: ['Deep end'] }]);
    expect(splitTags('')).toEqual([]);
  });

  it('needs a title, and alt text on every picture of a published project', () => {
    const draft = { ...draftFromProject(project), title: ' ' };
    draft.gallery = [...draft.gallery, { key: 9, imageUrl: '/media/b.jpg', alt: ' ' }];
    expect(Object.keys(projectProblems(draft))).toEqual(['Title', 'Alt text of image 2']);
    expect(Object.keys(projectProblems({ ...draft, isActive: false }))).toEqual(['Title']);
    draft.sections = [...draft.sections, { key: 10, title: ' ', bullets: [{ key: 11, text: 'A point' }] }];
    expect(Object.keys(projectProblems({ ...draft, isActive: false }))).toEqual(['Title', 'Section 2 title']);
  });

  it('moves and removes rows, leaving the list alone at its ends', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(removeRow(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('photos uploaded into the gallery', () => {
  it('are added at its end, each once: one already there, or chosen twice, is not added again', () => {
    const gallery = draftFromProject(project).gallery;
    const next = withUploads(gallery, [gallery[0]!.imageUrl, '/media/new.jpg', '/media/new.jpg']);
    expect(next.map((row) => row.imageUrl)).toEqual([...gallery.map((row) => row.imageUrl), '/media/new.jpg']);
    expect(next.at(-1)?.alt).toBe('');
  });
});
