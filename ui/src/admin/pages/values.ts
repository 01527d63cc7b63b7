// Plain helpers of the page editor: a new item's empty value, and the counters' advice.
import type { Field, Invalid } from '../../lib/pageSchema';

/** The value a new list item (or a missing field) starts with. */
export function emptyValue(field: Field): unknown {
  switch (field.kind) {
    case 'text':
    case 'paragraph':
    case 'slug':
      return '';
    case 'number':
      return field.min;
    case 'image':
      return { src: '', alt: '', decorative: false };
    case 'link':
      return { label: '', href: '' };
    case 'file':
      return { url: '', name: '' };
    case 'list':
      return Array.from({ length: field.min }, () => emptyValue(field.item));
    case 'group':
      return Object.fromEntries(field.fields.map((f) => [f.name ?? '', emptyValue(f)]));
  }
}

/** Search engines show about this much; the editor says so beside the SEO fields. */
export const SEO_ADVICE: Record<string, { min: number; max: number }> = {
  'seo.title': { min: 50, max: 60 },
  'seo.description': { min: 120, max: 160 },
};

/** The message to show under the field at `path`, when the last check named exactly it. */
export function errorAt(invalid: Invalid | undefined, path: string): string | undefined {
  if (!invalid || invalid.path !== path) return undefined;
  const message = invalid.message.trim();
  // The checks word their messages after the field's name ('is required: choose an image').
  const sentence = /^(is|must|may|at most|a link|link)\b/.test(message) ? `This ${message.replace(/^at most/, 'holds at most')}` : message;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}${/[.!?]$/.test(sentence) ? '' : '.'}`;
}
