import { act, fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { NewsItem } from '../../lib/site';
import { NEWS_INTERVAL_MS, NewsCarousel, newsByDate } from './NewsCarousel';
import { advance, useFakeClock } from '../../test/clock';

// Five items as the server sends them (ISO dates), given out of order: the carousel shows newest first.
const stored: NewsItem[] = [
  { id: 3, date: '2024-12-01', title: 'Colour', content: 'Colour changes how a room feels.' },
  { id: 1, date: '2024-12-15', title: 'Minimalism in 2025', content: 'A quieter kind of minimalism.' },
  { id: 5, date: '2024-11-20', title: 'Biophilic design', content: 'Planted courtyards and filtered daylight.' },
  { id: 2, date: '2024-12-08', title: 'Climate', content: 'Deep verandas and jaali screens.' },
  { id: 4, date: '2024-11-27', title: 'Smart homes', content: 'Automation you never see.' },
];
const newsItems = newsByDate(stored);

function renderNews() {
  const { container } = render(<NewsCarousel items={newsItems} />);
  const carousel = screen.getByRole('region', { name: 'News and thoughts' });
  return {
    carousel,
    current: () => container.querySelector('[data-active="true"] h3')?.textContent,
    dot: (n: number) => screen.getByRole('button', { name: `Go to slide ${n}` }),
  };
}

const title = (i: number) => newsItems[i]!.title;

useFakeClock();

describe('NewsCarousel', () => {
  it('shows five items, one at a time, with date, title and three-line content', () => {
    const news = renderNews();
    expect(newsItems).toHaveLength(5);
    expect(news.current()).toBe(title(0));
    expect(newsItems.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    const date = screen.getByText('Dec 15, 2024');
    expect(date.getAttribute('datetime')).toBe('2024-12-15');
    expect(screen.getByText(newsItems[0]!.content).className).toContain('line-clamp-3');
    expect(news.carousel.querySelectorAll('[aria-roledescription="slide"]:not([aria-hidden])')).toHaveLength(1);
  });

  it('advances every 5 s and wraps from the last item to the first', () => {
    const news = renderNews();
    advance(NEWS_INTERVAL_MS - 1);
    expect(news.current()).toBe(title(0));
    advance(1);
    expect(news.current()).toBe(title(1));
    // One step per item: each item's timer starts when it is shown.
    for (let i = 0; i < 3; i++) advance(NEWS_INTERVAL_MS);
    expect(news.current()).toBe(title(4));
    advance(NEWS_INTERVAL_MS);
    expect(news.current()).toBe(title(0));
  });

  it('previous and next wrap around at both ends', () => {
    const news = renderNews();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(news.current()).toBe(title(4));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(news.current()).toBe(title(0));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(news.current()).toBe(title(1));
  });

  it('dots jump to any item and mark it', () => {
    const news = renderNews();
    fireEvent.click(news.dot(4));
    expect(news.current()).toBe(title(3));
    expect(news.dot(4).getAttribute('aria-current')).toBe('true');
  });

  it('a manual move gives the new item its full 5 s', () => {
    const news = renderNews();
    advance(4000);
    fireEvent.click(news.dot(3));
    advance(NEWS_INTERVAL_MS - 1);
    expect(news.current()).toBe(title(2));
    advance(1);
    expect(news.current()).toBe(title(3));
  });

  it('pauses while hovered and resumes on leave', () => {
    const news = renderNews();
    fireEvent.mouseEnter(news.carousel);
    advance(NEWS_INTERVAL_MS * 4);
    expect(news.current()).toBe(title(0));
    fireEvent.mouseLeave(news.carousel);
    advance(NEWS_INTERVAL_MS);
    expect(news.current()).toBe(title(1));
  });

  it('pauses while keyboard focus is inside and resumes when it leaves', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    const news = renderNews();
    const next = screen.getByRole('button', { name: 'Next' });
    act(() => next.focus());
    advance(NEWS_INTERVAL_MS * 2);
    expect(news.current()).toBe(title(0));
    act(() => outside.focus());
    advance(NEWS_INTERVAL_MS);
    expect(news.current()).toBe(title(1));
    outside.remove();
  });

  it('a mouse click on a button does not hold autoplay once the pointer has left', () => {
    const news = renderNews();
    const next = screen.getByRole('button', { name: 'Next' });
    fireEvent.mouseEnter(news.carousel);
    fireEvent.pointerDown(next);
    act(() => next.focus());
    fireEvent.click(next);
    fireEvent.mouseLeave(news.carousel);
    advance(NEWS_INTERVAL_MS);
    expect(news.current()).toBe(title(2));
  });
});
