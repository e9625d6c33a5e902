// The AI Builder bench's prompts (bench/ai-builder.ts), written as marketers type them, before the
// parser was tuned to them, each with the outcome that is exactly right on the demo organization:
// the page, the period (as days, resolved against the day of the run), the values filtered by
// column, the visual sorted, or a refusal ('refuse': 422 invalid_prompt) or a question back
// ('ask': success false). Held-out phrasings the bench does not hold are in the parser's unit
// tests (packages/analytics/src/reports/prompt/*.test.ts).
//
// The demo organization: Google Ads (Acme Outdoor Germany, campaigns "DE | Search | Footwear",
// "DE | Shopping | All products", ...), Meta Ads (Northpeak EU), Microsoft Ads (Contoso Outdoor
// US), GA4 and a Search Console property. No TikTok, LinkedIn or Apple Ads data.
import type { TimeGrain } from '@maya/contracts';

/** A period as days, resolved against the day the bench runs (UTC, weeks from Monday). */
export type DateExpect =
  | { last: number; unit: TimeGrain } // in the last N units, ending today
  | { this: TimeGrain } // the calendar unit containing today
  | { previous: TimeGrain } // the whole calendar unit before this one
  | { yesterday: true }
  | { from: string; to: string | null } // YYYY-MM-DD, or MM-DD: the latest such day begun
  | { to: string }; // open at the start

export type ValuesExpect = { mode: 'include' | 'exclude'; values: string[] };

export type Expected =
  | 'refuse'
  | 'ask'
  | {
      /** Absent only where an ad-hoc visual answers: it shows on any page under the report's filters. */
      page?: string;
      /** Absent: the report's own period is kept (the state sets no date filter). */
      date?: DateExpect;
      /** By column; absent columns are not filtered by the state. */
      values?: Record<string, ValuesExpect>;
      /** The visual whose rows answer, sorted by the field. */
      sorted?: { visual: string; field: string; direction: 'asc' | 'desc' };
      /**
       * No visual of the report is exactly the answer: the state carries one (decision 250), of
       * this kind, grouped by these dimensions ('date:week' for the date at a grain) and showing
       * these measures, sorted when said. Absent: the state carries none.
       */
      adhoc?: AdHocExpect;
    };

export type AdHocExpect = {
  /** Absent: any kind (bars or a table of the same rows are the same answer). */
  kind?: string;
  by: string[];
  measures: string[];
  sort?: { field: string; direction: 'asc' | 'desc' };
};

export type BenchPrompt = { report: '-demo' | '-maya' | '-seo-v1'; prompt: string; expect: Expected };

const inc = (...values: string[]): ValuesExpect => ({ mode: 'include', values });
const exc = (...values: string[]): ValuesExpect => ({ mode: 'exclude', values });
const desc = (visual: string, field: string) => ({ visual, field, direction: 'desc' as const });
const asc = (visual: string, field: string) => ({ visual, field, direction: 'asc' as const });
const adhoc = (
  kind: string | null,
  by: string[],
  measures: string[],
  sort?: AdHocExpect['sort'],
): AdHocExpect => ({
  ...(kind === null ? {} : { kind }),
  by,
  measures,
  ...(sort === undefined ? {} : { sort }),
});
const demo = (prompt: string, expect: Expected): BenchPrompt => ({ report: '-demo', prompt, expect });
const maya = (prompt: string, expect: Expected): BenchPrompt => ({ report: '-maya', prompt, expect });
const seo = (prompt: string, expect: Expected): BenchPrompt => ({ report: '-seo-v1', prompt, expect });

