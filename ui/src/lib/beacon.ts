/**
 * Page-view counting without cookies or stored ids (docs/stats.md): one small POST per page a
 * person sees, with the path and, for the page the visit started on, the referring page and the
 * landing address's utm_campaign and utm_source. The
 * server keeps only daily totals.
 */
import { whenIdle } from './idle';

export const BEACON_PATH = '/api/stats/view';
export const TAP_PATH = '/api/stats/tap';

/** Admin pages are the owner's, not visitors'; the server ignores them too. */
const isAdmin = (path: string) => path.startsWith('/admin');

/**
 * Typed as JSON: the server takes only application/json, which no other site can make a visitor's
 * browser send to this one (a string would go as text/plain).
 */
const post = (url: string, body: object) =>
  navigator.sendBeacon(url, new Blob([JSON.stringify(body)], { type: 'application/json' }));

/** The links and buttons whose taps are counted (docs/stats.md), by the kind the server knows. */
const TAPS = [
  ['whatsapp', '[href^="https://wa.me/"]'],
  ['phone', '[href^="tel:"]'],
  ['email', '[href^="mailto:"]'],
  ['booking', '[href="/book"]'],
  ['brochure', '[data-tap=brochure]'],
] as const;

/**
 * Counts taps on the contact links and buttons of public pages with one listener for the whole
 * page: the kind and the page, nothing else. Returns the function that stops it.
 */
export function listenForTaps(): () => void {
  const onClick = (event: Event) => {
    const path = location.pathname;
    const target = event.target as Element;
    if (isAdmin(path) || typeof navigator.sendBeacon !== 'function' || !target.closest) return;
    const tap = TAPS.find(([, selector]) => target.closest(selector));
    if (tap) post(TAP_PATH, { kind: tap[0], path });
  };
  // Captured, so a link whose own handler stops the event (the booking panel's) still counts.
  addEventListener('click', onClick, true);
  return () => removeEventListener('click', onClick, true);
}

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
    // Read now, not once idle: by then the visitor may have moved to another page of the site.
    // utm_source says where a visit came from when an app sends no referrer (?utm_source=whatsapp).
    const query = new URLSearchParams(first ? location.search : '');
    const utm = (name: string) => query.get('utm_' + name)?.trim().slice(0, 100) || undefined;
    const send = () =>
      post(BEACON_PATH, { path, referrer: (first && document.referrer) || undefined, campaign: utm('campaign'), source: utm('source') });
    if (!first || document.readyState === 'complete') {
      whenIdle(send);
    } else {
      addEventListener('load', () => whenIdle(send), { once: true });
    }
  };
}

/** The page's own counter. */
export const countView = createViewCounter();
