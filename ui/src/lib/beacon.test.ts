import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEACON_PATH, createViewCounter } from './beacon';

describe('the page-view beacon', () => {
  let sent: { url: string; body: unknown }[];

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        sent.push({ url, body: JSON.parse(body) });
        return true;
      },
    });
    Object.defineProperty(document, 'referrer', { configurable: true, value: 'https://www.google.com/' });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first view with its referrer once idle, later ones without', () => {
    const count = createViewCounter();
    count('/');
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual([{ url: BEACON_PATH, body: { path: '/', referrer: 'https://www.google.com/' } }]);
    count('/portfolio');
    vi.advanceTimersByTime(2000);
    expect(sent[1]).toEqual({ url: BEACON_PATH, body: { path: '/portfolio' } });
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
