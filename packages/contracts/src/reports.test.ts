import { describe, expect, it } from 'vitest';
import {
  ReportDocumentSchema,
  ReportFilterSchema,
  ReportQueryRequestSchema,
  ReportStateError,
  VisualSchema,
  decodeReportState,
  encodeReportState,
  reportLimits,
  type ReportDocument,
  type ReportState,
} from './reports';

const on = { id: 'f', table: 'performance', column: 'date' };
const accepts = (filter: object) => expect(ReportFilterSchema.safeParse(filter).success).toBe(true);
const refuses = (filter: object, message?: RegExp) => {
  const result = ReportFilterSchema.safeParse(filter);
  expect(result.success).toBe(false);
  if (message !== undefined) expect(result.error?.message).toMatch(message);
};

describe('filters', () => {
  it('relative dates take a count of 1 to 10000, none for "in this"', () => {
    const relative = { ...on, kind: 'relative_date', operator: 'in_the_last', unit: 'month' };
    accepts({ ...relative, count: reportLimits.relativeDateCountMin });
    accepts({ ...relative, count: reportLimits.relativeDateCountMax });
    accepts({ ...relative, operator: 'in_the_next', unit: 'quarter', count: 2 });
    accepts({ ...relative, operator: 'in_this', count: null });
    accepts({ ...relative, operator: 'in_this', count: 1 });
    refuses({ ...relative, count: null }, /enter a count/);
    refuses({ ...relative, operator: 'in_this', count: 3 }, /enter a count/);
    refuses({ ...relative, count: 0 });
    refuses({ ...relative, count: 10_001 });
    refuses({ ...relative, count: 1.5 });
    refuses({ ...relative, unit: 'hour', count: 1 });
  });

  it('advanced dates take a date-time', () => {
    const advanced = { ...on, kind: 'advanced_date', operator: 'is_before' };
    accepts({ ...advanced, value: `2024-05-01T${reportLimits.defaultFilterTime}` });
    accepts({ ...advanced, operator: 'is_not', value: '2024-05-01T12:00:00' });
    refuses({ ...advanced, value: '2024-05-01' });
    refuses({ ...advanced, value: '2024-02-30T12:00' });
    refuses({ ...advanced, value: '2024-05-01T12:00Z' });
    refuses({ ...advanced, operator: 'is_on_or_after', value: '2024-05-01T12:00' });
  });

  it('advanced text needs non-empty text, except for blank checks', () => {
    const text = { ...on, column: 'campaign', kind: 'advanced_text' };
    accepts({ ...text, operator: 'contains', value: 'brand' });
    accepts({ ...text, operator: 'is_blank', value: null });
    refuses({ ...text, operator: 'contains', value: '' }, /non-empty text/);
    refuses({ ...text, operator: 'starts_with', value: '   ' }, /non-empty text/);
    refuses({ ...text, operator: 'is', value: null }, /non-empty text/);
    refuses({ ...text, operator: 'is_not_blank', value: 'x' });
  });

  it('list filters include or exclude values, blank as null', () => {
    const list = { ...on, column: 'channel', kind: 'list', mode: 'exclude' };
    accepts({ ...list, values: ['Google Ads', null, 3] });
    accepts({ ...list, values: [] });
    refuses({ ...list, mode: 'only', values: [] });
    refuses({ ...list, values: [{}] });
    refuses({ ...list, column: 'Channel; DROP', values: [] }, /invalid field name/);
  });
});

const layout = { x: 0, y: 0, w: 6, h: 4 };
const kpi = {
  id: 'k',
  kind: 'kpi',
  title: null,
  table: 'performance',
  layout,
  measure: 'spend',
  comparison: null,
};

