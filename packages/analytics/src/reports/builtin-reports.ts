// The built-in report documents: `-maya` (marketing performance across channels) and `-seo-v1`
// (Search Console), over the built-in semantic models. Custom reports start as copies of these.
// The Demo report, for demo organizations only, is in demo-report.ts (it builds on the helpers
// exported here).
import type { ReportDocument, ReportFilter, Sort, Visual } from '@maya/contracts';
import { MARKETING_SEMANTIC_MODEL, SEARCH_SEMANTIC_MODEL } from './builtin-models';

export type Layout = Visual['layout'];
export const at = (x: number, y: number, w: number, h: number): Layout => ({ x, y, w, h });
export const dim = (name: string, grain: 'day' | 'week' | 'month' | null = null) => ({ name, grain });
const desc = (field: string): Sort[] => [{ field, direction: 'desc' }];

const kpi = (table: string, measure: string, layout: Layout): Visual => ({
  id: `kpi-${measure}`,
  kind: 'kpi',
  title: null,
  table,
  layout,
  measure,
  comparison: 'previous_period',
});

/** A row of KPIs, each a quarter of the grid wide. */
const kpiRow = (table: string, measures: readonly string[], y: number): Visual[] =>
  measures.map((m, i) => kpi(table, m, at(3 * (i % 4), y + 2 * Math.floor(i / 4), 3, 2)));

/**
 * A built-in table: largest first by its first measure, with totals, 100 rows a page as the BI
 * tools users know page their tables (decision 146); the card scrolls through about a dozen.
 */
export const TABLE_PAGE_ROWS = 100;

export const table = (
  id: string,
  source: string,
  dimensions: readonly string[],
  measures: string[],
  layout: Layout,
): Visual => ({
  id,
  kind: 'table',
  title: null,
  table: source,
  layout,
  dimensions: dimensions.map((d) => dim(d)),
  measures,
  sort: desc(measures[0] ?? ''),
  limit: TABLE_PAGE_ROWS,
  totals: true,
});

export const lastDays = (id: string, tableName: string, count: number): ReportFilter => ({
  id,
  kind: 'relative_date',
  table: tableName,
  column: 'date',
  operator: 'in_the_last',
  count,
  unit: 'day',
});

export const anyOf = (id: string, tableName: string, column: string): ReportFilter => ({
  id,
  kind: 'list',
  table: tableName,
  column,
  mode: 'include',
  values: [],
});

const MARKETING_COST_MEASURES = ['marketing_cost', 'marketing_cpa', 'marketing_roas'];

