import { useSyncExternalStore } from 'react';
import { whenIdle } from './idle';

/**
 * What the page is still drawing with code it fetches on demand (a chart waiting for Chart.js):
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

type Schedule = (run: () => void) => void;

/**
 * A queue of drawings run one per task, in the order asked. Charts that become ready at the same
 * moment (Chart.js' code arriving, the hover layer registered) would otherwise all draw in the one
 * task that resolved them: a long task that keeps the page from painting and answering input.
 * `schedule` runs a function in a later task (tests hand in their own).
 */
export function createDrawingTurns(schedule: Schedule) {
  const turns: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    const turn = turns.shift();
    if (turns.length > 0) plan();
    turn?.();
  };
  const plan = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(next);
  };
  /** Runs `draw` in a task of its own after those asked before it; answers a cancel function. */
  return function inTurn(draw: () => void): () => void {
    turns.push(draw);
    plan();
    return () => {
      const at = turns.indexOf(draw);
      if (at !== -1) turns.splice(at, 1);
    };
  };
}

/** The page's one queue of drawings (`createDrawingTurns`). */
export const drawInTurn = createDrawingTurns((run) => {
  window.setTimeout(run, 0);
});

/** How far below (or above) the screen a visual starts drawing, in its share of the screen. */
const NEAR_SCREEN_MARGIN = '50% 0px';

/**
 * Runs `task` once `element` comes on or near the screen, or when the browser is idle, whichever
 * is first: what the first screen shows draws first, what is below it after, without holding up
 * the page (and drawn by the time someone scrolls to it). Without IntersectionObserver the task
 * runs at once. Answers a cancel function.
 */
export function whenShownOrIdle(element: Element, task: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    task();
    return () => {};
  }
  let done = false;
  let cancelIdle = () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) run();
    },
    { rootMargin: NEAR_SCREEN_MARGIN },
  );
  const stop = () => {
    done = true;
    observer.disconnect();
    cancelIdle();
  };
  function run() {
    if (done) return;
    stop();
    task();
  }
  observer.observe(element);
  cancelIdle = whenIdle(run);
  return stop;
}
