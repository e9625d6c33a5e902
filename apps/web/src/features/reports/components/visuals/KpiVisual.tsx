import { unreachable } from '@maya/contracts';
import type { Visual } from '@maya/contracts';
import { Group, Text } from '@mantine/core';
import { useDashboard } from '../../hooks/useDashboard';
import { useVisualAnswer } from '../../hooks/useVisualAnswer';
import { reportMessages } from '../../messages';
import { columnLabel } from '../../model/filters';
import { formatMeasure, measureNumber } from '../../model/format';
import { kpiComparison, type KpiComparison } from '../../model/kpi';
import { formatDay } from '../../../../shared/lib/dates';
import classes from './KpiVisual.module.css';
import { VisualEmpty, VisualError, VisualFrame, VisualLoading } from './VisualFrame';

type KpiVisualProps = { visual: Extract<Visual, { kind: 'kpi' }> };

// Shades that read at 4.5:1 on the card's white (WCAG AA), decision 210.
const SENTIMENT_COLOR = { good: 'teal.9', bad: 'red.7', neutral: 'gray.7' } as const;
const ARROW = { up: '▲', down: '▼', flat: '■' } as const;

const percent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

const days = ({ from, to }: { from: string; to: string }) =>
  from === to ? formatDay(from) : `${formatDay(from)}–${formatDay(to)}`;

function Comparison({ comparison }: { comparison: KpiComparison }) {
  switch (comparison.kind) {
    case 'none':
      return (
        <Text size="xs" c="dimmed">
          {reportMessages.visual.noComparison}
        </Text>
      );
    case 'uncovered': {
      const day = formatDay(comparison.dataFrom);
      return (
        <Text
          size="xs"
          c="dimmed"
          truncate
          title={reportMessages.visual.uncoveredWhy(day, days(comparison.comparison))}
        >
          {reportMessages.visual.uncovered(day)}
        </Text>
      );
    }
    case 'change': {
      const { change } = comparison;
      const compared = reportMessages.visual.comparedDays(
        days(comparison.comparison.current),
        days(comparison.comparison),
      );
      return (
        <Group gap={6} wrap="nowrap" title={compared}>
          <Text size="xs" fw={700} c={SENTIMENT_COLOR[change.sentiment]} style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden="true">{ARROW[change.trend]} </span>
            {percent.format(change.ratio ?? 0)}
          </Text>
          <Text size="xs" c="dimmed" truncate className={classes.versus}>
            {reportMessages.visual.previousPeriod}
          </Text>
        </Group>
      );
    }
    default:
      return unreachable(comparison);
  }
}

/** A KPI card: the measure's value, and its change against the previous period. */
export function KpiVisual({ visual }: KpiVisualProps) {
  const { currency } = useDashboard();
  const { data, error, isPending, refreshing } = useVisualAnswer(visual);
  const column = data?.columns.find((c) => c.name === visual.measure) ?? null;
  const title = visual.title ?? column?.label ?? columnLabel(visual.measure);
  const value = measureNumber(data?.rows[0]?.[visual.measure]);
  const previous = measureNumber(data?.comparison?.rows[0]?.[visual.measure]);

  let body;
  if (isPending) body = <VisualLoading />;
  else if (error !== null && data === undefined) body = <VisualError error={error} />;
  else if (value === null) body = <VisualEmpty />;
  else {
    const full = formatMeasure(value, column?.format ?? null, { currency });
    const shown = formatMeasure(value, column?.format ?? null, { currency, style: 'kpi' });
    body = (
      <>
        <Text
          className={classes.value}
          fw={700}
          c="dark.8"
          lh={1.2}
          title={full}
          truncate
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {shown}
        </Text>
        {visual.comparison !== null && (
          <Comparison comparison={kpiComparison(visual.measure, value, data?.comparison ?? null, previous)} />
        )}
      </>
    );
  }
  return (
    <VisualFrame title={title} table={visual.table} answer={data} refreshing={refreshing} compact>
      <div className={classes.body}>{body}</div>
    </VisualFrame>
  );
}
