/**
 * The web fonts, without ever moving a line (styles/fonts.css has the stand-ins they replace).
 *
 * A browser that has them (its visit before fetched them: `studio:fonts` in localStorage) uses them
 * from a page's first paint on: index.html's inline script adds `fonts` to <html> before anything is
 * drawn. On a browser's first page they are fetched once that page is painted, and swapped in at
 * the visitor's first click: a swap then moves text the visitor is not reading (a layout shift
 * within 500 ms of an input is not one), where a swap while the page is read could move every line
 * under the reader's eyes whenever a word wraps differently in the two faces.
 */

/** The faces the pages draw with: the display face in both styles, and the body face. */
const FACES = [
  '500 1em "Cormorant Garamond Variable"',
  'italic 500 1em "Cormorant Garamond Variable"',
  '400 1em "Manrope Variable"',
];

/** Set once the fonts have loaded: they are in the browser's cache (immutable, for a year). */
export const CACHED_KEY = 'studio:fonts';

const root = () => document.documentElement;

/** Uses the web fonts: `fonts` on <html> puts them first in the theme's families. */
export function useWebFonts(): void {
  root().classList.add('fonts');
}

/** Fetches the faces; true once all have arrived, false when one could not be loaded. */
export function loadWebFonts(): Promise<boolean> {
  if (!document.fonts?.load) return Promise.resolve(false);
  return Promise.all(FACES.map((face) => document.fonts.load(face))).then(
    () => true,
    () => false,
  );
}

function remember(): void {
  try {
    localStorage.setItem(CACHED_KEY, '1');
  } catch {
    // Storage refused (a private window, a full quota): the next page swaps at a click again.
  }
}

/**
 * main.tsx, once the page is painted. Nothing to do when the page already uses the fonts;
 * otherwise loads them, remembers it, and swaps them in at the first click.
 */
export function startWebFonts(): Promise<void> {
  if (root().classList.contains('fonts')) return Promise.resolve();
  return loadWebFonts().then((loaded) => {
    if (!loaded) return;
    remember();
    addEventListener('click', useWebFonts, { once: true, capture: true, passive: true });
  });
}