describe('visuals', () => {
  it('know their kinds and fields', () => {
    expect(VisualSchema.safeParse(kpi).success).toBe(true);
    const line = {
      ...kpi,
      kind: 'line',
      axis: { name: 'date', grain: 'week' },
      legend: null,
      measures: ['spend', 'clicks'],
    };
    expect(VisualSchema.safeParse(line).success).toBe(true);
    const withLegend = { ...line, legend: { name: 'channel', grain: null } };
    expect(VisualSchema.safeParse(withLegend).error?.message).toMatch(/one measure/);
    expect(VisualSchema.safeParse({ ...kpi, kind: 'gauge' }).success).toBe(false);
    expect(VisualSchema.safeParse({ ...kpi, layout: { ...layout, x: 8 } }).error?.message).toMatch(
      /overflows/,
    );
    const bar = { ...line, kind: 'bar', sort: [], limit: reportLimits.maxPointsPerSeries + 1 };
    expect(VisualSchema.safeParse(bar).success).toBe(false);
  });
});

const document: ReportDocument = {
  version: 1,
  id: 'r1',
  slug: 'my-report',
  name: 'My report',
  model: 'marketing',
  filters: [],
  pages: [{ name: 'p1', display_name: 'Page 1', visibility: 0, visuals: [kpi as never], filters: [] }],
};

describe('report documents', () => {
  it('are versioned, with unique page names, visual ids and filter ids', () => {
    expect(ReportDocumentSchema.parse(document)).toEqual(document);
    expect(ReportDocumentSchema.safeParse({ ...document, version: 2 }).success).toBe(false);
    const page = document.pages[0]!;
    const twice = { ...document, pages: [page, { ...page, name: 'p2' }] };
    expect(ReportDocumentSchema.safeParse(twice).error?.message).toMatch(/duplicate visual id k/);
    expect(ReportDocumentSchema.safeParse({ ...document, pages: [page, page] }).error?.message).toMatch(
      /duplicate page name p1/,
    );
    expect(ReportDocumentSchema.safeParse({ ...document, pages: [{ ...page, visibility: 2 }] }).success).toBe(
      false,
    );
    expect(ReportDocumentSchema.safeParse({ ...document, slug: 'My Report' }).success).toBe(false);
    expect(ReportDocumentSchema.safeParse({ ...document, slug: '-seo-v1' }).success).toBe(true);
  });
});

describe('report state', () => {
  const state: ReportState = {
    version: 1,
    page: 'p1',
    filters: [
      {
        id: 'f',
        kind: 'list',
        table: 'performance',
        column: 'channel',
        mode: 'include',
        values: ['Ünïcode ✓'],
      },
    ],
    slicers: [],
    sort: [{ visual_id: 'k', sort: [{ field: 'spend', direction: 'desc' }] }],
  };

  it('round-trips through base64url', () => {
    const encoded = encodeReportState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeReportState(encoded)).toEqual(state);
  });

  it('is validated on decode', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const fails = (encoded: string, message: RegExp) => {
      expect(() => decodeReportState(encoded)).toThrow(ReportStateError);
      expect(() => decodeReportState(encoded)).toThrow(message);
    };
    fails('not base64!', /base64url/);
    fails(Buffer.from('{"version":1').toString('base64url'), /not encoded JSON/);
    fails(encode({ ...state, version: 2 }), /unsupported report state version 2/);
    fails(encode([1, 2]), /unsupported report state version null/);
    fails(encode({ ...state, page: '' }), /invalid report state/);
    fails(encode({ ...state, filters: [state.filters[0], state.filters[0]] }), /f is given twice/);
    fails('A'.repeat(reportLimits.maxEncodedStateLength + 1), /accepted length/);
    expect(() => encodeReportState({ ...state, page: 'bad page' })).toThrow(ReportStateError);
  });
});

describe('the query request', () => {
  it('names the visual and takes a valid date range', () => {
    const request = {
      organization_id: '6f1c2b8e-4a3d-4e6f-9a1b-2c3d4e5f6a7b',
      report: '-maya',
      page: 'overview',
      visual_id: 'kpi-spend',
      filters: [],
      date_range: { from: '2024-03-01', to: '2024-03-31' },
      sort: null,
    };
    expect(ReportQueryRequestSchema.safeParse(request).success).toBe(true);
    const reversed = { ...request, date_range: { from: '2024-03-31', to: '2024-03-01' } };
    expect(ReportQueryRequestSchema.safeParse(reversed).error?.message).toMatch(/from must not be after to/);
  });
});
