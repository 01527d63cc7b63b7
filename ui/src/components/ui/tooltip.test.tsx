import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip } from './tooltip';
import { advance } from '../../test/clock';

function renderTwo() {
  render(
    <div>
      <Tooltip content="LinkedIn">
        <a href="#a">in</a>
      </Tooltip>
      <Tooltip content="Instagram">
        <a href="#b">ig</a>
      </Tooltip>
    </div>,
  );
  const [first, second] = screen.getAllByRole('link') as [HTMLElement, HTMLElement];
  return { first, second, wrapper: (el: HTMLElement) => el.parentElement as HTMLElement };
}

const tip = () => screen.queryByRole('tooltip');

beforeEach(() => {
  vi.useFakeTimers();
  // Far from any earlier close, so no test starts inside another's skip window.
  vi.setSystemTime(new Date(2024, 0, 1).getTime() + Math.random() * 1e9);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Tooltip', () => {
  it('opens 700 ms after the pointer arrives and describes its trigger', () => {
    const { first, wrapper } = renderTwo();
    fireEvent.mouseEnter(wrapper(first));
    advance(TOOLTIP_DELAY_MS - 1);
    expect(tip()).toBeNull();
    advance(1);
    expect(tip()?.textContent).toBe('LinkedIn');
    expect(first.getAttribute('aria-describedby')).toBe(tip()?.id);
  });

  it('does not open if the pointer leaves before the delay', () => {
    const { first, wrapper } = renderTwo();
    fireEvent.mouseEnter(wrapper(first));
    advance(TOOLTIP_DELAY_MS - 100);
    fireEvent.mouseLeave(wrapper(first));
    advance(TOOLTIP_DELAY_MS);
    expect(tip()).toBeNull();
  });

  it('opens the next tooltip at once within 300 ms of one closing, not later', () => {
    const { first, second, wrapper } = renderTwo();
    fireEvent.mouseEnter(wrapper(first));
    advance(TOOLTIP_DELAY_MS);
    fireEvent.mouseLeave(wrapper(first));
    expect(tip()).toBeNull();
    advance(TOOLTIP_SKIP_DELAY_MS - 1);
    fireEvent.mouseEnter(wrapper(second));
    expect(tip()?.textContent).toBe('Instagram');

    fireEvent.mouseLeave(wrapper(second));
    advance(TOOLTIP_SKIP_DELAY_MS);
    fireEvent.mouseEnter(wrapper(first));
    expect(tip()).toBeNull();
    advance(TOOLTIP_DELAY_MS);
    expect(tip()?.textContent).toBe('LinkedIn');
  });

  it('opens on keyboard focus and closes on blur', () => {
    const { first } = renderTwo();
    act(() => first.focus());
    expect(tip()?.textContent).toBe('LinkedIn');
    act(() => first.blur());
    expect(tip()).toBeNull();
  });

  it.each([
    ['Escape', () => void fireEvent.keyDown(document, { key: 'Escape' })],
    ['a click', () => void fireEvent.click(screen.getAllByRole('link')[0]!)],
    ['a scroll', () => void fireEvent.scroll(window)],
  ])('closes on %s', (_, close) => {
    const { first, wrapper } = renderTwo();
    fireEvent.mouseEnter(wrapper(first));
    advance(TOOLTIP_DELAY_MS);
    expect(tip()).not.toBeNull();
    act(close);
    expect(tip()).toBeNull();
  });
});
