import {
  decodeReportState,
  encodeReportState,
  type ReportDocument,
  type ReportFilter,
  type ReportState,
} from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL, SEARCH_SEMANTIC_MODEL } from '../builtin-models';
import { MAYA_REPORT, SEO_REPORT } from '../builtin-reports';
import { checkReportState } from '../report-document';
import { generateFromPrompt, promptValueColumns, type DimensionValues, type PromptOutcome } from './index';

// Saturday 21 November 2026, in Q4.
const NOW = new Date('2026-11-21T10:00:00Z');

const MAYA_VALUES: DimensionValues = new Map([
  ['performance.channel', [null, 'Google Ads', 'Meta Ads', 'Microsoft Ads']],
  ['performance.campaign_type', ['Search', 'Display', 'Performance Max', 'Leads', 'Sales']],
  ['performance.campaign', ['Brand Search - US', 'Summer Sale', 'Spring Launch']],
  ['performance.ad_group', ['Running shoes', 'Trail shoes']],
]);

function generate(
  prompt: string,
  document: ReportDocument = MAYA_REPORT,
  values = MAYA_VALUES,
): PromptOutcome {
  const model = document.model === 'search' ? SEARCH_SEMANTIC_MODEL : MARKETING_SEMANTIC_MODEL;
  return generateFromPrompt({ prompt, document, model, values, now: NOW });
}

function ok(prompt: string, document?: ReportDocument, values?: DimensionValues) {
  const outcome = generate(prompt, document, values);
  if (!outcome.ok) throw new Error(`${prompt}: ${outcome.reason}`);
  return outcome;
}

const filter = (state: ReportState, id: string) => state.filters.find((f) => f.id === id) ?? null;
const sortField = (state: ReportState) => state.sort[0]?.sort[0]?.field ?? null;
const dateOf = (prompt: string) => filter(ok(prompt).state, 'date');
const dateFilter = (over: Partial<ReportFilter>) => ({
  id: 'date',
  table: 'performance',
  column: 'date',
  ...over,
});

/** A closed period as the date filter holds it: after the day before, before the day after. */
const closed = (after: string, before: string) =>
  dateFilter({
    kind: 'advanced_date',
    operator: 'is_after',
    value: `${after}T12:00`,
    and: { operator: 'is_before', value: `${before}T12:00` },
  });

describe('the e2e journey’s prompt', () => {
  it('spend by campaign last month for Google Ads: the campaigns table of the overview, October, Google Ads, by spend', () => {
    const outcome = ok('spend by campaign last month for Google Ads');
    expect(outcome.state).toEqual({
      version: 1,
      page: 'overview',
      filters: [
        closed('2026-09-30', '2026-11-01'),
        {
          id: 'channel',
          table: 'performance',
          column: 'channel',
          kind: 'list',
          mode: 'include',
          values: ['Google Ads'],
        },
      ],
      slicers: [],
      sort: [{ visual_id: 'campaigns', sort: [{ field: 'spend', direction: 'desc' }] }],
    });
    expect(outcome.name).toBe('Spend by Campaign · Oct 2026 · Google Ads');
    expect(outcome.text).toBe(
      'Here is Spend by Campaign on the Overview page, in October 2026, where Channel is “Google Ads”. ' +
        'The table is sorted by Spend, highest first.',
    );
    // What a bookmark stores, and what the report accepts.
    const decoded = decodeReportState(encodeReportState(outcome.state));
    expect(() => checkReportState(MAYA_REPORT, decoded)).not.toThrow();
  });
});

