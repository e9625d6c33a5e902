import type { ReportQueryResponse } from '@maya/contracts';

/**
 * A KPI against the previous period (the server picks its days, like with like): the change in percent and whether it is
 * good news. Costs per result and search position are better when they fall; spend is neither
 * good nor bad (a planned budget increase is not a problem), so it is shown without colour.
 */
const LOWER_IS_BETTER = new Set(['cpc', 'cpa', 'cpm', 'cost_per_conversion', 'position', 'bounce_rate']);
const NEUTRAL = new Set(['spend', 'cost', 'budget']);

export type Trend = 'up' | 'down' | 'flat';

/** A change smaller than this rounds to 0% at one decimal. */
const FLAT_BELOW = 0.0005;
export type Sentiment = 'good' | 'bad' | 'neutral';

export type KpiChange = {
  /** (current − previous) / |previous|; null when there is nothing to compare with. */
  ratio: number | null;
  trend: Trend;
  sentiment: Sentiment;
};

export function kpiChange(measure: string, current: number | null, previous: number | null): KpiChange {
  if (current === null || previous === null || previous === 0) {
    return { ratio: null, trend: 'flat', sentiment: 'neutral' };
  }
  const ratio = (current - previous) / Math.abs(previous);
  // The card shows the change with one decimal (KpiVisual.tsx): below 0.05% it reads 0%, so flat.
  const trend: Trend = Math.abs(ratio) < FLAT_BELOW ? 'flat' : ratio > 0 ? 'up' : 'down';
  if (trend === 'flat' || NEUTRAL.has(measure)) return { ratio, trend, sentiment: 'neutral' };
  const better = LOWER_IS_BETTER.has(measure) ? trend === 'down' : trend === 'up';
  return { ratio, trend, sentiment: better ? 'good' : 'bad' };
}

export type KpiComparison =
  | { kind: 'change'; change: KpiChange; comparison: NonNullable<ReportQueryResponse['comparison']> }
  /** A source's data starts after the previous period begins: a change would not be like for like. */
  | { kind: 'uncovered'; dataFrom: string; comparison: NonNullable<ReportQueryResponse['comparison']> }
  | { kind: 'none' };

/** What a KPI card says under its value: the change, why there is none, or nothing to compare. */
export function kpiComparison(
  measure: string,
  current: number | null,
  comparison: ReportQueryResponse['comparison'],
  previous: number | null,
): KpiComparison {
  if (comparison === null) return { kind: 'none' };
  if (comparison.data_from !== null) return { kind: 'uncovered', dataFrom: comparison.data_from, comparison };
  const change = kpiChange(measure, current, previous);
  return change.ratio === null ? { kind: 'none' } : { kind: 'change', change, comparison };
}
