import { decodeReportState, encodeReportState, type ListFilter, type ReportState } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { testDocument } from '../testFixtures';
import {
  adHocOf,
  defaultReportState,
  effectiveFilters,
  fitState,
  lockedIds,
  nextSort,
  slicerFilter,
  visiblePages,
  withFilter,
  withPage,
  withSlicer,
  withoutAdHoc,
} from './state';
import { readUrlState, urlStateParam, withStateParam } from './urlState';

const channelFilter: ListFilter = {
  id: 'channel',
  kind: 'list',
  table: 'performance',
  column: 'channel',
  mode: 'include',
  values: ['Search'],
};

const slicer = testDocument.pages[1]?.visuals[0];
if (slicer?.kind !== 'slicer') throw new Error('the fixture has a slicer');

describe('report state from its document', () => {
  it('starts on the first visible page with every filter of the document', () => {
    const state = defaultReportState(testDocument, false);
    expect(state.page).toBe('overview');
    expect(state.filters.map((f) => f.id)).toEqual(['date', 'channel', 'campaign-name']);
    expect(state.slicers).toEqual([]);
    expect(state.sort).toEqual([]);
  });

  it('hides pages of visibility 1 from read-only (embedded) viewers', () => {
    expect(visiblePages(testDocument, false).map((p) => p.name)).toEqual(['overview', 'internal']);
    expect(visiblePages(testDocument, true).map((p) => p.name)).toEqual(['overview']);
    const hidden = withPage(defaultReportState(testDocument, true), 'internal');
    const fitted = fitState(testDocument, hidden, true);
    expect(fitted.state.page).toBe('overview');
    expect(fitted.problems).toEqual(['the report has no page internal']);
  });

  it('fits a state to the document: unknown filters, slicers and sorts are left out and named', () => {
    const foreign: ReportState = {
      ...defaultReportState(testDocument, false),
      filters: [channelFilter, { ...channelFilter, id: 'ghost' }],
      slicers: [{ visual_id: 'kpi-spend', filter: { ...channelFilter, id: 'kpi-spend' } }],
      sort: [{ visual_id: 'nope', sort: [{ field: 'spend', direction: 'asc' }] }],
    };
    const { state, problems } = fitState(testDocument, foreign, false);
    expect(state.filters.find((f) => f.id === 'channel')).toEqual(channelFilter);
    expect(state.filters.map((f) => f.id)).toEqual(['date', 'channel', 'campaign-name']);
    expect(state.slicers).toEqual([]);
    expect(state.sort).toEqual([]);
    expect(problems).toEqual([
      'filter ghost is not a filter of the report',
      'kpi-spend is not a slicer of performance.channel',
      'the report has no visual nope',
    ]);
  });

  it("puts the report's and the page's filters (as set) and the page's slicers in effect", () => {
    let state = withFilter(defaultReportState(testDocument, false), channelFilter);
    state = withSlicer(state, slicer.id, slicerFilter(slicer, ['SEARCH']));
    expect(effectiveFilters(testDocument, state).map((f) => f.id)).toEqual(['date', 'channel']);
    const internal = effectiveFilters(testDocument, withPage(state, 'internal'));
    expect(internal.map((f) => f.id)).toEqual(['date', 'channel', 'campaign-name', 'campaign-type']);
    expect(internal[1]).toEqual(channelFilter);
    // An empty selection filters nothing and leaves the state.
    expect(withSlicer(state, slicer.id, slicerFilter(slicer, [])).slicers).toEqual([]);
  });

  it('sorts a clicked column descending first, then flips it', () => {
    expect(nextSort([{ field: 'spend', direction: 'desc' }], 'clicks')).toEqual([
      { field: 'clicks', direction: 'desc' },
    ]);
    expect(nextSort([{ field: 'spend', direction: 'desc' }], 'spend')).toEqual([
      { field: 'spend', direction: 'asc' },
    ]);
    expect(nextSort([{ field: 'spend', direction: 'asc' }], 'spend')).toEqual([
      { field: 'spend', direction: 'desc' },
    ]);
  });
});

