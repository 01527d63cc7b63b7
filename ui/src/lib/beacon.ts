/**
 * Page-view counting without cookies or stored ids (docs/stats.md): one small POST per page a
 * person sees, with the path and, for the page the visit started on, the referring page. The
 * server keeps only daily totals.
 */
import { whenIdle } from './idle';

export const BEACON_PATH = '/api/stats/view';

/** Admin pages are the owner's, not visitors'; the server ignores them too. */
const isAdmin = (path: string) => path.startsWith('/admin');

/**
 * A counter for one page load. Its first view (the full page load) is sent once the page has loaded
 * and the browser is idle, so counting never competes with the page, with `document.referrer`;
 * later ones (in-app navigation) when idle, without it.
 */
export function createViewCounter(): (path: string) => void {
  let sentFirst = false;
  return (path) => {
    if (isAdmin(path) || typeof navigator.sendBeacon !== 'function') return;
    const first = !sentFirst;
    sentFirst = true;
    // Typed as JSON: the server takes only application/json, which no other site can make a
    // visitor's browser send to this one (a string would go as text/plain).
    const send = () =>
      navigator.sendBeacon(
        BEACON_PATH,
        new Blob([JSON.stringify(first && document.referrer ? { path, referrer: document.referrer } : { path })], {
          type: 'application/json',
        }),
      );
    if (!first || document.readyState === 'complete') {
      whenIdle(send);
    } else {
      addEventListener('load', () => whenIdle(send), { once: true });
    }
  };
}

/** The page's own counter. */
export const countView = createViewCounter();
