import { hydrate, render } from 'preact';
import { App } from './app/App';
import { startHydration } from './lib/hydration';
import './styles/index.css';

const root = document.getElementById('app')!;
// The server rendered this page's body (src/render/) for its path alone: a query that changes what
// the page shows (the portfolio's ?category=) would not match it, so that page is rendered afresh.
if (root.firstElementChild && !location.search) {
  startHydration();
  hydrate(<App />, root);
} else {
  root.textContent = '';
  render(<App />, root);
}
