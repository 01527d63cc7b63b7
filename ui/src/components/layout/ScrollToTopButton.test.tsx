import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTopButton } from './ScrollToTopButton';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function widen(px: number) {
  Object.defineProperty(window, 'innerWidth', { value: px, configurable: true });
}

afterEach(() => {
  scrollTo(0);
  widen(1024);
});

describe('ScrollToTopButton', () => {
  it('appears past 500 px while the reader scrolls back up, and steps aside while they scroll down', () => {
    widen(390);
    render(<ScrollToTopButton />);
    const button = screen.getByRole('button', { name: 'Scroll to top', hidden: true });
    expect(button.className).toContain('invisible');
    scrollTo(1200);
    expect(button.className, 'scrolling down, reading').toContain('invisible');
    scrollTo(900);
    expect(button.className).not.toContain('invisible');
    scrollTo(1000);
    expect(button.className, 'down again').toContain('invisible');
    scrollTo(600);
    expect(button.className).not.toContain('invisible');
    scrollTo(500);
    expect(button.className, 'within 500 px of the top').toContain('invisible');
  });

  it('at 1280 px and wider, where it sits in the margin, appears once past 500 px (SPEC §2)', () => {
    widen(1280);
    render(<ScrollToTopButton />);
    const button = screen.getByRole('button', { name: 'Scroll to top', hidden: true });
    scrollTo(500);
    expect(button.className).toContain('invisible');
    scrollTo(501);
    expect(button.className, 'scrolling down').not.toContain('invisible');
    scrollTo(1200);
    expect(button.className).not.toContain('invisible');
    widen(1279);
    scrollTo(1300);
    expect(button.className, 'narrower again, reading on').toContain('invisible');
  });

  it('scrolls smoothly to the top', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<ScrollToTopButton />);
    scrollTo(900);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
