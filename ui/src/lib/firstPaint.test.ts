import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_TIMEOUT_MS } from './firstPaint';

/** A PerformanceObserver that reports paint entries when the test says so. */
function paintObserver(supported: string[]) {
  const observers: { callback: () => void; disconnected: boolean; options?: unknown }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly me: (typeof observers)[number];
    constructor(callback: () => void) {
      this.me = { callback, disconnected: false };
      observers.push(this.me);
    }
    observe(options: unknown) {
      this.me.options = options;
    }
    disconnect() {
      this.me.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    observers,
    paint: () => observers.filter((o) => !o.disconnected).forEach((o) => o.callback()),
  };
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('runs once the browser reports the first paint, and only once', () => {
    const { observers, paint } = paintObserver(['paint', 'largest-contentful-paint']);
    const task = vi.fn();
    afterFirstPaint(task);
    expect(observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    paint();
    expect(task).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
    // The first-contentful-paint entry after first-paint, and the deadline, change nothing.
    paint();
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  test('runs at the deadline when no paint is ever reported (a hidden page)', () => {
    paintObserver(['paint']);
    const task = vi.fn();
    afterFirstPaint(task);
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  test('without paint timing, runs after the next frame', () => {
    const { observers } = paintObserver(['navigation']);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const task = vi.fn();
    afterFirstPaint(task);
    expect(observers).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    frames[0]!(0);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
