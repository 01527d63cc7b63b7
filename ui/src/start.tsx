/**
 * The app: hydrates the page the server rendered, or renders one (the admin pages, a page whose
 * render failed). Loaded by main.tsx once the first frame is painted.
 */
import { hydrate, render } from 'preact';
import { App } from './app/App';
import { rememberLanding } from './components/contact/visitSource';
import { startHydration } from './lib/hydration';

// Before any navigation: where this visit began, for an enquiry sent later (kept in memory only).
rememberLanding();
const root = document.getElementById('app')!;
// The server rendered this page's body (src/render/) for its URL: its path, and the route's own query
// (the portfolio's ?category=, read as URLSearchParams reads it) when it has one.
if (root.firstElementChild) {
  startHydration();
  hydrate(<App />, root);
} else {
  root.textContent = '';
  render(<App />, root);
}
