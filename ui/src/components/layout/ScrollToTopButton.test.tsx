import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTopButton } from './ScrollToTopButton';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => scrollTo(0));

describe('ScrollToTopButton', () => {
  it('appears only once the page is scrolled past 500 px', () => {
    render(<ScrollToTopButton />);
    const button = screen.getByRole('button', { name: 'Scroll to top', hidden: true });
    expect(button.className).toContain('invisible');
    scrollTo(500);
    expect(button.className).toContain('invisible');
    scrollTo(501);
    expect(button.className).toContain('visible');
    expect(button.className).not.toContain('invisible');
  });

  it('scrolls smoothly to the top', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<ScrollToTopButton />);
    scrollTo(900);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
