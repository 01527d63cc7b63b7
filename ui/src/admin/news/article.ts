// The journal editor's rules, free of components so that they are tested on their own: what the
// form holds while the owner types (blocks with keys, a list's items as lines, the schedule as a
// day and a time in the studio's zone), what it sends (issue 32's shape, ui/src/lib/journal.ts),
// which fields need attention first, and where a server refusal (`body[3].alt is required`) goes.
import { MAX_BLOCKS, MAX_PHOTOS, type Article, type ArticleBlock, type ArticleImage, type ArticleStatus } from '../../lib/journal';
import { slug as slugOf } from '../../lib/slug';
import { splitTags } from '../editor/tags';

/** The studio's time zone (the consultation settings' default): the journal's dates are its days. */
const STUDIO_ZONE = 'Asia/Kolkata';

/** What the news calls take on write: every field of an article but its id and derived text. */
export type ArticlePayload = Omit<Article, 'id' | 'content' | 'cover' | 'publishAt'> & {
  cover: { url: string; alt: string } | null;
  publishAt?: string;
};

/** An article as the list reads it: older servers send only SPEC's four fields, and a version. */
export type AdminArticle = Partial<Article> & Pick<Article, 'id' | 'title' | 'date' | 'content' | 'isActive'> & { version?: number };

export interface PhotoDraft {
  url: string;
  alt: string;
  caption: string;
}

/** One block as the form holds it; `key` keeps its editor across moves. */
export type BlockDraft =
  | { key: number; type: 'heading'; level: 2 | 3; text: string }
  | { key: number; type: 'paragraph'; text: string }
  /** One item a line. */
  | { key: number; type: 'list'; ordered: boolean; text: string }
  | { key: number; type: 'quote'; text: string; cite: string }
  | { key: number; type: 'image'; photo: PhotoDraft }
  | { key: number; type: 'pair'; photos: [PhotoDraft, PhotoDraft] }
  | { key: number; type: 'beforeAfter'; before: PhotoDraft; after: PhotoDraft; caption: string };

export type BlockType = BlockDraft['type'];

/** Which photo of a block: the one of a photo block, a pair's first or second, before or after. */
export type PhotoSlot = 'photo' | 'first' | 'second' | 'before' | 'after';

/**
 * The block as it is now with the photo in `slot` set to `url`: an upload ends after the owner may
 * have typed the photo's alt text or caption, which the block as it was at the start would undo.
 */
export function withPhotoUrl(block: BlockDraft, slot: PhotoSlot, url: string): BlockDraft {
  switch (block.type) {
    case 'image':
      return slot === 'photo' ? { ...block, photo: { ...block.photo, url } } : block;
    case 'pair':
      if (slot === 'first') return { ...block, photos: [{ ...block.photos[0], url }, block.photos[1]] };
      return slot === 'second' ? { ...block, photos: [block.photos[0], { ...block.photos[1], url }] } : block;
    case 'beforeAfter':
      if (slot === 'before') return { ...block, before: { ...block.before, url } };
      return slot === 'after' ? { ...block, after: { ...block.after, url } } : block;
    default:
      return block;
  }
}

/** 'now': published; 'schedule': published at `scheduleDay` `scheduleTime` in the studio's zone. */
export type Publishing = 'now' | 'draft' | 'schedule';

export interface ArticleDraft {
  title: string;
  slug: string;
  /** YYYY-MM-DD. */
  date: string;
  coverUrl: string;
  coverAlt: string;
  excerpt: string;
  /** Comma-separated. */
  tags: string;
  publishing: Publishing;
  scheduleDay: string;
  /** HH:MM. */
  scheduleTime: string;
  body: BlockDraft[];
  isActive: boolean;
}

let lastKey = 0;
const newKey = () => ++lastKey;

export const BLOCK_NAMES: Record<BlockType, string> = {
  heading: 'Heading',
  paragraph: 'Paragraph',
  list: 'List',
  quote: 'Quote',
  image: 'Photo',
  pair: 'Two photos',
  beforeAfter: 'Before and after',
};

const emptyPhoto = (): PhotoDraft => ({ url: '', alt: '', caption: '' });

export function newBlock(type: BlockType): BlockDraft {
  const key = newKey();
  switch (type) {
    case 'heading':
      return { key, type, level: 2, text: '' };
    case 'paragraph':
      return { key, type, text: '' };
    case 'list':
      return { key, type, ordered: false, text: '' };
    case 'quote':
      return { key, type, text: '', cite: '' };
    case 'image':
      return { key, type, photo: emptyPhoto() };
    case 'pair':
      return { key, type, photos: [emptyPhoto(), emptyPhoto()] };
    case 'beforeAfter':
      return { key, type, before: emptyPhoto(), after: emptyPhoto(), caption: '' };
  }
}

