/** How long a task waits for an idle moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Runs `task` once the browser has nothing better to do, for work that must not compete with
 * drawing the page: fetching the code of what a click may open next. Answers a cancel function.
 * Browsers without `requestIdleCallback` (Safari) wait a moment instead.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 300);
  return () => window.clearTimeout(handle);
}
