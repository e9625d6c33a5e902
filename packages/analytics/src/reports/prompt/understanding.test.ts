// What marketers type, in phrasings the AI Builder bench (bench/ai-builder-prompts.ts) does not
// hold, so that the parser is seen to generalize: other names of channels and countries,
// exclusions, typos, ambiguity asked about, the visual whose rows answer, ranking direction and
// honest refusals.
import type { ReportDocument, ReportState } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL, SEARCH_SEMANTIC_MODEL } from '../builtin-models';
import { MAYA_REPORT, SEO_REPORT } from '../builtin-reports';
import { DEMO_REPORT } from '../demo-report';
import { generateFromPrompt, type DimensionValues, type PromptOutcome } from './index';

// Saturday 21 November 2026.
const NOW = new Date('2026-11-21T10:00:00Z');

const MARKETING: DimensionValues = new Map([
  ['performance.channel', ['Google Ads', 'Meta Ads', 'Microsoft Ads']],
  ['performance.campaign_type', ['Audience', 'Display', 'Leads', 'Sales', 'Search', 'Shopping', 'Traffic']],
  ['performance.campaign', ['DE | Search | Footwear', 'DE | Shopping | All products', 'Search - Packs']],
  ['performance.ad_group', ['Hiking boots', 'Ski goggles', 'Trail shoes']],
]);
const SEARCH: DimensionValues = new Map([
  ['totals.country', ['deu', 'usa', 'gbr', 'fra', 'ita', 'esp', 'nld', 'grc']],
  ['queries.query', ['hiking boots', 'rain jacket']],
  ['queries.page', ['https://www.example.com/boots']],
]);

function generate(prompt: string, document: ReportDocument = DEMO_REPORT): PromptOutcome {
  const search = document.model === 'search';
  return generateFromPrompt({
    prompt,
    document,
    model: search ? SEARCH_SEMANTIC_MODEL : MARKETING_SEMANTIC_MODEL,
    values: search ? SEARCH : MARKETING,
    now: NOW,
  });
}

function state(prompt: string, document?: ReportDocument): ReportState {
  const outcome = generate(prompt, document);
  if (!outcome.ok) throw new Error(`${prompt}: ${outcome.reason}`);
  return outcome.state;
}

/** The values a state filters by, by column. */
const valuesOf = (s: ReportState) =>
  Object.fromEntries(
    [...s.filters, ...s.slicers.map((x) => x.filter)].flatMap((f) =>
      f.kind === 'list' ? [[f.column, { mode: f.mode, values: f.values }]] : [],
    ),
  );

describe('values by the names marketers use', () => {
  it.each([
    ['cost on FB last 7 days', { channel: { mode: 'include', values: ['Meta Ads'] } }],
    [
      'meta ads and bing ads impressions',
      { channel: { mode: 'include', values: ['Meta Ads', 'Microsoft Ads'] } },
    ],
    ['google adwords cpc', { channel: { mode: 'include', values: ['Google Ads'] } }],
    ['conversions minus microsoft advertising', { channel: { mode: 'exclude', values: ['Microsoft Ads'] } }],
    ['spend, exclude instagram', { channel: { mode: 'exclude', values: ['Meta Ads'] } }],
    ['all channels but bing', { channel: { mode: 'exclude', values: ['Microsoft Ads'] } }],
  ])('%s', (prompt, expected) => {
    expect(valuesOf(state(prompt))).toEqual(expected);
  });

  it.each([
    ['impressions from america', ['usa']],
    ['clicks Netherlands and Italy', ['nld', 'ita']],
    ['ctr for Holland', ['nld']],
    ['clicks in ESP', ['esp']],
    ['position in Greece and the USA', ['grc', 'usa']],
  ])('countries by name and ISO code: %s', (prompt, codes) => {
    expect(valuesOf(state(prompt, SEO_REPORT))).toEqual({ country: { mode: 'include', values: codes } });
  });

  it('reads a code only in capitals: "us" and "it" are words', () => {
    expect(valuesOf(state('show us clicks for it', SEO_REPORT))).toEqual({});
  });

  it('says a country by its name', () => {
    const outcome = generate('clicks from france', SEO_REPORT);
    expect(outcome.ok && outcome.text).toContain('where Country is “France (fra)”');
  });
});

