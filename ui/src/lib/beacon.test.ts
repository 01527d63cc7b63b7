import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACON_PATH, TAP_PATH, createViewCounter, listenForTaps } from './beacon';

describe('the page-view beacon', () => {
  let sent: { url: string; body: unknown; type: string }[];
  const pending: Promise<void>[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: Blob) => {
        const entry = { url, body: undefined as unknown, type: body.type };
        sent.push(entry);
        pending.push(body.text().then((text) => void (entry.body = JSON.parse(text))));
        return true;
      },
    });
    Object.defineProperty(document, 'referrer', { configurable: true, value: 'https://www.google.com/' });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first view with its referrer once idle, later ones without, as JSON', async () => {
    const count = createViewCounter();
    count('/');
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(2000);
    count('/portfolio');
    vi.advanceTimersByTime(2000);
    await Promise.all(pending);
    expect(sent).toEqual([
      { url: BEACON_PATH, body: { path: '/', referrer: 'https://www.google.com/' }, type: 'application/json' },
      { url: BEACON_PATH, body: { path: '/portfolio' }, type: 'application/json' },
    ]);
  });

  it('sends the landing address\'s utm_campaign and utm_source with the first view only, and only when it has one', async () => {
    history.replaceState(null, '', '/portfolio/modern-serenity?utm_source=ig&utm_campaign=%20Diwali%202026%20');
    const count = createViewCounter();
    count('/portfolio/modern-serenity');
    vi.advanceTimersByTime(2000);
    // The query of a later address in the same visit is not a campaign the visitor came from.
    count('/portfolio/modern-serenity');
    vi.advanceTimersByTime(2000);
    history.replaceState(null, '', '/about?utm_campaign=' + 'x'.repeat(150));
    const long = createViewCounter();
    long('/about');
    vi.advanceTimersByTime(2000);
    for (const search of ['', '?utm_campaign=', '?utm_campaign=%20%20', '?utm_source=ig']) {
      history.replaceState(null, '', '/' + search);
      createViewCounter()('/');
      vi.advanceTimersByTime(2000);
    }
    await Promise.all(pending);
    const referrer = 'https://www.google.com/';
    expect(sent.map((s) => s.body)).toEqual([
      { path: '/portfolio/modern-serenity', referrer, campaign: 'Diwali 2026', source: 'ig' },
      { path: '/portfolio/modern-serenity' },
      { path: '/about', referrer, campaign: 'x'.repeat(100) },
      ...Array(3).fill({ path: '/', referrer }),
      { path: '/', referrer, source: 'ig' },
    ]);
    history.replaceState(null, '', '/');
  });

  it('sends no referrer when the visit starts without one', async () => {
    Object.defineProperty(document, 'referrer', { configurable: true, value: '' });
    createViewCounter()('/');
    vi.advanceTimersByTime(2000);
    await Promise.all(pending);
    expect(sent.map((s) => s.body)).toEqual([{ path: '/' }]);
  });

  it('never counts the admin pages', () => {
    const count = createViewCounter();
    count('/admin-login');
    count('/adminpanel');
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual([]);
  });

  it('waits for the load event when the page is still loading', () => {
    Object.defineProperty(document, 'readyState', { configurable: true, value: 'loading' });
    const count = createViewCounter();
    count('/about');
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2000);
    expect(sent).toHaveLength(1);
    Reflect.deleteProperty(document, 'readyState');
  });
  it('counts taps on contact links with their kind and page, nothing else, and none in the admin', async () => {
    document.body.innerHTML = `
      <a href="https://wa.me/919848022338"><svg><path></path></svg><span>Chat on WhatsApp</span></a>
      <a href="tel:+914023456789">Call</a>
      <a href="mailto:hello@studio.example">Write</a>
      <a href="/book">Book a consultation</a>
      <button type="button" data-tap="brochure">Download the brochure</button>
      <a href="/portfolio">Portfolio</a>
      <p>Text</p>`;
    history.replaceState(null, '', '/portfolio/modern-serenity');
    const stop = listenForTaps();
    // jsdom would follow the links; a tap is counted before the browser leaves the page.
    const stay = (e: Event) => e.preventDefault();
    document.addEventListener('click', stay, true);
    // The booking link's own handler stops the click; the page's listener has it first.
    document.querySelector('a[href="/book"]')?.addEventListener('click', (e) => {
      e.preventDefault();
      e.stopPropagation();
    });
    const click = (selector: string) => document.querySelector(selector)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    for (const selector of ['span', 'path', 'a[href^="tel:"]', 'a[href^="mailto:"]', 'a[href="/book"]', 'button', 'a[href="/portfolio"]', 'p']) {
      click(selector);
    }
    history.replaceState(null, '', '/adminpanel');
    click('a[href^="tel:"]');
    stop();
    history.replaceState(null, '', '/contact');
    click('a[href^="tel:"]');
    document.removeEventListener('click', stay, true);
    await Promise.all(pending);
    const path = '/portfolio/modern-serenity';
    expect(sent).toEqual(
      ['whatsapp', 'whatsapp', 'phone', 'email', 'booking', 'brochure'].map((kind) => ({
        url: TAP_PATH,
        body: { kind, path },
        type: 'application/json',
      })),
    );
  });
});
