import type {
  EmbedReport,
  ServiceAccount,
  ReportAccessResponse,
  ReportColumn,
  ReportDocument,
  ReportQueryResponse,
} from '@maya/contracts';

/** A small report for the dashboard tests: two pages, a hidden one, KPIs, a table, a slicer. */
export const testDocument: ReportDocument = {
  version: 1,
  id: 'maya',
  slug: '-maya',
  name: '-maya',
  model: 'marketing',
  filters: [
    {
      id: 'date',
      kind: 'relative_date',
      table: 'performance',
      column: 'date',
      operator: 'in_the_last',
      count: 30,
      unit: 'day',
    },
    { id: 'channel', kind: 'list', table: 'performance', column: 'channel', mode: 'include', values: [] },
  ],
  pages: [
    {
      name: 'overview',
      display_name: 'Overview',
      visibility: 0,
      filters: [],
      visuals: [
        {
          id: 'kpi-spend',
          kind: 'kpi',
          title: null,
          table: 'performance',
          layout: { x: 0, y: 0, w: 3, h: 2 },
          measure: 'spend',
          comparison: 'previous_period',
        },
        {
          id: 'kpi-cpa',
          kind: 'kpi',
          title: null,
          table: 'performance',
          layout: { x: 3, y: 0, w: 3, h: 2 },
          measure: 'cpa',
          comparison: 'previous_period',
        },
        {
          id: 'campaigns',
          kind: 'table',
          title: 'Campaigns',
          table: 'performance',
          layout: { x: 0, y: 2, w: 12, h: 6 },
          dimensions: [{ name: 'campaign', grain: null }],
          measures: ['spend', 'clicks'],
          sort: [{ field: 'spend', direction: 'desc' }],
          limit: 500,
          totals: true,
        },
      ],
    },
    {
      name: 'internal',
      display_name: 'Internal',
      visibility: 1,
      filters: [
        {
          id: 'campaign-name',
          kind: 'advanced_text',
          table: 'performance',
          column: 'campaign',
          operator: 'contains',
          value: 'brand',
        },
      ],
      visuals: [
        {
          id: 'campaign-type',
          kind: 'slicer',
          title: 'Campaign type',
          table: 'performance',
          layout: { x: 0, y: 0, w: 3, h: 2 },
          dimension: 'campaign_type',
        },
      ],
    },
  ],
};

export function embedReportFixture(overrides: Partial<EmbedReport> = {}): EmbedReport {
  return {
    id: 'maya',
    slug: '-maya',
    name: '-maya',
    embed_url: 'https://app.example.com/api/reports/-maya',
    access_token: null,
    access_level: 'Edit',
    permission_level: 'admin',
    demo: false,
    is_custom: false,
    dataset_id: 'marketing',
    ...overrides,
  };
}

export function accessFixture(overrides: Partial<ReportAccessResponse> = {}): ReportAccessResponse {
  return { report: embedReportFixture(), document: testDocument, data_through: '2026-11-20', ...overrides };
}

const columns: Record<string, ReportColumn> = {
  campaign: {
    name: 'campaign',
    label: 'Campaign',
    role: 'dimension',
    type: 'string',
    format: null,
    grain: null,
  },
  spend: { name: 'spend', label: 'Spend', role: 'measure', type: 'number', format: 'currency', grain: null },
  cpa: { name: 'cpa', label: 'CPA', role: 'measure', type: 'number', format: 'currency', grain: null },
  clicks: { name: 'clicks', label: 'Clicks', role: 'measure', type: 'number', format: 'number', grain: null },
  ctr: { name: 'ctr', label: 'CTR', role: 'measure', type: 'number', format: 'percent', grain: null },
  date: { name: 'date', label: 'Date', role: 'dimension', type: 'date', format: null, grain: 'day' },
  channel: {
    name: 'channel',
    label: 'Channel',
    role: 'dimension',
    type: 'string',
    format: null,
    grain: null,
  },
};

export function answerFixture(
  names: string[],
  rows: ReportQueryResponse['rows'],
  overrides: Partial<ReportQueryResponse> = {},
): ReportQueryResponse {
  return {
    columns: names.map((name) => {
      const column = columns[name];
      if (column === undefined) throw new Error(`no fixture column ${name}`);
      return column;
    }),
    rows,
    truncated: false,
    sampled: false,
    totals: null,
    comparison: null,
    data_through: '2026-11-20',
    ...overrides,
  };
}

let accountCounter = 0;

/** A connected account of the first-load tests: pending unless told otherwise. */
export function serviceAccountFixture(overrides: Partial<ServiceAccount> = {}): ServiceAccount {
  accountCounter += 1;
  return {
    uuid: `aaaaaaaa-0000-4000-8000-${String(accountCounter).padStart(12, '0')}`,
    identifier: `id-${accountCounter}`,
    name: `Account ${accountCounter}`,
    id_label: 'Customer ID',
    service: 'google_ads',
    service_uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
    sync_status: 'pending',
    sync_error: null,
    connected_at: '2026-11-28T10:00:00.000Z',
    last_synced_at: null,
    needs_reconnect: false,
    backfill_percent: null,
    time_zone: null,
    organization_id: '00000000-0000-4000-8000-000000000001',
    ...overrides,
  };
}
