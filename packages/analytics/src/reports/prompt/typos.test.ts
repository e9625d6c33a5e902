import { describe, expect, it } from 'vitest';
import { tokenize } from './text';
import { byStem, correctTypos, editDistance } from './typos';

describe('editDistance', () => {
  it.each([
    ['spend', 'spend', 0],
    ['spned', 'spend', 1], // two letters swapped
    ['chanel', 'channel', 1], // one left out
    ['clickss', 'clicks', 1], // one too many
    ['cpa', 'cpc', 1],
    ['chanell', 'channel', 2],
  ])('%s → %s: %i', (a, b, distance) => {
    expect(editDistance(a, b, 3)).toBe(distance);
  });

  it('stops beyond the reach asked for', () => {
    expect(editDistance('impressions', 'spend', 2)).toBe(3);
  });
});

describe('correctTypos', () => {
  const known = {
    core: byStem([
      'spend',
      'clicks',
      'channel',
      'last',
      'month',
      'june',
      'july',
      'jul',
      'cpc',
      'cpa',
      'week',
    ]),
    data: byStem(['Goggles', 'Google']),
  };
  const correct = (prompt: string) => correctTypos(tokenize(prompt), known, new Set(['by', 'the']));

  it('replaces a word nothing knows by the one known word near it', () => {
    const { tokens, corrections } = correct('spned by chanel lsat mnth');
    expect(tokens.map((t) => t.word)).toEqual(['spend', 'by', 'channel', 'last', 'month']);
    expect(corrections).toEqual([
      { typed: 'spned', meant: 'spend' },
      { typed: 'chanel', meant: 'channel' },
      { typed: 'lsat', meant: 'last' },
      { typed: 'mnth', meant: 'month' },
    ]);
  });

  it('asks when two known words are as near, an abbreviation and its word counting once', () => {
    expect(correct('jule').ambiguities).toEqual([{ typed: 'jule', options: ['june', 'july'] }]);
  });

  it('prefers the vocabulary to the data at the same distance', () => {
    expect(correct('gogle').corrections).toEqual([]);
    expect(
      correctTypos(tokenize('gogle'), { core: byStem(['google']), data: byStem(['goggles']) }, new Set())
        .corrections,
    ).toEqual([{ typed: 'gogle', meant: 'google' }]);
  });

  it('never changes a three-letter word into another three-letter one, nor a word in capitals', () => {
    expect(correct('cpm cpq').corrections).toEqual([]);
    expect(correct('wek').corrections).toEqual([{ typed: 'wek', meant: 'week' }]);
    expect(correct('CPQ the').tokens.map((t) => t.word)).toEqual(['cpq', 'the']);
  });
});
