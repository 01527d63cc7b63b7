import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isPageHref } from '../../lib/pageSchema';

export type Inline = { kind: 'text'; text: string } | { kind: 'em'; text: string } | { kind: 'link'; label: string; href: string };

/**
 * A paragraph field's inline markup (docs/page-records.md): `*emphasis*` and `[label](href)`;
 * everything else, `<` included, is text. An unsafe or unclosed link stays as written.
 */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '[') {
      const close = source.indexOf('](', i + 1);
      const end = close < 0 ? -1 : source.indexOf(')', close + 2);
      const label = close < 0 ? '' : source.slice(i + 1, close);
      const href = end < 0 ? '' : source.slice(close + 2, end);
      if (label && !label.includes('[') && isPageHref(href)) {
        flush();
        out.push({ kind: 'link', label, href });
        i = end + 1;
        continue;
      }
    } else if (c === '*') {
      const end = source.indexOf('*', i + 1);
      const inner = end < 0 ? '' : source.slice(i + 1, end);
      if (inner.trim() && inner === inner.trim()) {
        flush();
        out.push({ kind: 'em', text: inner });
        i = end + 1;
        continue;
      }
    }
    text += c;
    i += 1;
  }
  flush();
  return out;
}

/** The words of a paragraph field without its markup, for places that show plain text. */
export function plainText(source: string): string {
  return parseInline(source)
    .map((part) => (part.kind === 'link' ? part.label : part.text))
    .join('');
}

/** Renders a paragraph field's text with its emphasis and links, never as HTML. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, i): ReactNode => {
        if (part.kind === 'em') return <em key={i}>{part.text}</em>;
        if (part.kind === 'link') {
          return part.href.startsWith('/') ? (
            <Link key={i} to={part.href} className="underline decoration-brass-500/60 underline-offset-4 hover:decoration-brass-500">
              {part.label}
            </Link>
          ) : (
            <a key={i} href={part.href} rel="noopener" className="underline decoration-brass-500/60 underline-offset-4 hover:decoration-brass-500">
              {part.label}
            </a>
          );
        }
        return <Fragment key={i}>{part.text}</Fragment>;
      })}
    </>
  );
}
