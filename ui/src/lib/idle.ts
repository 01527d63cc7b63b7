/** Deferring work until the browser has nothing more urgent to do. */

/** The longest the browser may hold an idle task back while it stays busy. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the main thread is idle, at the latest after IDLE_TIMEOUT_MS; where the browser
 * cannot tell (Safari), on the next turn of the event loop. Returns a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    // The pair that scheduled the task cancels it, whatever the globals hold by then (tests swap them).
    const cancel = cancelIdleCallback;
    const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancel(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
