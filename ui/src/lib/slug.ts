import { SLUG_TABLE } from './slugTable';

/** Each covered code point's Latin spelling (slugTable.ts, from the server's src/site/latin_table.rs). */
const LATIN = new Map<number, string>(
  SLUG_TABLE.flatMap(([start, spellings]) => spellings.split('|').map((text, i) => [start + i, text] as [number, string])),
);

/**
 * URL slug as defined in docs/CONTRACTS.md, the same string the server (src/site.rs) makes: written
 * in Latin letters first (é -> e, ß -> ss, Ø -> o; Telugu and Devanagari by deunicode's reading,
 * హైదరాబాద్ -> haidraabaad), then lower case, each run of other characters than a-z0-9 one '-'.
 * Scripts the table leaves out (Chinese, Japanese, emoji) become a separator, here as on the server.
 */
export function slug(text: string): string {
  let latin = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    latin += code < 0x80 ? char : (LATIN.get(code) ?? ' ');
  }
  return latin
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
