/**
 * The entry, and all the script a page loads before its first paint: the page arrives rendered
 * (src/render/), so its first frame needs the HTML and the stylesheet only. Once that frame is on
 * screen (at once on a page the app must draw), this starts the app and the page's own chunks, which the server lists in
 * <template id="page-scripts">, and the web fonts (lib/webFonts.ts): none of them shares the link
 * with what the first paint needs (docs/performance.md, "Lighthouse").
 */
import { afterFirstPaint } from './lib/firstPaint';
import { startWebFonts } from './lib/webFonts';
import './styles/index.css';

function start(): void {
  const scripts = document.getElementById('page-scripts');
  // A copy, not the template's own nodes: only a script made by the DOM runs when inserted.
  if (scripts instanceof HTMLTemplateElement) document.head.append(document.importNode(scripts.content, true));
  // Vite's dev server serves no shells: the app is imported here instead.
  else if (import.meta.env.DEV) void import('./start');
  void startWebFonts();
}

// A page the server did not render (the admin pages, a page whose render failed) has nothing to
// paint without the app: start it at once.
if (document.getElementById('app')?.firstElementChild) afterFirstPaint(start);
else start();
