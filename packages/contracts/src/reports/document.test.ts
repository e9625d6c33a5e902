import { describe, expect, it } from 'vitest';
import { reportLimits } from './common';
import { ReportDocumentSchema, VisualSchema, type ReportDocument } from './document';

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

describe("a visual's own filters", () => {
  const google = {
    id: 'channel',
    table: 'performance',
    column: 'channel',
    kind: 'list',
    mode: 'include',
    values: ['Google Ads'],
  };
  const withFilters = (filters: unknown[]) => ({
    ...document,
    pages: [{ ...document.pages[0]!, visuals: [{ ...kpi, filters }] }],
  });

  it('are filters of the report kinds, unique within the visual, and at most ten', () => {
    expect(ReportDocumentSchema.safeParse(withFilters([google])).success).toBe(true);
    expect(ReportDocumentSchema.safeParse(withFilters([google, google])).error?.message).toMatch(
      /duplicate filter id of visual k: channel/,
    );
    const many = Array.from({ length: reportLimits.maxVisualFilters + 1 }, (_, i) => ({
      ...google,
      id: `f${i}`,
    }));
    expect(ReportDocumentSchema.safeParse(withFilters(many)).success).toBe(false);
    expect(ReportDocumentSchema.safeParse(withFilters([{ ...google, kind: 'regex' }])).success).toBe(false);
  });

  it("may share an id with a page filter: they are the visual's own", () => {
    const page = { ...document.pages[0]!, filters: [google], visuals: [{ ...kpi, filters: [google] }] };
    expect(ReportDocumentSchema.safeParse({ ...document, pages: [page] }).success).toBe(true);
  });
});
