/**
 * Keeps Tab and Shift+Tab among `items`, a dialog's controls in order: past the last comes the
 * first again, and before the first the last, so that focus never leaves an open dialog.
 */
export function keepFocusAmong(event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>, items: ArrayLike<HTMLElement>): void {
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
