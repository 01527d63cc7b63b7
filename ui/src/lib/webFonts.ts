/**
 * The web fonts, without ever moving a line (styles/fonts.css has the stand-ins they replace).
 *
 * A page reloaded, reached by the back button or from another page of the site uses them from its
 * first paint: that browser fetched them on the page before (they are immutable in its cache for a
 * year), and index.html's inline script adds `fonts` to <html> before anything is drawn. Nothing is
 * stored on the visitor's device to know it (docs/stats.md). Should the guess be wrong, the faces'
 * `font-display: optional` keeps the stand-ins for that page rather than swap later. Any other page
 * (a visitor's first) fetches them once it is painted and swaps them in at the visitor's first
 * click: a swap then moves text the visitor is not reading (a layout shift within 500 ms of an
 * input is not one), where a swap while the page is read could move every line under the reader's
 * eyes whenever a word wraps differently in the two faces.
 */

/** The faces the pages draw with: the display face in both styles, and the body face. */
const FACES = [
  '500 1em "Cormorant Garamond Variable"',
  'italic 500 1em "Cormorant Garamond Variable"',
  '400 1em "Manrope Variable"',
];

const root = () => document.documentElement;

/** Uses the web fonts: `fonts` on <html> puts them first in the theme's families. */
function useWebFonts(): void {
  root().classList.add('fonts');
}

/** Fetches the faces; true once all have arrived, false when one could not be loaded. */
function loadWebFonts(): Promise<boolean> {
  if (!document.fonts?.load) return Promise.resolve(false);
  return Promise.all(FACES.map((face) => document.fonts.load(face))).then(
    () => true,
    () => false,
  );
}

/**
 * main.tsx, once the page is painted. Nothing to do when the page already uses the fonts;
 * otherwise loads them and swaps them in at the first click.
 */
export function startWebFonts(): Promise<void> {
  if (root().classList.contains('fonts')) return Promise.resolve();
  return loadWebFonts().then((loaded) => {
    if (!loaded) return;
    addEventListener('click', useWebFonts, { once: true, capture: true, passive: true });
  });
}
