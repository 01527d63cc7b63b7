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