describe('dates become the report’s date filter', () => {
  it.each([
    ['spend last 30 days', { kind: 'relative_date', operator: 'in_the_last', count: 30, unit: 'day' }],
    [
      'clicks in the last 2 weeks',
      { kind: 'relative_date', operator: 'in_the_last', count: 2, unit: 'week' },
    ],
    ['this month', { kind: 'relative_date', operator: 'in_this', count: null, unit: 'month' }],
    ['past month', { kind: 'relative_date', operator: 'in_the_last', count: 1, unit: 'month' }],
    ['this year', { kind: 'relative_date', operator: 'in_this', count: null, unit: 'year' }],
    ['yesterday', { kind: 'advanced_date', operator: 'is', value: '2026-11-20T12:00' }],
    // Open up to today, which is all the data there is.
    ['since March', { kind: 'advanced_date', operator: 'is_after', value: '2026-02-28T12:00' }],
    ['before June 2025', { kind: 'advanced_date', operator: 'is_before', value: '2025-06-01T12:00' }],
    // The quarter containing today is "this quarter".
    ['Q4 2026', { kind: 'relative_date', operator: 'in_this', count: null, unit: 'quarter' }],
  ])('%s', (prompt, expected) => {
    expect(dateOf(prompt)).toEqual(dateFilter(expected as Partial<ReportFilter>));
  });

  it.each([
    ['Q3 2025', '2025-06-30', '2025-10-01'],
    ['Q3', '2026-06-30', '2026-10-01'],
    ['last month', '2026-09-30', '2026-11-01'],
    ['March 2026', '2026-02-28', '2026-04-01'],
    ['in 2025', '2024-12-31', '2026-01-01'],
    ['from May to July 2025', '2025-04-30', '2025-08-01'],
    ['last week', '2026-11-08', '2026-11-16'],
    // However long, and up to a day of the future.
    ['from 2020 to 2025', '2019-12-31', '2026-01-01'],
    ['from September to December 2026', '2026-08-31', '2027-01-01'],
  ])('closes %s: is after the day before it and is before the day after it', (prompt, after, before) => {
    const { state } = ok(`spend ${prompt}`);
    expect(filter(state, 'date')).toEqual(closed(after, before));
    // What a bookmark stores and the dashboard's address carries, accepted by the report.
    expect(() => checkReportState(MAYA_REPORT, decodeReportState(encodeReportState(state)))).not.toThrow();
  });

  it('names a whole month, quarter or year', () => {
    const quarter = ok('conversions Q3 2025');
    expect(quarter.text).toBe('Here is Conversions on the Overview page, in Q3 2025.');
    expect(quarter.name).toBe('Conversions · Q3 2025');
    expect(ok('spend in 2025').name).toBe('Spend · 2025');
    expect(ok('spend from May to July 2025')).toMatchObject({
      name: 'Spend · 1 May 2025 – 31 Jul 2025',
      text: expect.stringContaining('from 1 May 2025 to 31 July 2025'),
    });
  });

  it('says the period, however long, and nothing the filter could not do', () => {
    const { text } = ok('conversions from 2023 to 2025');
    expect(text).toBe('Here is Conversions on the Overview page, from 1 January 2023 to 31 December 2025.');
  });

  it('says so when the report has no date filter', () => {
    const undated: ReportDocument = {
      ...MAYA_REPORT,
      filters: MAYA_REPORT.filters.filter((f) => f.id !== 'date'),
    };
    const outcome = ok('spend last 7 days', undated);
    expect(outcome.state.filters).toEqual([]);
    expect(outcome.text).toContain(
      'This report has no date filter, so the period (in the last 7 days) is not applied.',
    );
  });
});

describe('measures by name and synonym', () => {
  it.each([
    ['spend', 'spend'],
    ['cost', 'spend'],
    ['how much did we spend', 'spend'],
    ['clicks', 'clicks'],
    ['impressions', 'impressions'],
    ['CTR', 'ctr'],
    ['click-through rate', 'ctr'],
    ['CPC', 'cpc'],
    ['cost per click', 'cpc'],
    ['conversions', 'conversions'],
    ['CPA', 'cpa'],
    ['cost per conversion', 'cpa'],
    ['ROAS', 'roas'],
    ['return on ad spend', 'roas'],
  ])('%s → %s', (prompt, measure) => {
    expect(sortField(ok(`${prompt} by campaign`).state)).toBe(measure);
  });

  it('sorts ascending for the lowest', () => {
    const { state, text } = ok('lowest CPA campaigns');
    expect(state.sort).toEqual([{ visual_id: 'campaigns', sort: [{ field: 'cpa', direction: 'asc' }] }]);
    expect(text).toContain('sorted by CPA, lowest first');
  });

  it('shows a named measure no visual has in an ad-hoc visual, and says so', () => {
    const { text, state } = ok('conversion rate by ad group');
    expect(text).toBe(
      'Here is Conversion rate by ad group, in a new visual at the top of the Campaigns page. ' +
        '“Conversion rate by ad group” is sorted by Conversion rate, highest first.',
    );
    expect(state.adhoc?.visual).toMatchObject({ kind: 'bar', measures: ['conversion_rate'] });
  });
});

describe('dimensions pick the page that shows them', () => {
  it.each([
    // Rows of campaigns: the overview's table, not the ad groups of each campaign.
    ['spend by campaign', 'overview'],
    ['spend by ad group', 'campaigns'],
    ['spend by channel', 'channels'],
    ['conversions per platform', 'channels'],
    ['spend over time', 'overview'],
    ['CTR', 'overview'],
  ])('%s → %s', (prompt, page) => {
    expect(ok(prompt).state.page).toBe(page);
  });

  it('sorts the visuals that group by the named dimension', () => {
    const { state } = ok('clicks by query last 7 days', SEO_REPORT, new Map());
    expect(state.sort).toEqual([{ visual_id: 'queries', sort: [{ field: 'clicks', direction: 'desc' }] }]);
    expect(filter(state, 'date')).toMatchObject({ table: 'totals', operator: 'in_the_last', count: 7 });
  });
});

