import { encodeReportState, type ReportDocument } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL, SEARCH_SEMANTIC_MODEL } from '../builtin-models';
import { MAYA_REPORT, SEO_REPORT } from '../builtin-reports';
import { DEMO_REPORT } from '../demo-report';
import { checkReportState } from '../report-document';
import { generateFromPrompt, type DimensionValues } from './index';

// Saturday 21 November 2026.
const NOW = new Date('2026-11-21T10:00:00Z');

const MAYA_VALUES: DimensionValues = new Map([
  ['performance.channel', ['Google Ads', 'Meta Ads', 'Microsoft Ads']],
  ['performance.campaign_type', ['Search', 'Display', 'Shopping']],
  ['performance.campaign', Array.from({ length: 40 }, (_, i) => `Campaign ${i + 1}`)],
  ['performance.ad_group', ['Running shoes', 'Trail shoes']],
]);
const SEO_VALUES: DimensionValues = new Map([['totals.country', ['deu', 'usa', 'gbr']]]);

function answer(prompt: string, document: ReportDocument = MAYA_REPORT) {
  const search = document.model === 'search';
  const outcome = generateFromPrompt({
    prompt,
    document,
    model: search ? SEARCH_SEMANTIC_MODEL : MARKETING_SEMANTIC_MODEL,
    values: search ? SEO_VALUES : MAYA_VALUES,
    now: NOW,
  });
  if (!outcome.ok) throw new Error(`${prompt}: ${outcome.reason}`);
  return outcome;
}

const adhocOf = (prompt: string, document?: ReportDocument) => answer(prompt, document).state.adhoc;

describe('a page visual when one is exactly the answer', () => {
  it.each([
    // Rows of campaigns (a channel beside each is fine), the KPI of a measure, a chart by channel.
    ['spend by campaign', MAYA_REPORT, 'campaigns'],
    ['ad groups with the highest cpc', MAYA_REPORT, 'ad-groups'],
    ['ctr by country', SEO_REPORT, 'countries'],
    ['clicks by channel yesterday', DEMO_REPORT, 'clicks-by-channel'],
    ['spend by channel by month', MAYA_REPORT, 'channel-matrix'],
  ])('%s: no ad-hoc visual, %s sorted', (prompt, document, visual) => {
    const { state } = answer(prompt, document);
    expect(state.adhoc).toBeUndefined();
    expect(state.sort.map((s) => s.visual_id)).toEqual([visual]);
  });

  it.each(['spend last month', 'roas for Meta this year', 'open the channels page'])(
    '%s: no ad-hoc visual',
    (prompt) => expect(adhocOf(prompt)).toBeUndefined(),
  );
});

describe('an ad-hoc visual when none is', () => {
  it('CTR by channel: bars of the channels, CTR highest first, titled from the question', () => {
    const { state, text, name } = answer('CTR by channel');
    expect(state.adhoc?.visual).toEqual({
      id: 'adhoc',
      kind: 'bar',
      title: 'CTR by channel',
      table: 'performance',
      layout: { x: 0, y: 0, w: 12, h: 5 },
      axis: { name: 'channel', grain: null },
      legend: null,
      measures: ['ctr'],
      sort: [{ field: 'ctr', direction: 'desc' }],
      limit: null,
    });
    // It sits on the page the state opens, and no page visual is sorted in its place.
    expect(state.adhoc?.page).toBe(state.page);
    expect(state.sort).toEqual([]);
    expect(text).toContain('Here is CTR by channel, in a new visual at the top of the');
    expect(name).toBe('CTR by channel');
  });

  it('many values are a table, a page of rows at a time; the direction a marketer means', () => {
    expect(adhocOf('cheapest campaigns by conversion rate')?.visual).toMatchObject({
      kind: 'table',
      dimensions: [{ name: 'campaign', grain: null }],
      measures: ['conversion_rate'],
      sort: [{ field: 'conversion_rate', direction: 'asc' }],
      limit: 100,
    });
  });

  it('a breakdown only a slicer has (campaign type on -maya), the measures of the table when none is named', () => {
    expect(adhocOf('by campaign type')?.visual).toMatchObject({
      kind: 'table',
      dimensions: [{ name: 'campaign_type', grain: null }],
      measures: ['spend', 'impressions', 'clicks'],
    });
    expect(adhocOf('spend by campaign type')?.visual).toMatchObject({ kind: 'bar', measures: ['spend'] });
  });

  it('a measure with no KPI is a KPI compared with the previous period', () => {
    expect(adhocOf('conversion rate last month')?.visual).toMatchObject({
      kind: 'kpi',
      measure: 'conversion_rate',
      comparison: 'previous_period',
      layout: { h: 2 },
    });
  });

  it('the date at a grain no visual has is a line at that grain; with a breakdown, a series each', () => {
    expect(adhocOf('weekly clicks')?.visual).toMatchObject({
      kind: 'line',
      axis: { name: 'date', grain: 'week' },
      legend: null,
      measures: ['clicks'],
    });
    // By month, the channels matrix answers; by week, no visual does.
    expect(adhocOf('monthly conversions by channel')).toBeUndefined();
    expect(adhocOf('weekly conversions by channel')?.visual).toMatchObject({
      kind: 'line',
      title: 'Conversions by channel and week',
      axis: { name: 'date', grain: 'week' },
      legend: { name: 'channel', grain: null },
      measures: ['conversions'],
    });
  });

  it('a breakdown of the search report no visual has (device), under the page’s filters', () => {
    const { state } = answer('clicks by device in Germany last month', SEO_REPORT);
    expect(state.adhoc?.visual).toMatchObject({
      kind: 'table',
      table: 'totals',
      dimensions: [{ name: 'device', grain: null }],
      measures: ['clicks'],
    });
    expect(state.filters.find((f) => f.id === 'country')).toMatchObject({ values: ['deu'] });
  });

  it('keeps the page’s slicer value: the ad-hoc visual is on the page that filters by it', () => {
    const { state } = answer('ctr of Search campaigns by campaign');
    expect(state.page).toBe('campaigns');
    expect(state.slicers[0]?.filter).toMatchObject({ column: 'campaign_type', values: ['Search'] });
    expect(state.adhoc).toMatchObject({ page: 'campaigns', visual: { measures: ['ctr'] } });
  });

  it('is a state a bookmark keeps: valid for its report, and encoded', () => {
    const { state } = answer('CTR by channel');
    expect(() => checkReportState(MAYA_REPORT, state)).not.toThrow();
    expect(encodeReportState(state)).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('still refusing what the data cannot answer', () => {
  it.each([
    ['spend by device for Meta last month', MAYA_REPORT, 'breakdown by device'],
    ['spend by country', MAYA_REPORT, 'breakdown by country'],
    ['clicks by campaign', SEO_REPORT, 'breakdown by campaign'],
    ['bounce rate by channel', MAYA_REPORT, 'Bounce rate'],
  ])('%s', (prompt, document, missing) => {
    const model = document.model === 'search' ? SEARCH_SEMANTIC_MODEL : MARKETING_SEMANTIC_MODEL;
    const outcome = generateFromPrompt({ prompt, document, model, values: MAYA_VALUES, now: NOW });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toContain(`has no ${missing}`);
  });
});
