// Issue 32's page of 12 visuals built in the editor, timed through the API over the bench's rows:
// a custom report saved as -maya's copy, its first page replaced by the editor's document (KPIs
// with comparisons, lines and areas by day and week, bars, a donut, a table by campaign with a
// calculated CPA and totals, a matrix), then opened cold (a date range no request asked before,
// every visual a cache miss) and cached (the same requests again), six requests at a time as a
// browser's connections. Goals: the cold page under 500 ms, the cached one under 50 ms.
import type { ReportDocument, Visual } from '@maya/contracts';
import { addDays } from '@maya/contracts';
import { api, type Session } from './report-api';
import { BROWSER_CONNECTIONS, limited, median, timed } from './report-queries';

export const EDITOR_PAGE_GOALS = { coldMs: 500, cachedMs: 50 };
const PAGE = 'built';

const CPA = {
  table: 'performance',
  name: 'calculated_cpa',
  label: 'Calculated CPA',
  formula: 'spend / conversions',
  format: 'currency' as const,
};

const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const base = (id: string, title: string | null, layout: ReturnType<typeof at>) => ({
  id,
  title,
  table: 'performance',
  layout,
});
const kpi = (id: string, measure: string, x: number): Visual => ({
  ...base(id, null, at(x, 0, 3, 2)),
  kind: 'kpi',
  measure,
  comparison: 'previous_period',
});
const day = { name: 'date', grain: 'day' as const };

/** The editor's page: twelve visuals over the performance table. */
export const EDITOR_PAGE_VISUALS: Visual[] = [
  kpi('spend', 'spend', 0),
  kpi('clicks', 'clicks', 3),
  kpi('conversions', 'conversions', 6),
  kpi('cpa', 'calculated_cpa', 9),
  {
    ...base('spend_by_day', 'Spend by day', at(0, 2, 6, 5)),
    kind: 'line',
    axis: day,
    legend: null,
    measures: ['spend'],
  },
  {
    ...base('clicks_by_week', 'Clicks by week and channel', at(6, 2, 6, 5)),
    kind: 'area',
    axis: { name: 'date', grain: 'week' },
    legend: { name: 'channel', grain: null },
    measures: ['clicks'],
  },
  {
    ...base('spend_by_channel', 'Spend by channel', at(0, 7, 4, 5)),
    kind: 'bar',
    axis: { name: 'channel', grain: null },
    legend: null,
    measures: ['spend', 'conversion_value'],
    sort: [{ field: 'spend', direction: 'desc' }],
    limit: null,
  },
  {
    ...base('share', 'Spend share', at(4, 7, 4, 5)),
    kind: 'donut',
    legend: { name: 'channel', grain: null },
    measure: 'spend',
    limit: null,
  },
  {
    ...base('types', 'Conversions by campaign type', at(8, 7, 4, 5)),
    kind: 'column',
    axis: { name: 'campaign_type', grain: null },
    legend: null,
    measures: ['conversions'],
    sort: [],
    limit: 10,
  },
  {
    ...base('cpa_by_campaign', 'CPA by campaign', at(0, 12, 12, 6)),
    kind: 'table',
    dimensions: [{ name: 'campaign', grain: null }],
    measures: ['spend', 'conversions', 'calculated_cpa'],
    sort: [{ field: 'spend', direction: 'desc' }],
    limit: null,
    totals: true,
  },
  {
    ...base('channel_months', 'Channels by month', at(0, 18, 8, 6)),
    kind: 'matrix',
    rows: [{ name: 'channel', grain: null }],
    columns: [{ name: 'date', grain: 'month' }],
    measures: ['spend'],
    sort: [],
    limit: null,
    totals: true,
  },
  {
    ...base('ctr_by_day', 'CTR by day', at(8, 18, 4, 6)),
    kind: 'line',
    axis: day,
    legend: null,
    measures: ['ctr'],
  },
];

/** -maya saved as a custom report, its first page the editor's twelve visuals: the report's slug. */
async function buildReport(session: Session): Promise<string> {
  const on = { organization_id: session.organizationId };
  const created = await api(session, 'POST', '/reports', {
    ...on,
    source_slug: '-maya',
    state: null,
    name: 'Bench editor page',
  });
  const slug = String(created.slug);
  const opened = await api(session, 'GET', `/reports/${slug}?organization_id=${session.organizationId}`);
  const document = opened.document as ReportDocument;
  const [first, ...rest] = document.pages;
  if (first === undefined) throw new Error('the saved copy has no page');
  const edited: ReportDocument = {
    ...document,
    calculatedMeasures: [CPA],
    pages: [
      { ...first, name: PAGE, display_name: 'Built in the editor', visuals: EDITOR_PAGE_VISUALS },
      ...rest,
    ],
  };
  await api(session, 'PUT', `/reports/${slug}/document`, { ...on, document: edited, base_version: 1 });
  return slug;
}

/** The page's twelve requests over one date range, six at a time; throws on any answer but 200. */
function openPage(session: Session, slug: string, from: string, to: string): Promise<number> {
  return timed(() =>
    limited(
      EDITOR_PAGE_VISUALS.map(
        (visual) => () =>
          api(session, 'POST', `/reports/${slug}/query`, {
            organization_id: session.organizationId,
            report: slug,
            page: PAGE,
            visual_id: visual.id,
            filters: [],
            date_range: { from, to },
            sort: null,
          }),
      ),
      BROWSER_CONNECTIONS,
    ),
  );
}

export type EditorPageMeasure = { coldMs: number[]; cachedMs: number[]; coldP50: number; cachedP50: number };

/** `runs` cold pages (a 30-day range ending k days before the last, never asked before), each then cached. */
export async function measureEditorPage(
  session: Session,
  lastDay: string,
  runs: number,
): Promise<EditorPageMeasure> {
  const slug = await buildReport(session);
  // The first page after the save: the report's model checked, its tables listed (not a measure).
  await openPage(session, slug, addDays(lastDay, -29), lastDay);
  const coldMs: number[] = [];
  const cachedMs: number[] = [];
  for (let k = 1; k <= runs; k++) {
    const to = addDays(lastDay, -7 * k);
    const from = addDays(to, -29);
    coldMs.push(await openPage(session, slug, from, to));
    cachedMs.push(await openPage(session, slug, from, to));
  }
  return { coldMs, cachedMs, coldP50: median(coldMs), cachedP50: median(cachedMs) };
}

export function printEditorPage(measure: EditorPageMeasure): void {
  const verdict = (ms: number, goal: number) => (ms < goal ? 'meets' : 'MISSES');
  console.table([
    {
      'page of 12 visuals (editor)': 'cold',
      'p50 ms': Math.round(measure.coldP50),
      runs: measure.coldMs.map(Math.round).join(' '),
      goal: `< ${EDITOR_PAGE_GOALS.coldMs} ms`,
      '': verdict(measure.coldP50, EDITOR_PAGE_GOALS.coldMs),
    },
    {
      'page of 12 visuals (editor)': 'cached',
      'p50 ms': Math.round(measure.cachedP50),
      runs: measure.cachedMs.map(Math.round).join(' '),
      goal: `< ${EDITOR_PAGE_GOALS.cachedMs} ms`,
      '': verdict(measure.cachedP50, EDITOR_PAGE_GOALS.cachedMs),
    },
  ]);
}
