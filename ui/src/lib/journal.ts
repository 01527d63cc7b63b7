// The journal's article as the news calls send it (issue 32; docs/CONTRACTS.md, "Journal"): one
// shape for the public pages (/news, /news/{slug}) and the owner's editor, so the two never drift.

/** A photo of an upload with the words a screen reader says for it. */
export interface ArticleImage {
  url: string;
  alt: string;
  caption?: string;
}

/** One block of an article's body. Paragraph, list item and quote text take the page records'
 * emphasis and link rules (docs/page-records.md); no raw HTML anywhere. */
export type ArticleBlock =
  | { type: 'heading'; level: 2 | 3; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'quote'; text: string; cite?: string }
  | { type: 'image'; url: string; alt: string; caption?: string }
  | { type: 'pair'; images: [ArticleImage, ArticleImage] }
  | { type: 'beforeAfter'; before: ArticleImage; after: ArticleImage; caption?: string };

export type ArticleStatus = 'draft' | 'scheduled' | 'published';

/** The bounds the server enforces on a body (src/journal/). */
export const MAX_BLOCKS = 200;
export const MAX_PHOTOS = 50;

/** A news item as the admin calls read and write it: SPEC's four fields plus the journal's. */
export interface Article {
  id: number;
  title: string;
  /** ISO `YYYY-MM-DD`. */
  date: string;
  /** Plain text: derived from the body when the body is given (SPEC's shape). */
  content: string;
  isActive: boolean;
  slug: string;
  excerpt: string;
  cover?: { url: string; alt: string };
  tags: string[];
  status: ArticleStatus;
  /** ISO 8601 with offset; set when status is 'scheduled'. */
  publishAt?: string;
  body: ArticleBlock[];
}

// ----- What the public pages get (page data, docs/CONTRACTS.md "Live site data") -----

/** A tag in its web form (`kitchens`, for `/news?tag=kitchens`) and as the owner wrote it. */
export interface TagRef {
  slug: string;
  name: string;
}

/** An article as the journal's cards show it. */
export interface ArticleCard {
  id: number;
  slug: string;
  title: string;
  date: string;
  excerpt: string;
  cover?: { url: string; alt: string };
  tags: string[];
}

/** One page of the journal's list: `page` of `pages` (from 1), `total` articles under `tag`. */
export interface JournalView {
  items: ArticleCard[];
  page: number;
  pages: number;
  total: number;
  tag?: TagRef;
  /** Every tag in use, most used first. */
  tags: TagRef[];
  /** The address named a tag no article has (the server answers 404). */
  unknownTag?: boolean;
}

/** The whole article on its page, with its author and the older and newer articles. */
export interface ArticleView extends ArticleCard {
  body: ArticleBlock[];
  author: string;
  previous?: ArticleCard;
  next?: ArticleCard;
}

export const JOURNAL_PATH = '/news';
export const TAG_PARAM = 'tag';

/** The page of an article. */
export function articlePath(slug: string): string {
  return `${JOURNAL_PATH}/${slug}`;
}

/** The journal's list under a tag (its web form) at a page. */
export function journalHref(tag: string | undefined, page = 1): string {
  const params = [tag && `${TAG_PARAM}=${encodeURIComponent(tag)}`, page > 1 && `page=${page}`].filter(Boolean);
  return params.length ? `${JOURNAL_PATH}?${params.join('&')}` : JOURNAL_PATH;
}

/** A tag's web form, as the server makes it (site::slug, ASCII words joined by hyphens). */
export function tagSlug(tag: string): string {
  return tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
