import {
  ReportDocumentSchema,
  ReportStateError,
  type ReportDocument,
  type ReportFilter,
  type ReportState,
} from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MODEL_SCHEMA } from '../models/build';
import { CANONICAL_MODELS } from '../models/catalog';
import { BUILTIN_SEMANTIC_MODELS, MARKETING_SEMANTIC_MODEL, SEARCH_SEMANTIC_MODEL } from './builtin-models';
import { BUILTIN_REPORTS, MAYA_REPORT, SEO_REPORT } from './builtin-reports';
import { DEMO_REPORT, DEMO_REPORTS } from './demo-report';
import { checkReportDocument, checkReportState, effectiveFilters, findVisual } from './report-document';
import { filtersForTable, unappliedFilters } from './run-visual';
import { checkSemanticModel, type SemanticModel } from './semantic-model';

const NUMERIC = ['integer', 'bigint', 'double', 'decimal'];

describe('the built-in semantic models', () => {
  it.each(BUILTIN_SEMANTIC_MODELS.map((m) => [m.name, m] as const))(
    '%s reads real columns of the canonical models',
    (_, model) => {
      checkSemanticModel(model);
      for (const table of model.tables) {
        expect(table.source.schema).toBe(MODEL_SCHEMA);
        const canonical = CANONICAL_MODELS.find((m) => m.name === table.source.table);
        expect(canonical, table.source.table).toBeDefined();
        const columns = new Map(canonical?.columns.map((c) => [c.name, c.type]));
        for (const d of table.dimensions) {
          if (!('column' in d.sql)) continue;
          const type = columns.get(d.sql.column);
          expect(type, `${table.name}.${d.name}`).toBe(d.type === 'date' ? 'date' : 'string');
        }
        for (const m of table.measures) {
          if (m.kind !== 'aggregate' || m.sql === null || !('column' in m.sql)) continue;
          expect(NUMERIC, `${table.name}.${m.name}`).toContain(columns.get(m.sql.column));
        }
      }
    },
  );

  it('has the measures the reports promise', () => {
    const names = (model: SemanticModel, table: string) =>
      model.tables.find((t) => t.name === table)?.measures.map((m) => m.name);
    expect(names(MARKETING_SEMANTIC_MODEL, 'performance')).toEqual(
      expect.arrayContaining(['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'conversions', 'cpa', 'roas']),
    );
    expect(names(SEARCH_SEMANTIC_MODEL, 'queries')).toEqual(
      expect.arrayContaining(['clicks', 'impressions', 'ctr', 'position']),
    );
  });

  it('refuses inconsistent models', () => {
    const table = MARKETING_SEMANTIC_MODEL.tables[0]!;
    const broken = (over: Partial<typeof table>): SemanticModel => ({
      ...MARKETING_SEMANTIC_MODEL,
      tables: [{ ...table, ...over }],
    });
    expect(() => checkSemanticModel(broken({ timeDimension: 'channel' }))).toThrow(/not a date dimension/);
    expect(() =>
      checkSemanticModel(
        broken({
          measures: [
            { name: 'a', label: 'A', format: 'number', kind: 'ratio', numerator: 'a', denominator: 'a' },
          ],
        }),
      ),
    ).toThrow(/cycle/);
    expect(() =>
      checkSemanticModel(broken({ source: { schema: 'analytics', table: 'x"; DROP TABLE y' } })),
    ).toThrow(/invalid table/);
  });
});

describe('the built-in reports', () => {
  it.each([...BUILTIN_REPORTS, ...DEMO_REPORTS].map((r) => [r.slug, r] as const))(
    '%s is a valid document of its model',
    (_, report) => {
      expect(ReportDocumentSchema.parse(report)).toEqual(report);
      const model = BUILTIN_SEMANTIC_MODELS.find((m) => m.name === report.model)!;
      expect(() => checkReportDocument(model, report)).not.toThrow();
    },
  );

  it('refuses a document naming fields its model lacks', () => {
    const withVisual = (visual: object): ReportDocument => {
      const page = MAYA_REPORT.pages[0]!;
      return { ...MAYA_REPORT, pages: [{ ...page, visuals: [...page.visuals, visual as never] }] };
    };
    const kpi = {
      id: 'x',
      kind: 'kpi',
      title: null,
      table: 'performance',
      layout: { x: 0, y: 0, w: 3, h: 2 },
    };
    const fails = (doc: ReportDocument, message: RegExp) =>
      expect(() => checkReportDocument(MARKETING_SEMANTIC_MODEL, doc)).toThrow(message);
    fails(
      withVisual({ ...kpi, measure: 'revenue', comparison: null }),
      /visual x: table performance has no measure "revenue"/,
    );
    fails(withVisual({ ...kpi, table: 'orders', measure: 'spend', comparison: null }), /no table "orders"/);
    fails(
      withVisual({
        ...kpi,
        kind: 'line',
        axis: { name: 'channel', grain: null },
        legend: null,
        measures: ['spend'],
      }),
      /axis of a line chart must be a date/,
    );
    fails({ ...MAYA_REPORT, model: 'search' }, /reads model search/);
    fails(
      { ...MAYA_REPORT, filters: [{ ...MAYA_REPORT.filters[1]!, column: 'country' }] },
      /report filter channel: table performance has no dimension "country"/,
    );
  });
});

describe('the Demo report', () => {
  it('is -demo, named Demo, over marketing performance, and opens on Spend', () => {
    expect(DEMO_REPORTS).toEqual([DEMO_REPORT]);
    expect(DEMO_REPORT).toMatchObject({ slug: '-demo', name: 'Demo', model: MARKETING_SEMANTIC_MODEL.name });
    expect(DEMO_REPORT.pages.map((p) => p.display_name)).toEqual(['Spend', 'Performance', 'Conversions']);
    const spend = DEMO_REPORT.pages[0]!;
    expect(spend.visuals.filter((v) => v.kind === 'kpi').map((v) => v.kind === 'kpi' && v.measure)).toEqual([
      'spend',
      'cpc',
      'cpa',
      'roas',
    ]);
    // Spend over time by channel, and by campaign.
    expect(spend.visuals).toContainEqual(
      expect.objectContaining({
        kind: 'stacked_column',
        axis: { name: 'date', grain: 'day' },
        legend: { name: 'channel', grain: null },
      }),
    );
    expect(spend.visuals).toContainEqual(
      expect.objectContaining({
        kind: 'table',
        dimensions: [
          { name: 'channel', grain: null },
          { name: 'campaign', grain: null },
        ],
      }),
    );
  });

  it('is not among the reports every organization has', () => {
    const everyone = BUILTIN_REPORTS.map((r) => r.slug);
    expect(everyone).not.toContain(DEMO_REPORT.slug);
    expect(DEMO_REPORTS.every((r) => !everyone.includes(r.slug))).toBe(true);
  });

  it('filters like -maya, so a bookmark of one filter fits both', () => {
    expect(DEMO_REPORT.filters).toEqual(MAYA_REPORT.filters);
  });

  it('is refused when a page names a field the model lacks', () => {
    const [spend, ...rest] = DEMO_REPORT.pages;
    const broken: ReportDocument = {
      ...DEMO_REPORT,
      pages: [
        {
          ...spend!,
          visuals: spend!.visuals.map((v) => (v.kind === 'kpi' ? { ...v, measure: 'revenue' } : v)),
        },
        ...rest,
      ],
    };
    expect(() => checkReportDocument(MARKETING_SEMANTIC_MODEL, broken)).toThrow(
      /visual spend-kpi-spend: table performance has no measure "revenue"/,
    );
  });
});

describe('report state', () => {
  const state: ReportState = {
    version: 1,
    page: 'campaigns',
    filters: [{ ...MAYA_REPORT.filters[1]!, values: ['Google Ads'] } as ReportFilter],
    slicers: [
      {
        visual_id: 'campaign-type',
        filter: {
          id: 's',
          kind: 'list',
          table: 'performance',
          column: 'campaign_type',
          mode: 'include',
          values: ['SEARCH'],
        },
      },
    ],
    sort: [{ visual_id: 'ad-groups', sort: [{ field: 'clicks', direction: 'desc' }] }],
  };

  it('fits its document, and sets the filters in effect', () => {
    expect(() => checkReportState(MAYA_REPORT, state)).not.toThrow();
    const { page } = findVisual(MAYA_REPORT, 'campaigns', 'ad-groups');
    const filters = effectiveFilters(MAYA_REPORT, page, state);
    expect(filters.map((f) => [f.id, f.kind === 'list' ? f.values : f.kind])).toEqual([
      ['date', 'relative_date'],
      ['channel', ['Google Ads']],
      ['s', ['SEARCH']],
    ]);
    // The overview page has no slicer: the selection does not apply there.
    const overview = MAYA_REPORT.pages[0]!;
    expect(effectiveFilters(MAYA_REPORT, overview, state).map((f) => f.id)).toEqual(['date', 'channel']);
    expect(effectiveFilters(MAYA_REPORT, overview, null)).toEqual(MAYA_REPORT.filters);
  });

  it('is refused when the report changed under it', () => {
    const fails = (s: ReportState) =>
      expect(() => checkReportState(MAYA_REPORT, s)).toThrow(ReportStateError);
    fails({ ...state, page: 'gone' });
    fails({ ...state, filters: [{ ...state.filters[0]!, column: 'campaign' }] });
    fails({ ...state, slicers: [{ ...state.slicers[0]!, visual_id: 'ad-groups' }] });
    fails({ ...state, sort: [{ visual_id: 'gone', sort: [] }] });
    expect(() => findVisual(MAYA_REPORT, 'overview', 'gone')).toThrow(/has no visual gone/);
  });
});

describe('filters across tables', () => {
  const country: ReportFilter = {
    id: 'country',
    kind: 'list',
    table: 'totals',
    column: 'country',
    mode: 'include',
    values: ['grc'],
  };
  const query: ReportFilter = { ...country, id: 'q', table: 'queries', column: 'query', values: ['shoes'] };

  it('apply to another table through a dimension of the same name', () => {
    expect(filtersForTable(SEARCH_SEMANTIC_MODEL, 'queries', [country, query])).toEqual([
      { ...country, table: 'queries' },
      query,
    ]);
    expect(filtersForTable(SEARCH_SEMANTIC_MODEL, 'totals', [country, query])).toEqual([country]);
    expect(SEO_REPORT.filters.every((f) => f.table === 'totals')).toBe(true);
  });

  it('that a table cannot apply are named by their labels, when they narrow the view', () => {
    expect(unappliedFilters(SEARCH_SEMANTIC_MODEL, 'totals', [country, query])).toEqual(['Query']);
    expect(unappliedFilters(SEARCH_SEMANTIC_MODEL, 'queries', [country, query])).toEqual([]);
    expect(unappliedFilters(SEARCH_SEMANTIC_MODEL, 'totals', [{ ...query, values: [] }])).toEqual([]);
  });

  it('are refused on fields the model lacks', () => {
    expect(() =>
      filtersForTable(SEARCH_SEMANTIC_MODEL, 'totals', [{ ...country, column: 'secret' }]),
    ).toThrow(/no dimension "secret"/);
    expect(() => filtersForTable(SEARCH_SEMANTIC_MODEL, 'totals', [{ ...country, table: 'secret' }])).toThrow(
      /no table "secret"/,
    );
  });
});
