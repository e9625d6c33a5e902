import { describe, expect, it } from 'vitest';
import { computeShares, ctrAt, propertyDomain } from './compute';
import type { CachedSerpItem } from './schema';

const organic = (...domains: string[]): CachedSerpItem[] =>
  domains.map((domain, i) => ({ type: 'organic', domain, rank: i + 1 }));
const paid = (...domains: string[]): CachedSerpItem[] =>
  domains.map((domain, i) => ({ type: 'paid', domain, rank: i + 1 }));

describe('share of voice', () => {
  const serps = [
    [...paid('rival.example'), ...organic('own.example', 'rival.example', 'other.example')],
    [...organic('rival.example', 'other.example', 'own.example')],
    [...paid('rival.example', 'own.example'), ...organic('other.example', 'rival.example')],
  ];
  const shares = computeShares(serps, 'own.example');
  const of = (domain: string) => shares.find((s) => s.domain === domain);

  it('weighs organic results by the position curve; the shares add up to 1', () => {
    const total = 3 * ctrAt(1) + 3 * ctrAt(2) + 2 * ctrAt(3);
    expect(of('rival.example')?.organicShare).toBeCloseTo((ctrAt(2) + ctrAt(1) + ctrAt(2)) / total, 5);
    expect(shares.reduce((sum, s) => sum + s.organicShare, 0)).toBeCloseTo(1, 5);
    expect(shares[0]?.domain).toBe('rival.example');
  });

  it('paid share is the appearance rate; average position is over the terms ranked', () => {
    expect(of('rival.example')?.paidShare).toBeCloseTo(2 / 3, 5);
    expect(of('own.example')?.paidShare).toBeCloseTo(1 / 3, 5);
    expect(of('other.example')?.paidShare).toBe(0);
    expect(of('rival.example')?.avgPosition).toBeCloseTo((2 + 1 + 2) / 3, 2);
    expect(of('own.example')?.avgPosition).toBe(2);
  });

  it('counts the terms won and lost against the own domain, absent ranks lose', () => {
    // own: 1, 3, absent; rival: 2, 1, 2; other: 3, 2, 1
    expect(of('rival.example')).toMatchObject({ termsWon: 1, termsLost: 2 });
    expect(of('other.example')).toMatchObject({ termsWon: 1, termsLost: 2 });
    expect(of('own.example')).toMatchObject({ termsWon: null, termsLost: null, isOwn: true });
    expect(computeShares(serps, null).every((s) => s.termsWon === null)).toBe(true);
  });

  it('moves against the previous month; a domain new this month has no change', () => {
    const next = computeShares(serps, 'own.example', [
      { domain: 'rival.example', organicShare: 0.1, avgPosition: 4 },
    ]);
    const rival = next.find((s) => s.domain === 'rival.example');
    expect(rival?.organicShareChange).toBeCloseTo((rival?.organicShare ?? 0) - 0.1, 5);
    expect(rival?.avgPositionChange).toBeCloseTo(5 / 3 - 4, 2);
    expect(next.find((s) => s.domain === 'other.example')?.organicShareChange).toBeNull();
  });

  it('keeps the own domain listed when it ranks nowhere; no SERPs give zeros, not NaN', () => {
    const none = computeShares([organic('rival.example')], 'own.example');
    expect(none.find((s) => s.domain === 'own.example')).toMatchObject({
      organicShare: 0,
      avgPosition: null,
    });
    expect(computeShares([], 'own.example')).toEqual([
      expect.objectContaining({ domain: 'own.example', organicShare: 0, paidShare: 0 }),
    ]);
  });
});

describe('the property domain', () => {
  it('reads domain and URL-prefix properties', () => {
    expect(propertyDomain('sc-domain:Example.com')).toBe('example.com');
    expect(propertyDomain('https://www.example.com/')).toBe('example.com');
    expect(propertyDomain('123-456-7890')).toBeNull();
  });
});
