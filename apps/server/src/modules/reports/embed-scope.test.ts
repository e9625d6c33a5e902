import type { ReportFilter, ReportState } from '@maya/contracts';
import { MAYA_REPORT } from '@maya/analytics';
import { describe, expect, it } from 'vitest';
import { openingPage, scopedFilterValues, scopedQuery, type EmbedScope } from './embed-scope';

const lastDays = (count: number): ReportFilter => ({
  id: 'date',
  kind: 'relative_date',
  table: 'performance',
  column: 'date',
  operator: 'in_the_last',
  count,
  unit: 'day',
});
const channels = (values: string[]): ReportFilter => ({
  id: 'channel',
  kind: 'list',
  table: 'performance',
  column: 'channel',
  mode: 'include',
  values,
});
const search: ReportFilter = {
  id: 'campaign-type',
  kind: 'list',
  table: 'performance',
  column: 'campaign_type',
  mode: 'include',
  values: ['Search'],
};
const state = (over: Partial<ReportState> = {}): ReportState => ({
  version: 1,
  page: 'campaigns',
  filters: [lastDays(7)],
  slicers: [],
  sort: [],
  ...over,
});
const scope = (over: Partial<EmbedScope> = {}): EmbedScope => ({
  document: MAYA_REPORT,
  state: state(),
  allowFiltering: false,
  ...over,
});
const query = (filters: ReportFilter[], page = 'campaigns') => ({
  page,
  visual_id: 'ad-groups',
  filters,
  date_range: null,
  sort: null,
});
const refusedBy = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { type?: string }).type;
  }
  return 'answered';
};

describe('an embed grant’s scope', () => {
  it('sends the fixed filters the server holds, and the open ones only when they narrow', () => {
    const open = scope({ allowFiltering: true });
    expect(scopedQuery(open, query([lastDays(7), channels([])])).filters).toEqual([lastDays(7)]);
    expect(scopedQuery(open, query([lastDays(7), channels(['Google Ads'])])).filters).toEqual([
      lastDays(7),
      channels(['Google Ads']),
    ]);
    // The page's slicer is open while the state selects nothing in it.
    expect(scopedQuery(open, query([lastDays(7), channels([]), search])).filters).toEqual([
      lastDays(7),
      search,
    ]);
  });

  it('refuses what would drop, change or add to the view of a grant without filtering', () => {
    const fixed = scope();
    for (const filters of [[], [channels([])], [lastDays(8), channels([])], [lastDays(7), channels(['x'])]]) {
      expect(
        refusedBy(() => scopedQuery(fixed, query(filters))),
        JSON.stringify(filters),
      ).toBe('embed_filter_not_allowed');
    }
    const ranged = {
      ...query([lastDays(7), channels([])]),
      date_range: { from: '2020-01-01', to: '2030-01-01' },
    };
    expect(refusedBy(() => scopedQuery(fixed, ranged))).toBe('embed_filter_not_allowed');
    expect(refusedBy(() => scopedQuery(fixed, query([lastDays(7)], 'nope')))).toBe('report_not_found');
  });

  it('keeps a slicer selection of the state fixed on its page', () => {
    const selected = scope({
      allowFiltering: true,
      state: state({ slicers: [{ visual_id: 'campaign-type', filter: search }] }),
    });
    expect(scopedQuery(selected, query([lastDays(7), channels([]), search])).filters).toEqual([
      lastDays(7),
      search,
    ]);
    const other = { ...search, values: ['Display'] };
    expect(refusedBy(() => scopedQuery(selected, query([lastDays(7), channels([]), other])))).toBe(
      'embed_filter_not_allowed',
    );
    // Other pages have no such slicer: the selection does not follow there.
    expect(scopedQuery(selected, query([lastDays(7), channels([])], 'overview')).filters).toEqual([
      lastDays(7),
    ]);
  });

  it('applies the state’s filters the document no longer has, without asking them of the client', () => {
    const gone = { ...channels(['Google Ads']), id: 'removed-filter' };
    const changed = scope({ state: state({ filters: [lastDays(7), gone] }) });
    expect(scopedQuery(changed, query([lastDays(7), channels([])])).filters).toEqual([lastDays(7), gone]);
  });

  it('applies the document’s own filters to a grant without a state', () => {
    const saved = scope({ state: null });
    expect(openingPage(saved)).toBe('overview');
    expect(scopedQuery(saved, query([lastDays(30), channels([])], 'overview')).filters).toEqual([
      lastDays(30),
    ]);
  });

  it('lists the values of filter and slicer columns only, under the view’s filters', () => {
    const values = (column: string, page?: string) => ({
      datasetId: 'marketing',
      table: 'performance',
      column,
      cursor: null,
      ...(page === undefined ? {} : { page }),
    });
    expect(scopedFilterValues(scope(), values('channel'))).toEqual([lastDays(7)]);
    expect(scopedFilterValues(scope(), values('campaign_type', 'overview'))).toEqual([lastDays(7)]);
    expect(refusedBy(() => scopedFilterValues(scope(), values('campaign')))).toBe('embed_filter_not_allowed');
  });
});

describe("an embedded view's ad-hoc visual (decision 251)", () => {
  const visual = {
    id: 'adhoc',
    kind: 'kpi',
    title: 'Conversion rate',
    table: 'performance',
    layout: { x: 0, y: 0, w: 12, h: 2 },
    measure: 'conversion_rate',
    comparison: null,
  } as const;
  const granted = scope({ state: state({ adhoc: { page: 'campaigns', visual } }) });
  const fixed = [lastDays(7), channels([])];

  it("runs the grant's own, named by its id on its page", () => {
    expect(scopedQuery(granted, { ...query(fixed), visual_id: 'adhoc' }).visual).toEqual(visual);
    expect(scopedQuery(granted, query(fixed)).visual).toBeUndefined();
    expect(scopedQuery(granted, { ...query(fixed, 'overview'), visual_id: 'adhoc' }).visual).toBeUndefined();
  });

  it('never one the request carries', () => {
    const other = { ...visual, measure: 'spend' };
    expect(
      scopedQuery(scope(), { ...query(fixed), visual_id: 'adhoc', visual: other }).visual,
    ).toBeUndefined();
    expect(scopedQuery(granted, { ...query(fixed), visual_id: 'adhoc', visual: other }).visual).toEqual(
      visual,
    );
  });
});