describe('typos', () => {
  it('are read as the one word meant, and said', () => {
    const outcome = generate('conversoins by chanell in septmber');
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.state.page).toBe('conversions');
    expect(outcome.state.sort).toEqual([
      { visual_id: 'conversions-by-channel', sort: [{ field: 'conversions', direction: 'desc' }] },
    ]);
    expect(outcome.text).toContain('in September 2026');
    expect(outcome.text).toContain('Read “conversoins” as');
  });

  it('are asked about when two words are as near', () => {
    expect(generate('spend in jule')).toEqual({
      ok: false,
      question: true,
      reason: 'Did you mean “june” or “july” by “jule”? Write the prompt again with the one you mean.',
    });
  });

  it('leave codes in lower case alone', () => {
    expect(valuesOf(state('clicks for ita', SEO_REPORT))).toEqual({});
  });
});

describe('a word that could mean two fields is asked about', () => {
  it('rates: CTR or conversion rate', () => {
    const outcome = generate('which campaigns have the best rate');
    expect(outcome).toMatchObject({ ok: false, question: true });
    expect(!outcome.ok && outcome.reason).toContain('“CTR” or “Conversion rate”');
  });

  it('but not when the prompt names one of them', () => {
    expect(generate('click rate by channel').ok).toBe(true);
  });
});

describe('the visual whose rows answer', () => {
  it('rows of campaigns, not of their ad groups', () => {
    expect(state('most expensive campaigns by cost per conversion', MAYA_REPORT).sort).toEqual([
      { visual_id: 'campaigns', sort: [{ field: 'cpa', direction: 'desc' }] },
    ]);
  });

  it('rows of channels where a chart has them', () => {
    expect(state('impressions per platform').page).toBe('performance');
    expect(state('clicks split by network last month').sort[0]?.visual_id).toBe('clicks-by-channel');
  });

  it('the date at the grain asked for', () => {
    expect(state('conversions month by month per channel', MAYA_REPORT).sort[0]?.visual_id).toBe(
      'channel-matrix',
    );
  });
});

describe('ranking direction', () => {
  it.each([
    ['top ranking queries', 'asc'],
    ['highest average position pages', 'desc'],
    ['worst performing pages by rank', 'desc'],
    ['queries ranked best to worst', 'asc'],
  ])('position: %s → %s', (prompt, direction) => {
    expect(state(prompt, SEO_REPORT).sort[0]?.sort[0]).toEqual({ field: 'position', direction });
  });

  it.each([
    ['best CPA campaigns', 'asc'],
    ['worst roas campaigns', 'asc'],
    ['top campaigns by cpc', 'desc'],
  ])('%s → %s', (prompt, direction) => {
    expect(state(prompt, MAYA_REPORT).sort[0]?.sort[0]?.direction).toBe(direction);
  });
});

describe('honest refusals', () => {
  it.each([
    ['frequency by campaign', 'The Demo report has no Frequency.'],
    ['pinterest cpc', 'This organization has no Pinterest data.'],
    ['ROI for reddit ads', 'This organization has no Reddit Ads data. The Demo report has no ROI.'],
    ['average position by channel', 'The Demo report has no Position.'],
    ['apple search ads installs', 'This organization has no Apple Ads data.'],
  ])('%s', (prompt, reason) => {
    const outcome = generate(prompt);
    expect(outcome).toMatchObject({ ok: false, question: false });
    expect(!outcome.ok && outcome.reason).toContain(reason);
  });

  it('names a channel as a platform only where the report has channels', () => {
    // Search Console is Google's: "google" there is no ad platform the organization lacks.
    expect(generate('google clicks last week', SEO_REPORT).ok).toBe(true);
  });
});