const photoDraft = (image: Partial<ArticleImage> | undefined): PhotoDraft => ({ url: image?.url ?? '', alt: image?.alt ?? '', caption: image?.caption ?? '' });

export function blockDraft(block: ArticleBlock): BlockDraft {
  const key = newKey();
  switch (block.type) {
    case 'heading':
      return { key, type: 'heading', level: block.level === 3 ? 3 : 2, text: block.text };
    case 'paragraph':
      return { key, type: 'paragraph', text: block.text };
    case 'list':
      return { key, type: 'list', ordered: block.ordered, text: block.items.join('\n') };
    case 'quote':
      return { key, type: 'quote', text: block.text, cite: block.cite ?? '' };
    case 'image':
      return { key, type: 'image', photo: photoDraft(block) };
    case 'pair':
      return { key, type: 'pair', photos: [photoDraft(block.images[0]), photoDraft(block.images[1])] };
    case 'beforeAfter':
      return { key, type: 'beforeAfter', before: photoDraft(block.before), after: photoDraft(block.after), caption: block.caption ?? '' };
  }
}

const trimmed = (text: string) => text.trim();
/** A photo as sent: an empty caption is left out, as the server writes it back. */
function photoOf({ url, alt, caption }: PhotoDraft, captioned = true): ArticleImage {
  return captioned && caption.trim() ? { url: url.trim(), alt: alt.trim(), caption: caption.trim() } : { url: url.trim(), alt: alt.trim() };
}

export function blockOf(draft: BlockDraft): ArticleBlock {
  switch (draft.type) {
    case 'heading':
      return { type: 'heading', level: draft.level, text: trimmed(draft.text) };
    case 'paragraph':
      return { type: 'paragraph', text: trimmed(draft.text) };
    case 'list':
      return { type: 'list', ordered: draft.ordered, items: listItems(draft.text) };
    case 'quote':
      return draft.cite.trim() ? { type: 'quote', text: trimmed(draft.text), cite: draft.cite.trim() } : { type: 'quote', text: trimmed(draft.text) };
    case 'image':
      return { type: 'image', ...photoOf(draft.photo) };
    case 'pair':
      return { type: 'pair', images: [photoOf(draft.photos[0]), photoOf(draft.photos[1])] };
    case 'beforeAfter': {
      const pair = { type: 'beforeAfter' as const, before: photoOf(draft.before, false), after: photoOf(draft.after, false) };
      return draft.caption.trim() ? { ...pair, caption: draft.caption.trim() } : pair;
    }
  }
}

export const listItems = (text: string) => text.split('\n').map(trimmed).filter(Boolean);

/** The photos a block holds. */
export function photosOf(block: BlockDraft): PhotoDraft[] {
  switch (block.type) {
    case 'image':
      return [block.photo];
    case 'pair':
      return block.photos;
    case 'beforeAfter':
      return [block.before, block.after];
    default:
      return [];
  }
}

export const photoCount = (body: readonly BlockDraft[]) => body.reduce((n, block) => n + photosOf(block).length, 0);

/** The studio's date today (Asia/Kolkata), not UTC's: at 01:55 in Hyderabad it is already today. */
export const studioToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_ZONE }).format(now);
const today = () => studioToday();

/** A new article: one empty paragraph to write in, published when saved unless the owner says. */
export function emptyArticleDraft(): ArticleDraft {
  return {
    title: '',
    slug: '',
    date: today(),
    coverUrl: '',
    coverAlt: '',
    excerpt: '',
    tags: '',
    publishing: 'now',
    scheduleDay: '',
    scheduleTime: '09:00',
    body: [newBlock('paragraph')],
    isActive: true,
  };
}

/**
 * The form of a stored article. An item of the old shape (only `content`, from a data file of an
 * earlier release or an older server) opens with its text as one paragraph.
 */
export function draftFromArticle(item: AdminArticle, zone: string): ArticleDraft {
  const body = item.body && item.body.length > 0 ? item.body.map(blockDraft) : item.content.trim() ? [blockDraft({ type: 'paragraph', text: item.content })] : [];
  const status: ArticleStatus = item.status ?? 'published';
  const at = item.publishAt ? zonedParts(item.publishAt, zone) : null;
  return {
    title: item.title,
    slug: item.slug ?? '',
    date: item.date,
    coverUrl: item.cover?.url ?? '',
    coverAlt: item.cover?.alt ?? '',
    excerpt: item.excerpt ?? '',
    tags: (item.tags ?? []).join(', '),
    publishing: status === 'draft' ? 'draft' : status === 'scheduled' ? 'schedule' : 'now',
    scheduleDay: at?.day ?? '',
    scheduleTime: at?.time ?? '09:00',
    body,
    isActive: item.isActive,
  };
}

