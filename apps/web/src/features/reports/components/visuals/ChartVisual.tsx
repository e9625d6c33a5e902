import { useMemo } from 'react';
import { useDashboard } from '../../hooks/useDashboard';
import { useVisualAnswer } from '../../hooks/useVisualAnswer';
import { chartOption, type ChartVisual as ChartVisualType } from '../charts/chartOption';
import { EChart } from '../charts/EChart';
import { VisualEmpty, VisualError, VisualFrame, VisualLoading } from './VisualFrame';

/** The title of a chart without one: its measures ("Spend and conversions" style). */
function fallbackTitle(visual: ChartVisualType, labels: ReadonlyMap<string, string>): string {
  const measures = 'measures' in visual ? visual.measures : [visual.measure];
  return measures.map((m) => labels.get(m) ?? m).join(', ');
}

/** Line, area, bar, column, pie and donut charts (ECharts, loaded with the first chart). */
export function ChartVisual({ visual }: { visual: ChartVisualType }) {
  const { currency } = useDashboard();
  const { data, error, isPending, refreshing } = useVisualAnswer(visual);
  const option = useMemo(
    () => (data === undefined ? null : chartOption(visual, data, currency)),
    [visual, data, currency],
  );
  const labels = new Map((data?.columns ?? []).map((c) => [c.name, c.label]));
  const title = visual.title ?? fallbackTitle(visual, labels);

  let body;
  if (isPending) body = <VisualLoading />;
  else if (error !== null && data === undefined) body = <VisualError error={error} />;
  else if (data === undefined || data.rows.length === 0 || option === null) body = <VisualEmpty />;
  else body = <EChart option={option} label={title} />;

  return (
    <VisualFrame title={title} table={visual.table} answer={data} refreshing={refreshing}>
      {body}
    </VisualFrame>
  );
}