export const BENCH_PROMPTS: readonly BenchPrompt[] = [
  // ---- Channels by their other names, several, excluded --------------------------------------
  demo('How much did we spend on Meta last week?', {
    page: 'spend',
    date: { previous: 'week' },
    values: { channel: inc('Meta Ads') },
  }),
  demo('Google Ads vs Meta spend last quarter', {
    page: 'spend',
    date: { previous: 'quarter' },
    values: { channel: inc('Google Ads', 'Meta Ads') },
  }),
  demo('spend by channel excluding Microsoft', {
    page: 'spend',
    values: { channel: exc('Microsoft Ads') },
  }),
  demo('facebook spend this month', {
    page: 'spend',
    date: { this: 'month' },
    values: { channel: inc('Meta Ads') },
  }),
  demo('bing clicks last 14 days', {
    page: 'performance',
    date: { last: 14, unit: 'day' },
    values: { channel: inc('Microsoft Ads') },
  }),
  demo('adwords conversions yesterday', {
    page: 'conversions',
    date: { yesterday: true },
    values: { channel: inc('Google Ads') },
  }),
  demo('instagram and fb spend last 30 days', {
    page: 'spend',
    date: { last: 30, unit: 'day' },
    values: { channel: inc('Meta Ads') },
  }),
  demo('clicks for everything except Google', {
    page: 'performance',
    values: { channel: exc('Google Ads') },
  }),
  demo('conversions without bing last month', {
    page: 'conversions',
    date: { previous: 'month' },
    values: { channel: exc('Microsoft Ads') },
  }),
  demo('spend not including facebook ads this year', {
    page: 'spend',
    date: { this: 'year' },
    values: { channel: exc('Meta Ads') },
  }),
  maya('CPA on Microsoft Advertising last 90 days', {
    page: 'overview',
    date: { last: 90, unit: 'day' },
    values: { channel: inc('Microsoft Ads') },
  }),
  maya('google spend per week', { page: 'channels', values: { channel: inc('Google Ads') } }),
  demo('what did we spend on google search last month', {
    page: 'spend',
    date: { previous: 'month' },
    values: { channel: inc('Google Ads') },
  }),
  demo('Meta ROAS YTD', { page: 'spend', date: { this: 'year' }, values: { channel: inc('Meta Ads') } }),
  demo('microsoft ads ctr MTD', {
    page: 'performance',
    date: { this: 'month' },
    values: { channel: inc('Microsoft Ads') },
  }),

  // ---- Dates --------------------------------------------------------------------------------
  demo('spend between 1 and 15 October', { page: 'spend', date: { from: '10-01', to: '10-15' } }),
  demo('clicks Nov 1 - Nov 15', { page: 'performance', date: { from: '11-01', to: '11-15' } }),
  demo('conversions from 3 to 17 November', { page: 'conversions', date: { from: '11-03', to: '11-17' } }),
  demo('spend 1-15 Oct', { page: 'spend', date: { from: '10-01', to: '10-15' } }),
  demo('spend from September 1 to October 31', { page: 'spend', date: { from: '09-01', to: '10-31' } }),
  demo('clicks first week of November', { page: 'performance', date: { from: '11-01', to: '11-07' } }),
  demo('spend first half of this year', { page: 'spend', date: { from: '2026-01-01', to: '2026-06-30' } }),
  demo('conversions in H2 2025', { page: 'conversions', date: { from: '2025-07-01', to: '2025-12-31' } }),
  demo('spend second half of last year', { page: 'spend', date: { from: '2025-07-01', to: '2025-12-31' } }),
  demo('clicks last quater', { page: 'performance', date: { previous: 'quarter' } }),
  demo('spend Q3', { page: 'spend', date: { from: '2026-07-01', to: '2026-09-30' } }),
  demo('conversions Q2 2026', { page: 'conversions', date: { from: '2026-04-01', to: '2026-06-30' } }),
  demo('spend YTD', { page: 'spend', date: { this: 'year' } }),
  demo('clicks month to date', { page: 'performance', date: { this: 'month' } }),
  demo('conversions since September', { page: 'conversions', date: { from: '09-01', to: null } }),
  demo('spend since 1 August', { page: 'spend', date: { from: '08-01', to: null } }),
  demo('impressions last week', { page: 'performance', date: { previous: 'week' } }),
  demo('spend this week', { page: 'spend', date: { this: 'week' } }),
  demo('clicks past 7 days', { page: 'performance', date: { last: 7, unit: 'day' } }),
  demo('spend in October', { page: 'spend', date: { from: '10-01', to: '10-31' } }),
  demo('conversions september 2026', { page: 'conversions', date: { from: '2026-09-01', to: '2026-09-30' } }),
  demo('spend last 3 months', { page: 'spend', date: { last: 3, unit: 'month' } }),
  demo('cpa last two weeks', { page: 'spend', date: { last: 2, unit: 'week' } }),
  demo('clicks yesterday', { page: 'performance', date: { yesterday: true } }),
  demo('spend 2026-10-05 to 2026-10-11', { page: 'spend', date: { from: '2026-10-05', to: '2026-10-11' } }),
  demo('roas last week of October', { page: 'spend', date: { from: '10-25', to: '10-31' } }),
  demo('conversions this quarter', { page: 'conversions', date: { this: 'quarter' } }),
  demo('spend last year', { page: 'spend', date: { previous: 'year' } }),

  // ---- Typos ---------------------------------------------------------------------------------
  demo('spned by chanel last mnth', { page: 'spend', date: { previous: 'month' } }),
  demo('impresions lsat 7 days', { page: 'performance', date: { last: 7, unit: 'day' } }),
  demo('convresions by channel this mnth', {
    page: 'conversions',
    date: { this: 'month' },
    sorted: desc('conversions-by-channel', 'conversions'),
  }),
  demo('clciks on facebok yesterday', {
    page: 'performance',
    date: { yesterday: true },
    values: { channel: inc('Meta Ads') },
  }),
  demo('spend for gogle ads last wek', {
    page: 'spend',
    date: { previous: 'week' },
    values: { channel: inc('Google Ads') },
  }),
  maya('roas by campagin last month', {
    page: 'overview',
    date: { previous: 'month' },
    sorted: desc('campaigns', 'roas'),
  }),
  demo('cost per click by campain type', {
    page: 'performance',
    sorted: desc('performance-by-campaign-type', 'cpc'),
  }),
  demo('convrsion rate octobr', { page: 'conversions', date: { from: '10-01', to: '10-31' } }),
  seo('clicks from germnay last 30 days', {
    page: 'overview',
    date: { last: 30, unit: 'day' },
    values: { country: inc('deu') },
  }),
  demo('spend excluding microsfot', { page: 'spend', values: { channel: exc('Microsoft Ads') } }),

  // ---- Choosing the view -------------------------------------------------------------------
  maya('top 5 campaigns by ROAS', { page: 'overview', sorted: desc('campaigns', 'roas') }),
  demo('clicks by channel yesterday', {
    page: 'performance',
    date: { yesterday: true },
    sorted: desc('clicks-by-channel', 'clicks'),
  }),
  seo('best ranking pages', { page: 'overview', sorted: asc('pages', 'position') }),
  seo('worst ranking queries last month', {
    page: 'overview',
    date: { previous: 'month' },
    sorted: desc('queries', 'position'),
  }),
  seo('top queries by clicks', { page: 'overview', sorted: desc('queries', 'clicks') }),
  seo('pages with the most impressions', { page: 'overview', sorted: desc('pages', 'impressions') }),
  seo('ctr by country', { page: 'overview', sorted: desc('countries', 'ctr') }),
  maya('ad groups with the highest cpc', { page: 'campaigns', sorted: desc('ad-groups', 'cpc') }),
  maya('cheapest campaigns by cpa', { page: 'overview', sorted: asc('campaigns', 'cpa') }),
  demo('campaigns with the lowest roas last month', {
    page: 'spend',
    date: { previous: 'month' },
    sorted: asc('spend-by-campaign', 'roas'),
  }),
  demo('conversions by channel', {
    page: 'conversions',
    sorted: desc('conversions-by-channel', 'conversions'),
  }),
  demo('ctr by campaign type', { page: 'performance', sorted: desc('performance-by-campaign-type', 'ctr') }),
  demo('which campaigns spent the most last week', {
    page: 'spend',
    date: { previous: 'week' },
    sorted: desc('spend-by-campaign', 'spend'),
  }),
  maya('spend by channel by month', { page: 'channels', sorted: desc('channel-matrix', 'spend') }),
  demo('spend per campaign last 14 days', {
    page: 'spend',
    date: { last: 14, unit: 'day' },
    sorted: desc('spend-by-campaign', 'spend'),
  }),
  demo('share of spend by channel this month', { page: 'spend', date: { this: 'month' } }),
  seo('top pages last 28 days', { page: 'overview', date: { last: 28, unit: 'day' } }),
  // A row per campaign (no visual has one per campaign beside the campaign-type slicer).
  maya('Search campaigns cpc last month', {
    page: 'campaigns',
    date: { previous: 'month' },
    values: { campaign_type: inc('Search') },
    adhoc: adhoc(null, ['campaign'], ['cpc'], { field: 'cpc', direction: 'desc' }),
  }),
  maya('shopping campaigns roas', {
    page: 'campaigns',
    values: { campaign_type: inc('Shopping') },
    adhoc: adhoc(null, ['campaign'], ['roas'], { field: 'roas', direction: 'desc' }),
  }),

  // ---- Countries and devices ----------------------------------------------------------------
  seo('clicks from Germany last month', {
    page: 'overview',
    date: { previous: 'month' },
    values: { country: inc('deu') },
  }),
  seo('impressions in the US', { page: 'overview', values: { country: inc('usa') } }),
  seo('United States and UK clicks this year', {
    page: 'overview',
    date: { this: 'year' },
    values: { country: inc('usa', 'gbr') },
  }),
  seo('queries in france last 90 days', {
    page: 'overview',
    date: { last: 90, unit: 'day' },
    values: { country: inc('fra') },
  }),
  seo('clicks excluding the United States', { page: 'overview', values: { country: exc('usa') } }),
  seo('DEU impressions', { page: 'overview', values: { country: inc('deu') } }),
  seo('ctr in Great Britain last week', {
    page: 'overview',
    date: { previous: 'week' },
    values: { country: inc('gbr') },
  }),
  seo('clicks from the UK last 7 days', {
    page: 'overview',
    date: { last: 7, unit: 'day' },
    values: { country: inc('gbr') },
  }),

  // ---- No visual is exactly the answer: an ad-hoc one, under the page's filters ---------------
  demo('ctr by channel last month', {
    date: { previous: 'month' },
    adhoc: adhoc('bar', ['channel'], ['ctr'], { field: 'ctr', direction: 'desc' }),
  }),
  demo('roas by campaign type', {
    adhoc: adhoc('bar', ['campaign_type'], ['roas'], { field: 'roas', direction: 'desc' }),
  }),
  demo('conversion rate per channel this month', {
    date: { this: 'month' },
    adhoc: adhoc('bar', ['channel'], ['conversion_rate'], { field: 'conversion_rate', direction: 'desc' }),
  }),
  demo('weekly spend', { adhoc: adhoc('line', ['date:week'], ['spend']) }),
  demo('monthly clicks for Google Ads', {
    values: { channel: inc('Google Ads') },
    adhoc: adhoc('line', ['date:month'], ['clicks']),
  }),
  demo('impressions by ad group last 30 days', {
    date: { last: 30, unit: 'day' },
    adhoc: adhoc('table', ['ad_group'], ['impressions'], { field: 'impressions', direction: 'desc' }),
  }),
  demo('cpc by campaign', { page: 'spend', sorted: desc('spend-by-campaign', 'cpc') }),
  maya('ctr by channel', {
    adhoc: adhoc('bar', ['channel'], ['ctr'], { field: 'ctr', direction: 'desc' }),
  }),
  maya('conversion rate last 7 days', {
    date: { last: 7, unit: 'day' },
    adhoc: adhoc('kpi', [], ['conversion_rate']),
  }),
  maya('spend by campaign type last quarter', {
    date: { previous: 'quarter' },
    adhoc: adhoc('bar', ['campaign_type'], ['spend'], { field: 'spend', direction: 'desc' }),
  }),
  maya('which account had the lowest cpa', {
    adhoc: adhoc(null, ['account'], ['cpa'], { field: 'cpa', direction: 'asc' }),
  }),
  seo('clicks by device last month', {
    date: { previous: 'month' },
    adhoc: adhoc('table', ['device'], ['clicks'], { field: 'clicks', direction: 'desc' }),
  }),
  seo('impressions per device in Germany', {
    values: { country: inc('deu') },
    adhoc: adhoc('table', ['device'], ['impressions'], { field: 'impressions', direction: 'desc' }),
  }),
  seo('weekly clicks and impressions', {
    adhoc: adhoc('line', ['date:week'], ['clicks', 'impressions']),
  }),
  seo('average position last 28 days', { page: 'overview', date: { last: 28, unit: 'day' } }),
  demo('spend by device for Meta last month', 'refuse'),
  maya('cpa by country', 'refuse'),
  seo('clicks by campaign', 'refuse'),

  // ---- Pages asked for by name --------------------------------------------------------------
  demo('open the conversions page', { page: 'conversions' }),
  maya('channels tab last month', { page: 'channels', date: { previous: 'month' } }),
  maya('go to campaigns', { page: 'campaigns' }),

  // ---- Questions back: an ambiguous word is asked about, not guessed --------------------------
  demo('rate by channel last month', 'ask'),
  demo('spend by source last week', 'ask'),

  // ---- Honest refusals: what the organization has no data for --------------------------------
  demo('bounce rate by channel', 'refuse'),
  demo('average order value', 'refuse'),
  demo('TikTok spend', 'refuse'),
  demo('LinkedIn clicks last month', 'refuse'),
  demo('cpm by channel last week', 'refuse'),
  demo('sessions by channel', 'refuse'),
  demo('Apple Ads spend this month', 'refuse'),
  demo('what is the weather in Berlin', 'refuse'),
  maya('snapchat conversions yesterday', 'refuse'),
  // The demo's Google Ads account runs no Performance Max campaigns.
  maya('performance max campaigns roas', 'refuse'),
  seo('revenue by country', 'refuse'),
];
