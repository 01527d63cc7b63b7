/** URL slug as defined in docs/CONTRACTS.md; the server (src/site.rs) must produce the same string. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
