import { hydrate, render } from 'preact';
import { App } from './app/App';
import { CATEGORY_PARAM } from './components/portfolio/portfolioFilter';
import { startHydration } from './lib/hydration';
import './styles/index.css';

const root = document.getElementById('app')!;
// The server rendered this page's body (src/render/) for its path alone: the one query that changes
// what a page shows (the portfolio's ?category=) would not match it, so that page is rendered afresh.
if (root.firstElementChild && !new URLSearchParams(location.search).has(CATEGORY_PARAM)) {
  startHydration();
  hydrate(<App />, root);
} else {
  root.textContent = '';
  render(<App />, root);
}
