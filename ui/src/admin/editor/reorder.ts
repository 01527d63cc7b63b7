// Pure list moves, shared by drag and drop and the keyboard.

/** `ids` with the id at `from` moved to `to` (both clamped to the list). */
export function moveIndex<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** What a screen reader hears after a move: 'Modern Serenity moved to position 2 of 7.' */
export function movedMessage(name: string, position: number, count: number): string {
  return `${name} moved to position ${position} of ${count}.`;
}
