import { operations } from '@maya/contracts';
import { useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the returned element scrolls into view (spec 002 §5: margin 10 px), then
 * ignores it for 1000 ms so one scroll asks for one page. Without IntersectionObserver (old
 * browsers, tests) the element, a button, is clicked instead.
 */
export function useScrollTrigger<T extends HTMLElement>(onReach: () => void, enabled: boolean) {
  const ref = useRef<T | null>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  }, [onReach]);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    let resting = false;
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (resting || !entries.some((entry) => entry.isIntersecting)) return;
        resting = true;
        latest.current();
        timer = window.setTimeout(() => {
          resting = false;
          // Observing anew reports the element's state now: still in view asks for the next page.
          observer.unobserve(element);
          observer.observe(element);
        }, operations.infiniteScrollResetMs);
      },
      { rootMargin: `${operations.infiniteScrollMarginPx}px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [enabled]);

  return ref;
}
