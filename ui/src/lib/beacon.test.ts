import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACON_PATH, createViewCounter } from './beacon';

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
});