export function payloadFromDraft(draft: ArticleDraft, zone: string): ArticlePayload {
  const scheduled = draft.publishing === 'schedule';
  const payload: ArticlePayload = {
    title: draft.title.trim(),
    slug: draft.slug.trim(),
    date: draft.date,
    excerpt: draft.excerpt.trim(),
    cover: draft.coverUrl.trim() ? { url: draft.coverUrl.trim(), alt: draft.coverAlt.trim() } : null,
    tags: splitTags(draft.tags),
    status: scheduled ? 'scheduled' : draft.publishing === 'draft' ? 'draft' : 'published',
    body: draft.body.map(blockOf),
    isActive: draft.isActive,
  };
  if (scheduled) payload.publishAt = zonedIso(draft.scheduleDay, draft.scheduleTime, zone);
  return payload;
}

/** The fields of a deleted article, to create it again from an Undo. */
export function payloadFromArticle(item: AdminArticle): ArticlePayload {
  const { id: _id, content, version: _version, cover, publishAt, ...rest } = item;
  const payload: ArticlePayload = {
    slug: '',
    excerpt: '',
    tags: [],
    status: 'published',
    ...rest,
    cover: cover ?? null,
    body: rest.body && rest.body.length > 0 ? rest.body : [{ type: 'paragraph', text: content }],
  };
  if (publishAt) payload.publishAt = publishAt;
  return payload;
}

// ---- The studio's time zone ----

/** The offset of `zone` at `at`, in minutes east of UTC. */
export function offsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** `+05:30`. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The moment `day` `time` on the studio's clocks, as ISO 8601 with the zone's offset then. */
export function zonedIso(day: string, time: string, zone: string): string {
  const wall = Date.parse(`${day}T${time}:00Z`);
  if (Number.isNaN(wall)) return `${day}T${time}:00`;
  // The offset at the moment itself, found from a first guess (they differ only near a change of clocks).
  let offset = offsetMinutes(zone, new Date(wall));
  offset = offsetMinutes(zone, new Date(wall - offset * 60_000));
  return `${day}T${time}:00${offsetText(offset)}`;
}

/** The day and time of `iso` on the studio's clocks. */
export function zonedParts(iso: string, zone: string): { day: string; time: string } | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** "1 Dec 2026, 9:30 am" on the studio's clocks. */
export function formatZoned(iso: string, zone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat('en-IN', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);
}

// ---- What the list says ----

/** Where an article stands for visitors, in words: Draft / Scheduled for … / Published / Not on the site. */
export function statusWords(item: AdminArticle, zone: string, now = Date.now()): { text: string; live: boolean } {
  if (!item.isActive) return { text: 'Not on the site', live: false };
  if (item.status === 'draft') return { text: 'Draft', live: false };
  if (item.status === 'scheduled' && item.publishAt && Date.parse(item.publishAt) > now) {
    return { text: `Scheduled for ${formatZoned(item.publishAt, zone)}`, live: false };
  }
  return { text: 'Published', live: true };
}

/** Newest first: the date, then the later publish time, then the later id. */
export function newestFirst(a: AdminArticle, b: AdminArticle): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  const at = (item: AdminArticle) => (item.publishAt ? Date.parse(item.publishAt) : 0);
  return at(b) - at(a) || b.id - a.id;
}

