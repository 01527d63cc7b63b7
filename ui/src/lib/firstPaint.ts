/** Waiting for the first frame of a page to be on screen. */

/**
 * The longest a page waits for a paint it may never report (a page that stays hidden, a browser
 * with neither paint timing nor requestAnimationFrame).
 */
export const FIRST_PAINT_TIMEOUT_MS = 3000;

/**
 * Runs `task` once, as soon as the page's first frame has been painted, or after
 * FIRST_PAINT_TIMEOUT_MS at the latest. Where the browser reports paints (the `paint` entries of
 * Paint Timing: Chromium, Firefox, Safari 14.1+) that report decides; elsewhere the frame after the
 * next animation frame.
 */
export function afterFirstPaint(task: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timeout);
    task();
  };
  const timeout = setTimeout(run, FIRST_PAINT_TIMEOUT_MS);
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // `buffered` also delivers a paint that happened before this script ran.
    observer = new PerformanceObserver(run);
    observer.observe({ type: 'paint', buffered: true });
  } else if (typeof requestAnimationFrame === 'function') {
    // The callback runs before the next frame is drawn; the timeout after it, once that frame is out.
    requestAnimationFrame(() => setTimeout(run, 0));
  }
}