const AD_MEASURES = ['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'conversions', 'cpa', 'roas'];

/**
 * The day-by-day numbers a marketer checks against each ad platform: a row per day, newest
 * first, every performance measure, and the period's totals. A thousand rows (the default) hold
 * almost three years of days.
 */
export const DAILY_PERFORMANCE: Visual = {
  id: 'daily-performance',
  kind: 'table',
  title: 'Daily performance',
  table: 'performance',
  layout: at(0, 10, 12, 8),
  dimensions: [dim('date', 'day')],
  measures: [
    'spend',
    // Blank unless the rows are of one currency (one account, or a currency filter): what a
    // marketer checks against the ad platform's own figures.
    'account_spend',
    'impressions',
    'clicks',
    'ctr',
    'cpc',
    'conversions',
    'conversion_rate',
    'cpa',
    'conversion_value',
    'roas',
  ],
  sort: [{ field: 'date', direction: 'desc' }],
  limit: null,
  totals: true,
};

/**
 * Each ad account's spend in its own currency beside the converted figure (issue 23): the
 * account's rows share one currency, so its own amount adds up; the totals row leaves it blank.
 */
export const ACCOUNTS_TABLE: Visual = {
  id: 'accounts',
  kind: 'table',
  title: 'Accounts',
  table: 'performance',
  layout: at(0, 18, 12, 6),
  // The channel as people name it ('Meta Ads'), not the connector's id ('facebook_ads').
  dimensions: [dim('channel'), dim('account'), dim('currency')],
  measures: ['account_spend', 'spend', 'clicks', 'conversions', 'cpa'],
  sort: [{ field: 'spend', direction: 'desc' }],
  limit: null,
  totals: true,
};

export const MAYA_REPORT: ReportDocument = {
  version: 1,
  id: 'maya',
  slug: '-maya',
  // The name people read (sidebar, title, browser tab); the slug stays in URLs (decision 173).
  name: 'Marketing Performance',
  model: MARKETING_SEMANTIC_MODEL.name,
  filters: [lastDays('date', 'performance', 30), anyOf('channel', 'performance', 'channel')],
  pages: [
    {
      name: 'overview',
      display_name: 'Overview',
      visibility: 0,
      filters: [],
      visuals: [
        ...kpiRow('performance', AD_MEASURES, 0),
        // The total marketing cost: ad spend and marketing-related manual expenses (decision 386).
        ...MARKETING_COST_MEASURES.map((m, i) => kpi('costs', m, at(4 * i, 4, 4, 2))),
        {
          id: 'spend-over-time',
          kind: 'line',
          title: 'Spend and conversions',
          table: 'performance',
          layout: at(0, 6, 8, 4),
          axis: dim('date', 'day'),
          legend: null,
          measures: ['spend', 'conversions'],
        },
        {
          id: 'spend-by-channel',
          kind: 'donut',
          title: 'Spend by channel',
          table: 'performance',
          layout: at(8, 6, 4, 4),
          legend: dim('channel'),
          measure: 'spend',
          limit: null,
        },
        table('campaigns', 'performance', ['channel', 'campaign'], AD_MEASURES, at(0, 10, 12, 6)),
      ],
    },
    {
      name: 'channels',
      display_name: 'Channels',
      visibility: 0,
      filters: [],
      visuals: [
        {
          id: 'spend-by-channel-over-time',
          kind: 'stacked_column',
          title: 'Spend by channel',
          table: 'performance',
          layout: at(0, 0, 12, 4),
          axis: dim('date', 'week'),
          legend: dim('channel'),
          measures: ['spend'],
          sort: [],
          limit: null,
        },
        {
          id: 'channel-matrix',
          kind: 'matrix',
          title: 'Channels by month',
          table: 'performance',
          layout: at(0, 4, 12, 6),
          rows: [dim('channel')],
          columns: [dim('date', 'month')],
          measures: ['spend', 'conversions', 'cpa'],
          sort: [],
          limit: null,
          totals: true,
        },
        DAILY_PERFORMANCE,
        ACCOUNTS_TABLE,
      ],
    },
    {
      name: 'campaigns',
      display_name: 'Campaigns',
      visibility: 0,
      filters: [],
      visuals: [
        {
          id: 'campaign-type',
          kind: 'slicer',
          title: 'Campaign type',
          table: 'performance',
          layout: at(0, 0, 3, 2),
          dimension: 'campaign_type',
        },
        table('ad-groups', 'performance', ['campaign', 'ad_group'], AD_MEASURES, at(0, 2, 12, 8)),
      ],
    },
  ],
};

const SEARCH_MEASURES = ['clicks', 'impressions', 'ctr', 'position'];

export const SEO_REPORT: ReportDocument = {
  version: 1,
  id: 'seo-v1',
  slug: '-seo-v1',
  name: 'SEO',
  model: SEARCH_SEMANTIC_MODEL.name,
  // On totals, and through the shared date and country dimensions on queries too.
  filters: [lastDays('date', 'totals', 90), anyOf('country', 'totals', 'country')],
  pages: [
    {
      name: 'overview',
      display_name: 'Overview',
      visibility: 0,
      filters: [],
      visuals: [
        ...kpiRow('totals', SEARCH_MEASURES, 0),
        {
          id: 'clicks-over-time',
          kind: 'line',
          title: 'Clicks and impressions',
          table: 'totals',
          layout: at(0, 2, 12, 4),
          axis: dim('date', 'day'),
          legend: null,
          measures: ['clicks', 'impressions'],
        },
        table('queries', 'queries', ['query'], SEARCH_MEASURES, at(0, 6, 6, 6)),
        table('pages', 'queries', ['page'], SEARCH_MEASURES, at(6, 6, 6, 6)),
        table('countries', 'totals', ['country'], SEARCH_MEASURES, at(0, 12, 12, 5)),
      ],
    },
  ],
};

export const BUILTIN_REPORTS: readonly ReportDocument[] = [MAYA_REPORT, SEO_REPORT];