/** The tags in use across articles, the most used first. */
export function tagsInUse(items: readonly AdminArticle[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) for (const tag of item.tags ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
}

/** The first paragraph's text, which cards and the feed use when the excerpt is left empty. */
export function firstParagraph(body: readonly BlockDraft[]): string {
  const first = body.find((block) => block.type === 'paragraph' && block.text.trim());
  return first && first.type === 'paragraph' ? first.text.trim() : '';
}

// ---- Fields that need attention ----

/** The key of a block's field, in the server's words (`body[3].alt`), which its control shows errors for. */
export const blockField = (index: number, rest: string) => `body[${index}]${rest}`;

/** The field keys a block's controls show errors for. */
export function blockFieldKeys(block: BlockDraft, index: number): string[] {
  const at = (rest: string) => blockField(index, rest);
  const photo = (prefix: string, captioned: boolean) => [at(`${prefix}.url`), at(`${prefix}.alt`), ...(captioned ? [at(`${prefix}.caption`)] : [])];
  switch (block.type) {
    case 'heading':
      return [at('.level'), at('.text')];
    case 'paragraph':
      return [at('.text')];
    case 'list':
      return [at('.items')];
    case 'quote':
      return [at('.text'), at('.cite')];
    case 'image':
      return photo('', true);
    case 'pair':
      return [...photo('.images[0]', true), ...photo('.images[1]', true)];
    case 'beforeAfter':
      return [...photo('.before', false), ...photo('.after', false), at('.caption')];
  }
}

/**
 * How a server refusal finds its field (fieldOfMessage): the article's own fields by label, a
 * block's by its key (`body[3].items[2] …` -> the list's items), the body as a whole by 'body'.
 */
export const ARTICLE_LABELS = {
  title: 'Title',
  slug: 'Web address',
  date: 'Date',
  excerpt: 'Excerpt',
  tags: 'Tags',
  cover: (_index: number, rest: string) => (rest === '.alt' ? 'Cover alt text' : 'Cover photo'),
  status: 'Status',
  publishAt: 'Publish on',
  content: 'body',
  body: (index: number, rest: string) => (rest ? blockField(index, rest.replace(/^\.items\[\d+\]/, '.items').replace(/^\.images$/, '.images[0].url')) : 'body'),
};

function photoProblems(problems: Record<string, string>, photo: PhotoDraft, at: string, what: string) {
  if (!photo.url.trim()) problems[`${at}.url`] = `Choose the ${what}.`;
  else if (!photo.alt.trim()) problems[`${at}.alt`] = `Say what the ${what} shows, for visitors who cannot see it.`;
}

/** What needs attention before saving, by field key, with what to do. */
export function articleProblems(draft: ArticleDraft, now = Date.now(), zone = 'UTC'): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.title.trim()) problems.Title = 'Give the article a title.';
  if (draft.slug.trim() && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(draft.slug.trim())) {
    problems['Web address'] = 'Use lower-case letters, digits and single hyphens (kitchen-ideas).';
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.Date = 'Choose the date.';
  if (draft.coverUrl.trim() && !draft.coverAlt.trim()) problems['Cover alt text'] = 'Say what the cover shows, for visitors who cannot see it.';
  if (draft.publishing === 'schedule') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.scheduleDay)) problems['Publish on'] = 'Choose the day to publish on.';
    else if (!/^\d{2}:\d{2}$/.test(draft.scheduleTime)) problems['Publish at'] = 'Choose the time to publish at.';
    else if (Date.parse(zonedIso(draft.scheduleDay, draft.scheduleTime, zone)) <= now) {
      problems['Publish at'] = 'Choose a time still to come, or Publish now.';
    }
  }
  if (draft.body.length === 0) problems.body = 'Add at least one block: a paragraph, a heading, a photo…';
  if (draft.body.length > MAX_BLOCKS) problems.body = `An article holds at most ${MAX_BLOCKS} blocks; it has ${draft.body.length}. Remove some.`;
  const photos = photoCount(draft.body);
  if (photos > MAX_PHOTOS) problems.body = `An article holds at most ${MAX_PHOTOS} photos; it has ${photos}. Remove some.`;
  draft.body.forEach((block, i) => {
    const at = (rest: string) => blockField(i, rest);
    switch (block.type) {
      case 'heading':
      case 'paragraph':
        if (!block.text.trim()) problems[at('.text')] = block.type === 'heading' ? 'Write the heading, or remove the block.' : 'Write the paragraph, or remove the block.';
        break;
      case 'quote':
        if (!block.text.trim()) problems[at('.text')] = 'Write the quote, or remove the block.';
        break;
      case 'list':
        if (listItems(block.text).length === 0) problems[at('.items')] = 'Write at least one item, one a line, or remove the block.';
        break;
      case 'image':
        photoProblems(problems, block.photo, at(''), 'photo');
        break;
      case 'pair':
        photoProblems(problems, block.photos[0], at('.images[0]'), 'first photo');
        photoProblems(problems, block.photos[1], at('.images[1]'), 'second photo');
        break;
      case 'beforeAfter':
        photoProblems(problems, block.before, at('.before'), '"before" photo');
        photoProblems(problems, block.after, at('.after'), '"after" photo');
        break;
    }
  });
  return problems;
}

/** A web address made from a title, as the server makes one (ui/src/lib/slug.ts). */
export const addressOf = (title: string) => slugOf(title).slice(0, 100).replace(/-+$/, '');
