import { useSyncExternalStore } from 'react';

/**
 * What the page is still drawing with code it fetches on demand (a chart waiting for ECharts):
 * prefetching what a click may open waits for it, so that it never competes with the drawing.
 */
let pending = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** A drawing starts; call the answer when it is done (drawn, failed or unmounted), once. */
export function beginDrawing(): () => void {
  pending += 1;
  notify();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    notify();
  };
}

export function isDrawing(): boolean {
  return pending > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useIsDrawing(): boolean {
  return useSyncExternalStore(subscribe, isDrawing, isDrawing);
}
