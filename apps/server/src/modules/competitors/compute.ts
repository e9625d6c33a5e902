// What a competition report says of each domain for one month, from the SERPs of its search
// terms (decision 643): organic share of voice weighted by a position click-through curve, paid
// share by appearance rate, average organic position, the terms won and lost against the
// organization's own domain, and the movement against the previous month.
import type { ServiceAccount } from '@maya/contracts';
import type { CachedSerpItem } from './schema';

/**
 * The share of a page's organic clicks a position gets (a smoothed average of published
 * click-through studies, decision 643); positions past 20 get none.
 */
export const POSITION_CTR: readonly number[] = [
  0.28, 0.15, 0.11, 0.08, 0.065, 0.05, 0.04, 0.035, 0.03, 0.025, 0.015, 0.013, 0.011, 0.01, 0.009, 0.008,
  0.007, 0.006, 0.005, 0.005,
];
export const ctrAt = (position: number) => POSITION_CTR[position - 1] ?? 0;

export type DomainShare = {
  domain: string;
  isOwn: boolean;
  organicTerms: number;
  paidTerms: number;
  /** 0 to 1; the organic shares of a month add up to 1 when any term had a result. */
  organicShare: number;
  /** Terms with this domain's ad / terms looked at. */
  paidShare: number;
  avgPosition: number | null;
  termsWon: number | null;
  termsLost: number | null;
  organicShareChange: number | null;
  avgPositionChange: number | null;
};

export type PreviousShare = { domain: string; organicShare: number; avgPosition: number | null };

/** A domain's best organic rank on a page (a domain may hold several results). */
function bestRanks(items: readonly CachedSerpItem[]): Map<string, number> {
  const best = new Map<string, number>();
  for (const item of items) {
    if (item.type !== 'organic') continue;
    best.set(item.domain, Math.min(best.get(item.domain) ?? Infinity, item.rank));
  }
  return best;
}

/**
 * The shares of every domain seen on the `serps` (one per search term), the own domain always
 * among them when known, sorted by organic share (then paid share, then name).
 */
export function computeShares(
  serps: readonly (readonly CachedSerpItem[])[],
  ownDomain: string | null,
  previous: readonly PreviousShare[] = [],
): DomainShare[] {
  const organicWeight = new Map<string, number>();
  const positions = new Map<string, number[]>();
  const paid = new Map<string, number>();
  const pages: Map<string, number>[] = [];
  let total = 0;
  for (const items of serps) {
    const best = bestRanks(items);
    pages.push(best);
    for (const [domain, rank] of best) positions.set(domain, [...(positions.get(domain) ?? []), rank]);
    // Every organic result weighs, several of one domain included, so the shares add up to 1.
    for (const item of items) {
      if (item.type !== 'organic') continue;
      organicWeight.set(item.domain, (organicWeight.get(item.domain) ?? 0) + ctrAt(item.rank));
      total += ctrAt(item.rank);
    }
    for (const domain of new Set(items.filter((i) => i.type === 'paid').map((i) => i.domain))) {
      paid.set(domain, (paid.get(domain) ?? 0) + 1);
    }
  }
  /** Terms where the own domain ranks above `domain` (or alone), and below it (or absent). */
  const duel = (domain: string) => {
    let won = 0;
    let lost = 0;
    for (const best of pages) {
      const own = ownDomain === null ? undefined : best.get(ownDomain);
      const theirs = best.get(domain);
      if (own !== undefined && (theirs === undefined || own < theirs)) won += 1;
      else if (theirs !== undefined && (own === undefined || theirs < own)) lost += 1;
    }
    return { won, lost };
  };
  const domains = new Set([...organicWeight.keys(), ...paid.keys()]);
  if (ownDomain !== null) domains.add(ownDomain);
  const before = new Map(previous.map((p) => [p.domain, p]));
  const shares = [...domains].map((domain): DomainShare => {
    const ranks = positions.get(domain) ?? [];
    const avgPosition = ranks.length === 0 ? null : round(ranks.reduce((a, b) => a + b, 0) / ranks.length, 2);
    const organicShare = total === 0 ? 0 : round((organicWeight.get(domain) ?? 0) / total, 6);
    const last = before.get(domain);
    const isOwn = domain === ownDomain;
    const against = ownDomain === null || isOwn ? null : duel(domain);
    return {
      domain,
      isOwn,
      organicTerms: ranks.length,
      paidTerms: paid.get(domain) ?? 0,
      organicShare,
      paidShare: serps.length === 0 ? 0 : round((paid.get(domain) ?? 0) / serps.length, 6),
      avgPosition,
      termsWon: against?.won ?? null,
      termsLost: against?.lost ?? null,
      organicShareChange: last === undefined ? null : round(organicShare - last.organicShare, 6),
      avgPositionChange:
        last === undefined || last.avgPosition === null || avgPosition === null
          ? null
          : round(avgPosition - last.avgPosition, 2),
    };
  });
  return shares.sort(
    (a, b) =>
      b.organicShare - a.organicShare || b.paidShare - a.paidShare || a.domain.localeCompare(b.domain),
  );
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The organization's domain of a Search Console property (`sc-domain:example.com`, `https://www.example.com/`). */
export function propertyDomain(identifier: string): string | null {
  const text = identifier.trim().toLowerCase();
  if (text.startsWith('sc-domain:')) return text.slice('sc-domain:'.length).replace(/^www\./, '') || null;
  try {
    return new URL(text).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** The organization's own domain: the account's property, or for an ads account its first Search Console property. */
export function ownDomainOf(
  account: ServiceAccount | undefined,
  accounts: readonly ServiceAccount[],
): string | null {
  if (account?.service === 'google_search_console') return propertyDomain(account.identifier);
  const property = accounts.find((a) => a.service === 'google_search_console');
  return property === undefined ? null : propertyDomain(property.identifier);
}