describe('report state in the address', () => {
  const changed = withFilter(defaultReportState(testDocument, false), channelFilter);

  it('writes nothing for the default view, and the encoded state otherwise', () => {
    expect(urlStateParam(testDocument, defaultReportState(testDocument, false), false)).toBeNull();
    const param = urlStateParam(testDocument, changed, false);
    expect(param).not.toBeNull();
    expect(decodeReportState(param ?? '')).toEqual(changed);
  });

  it('reads a state back, and refuses what is not one or does not fit', () => {
    const search = withStateParam(new URLSearchParams('tab=1'), encodeReportState(changed));
    expect(search.get('tab')).toBe('1');
    expect(readUrlState(search, testDocument, false)).toEqual({ kind: 'state', state: changed });
    expect(readUrlState(new URLSearchParams(), testDocument, false)).toEqual({ kind: 'none' });
    expect(readUrlState(new URLSearchParams('state=%%%'), testDocument, false)).toMatchObject({
      kind: 'invalid',
    });
    const elsewhere = encodeReportState({ ...changed, page: 'gone' });
    expect(readUrlState(new URLSearchParams({ state: elsewhere }), testDocument, false)).toEqual({
      kind: 'invalid',
      reason: 'the report has no page gone',
    });
    expect(withStateParam(search, null).has('state')).toBe(false);
  });
});

describe('what an embedded viewer may change', () => {
  it('is everything in the app, nothing in a view without filtering, what the view leaves open otherwise', () => {
    const view = withSlicer(
      withFilter(defaultReportState(testDocument, true), channelFilter),
      'campaign-type',
      {
        ...channelFilter,
        id: 'campaign-type',
        column: 'campaign_type',
      },
    );
    expect(lockedIds(view, 'free')('date')).toBe(false);
    expect(lockedIds(view, 'none')('anything')).toBe(true);
    const open = lockedIds(defaultReportState(testDocument, true), 'open');
    expect([open('date'), open('channel'), open('campaign-type')]).toEqual([true, false, false]);
    const set = lockedIds(view, 'open');
    expect([set('date'), set('channel'), set('campaign-type')]).toEqual([true, true, true]);
  });
});

describe('the ad-hoc visual of a state (decision 250)', () => {
  const visual = {
    id: 'adhoc',
    kind: 'kpi',
    title: 'Conversion rate',
    table: 'performance',
    layout: { x: 0, y: 0, w: 12, h: 2 },
    measure: 'conversion_rate',
    comparison: null,
  } as const;
  const withAdHoc = (adhoc: ReportState['adhoc']): ReportState => ({
    ...defaultReportState(testDocument, false),
    adhoc,
    sort: [
      { visual_id: adhoc?.visual.id ?? 'adhoc', sort: [{ field: 'conversion_rate', direction: 'asc' }] },
    ],
  });

  it('is kept with its sort when its page exists, and shown on that page only', () => {
    const { state, problems } = fitState(testDocument, withAdHoc({ page: 'overview', visual }), false);
    expect(problems).toEqual([]);
    expect(state.adhoc).toEqual({ page: 'overview', visual });
    expect(state.sort).toHaveLength(1);
    expect(adHocOf(state)).toEqual(visual);
    expect(adHocOf(withPage(state, 'internal'))).toBeNull();
  });

  it('is dropped, and said, on a page the viewer cannot see or with the id of a report visual', () => {
    const hidden = fitState(testDocument, withAdHoc({ page: 'internal', visual }), true);
    expect(hidden.state.adhoc).toBeUndefined();
    expect(hidden.problems).toContain('the report cannot show the visual adhoc');
    const taken = fitState(
      testDocument,
      withAdHoc({ page: 'overview', visual: { ...visual, id: 'campaigns' } }),
      false,
    );
    expect(taken.state.adhoc).toBeUndefined();
  });

  it('is removed with its sort, leaving the document’s own view', () => {
    const { state } = fitState(testDocument, withAdHoc({ page: 'overview', visual }), false);
    const removed = withoutAdHoc(state);
    expect(removed).not.toHaveProperty('adhoc');
    expect(urlStateParam(testDocument, removed, false)).toBeNull();
  });
});
