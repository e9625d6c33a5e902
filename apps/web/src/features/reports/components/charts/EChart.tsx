import { Center, Loader, Text } from '@mantine/core';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { reportMessages } from '../../messages';
import type { ChartOption } from './options';

type EChartProps = {
  option: ChartOption;
  /** The chart's accessible name (the canvas itself says nothing to a screen reader). */
  label: string;
};

/**
 * An ECharts canvas that fills its parent. ECharts is imported when the first chart mounts (its
 * own chunk), the chart follows its parent's size, and a new option replaces the old one.
 */
export function EChart({ option, label }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    import('./echarts')
      .then(({ init }) => {
        const element = container.current;
        if (disposed || element === null) return;
        const instance = init(element, null, { renderer: 'canvas' });
        instance.setOption(latest.current);
        chart.current = instance;
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(element);
        setStatus('ready');
      })
      .catch(() => {
        if (!disposed) setStatus('failed');
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, { notMerge: true });
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
