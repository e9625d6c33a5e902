import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isDrawing, useIsDrawing } from '../lib/drawing';
import { whenIdle } from '../lib/idle';

type PrefetchWhenIdleProps = {
  /** The `preload` of on-demand components (`onDemand`): a stable array, defined once per module. */
  preloads: readonly (() => Promise<unknown>)[];
};

/**
 * Fetches the code of what the page may open next once it has settled: no query in flight, no
 * chart waiting for its code, and the browser idle, so it never delays what the page draws. A
 * prefetch that fails is left to the component's first render. Renders nothing; a leaf, so that
 * fetches re-render only it.
 */
export function PrefetchWhenIdle({ preloads }: PrefetchWhenIdleProps) {
  // Both hooks on every render (React needs the same hooks in the same order).
  const fetching = useIsFetching();
  const drawing = useIsDrawing();
  const settled = fetching === 0 && !drawing;
  useEffect(() => {
    if (!settled) return;
    return whenIdle(() => {
      // A chart may have started drawing since: this effect runs again when it is done.
      if (isDrawing()) return;
      for (const preload of preloads) preload().catch(() => {});
    });
  }, [settled, preloads]);
  return null;
}
