/**
 * The web fonts on every page, a visitor's first included (styles/fonts.css has the stand-ins
 * they replace).
 *
 * A page reloaded, reached by the back button or from another page of the site uses them from its
 * first paint: that browser fetched them on the page before (they are immutable in its cache for a
 * year), and index.html's inline script adds `fonts` to <html> before anything is drawn. Nothing is
 * stored on the visitor's device to know it (docs/stats.md). Any other page (a visitor's first)
 * fetches them once it is painted and swaps them in as soon as both upright faces have arrived,
 * with no input: the typography is the brand, and a visitor who lands, scrolls and leaves must see
 * it. Fetched before the first paint they would sit in the headline's LCP (docs/performance.md,
 * "Fonts"); swapped in after it, the stand-ins' metrics keep the lines where they were.
 */

/**
 * The faces the first screen draws with: the display face and the body face, upright. The italic
 * is fetched when a page uses it (its `font-display: fallback` swaps it in on arrival): waiting
 * for it would hold back the swap by its 40 kB on a slow link.
 */
const FACES = ['500 1em "Cormorant Garamond Variable"', '400 1em "Manrope Variable"'];

const root = () => document.documentElement;

/** Fetches the faces; true once all have arrived, false when one could not be loaded. */
function loadWebFonts(): Promise<boolean> {
  if (!document.fonts?.load) return Promise.resolve(false);
  return Promise.all(FACES.map((face) => document.fonts.load(face))).then(
    (loaded) => loaded.every((faces) => faces.length > 0),
    () => false,
  );
}

/**
 * main.tsx, once the page is painted. Nothing to do when the page already uses the fonts;
 * otherwise loads them and puts them first (`fonts` on <html>) as soon as they are in.
 */
export function startWebFonts(): Promise<void> {
  if (root().classList.contains('fonts')) return Promise.resolve();
  return loadWebFonts().then((loaded) => {
    if (loaded) root().classList.add('fonts');
  });
}
