import { ActionIcon } from '@mantine/core';
import { useMemo, useState } from 'react';
import { IconChart, IconTable } from '../../../../shared/ui/icons';
import { useDashboard } from '../../hooks/useDashboard';
import { useVisualAnswer } from '../../hooks/useVisualAnswer';
import { reportMessages } from '../../messages';
import { ChartDataTable } from '../charts/ChartDataTable';
import { ChartCanvas } from '../charts/ChartCanvas';
import { chartOption, type ChartVisual as ChartVisualType } from '../charts/chartOption';
import { chartTable } from '../charts/chartTable';
import { VisualEmpty, VisualError, VisualFrame, VisualLoading } from './VisualFrame';

const { visual: text } = reportMessages;

/** The title of a chart without one: its measures ("Spend and conversions" style). */
function fallbackTitle(visual: ChartVisualType, labels: ReadonlyMap<string, string>): string {
  const measures = 'measures' in visual ? visual.measures : [visual.measure];
  return measures.map((m) => labels.get(m) ?? m).join(', ');
}

/** The column a chart's categories or slices come from: the first column of its data table. */
function categoryColumn(visual: ChartVisualType): string {
  return 'axis' in visual ? visual.axis.name : visual.legend.name;
}

/**
 * Line, area, bar, column, pie and donut charts (Chart.js, loaded with the first chart). A toggle
 * in the header shows the chart's data as a table instead: the canvas's text alternative.
 */
export function ChartVisual({ visual }: { visual: ChartVisualType }) {
  const [asTable, setAsTable] = useState(false);
  const { currency } = useDashboard();
  const { data, error, isPending, refreshing } = useVisualAnswer(visual);
  const option = useMemo(
    () => (data === undefined ? null : chartOption(visual, data, currency)),
    [visual, data, currency],
  );
  const labels = new Map((data?.columns ?? []).map((c) => [c.name, c.label]));
  const title = visual.title ?? fallbackTitle(visual, labels);

  let body;
  let note: string | null = null;
  if (isPending) body = <VisualLoading />;
  else if (error !== null && data === undefined) body = <VisualError error={error} />;
  else if (data === undefined || data.rows.length === 0 || option === null) body = <VisualEmpty />;
  else if (asTable) {
    const category = labels.get(categoryColumn(visual)) ?? categoryColumn(visual);
    body = <ChartDataTable table={chartTable(option, category)} title={title} />;
  } else {
    body = <ChartCanvas config={option.config} label={title} />;
    note = option.note;
  }
  const toggle = (
    <ActionIcon
      variant={asTable ? 'light' : 'subtle'}
      color="gray"
      size="sm"
      aria-label={text.showTable}
      aria-pressed={asTable}
      title={asTable ? text.showChart : text.showTable}
      onClick={() => setAsTable((shown) => !shown)}
    >
      {asTable ? <IconChart size={16} /> : <IconTable size={16} />}
    </ActionIcon>
  );

  return (
    <VisualFrame
      title={title}
      table={visual.table}
      answer={data}
      refreshing={refreshing}
      actions={toggle}
      note={note}
    >
      {body}
    </VisualFrame>
  );
}
