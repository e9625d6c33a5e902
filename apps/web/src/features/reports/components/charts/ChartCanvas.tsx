import { Center, Loader, Text } from '@mantine/core';
import type { Chart } from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { beginDrawing, drawInTurn, whenShownOrIdle } from '../../../../shared/lib/drawing';
import { whenIdle } from '../../../../shared/lib/idle';
import { reportMessages } from '../../messages';
import type { ChartConfig } from './options';

type ChartCanvasProps = {
  config: ChartConfig;
  /** The chart's accessible name (the canvas itself says nothing to a screen reader). */
  label: string;
};

/** Whether the zoom of long axes (`zoom.ts`) is registered. */
let zoomable = false;
let loadingZoom: Promise<void> | null = null;

/** Registers the zoom once, for every chart; a failed download is tried again later. */
function loadZoom(): Promise<void> {
  loadingZoom ??= import('./zoom')
    .then(() => {
      zoomable = true;
    })
    .catch((error: unknown) => {
      loadingZoom = null;
      throw error;
    });
  return loadingZoom;
}

/** Whether a configuration asks for the zoom of a long axis (`chartOption.ts`) not yet registered. */
function lacksZoom(config: ChartConfig): boolean {
  return !zoomable && config.options?.plugins !== undefined && 'zoom' in config.options.plugins;
}

/**
 * A Chart.js canvas that fills its parent. Chart.js is imported when the first chart mounts (its
 * own chunk), the chart follows its parent's size (Chart.js' responsive mode), and a new
 * configuration replaces the old one. A chart draws once it is on or near the screen (or the
 * browser is idle), each chart in a task of its own (`drawInTurn`), so the first screen's charts
 * draw first and no long task draws them all. The zoom of a long axis follows once the browser is
 * idle, or at once when the pointer comes over the chart.
 */
export function ChartCanvas({ config, label }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(config);
  /** Draws a configuration on the canvas, once Chart.js is loaded. */
  const construct = useRef<((config: ChartConfig) => Chart) | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let cancelIdle = () => {};
    let cancelShown = () => {};
    const turns: (() => void)[] = [];
    const element = canvas.current;
    // The zoom: a drawn chart takes a newly registered plugin at its next update, drawn again
    // without animation, in a task of its own.
    const enableZoom = () => {
      if (!lacksZoom(latest.current)) return;
      loadZoom().then(
        () => {
          if (!disposed && chart.current !== null)
            turns.push(drawInTurn(() => chart.current?.update('none')));
        },
        () => {},
      );
    };
    // Until it is drawn, prefetching (menus, dialogs) waits: it would compete with Chart.js' download.
    const doneDrawing = beginDrawing();
    import('./chartjs')
      .then(({ Chart: ChartJs }) => {
        if (disposed || element === null) {
          doneDrawing();
          return;
        }
        construct.current = (drawn) => new ChartJs(element, drawn);
        cancelShown = whenShownOrIdle(element, () => {
          turns.push(
            drawInTurn(() => {
              try {
                chart.current = new ChartJs(element, latest.current);
              } catch {
                // Drawn in a task of its own: a failure is this chart's, shown on its card.
                doneDrawing();
                setStatus('failed');
                return;
              }
              setStatus('ready');
              doneDrawing();
              if (lacksZoom(latest.current)) cancelIdle = whenIdle(enableZoom);
            }),
          );
        });
      })
      .catch(() => {
        doneDrawing();
        if (!disposed) setStatus('failed');
      });
    element?.addEventListener('pointerenter', enableZoom);
    return () => {
      disposed = true;
      doneDrawing();
      cancelShown();
      for (const cancel of turns) cancel();
      cancelIdle();
      element?.removeEventListener('pointerenter', enableZoom);
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = config;
    const drawn = chart.current;
    if (drawn === null) return;
    // A new answer: the same kind of chart takes the new data and options; another kind is a new chart.
    if ((drawn.config as { type?: string }).type === config.type) {
      drawn.data = config.data;
      drawn.options = config.options ?? {};
      drawn.update();
    } else {
      drawn.destroy();
      chart.current = construct.current?.(config) ?? null;
    }
  }, [config]);

  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }}>
      {/* Chart.js sizes the canvas to its parent: a box of its own, the size of the card's body. */}
      <div style={{ position: 'absolute', inset: 0 }}>
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
      {status === 'loading' && (
        <Center pos="absolute" inset={0}>
          <Loader size="sm" aria-label={reportMessages.visual.loading} />
        </Center>
      )}
      {status === 'failed' && (
        <Center pos="absolute" inset={0}>
          <Text size="sm" c="red.7">
            {reportMessages.visual.error('the chart could not be drawn')}
          </Text>
        </Center>
      )}
    </div>
  );
}
