import { Center, Loader, Text } from '@mantine/core';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { beginDrawing, drawInTurn, whenShownOrIdle } from '../../../../shared/lib/drawing';
import { whenIdle } from '../../../../shared/lib/idle';
import { reportMessages } from '../../messages';
import type { init } from './echarts';
import type { ChartOption } from './options';

type EChartProps = {
  option: ChartOption;
  /** The chart's accessible name (the canvas itself says nothing to a screen reader). */
  label: string;
};

/** Whether the hover layer (`interactions.ts`) is registered: every chart drawn from then on has it. */
let interactive = false;
let loadingInteractions: Promise<void> | null = null;

/** Registers the tooltip and zoom once, for every chart; a failed download is tried again later. */
function loadInteractions(): Promise<void> {
  loadingInteractions ??= import('./interactions')
    .then(() => {
      interactive = true;
    })
    .catch((error: unknown) => {
      loadingInteractions = null;
      throw error;
    });
  return loadingInteractions;
}

/** The option without what the hover layer draws, while that layer is not registered. */
function drawable(option: ChartOption): ChartOption {
  if (interactive) return option;
  const { tooltip: _tooltip, dataZoom: _dataZoom, ...drawn } = option;
  return drawn;
}

/**
 * An ECharts canvas that fills its parent. ECharts is imported when the first chart mounts (its
 * own chunk), the chart follows its parent's size, and a new option replaces the old one. A chart
 * draws once it is on or near the screen (or the browser is idle), each chart in a task of its own
 * (`drawInTurn`), so the first screen's charts draw first and no long task draws them all. The
 * tooltip and zoom follow once the browser is idle, or at once when the pointer comes over a chart.
 */
export function EChart({ option, label }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    let cancelIdle = () => {};
    let cancelShown = () => {};
    const turns: (() => void)[] = [];
    let enabled = interactive;
    let initChart: typeof init | null = null;
    const element = container.current;
    // A new ECharts instance for the option on screen: an instance runs the processors registered
    // when it was created, so the hover layer needs one created after it.
    const create = (animate: boolean) => {
      if (initChart === null || element === null) return;
      chart.current?.dispose();
      const instance = initChart(element, null, { renderer: 'canvas' });
      const drawn = drawable(latest.current);
      instance.setOption(animate ? drawn : { ...drawn, animation: false });
      chart.current = instance;
    };
    // The tooltip and zoom: the chart is drawn again with them, without animation, in one frame.
    const enable = () => {
      if (enabled) return;
      loadInteractions().then(
        () => {
          if (disposed || enabled || chart.current === null) return;
          enabled = true;
          turns.push(drawInTurn(() => create(false)));
        },
        () => {},
      );
    };
    // Until it is drawn, prefetching (menus, dialogs) waits: it would compete with ECharts' download.
    const doneDrawing = beginDrawing();
    import('./echarts')
      .then((echarts) => {
        if (disposed || element === null) {
          doneDrawing();
          return;
        }
        initChart = echarts.init;
        cancelShown = whenShownOrIdle(element, () => {
          turns.push(
            drawInTurn(() => {
              try {
                create(true);
              } catch {
                // Drawn in a task of its own: a failure is this chart's, shown on its card.
                doneDrawing();
                setStatus('failed');
                return;
              }
              observer = new ResizeObserver(() => chart.current?.resize());
              observer.observe(element);
              setStatus('ready');
              doneDrawing();
              enabled ||= interactive;
              if (!enabled) cancelIdle = whenIdle(enable);
            }),
          );
        });
      })
      .catch(() => {
        doneDrawing();
        if (!disposed) setStatus('failed');
      });
    element?.addEventListener('pointerenter', enable);
    return () => {
      disposed = true;
      doneDrawing();
      cancelShown();
      for (const cancel of turns) cancel();
      cancelIdle();
      element?.removeEventListener('pointerenter', enable);
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(drawable(option), { notMerge: true });
  }, [option]);

  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }}>
      <div ref={container} role="img" aria-label={label} style={{ position: 'absolute', inset: 0 }} />
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
