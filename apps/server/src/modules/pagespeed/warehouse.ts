// The PageSpeed measurements in the organization's warehouse (`raw.pagespeed__results`, one row
// per URL, day and strategy, upserted: a URL the provider failed keeps its earlier rows), and the
// organization's organic search clicks per page (Search Console's landing pages), which the
// report shows beside each URL and GET /pagespeed_urls/top suggests from.
import { CORE_WEB_VITALS_GOOD, CORE_WEB_VITALS_POOR, normalizedPagespeedUrl } from '@maya/contracts';
import type { PagespeedMeasurement } from '@maya/connectors';
import { MODEL_SCHEMA, PAGESPEED_RESULTS, ident, tableRef } from '@maya/analytics';
import type { Warehouse } from '@maya/warehouse';
import { RAW_SCHEMA } from '../modelling';

/** Days of clicks counted beside a URL and for the suggestions. */
export const CLICKS_DAYS = 28;
const LANDING_PAGES = 'landing_pages';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Rating = 'Good' | 'Needs improvement' | 'Poor';

/** Google's Core Web Vitals assessment of one measurement: its worst vital's rating. */
export function assessment(m: Pick<PagespeedMeasurement, 'lcpMs' | 'inpMs' | 'cls'>): Rating {
  const rate = (value: number, good: number, poor: number): Rating =>
    value <= good ? 'Good' : value <= poor ? 'Needs improvement' : 'Poor';
  const ratings = [
    rate(m.lcpMs, CORE_WEB_VITALS_GOOD.lcpMs, CORE_WEB_VITALS_POOR.lcpMs),
    rate(m.inpMs, CORE_WEB_VITALS_GOOD.inpMs, CORE_WEB_VITALS_POOR.inpMs),
    rate(m.cls, CORE_WEB_VITALS_GOOD.cls, CORE_WEB_VITALS_POOR.cls),
  ];
  if (ratings.includes('Poor')) return 'Poor';
  return ratings.includes('Needs improvement') ? 'Needs improvement' : 'Good';
}

function dataSource(m: PagespeedMeasurement): string {
  const sources = new Set([m.lcpSource, m.inpSource, m.clsSource]);
  if (sources.size > 1) return 'Field and lab';
  return sources.has('field') ? 'Field (CrUX)' : 'Lab (Lighthouse)';
}

/** The warehouse row of a measurement on `day`, with the page's clicks (null: no Search Console data). */
export function resultRow(
  m: PagespeedMeasurement,
  day: string,
  clicks: number | null,
): Record<string, unknown> {
  return {
    url: m.url,
    date: day,
    strategy: m.strategy,
    performance_score: m.performanceScore,
    lcp_ms: m.lcpMs,
    lcp_source: m.lcpSource,
    inp_ms: m.inpMs,
    inp_source: m.inpSource,
    cls: m.cls,
    cls_source: m.clsSource,
    data_source: dataSource(m),
    assessment: assessment(m),
    search_clicks: clicks,
    fetched_at: m.fetchedAt,
  };
}

/** Upserts the rows in one transaction: all of them or, on a failure, none. */
export async function writeResults(
  warehouse: Warehouse,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  await warehouse.ensureSchema(RAW_SCHEMA);
  await warehouse.createTable(RAW_SCHEMA, PAGESPEED_RESULTS);
  if (rows.length > 0) await warehouse.loadBatch(RAW_SCHEMA, PAGESPEED_RESULTS.name, [[...rows]]);
}

/**
 * Organic search clicks per page over the `CLICKS_DAYS` days up to `day`, the most clicked first,
 * keyed by the page's normalised URL; null when the organization has no Search Console data.
 */
export async function clicksByPage(warehouse: Warehouse, day: string, limit: number | null = null) {
  if (!DAY.test(day)) throw new Error(`clicksByPage: not a day: ${day}`);
  if (!(await warehouse.listTables(MODEL_SCHEMA)).includes(LANDING_PAGES)) return null;
  const q = (name: string) => ident(warehouse.engine, name);
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - (CLICKS_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const sql = `SELECT ${q('url')} AS ${q('url')}, SUM(${q('clicks')}) AS ${q('clicks')}
FROM ${tableRef(warehouse.engine, MODEL_SCHEMA, LANDING_PAGES)}
WHERE ${q('date')} >= DATE '${from}' AND ${q('date')} <= DATE '${day}'
GROUP BY ${q('url')}
ORDER BY ${q('clicks')} DESC${limit === null ? '' : ` LIMIT ${String(Math.trunc(limit))}`}`;
  const { rows } = await warehouse.query(sql, [], { timeoutMs: 30_000 });
  const clicks = new Map<string, number>();
  for (const row of rows) {
    if (typeof row.url !== 'string') continue;
    const key = normalizedPagespeedUrl(row.url);
    clicks.set(key, (clicks.get(key) ?? 0) + Number(row.clicks ?? 0));
  }
  return clicks;
}
