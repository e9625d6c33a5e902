// The Demo report (spec 002 §2: "dashboard/-demo is the demo report", "The demo default report is
// Spend, and only a Demo report is mapped"): the demo organization's marketing data told page by
// page, Spend first. Demo organizations only: the report catalog offers DEMO_REPORTS to them and
// to no one else.
import type { ReportDocument, Visual } from '@maya/contracts';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { anyOf, at, dim, lastDays, table, type Layout } from './builtin-reports';

const PERFORMANCE = 'performance';

/** KPI ids carry their page: a measure can be a KPI on two pages, and ids are unique per document. */
const kpis = (page: string, measures: readonly string[]): Visual[] =>
  measures.map((measure, i) => ({
    id: `${page}-kpi-${measure}`,
    kind: 'kpi',
    title: null,
    table: PERFORMANCE,
    layout: at(3 * i, 0, 3, 2),
    measure,
    comparison: 'previous_period',
  }));

const overTime = (id: string, title: string, measures: string[], layout: Layout): Visual => ({
  id,
  kind: 'line',
  title,
  table: PERFORMANCE,
  layout,
  axis: dim('date', 'day'),
  legend: null,
  measures,
});

const byChannel = (id: string, title: string, measure: string, layout: Layout): Visual => ({
  id,
  kind: 'bar',
  title,
  table: PERFORMANCE,
  layout,
  axis: dim('channel'),
  legend: null,
  measures: [measure],
  sort: [{ field: measure, direction: 'desc' }],
  limit: null,
});

export const DEMO_REPORT_SLUG = '-demo';

export const DEMO_REPORT: ReportDocument = {
  version: 1,
  id: 'demo',
  slug: DEMO_REPORT_SLUG,
  name: 'Demo',
  model: MARKETING_SEMANTIC_MODEL.name,
  filters: [lastDays('date', PERFORMANCE, 30), anyOf('channel', PERFORMANCE, 'channel')],
  pages: [
    {
      // The first page is the one a report opens on: the demo opens on Spend.
      name: 'spend',
      display_name: 'Spend',
      visibility: 0,
      filters: [],
      visuals: [
        ...kpis('spend', ['spend', 'cpc', 'cpa', 'roas']),
        {
          id: 'spend-by-channel-over-time',
          kind: 'stacked_column',
          title: 'Spend by channel',
          table: PERFORMANCE,
          layout: at(0, 2, 8, 4),
          axis: dim('date', 'day'),
          legend: dim('channel'),
          measures: ['spend'],
          sort: [],
          limit: null,
        },
        {
          id: 'spend-share',
          kind: 'donut',
          title: 'Share of spend',
          table: PERFORMANCE,
          layout: at(8, 2, 4, 4),
          legend: dim('channel'),
          measure: 'spend',
          limit: null,
        },
        table(
          'spend-by-campaign',
          PERFORMANCE,
          ['channel', 'campaign'],
          ['spend', 'clicks', 'cpc', 'conversions', 'cpa', 'roas'],
          at(0, 6, 12, 6),
        ),
      ],
    },
    {
      name: 'performance',
      display_name: 'Performance',
      visibility: 0,
      filters: [],
      visuals: [
        ...kpis('performance', ['impressions', 'clicks', 'ctr', 'cpc']),
        overTime('clicks-over-time', 'Clicks and impressions', ['clicks', 'impressions'], at(0, 2, 8, 4)),
        byChannel('clicks-by-channel', 'Clicks by channel', 'clicks', at(8, 2, 4, 4)),
        table(
          'performance-by-campaign-type',
          PERFORMANCE,
          ['channel', 'campaign_type'],
          ['impressions', 'clicks', 'ctr', 'cpc', 'spend'],
          at(0, 6, 12, 5),
        ),
      ],
    },
    {
      name: 'conversions',
      display_name: 'Conversions',
      visibility: 0,
      filters: [],
      visuals: [
        ...kpis('conversions', ['conversions', 'conversion_rate', 'cpa', 'conversion_value']),
        overTime(
          'conversions-over-time',
          'Conversions and conversion value',
          ['conversions', 'conversion_value'],
          at(0, 2, 8, 4),
        ),
        byChannel('conversions-by-channel', 'Conversions by channel', 'conversions', at(8, 2, 4, 4)),
        {
          id: 'conversions-by-month',
          kind: 'matrix',
          title: 'Channels by month',
          table: PERFORMANCE,
          layout: at(0, 6, 12, 6),
          rows: [dim('channel')],
          columns: [dim('date', 'month')],
          measures: ['conversions', 'cpa', 'roas'],
          sort: [],
          limit: null,
          totals: true,
        },
      ],
    },
  ],
};

/**
 * The reports only demo organizations open, beside the built-in ones every organization has
 * (`-maya` is open on the demo organization too). Nobody else lists or opens them.
 */
export const DEMO_REPORTS: readonly ReportDocument[] = [DEMO_REPORT];
