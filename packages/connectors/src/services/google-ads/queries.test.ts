import { describe, expect, it } from 'vitest';
import { STREAM_QUERIES } from './queries';
import { SEARCH_TERMS_STREAM } from './streams';

const searchTerms = STREAM_QUERIES.find((q) => q.stream === SEARCH_TERMS_STREAM.name);

describe('the search terms row', () => {
  const row = (resourceName: unknown) =>
    searchTerms?.row(
      {
        searchTermView: { resourceName, searchTerm: 'hiking boots' },
        segments: { date: '2025-11-21', searchTermMatchType: 'PHRASE' },
        metrics: { impressions: '25', clicks: '3', costMicros: '9007199254740991', conversions: 0.5 },
      },
      '3816209475',
      'EUR',
    );

  it('takes the campaign and ad group from the view resource name', () => {
    expect(row('customers/3816209475/searchTermViews/17783298000~1778329800000~aGlraW5nIGJvb3Rz')).toEqual({
      date: '2025-11-21',
      account_id: '3816209475',
      campaign_id: '17783298000',
      ad_group_id: '1778329800000',
      search_term: 'hiking boots',
      match_type: 'PHRASE',
      impressions: 25,
      clicks: 3,
      cost_micros: 9007199254740991,
      conversions: 0.5,
      conversions_value: 0,
      currency: 'EUR',
    });
  });

  it('leaves the ids out of a resource name it cannot read, so the load refuses the row', () => {
    for (const name of [
      undefined,
      'customers/1/searchTermViews/17783298000',
      'x/~~abc',
      'x/1~~abc',
      'x/~2~abc',
    ]) {
      expect(row(name), String(name)).toMatchObject({ campaign_id: null, ad_group_id: null });
    }
  });
});
