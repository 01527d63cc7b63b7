import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routerFuture } from '../../app/routes';
import { Header } from './Header';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function renderHeader(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]} future={routerFuture}>
      <Header />
    </MemoryRouter>,
  );
  return screen.getByRole('banner');
}

afterEach(() => scrollTo(0));

describe('Header', () => {
  it('turns solid only once scrolled past 20 px', () => {
    const header = renderHeader();
    expect(header.dataset.scrolled).toBe('false');
    expect(header.className).toContain('text-ivory');

    scrollTo(20);
    expect(header.dataset.scrolled).toBe('false');

    scrollTo(21);
    expect(header.dataset.scrolled).toBe('true');
    expect(header.className).toContain('bg-white');
    expect(header.className).toContain('text-charcoal');

    scrollTo(0);
    expect(header.dataset.scrolled).toBe('false');
  });

  it('starts solid when the page loads already scrolled', () => {
    scrollTo(300);
    expect(renderHeader().dataset.scrolled).toBe('true');
  });

  it('marks the current section in the main navigation', async () => {
    renderHeader('/portfolio/timeless-luxury');
    // The mobile menu is mounted once the page is idle.
    await screen.findByRole('dialog', { name: 'Menu', hidden: true });
    const current = screen
      .getAllByRole('link', { current: 'page', hidden: true })
      .map((link) => link.textContent);
    // Desktop navigation and mobile menu both mark it; Home stays unmarked on sub-pages.
    expect(current).toEqual(['Portfolio', 'Portfolio']);
  });

  it('lists SPEC\'s main navigation in its order, with the Journal before Contact Us', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Multidisciplinary Studio', '/multidisciplinary'],
      ['Our Services', '/services'],
      ['Portfolio', '/portfolio'],
      ['Journal', '/news'],
      ['Contact Us', '/contact'],
    ]);
  });

  it('leaves the mobile menu out of the first render', () => {
    renderHeader();
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    const open = screen.getByRole('button', { name: 'Open menu' });
    // No reference to a menu that is not there yet.
    expect(open.hasAttribute('aria-controls')).toBe(false);
  });

  it('opens the mobile menu and closes it with Escape, returning focus', async () => {
    renderHeader();
    const open = screen.getByRole('button', { name: 'Open menu' });
    open.focus();
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const close = await screen.findByRole('button', { name: 'Close menu', hidden: true });
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(open.getAttribute('aria-controls')).toBe('mobile-menu');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(open);
  });
});
