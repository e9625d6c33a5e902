import { describe, expect, it, vi } from 'vitest';
import { createDrawingTurns, whenShownOrIdle } from './drawing';

/** A scheduler the test runs by hand: each `task()` is one task of the browser's. */
function manualSchedule() {
  const queued: (() => void)[] = [];
  return {
    schedule: (run: () => void) => {
      queued.push(run);
    },
    pending: () => queued.length,
    task: () => queued.shift()?.(),
  };
}

describe('createDrawingTurns', () => {
  it('runs the drawings asked at one moment one per task, in the order asked', () => {
    const tasks = manualSchedule();
    const inTurn = createDrawingTurns(tasks.schedule);
    const drawn: string[] = [];
    inTurn(() => drawn.push('line'));
    inTurn(() => drawn.push('pie'));
    inTurn(() => drawn.push('bar'));
    expect(drawn).toEqual([]);
    expect(tasks.pending()).toBe(1);

    tasks.task();
    expect(drawn).toEqual(['line']);
    tasks.task();
    expect(drawn).toEqual(['line', 'pie']);
    tasks.task();
    expect(drawn).toEqual(['line', 'pie', 'bar']);
    expect(tasks.pending()).toBe(0);
  });

  it('skips a cancelled drawing and goes on with the next', () => {
    const tasks = manualSchedule();
    const inTurn = createDrawingTurns(tasks.schedule);
    const drawn: string[] = [];
    inTurn(() => drawn.push('line'));
    const cancel = inTurn(() => drawn.push('pie'));
    inTurn(() => drawn.push('bar'));
    cancel();

    tasks.task();
    tasks.task();
    expect(drawn).toEqual(['line', 'bar']);
    expect(tasks.pending()).toBe(0);
  });

  it('keeps going when a drawing throws', () => {
    const tasks = manualSchedule();
    const inTurn = createDrawingTurns(tasks.schedule);
    const drawn: string[] = [];
    inTurn(() => {
      throw new Error('no canvas');
    });
    inTurn(() => drawn.push('pie'));

    expect(() => tasks.task()).toThrow('no canvas');
    tasks.task();
    expect(drawn).toEqual(['pie']);
  });

  it('schedules again for a drawing asked after the queue ran dry', () => {
    const tasks = manualSchedule();
    const inTurn = createDrawingTurns(tasks.schedule);
    const drawn: string[] = [];
    inTurn(() => drawn.push('line'));
    tasks.task();
    expect(tasks.pending()).toBe(0);

    inTurn(() => drawn.push('pie'));
    expect(tasks.pending()).toBe(1);
    tasks.task();
    expect(drawn).toEqual(['line', 'pie']);
  });
});

/** The browser's IntersectionObserver and idle callbacks, fired by the test. */
function stubBrowser() {
  const observers: { callback: IntersectionObserverCallback; observed: Element[]; live: boolean }[] = [];
  const idle: (() => void)[] = [];
  class Observer {
    entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, observed: [], live: true };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.observed.push(element);
    }
    disconnect() {
      this.entry.live = false;
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    idle[handle - 1] = () => {};
  });
  return {
    show(element: Element) {
      for (const o of observers) {
        if (!o.live || !o.observed.includes(element)) continue;
        const entry = { isIntersecting: true, target: element } as IntersectionObserverEntry;
        o.callback([entry], o as unknown as IntersectionObserver);
      }
    },
    idle() {
      for (const run of idle.splice(0)) run();
    },
    liveObservers: () => observers.filter((o) => o.live).length,
  };
}

describe('whenShownOrIdle', () => {
  it('runs the task when the element comes near the screen, once', () => {
    const browser = stubBrowser();
    const element = document.createElement('div');
    let runs = 0;
    whenShownOrIdle(element, () => (runs += 1));
    expect(runs).toBe(0);

    browser.show(element);
    expect(runs).toBe(1);
    expect(browser.liveObservers()).toBe(0);
    browser.idle();
    expect(runs).toBe(1);
  });

  it('runs the task when the browser is idle though the element is off the screen', () => {
    const browser = stubBrowser();
    const element = document.createElement('div');
    let runs = 0;
    whenShownOrIdle(element, () => (runs += 1));

    browser.idle();
    expect(runs).toBe(1);
    expect(browser.liveObservers()).toBe(0);
  });

  it('runs nothing once cancelled', () => {
    const browser = stubBrowser();
    const element = document.createElement('div');
    let runs = 0;
    const cancel = whenShownOrIdle(element, () => (runs += 1));
    cancel();

    browser.show(element);
    browser.idle();
    expect(runs).toBe(0);
  });
});