describe('values of the data', () => {
  it('filters by several values, and excludes negated ones', () => {
    expect(filter(ok('cpc on google ads and microsoft ads').state, 'channel')).toMatchObject({
      mode: 'include',
      values: ['Google Ads', 'Microsoft Ads'],
    });
    const excluded = ok('conversions excluding Meta Ads');
    expect(filter(excluded.state, 'channel')).toMatchObject({ mode: 'exclude', values: ['Meta Ads'] });
    expect(excluded.text).toContain('excluding Channel “Meta Ads”');
  });

  it('selects a slicer’s value on its page', () => {
    const { state, text } = ok('search campaigns roas');
    expect(state.page).toBe('campaigns');
    expect(state.slicers).toEqual([
      {
        visual_id: 'campaign-type',
        filter: {
          id: 'campaign-type',
          table: 'performance',
          column: 'campaign_type',
          kind: 'list',
          mode: 'include',
          values: ['Search'],
        },
      },
    ]);
    expect(text).toContain('where Campaign type is “Search”');
  });

  it('takes a campaign type that is an everyday word only beside a word naming it', () => {
    const slicer = (prompt: string) => ok(prompt).state.slicers[0]?.filter;
    expect(slicer('spend of Leads campaigns')).toMatchObject({ values: ['Leads'] });
    expect(slicer('sales objective conversions')).toMatchObject({ values: ['Sales'] });
    expect(slicer('campaign type Search')).toMatchObject({ values: ['Search'] });
    // Alone, "sales" and "leads" ask about results.
    expect(ok('leads last month').state.slicers).toEqual([]);
    expect(ok('sales by channel').state.slicers).toEqual([]);
  });

  it('knows other names of campaign types', () => {
    expect(ok('pmax spend').state.slicers[0]?.filter).toMatchObject({ values: ['Performance Max'] });
    expect(ok('performance max roas').state.slicers[0]?.filter).toMatchObject({
      values: ['Performance Max'],
    });
  });

  it('names a campaign the report cannot filter by rather than pretending', () => {
    const { state, text } = ok('Summer Sale spend yesterday');
    expect(state.filters.map((f) => f.id)).toEqual(['date']);
    expect(text).toContain('This report cannot filter by Campaign, so “Summer Sale” is not applied.');
  });

  it('takes values that are filler words only as written, in capitals or not starting the prompt', () => {
    const slicers = (prompt: string) => ok(prompt).state.slicers;
    expect(slicers('DISPLAY campaigns')).toHaveLength(1);
    expect(slicers('roas of Display campaigns')).toHaveLength(1);
    expect(slicers('display spend by campaign')).toEqual([]);
    expect(slicers('Display campaigns by spend')).toEqual([]);
    expect(slicers('roas of display campaigns')).toEqual([]);
    expect(slicers('search campaigns')).toHaveLength(1);
  });

  it('takes two-letter values only in capitals', () => {
    const values: DimensionValues = new Map([['totals.country', ['US', 'DE']]]);
    expect(filter(ok('clicks in US', SEO_REPORT, values).state, 'country')).toMatchObject({ values: ['US'] });
    expect(filter(ok('show us clicks', SEO_REPORT, values).state, 'country')).toBeNull();
  });

  it('looks up the columns the report filters and groups by, filters first', () => {
    expect(promptValueColumns(MAYA_REPORT, MARKETING_SEMANTIC_MODEL)).toEqual([
      { table: 'performance', column: 'channel' },
      { table: 'performance', column: 'campaign_type' },
      { table: 'performance', column: 'campaign' },
      // The Channels page's Accounts table groups by them (spend in each account's currency).

      { table: 'performance', column: 'account' },
      { table: 'performance', column: 'currency' },
      { table: 'performance', column: 'ad_group' },
    ]);
  });
});

describe('pages by name', () => {
  it('opens a page named as such, even when a dimension shares its name', () => {
    expect(ok('open the channels page')).toMatchObject({
      state: { page: 'channels' },
      text: 'Here is the Channels page.',
    });
    expect(ok('go to campaigns').state.page).toBe('campaigns');
    expect(ok('overview').state).toEqual({
      version: 1,
      page: 'overview',
      filters: [],
      slicers: [],
      sort: [],
    });
  });

  it('offers a hidden page only when it is named', () => {
    const hidden: ReportDocument = {
      ...MAYA_REPORT,
      pages: MAYA_REPORT.pages.map((p) => (p.name === 'campaigns' ? { ...p, visibility: 1 as const } : p)),
    };
    expect(ok('spend by ad group', hidden).state.page).toBe('overview');
    expect(ok('campaigns page', hidden).state.page).toBe('campaigns');
  });
});

describe('prompts the report cannot answer', () => {
  it.each([
    ['hello there', ' Not understood: “hello”.'],
    ['asdf qwerty', ' Not understood: “asdf”, “qwerty”.'],
    ['what is the weather in Paris', ' Not understood: “weather”, “Paris”.'],
    ['!!!', ''],
  ])('%s → invalid', (prompt, unknown) => {
    const outcome = generate(prompt);
    expect(outcome).toEqual({
      ok: false,
      question: false,
      reason:
        `Nothing in the prompt matches the Marketing Performance report.${unknown} Ask for a metric (Spend, Impressions, Clicks, CTR), ` +
        'a breakdown (by Channel, Campaign, Campaign type, Ad group), a period (last 30 days, this month, ' +
        'Q3 2025, since March) or a page (Overview, Channels, Campaigns).',
    });
  });

  it('lists the words it did not use', () => {
    expect(ok('spend by flurbo').text).toBe('Here is Spend on the Overview page. Not used: “flurbo”.');
  });
});
