import { act, cleanup, render, screen } from '@testing-library/preact';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS } from '../../lib/idle';
import { Deferred } from './Deferred';

function setup() {
  const load = vi.fn(async () => ({ default: () => <p>Below the fold</p> }));
  const Later = lazy(load);
  const view = render(
    <Deferred placeholder={<div data-testid="held" />}>
      <Later />
    </Deferred>,
  );
  return { load, view };
}

afterEach(() => {
  // Unmount while the stubs are still in place: unmounting cancels the idle request.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Deferred', () => {
  it('holds the placeholder and requests nothing until the browser is idle', async () => {
    const idle: IdleRequestCallback[] = [];
    const request = vi.fn((callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { load } = setup();

    expect(screen.getByTestId('held')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });

    await act(async () => {
      idle.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }));
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Below the fold')).toBeTruthy();
    expect(screen.queryByTestId('held')).toBeNull();
  });

  it('without requestIdleCallback, loads on the next turn of the event loop', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    // Only the timeouts: Vitest would otherwise bring its own requestIdleCallback.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { load } = setup();
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(load).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await screen.findByText('Below the fold')).toBeTruthy();
  });

  it('cancels the idle request when unmounted first', async () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', vi.fn(() => 7));
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { view, load } = setup();
    await act(async () => {
      view.unmount();
    });
    await act(async () => {});
    expect(cancel).toHaveBeenCalledWith(7);
    expect(load).not.toHaveBeenCalled();
  });
});
