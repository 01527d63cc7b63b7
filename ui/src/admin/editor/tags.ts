/** A tags field's text (comma separated, as the owner types it) as the list a record stores: trimmed, no blanks, no repeats. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag, index, all) => tag && all.indexOf(tag) === index);
}
