import { describe, expect, it } from 'vitest';
import { wantedStreams } from './streams';
import type { StreamSchema } from './types';

const stream = (name: string): StreamSchema => ({ name, description: '', columns: [], primaryKey: [] });
const ALL = [stream('campaigns'), stream('ad_groups'), stream('keywords')];

describe('wantedStreams', () => {
  it('is every stream without a filter, and the named ones with one', () => {
    expect([...wantedStreams(ALL)]).toEqual(['campaigns', 'ad_groups', 'keywords']);
    expect([...wantedStreams(ALL, ['keywords'])]).toEqual(['keywords']);
    expect(wantedStreams(ALL, []).size).toBe(0);
  });

  it('refuses a stream the connector does not produce', () => {
    expect(() => wantedStreams(ALL, ['keywords', 'search_terms'])).toThrow(
      'No such stream: search_terms (the streams are campaigns, ad_groups, keywords)',
    );
  });
});
