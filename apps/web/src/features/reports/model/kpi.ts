/**
 * A KPI against the previous period of equal length: the change in percent and whether it is
 * good news. Costs per result and search position are better when they fall; spend is neither
 * good nor bad (a planned budget increase is not a problem), so it is shown without colour.
 */
const LOWER_IS_BETTER = new Set(['cpc', 'cpa', 'cpm', 'cost_per_conversion', 'position', 'bounce_rate']);
const NEUTRAL = new Set(['spend', 'cost', 'budget']);

export type Trend = 'up' | 'down' | 'flat';
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
  // Below a hundredth of a percent the change shows as 0.00%: flat.
  const trend: Trend = Math.abs(ratio) < 0.00005 ? 'flat' : ratio > 0 ? 'up' : 'down';
  if (trend === 'flat' || NEUTRAL.has(measure)) return { ratio, trend, sentiment: 'neutral' };
  const better = LOWER_IS_BETTER.has(measure) ? trend === 'down' : trend === 'up';
  return { ratio, trend, sentiment: better ? 'good' : 'bad' };
}
