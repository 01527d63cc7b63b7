import { act } from '@testing-library/preact';
import { afterEach, beforeEach, vi } from 'vitest';

/** Runs every test of the calling file on Vitest's fake clock, and puts the real one back after each. */
export function useFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Moves the fake clock on by `ms`, inside `act` so that the components' updates are drawn. */
export const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
