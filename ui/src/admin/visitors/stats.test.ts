import { describe, expect, it } from 'vitest';
import { formatDay, linePoints, niceMax, pageTitle, sourceFigures, statsKey, tapFigures, totals } from './stats';

describe('the visitor report helpers', () => {
  it('sums a period', () => {
    expect(
      totals([
        { date: '2026-01-01', views: 3, visitors: 2, messages: 1 },
        { date: '2026-01-02', views: 4, visitors: 1, messages: 0 },
      ]),
    ).toEqual({ views: 7, visitors: 3, messages: 1 });
    expect(statsKey(7)).toBe('/api/admin/stats?days=7');
  });

  it('names pages by project title, then route title, then path', () => {
    const projects = [{ slug: 'villa-one', title: 'Villa One' }];
    expect(pageTitle('/portfolio/villa-one', projects)).toBe('Villa One');
    expect(pageTitle('/portfolio')).toBe('Portfolio');
    expect(pageTitle('/')).toBe('Home');
    expect(pageTitle('/portfolio/unknown')).toBe('/portfolio/unknown');
  });

  it('draws lines from the bottom of the box and rounds the scale', () => {
    expect(linePoints([0, 5, 10], 10, 100, 50)).toBe('0,50 50,25 100,0');
    expect(linePoints([4], 0, 100, 50)).toBe('0,50');
    expect([0, 1, 3, 7, 12, 99, 101].map(niceMax)).toEqual([1, 1, 5, 10, 20, 100, 200]);
  });

  it('shows the UTC day the server counted', () => {
    expect(formatDay('2026-03-12')).toMatch(/12/);
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('says what each source brought, with enquiries per view or visit', () => {
    const line = { kind: 'page', name: '/portfolio/villa-one', visits: 120, enquiries: 3, won: 1 } as const;
    expect(sourceFigures(line)).toBe('120 views · 3 enquiries (2.5% of views) · 1 won');
    expect(sourceFigures({ ...line, kind: 'referrer', visits: 4, enquiries: 1, won: 0 })).toBe(
      '4 visits · 1 enquiry (25% of visits) · 0 won',
    );
    expect(sourceFigures({ ...line, kind: 'campaign', visits: 30, won: 2 })).toBe('30 visits · 3 enquiries (10% of visits) · 2 won');
    // A page nobody was counted on (JavaScript off), and visits not counted at all (null).
    expect(sourceFigures({ ...line, visits: 0 })).toBe('0 views · 3 enquiries · 1 won');
    expect(sourceFigures({ ...line, kind: 'campaign', visits: null, won: 2 })).toBe('3 enquiries · 2 won');
    // An answer to "How did you hear about us" that names no site: enquiries only.
    expect(sourceFigures({ kind: 'heard', name: 'A friend', visits: 0, enquiries: 2, won: 1 })).toBe('2 enquiries · 1 won');
  });

  it('names the top page of each kind of tap', () => {
    const name = (path: string) => pageTitle(path, [{ slug: 'modern-serenity', title: 'Modern Serenity' }]);
    const pages = [
      { path: '/portfolio/modern-serenity', taps: 9 },
      { path: '/contact', taps: 5 },
    ];
    expect(tapFigures({ kind: 'whatsapp', taps: 14, pages }, name)).toBe('14 taps, most from Modern Serenity (9)');
    expect(tapFigures({ kind: 'phone', taps: 1, pages: [{ path: '/contact', taps: 1 }] }, name)).toBe('1 tap, most from Contact Us (1)');
    expect(tapFigures({ kind: 'email', taps: 0, pages: [] }, name)).toBe('0 taps');
  });
});
