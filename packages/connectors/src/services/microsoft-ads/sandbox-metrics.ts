// Daily numbers of the sandbox Microsoft Advertising accounts, drawn per search query (search ad
// groups) and per audience or shopping ad group, so that every report is a sum of the same rows
// and reconciles exactly. Money is whole cents, conversions whole halves: pure functions of
// (account, entity, day).
import { season } from '../../sandbox/apis/data';
import { campaignsOf } from './sandbox-data';
import type { AdGroup, Campaign, Keyword, SandboxAccount, SearchQuery, Traffic } from './sandbox-data';

export type BaseRow = {
  account: SandboxAccount;
  campaign: Campaign;
  adGroup: AdGroup;
  keyword: Keyword | null;
  query: SearchQuery | null;
  date: string;
  impressions: number;
  clicks: number;
  spendCents: number;
  conversionHalves: number;
  revenueCents: number;
};

const DAY_MS = 86_400_000;

function mix(seed: number, day: number, salt: number): number {
  let h = (seed ^ Math.imul(day, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 0x1_0000_0000;
}

type Draw = Pick<BaseRow, 'impressions' | 'clicks' | 'spendCents' | 'conversionHalves' | 'revenueCents'>;

function draw(t: Traffic, day: number, demand: number): Draw | null {
  if (t.presence < 1 && mix(t.seed, day, 1) >= t.presence) return null;
  const impressions = Math.max(1, Math.round(t.impressions * demand * (0.6 + 0.8 * mix(t.seed, day, 2))));
  const clicks = Math.round(impressions * t.ctr * (0.7 + 0.6 * mix(t.seed, day, 3)));
  const spendCents = Math.round(clicks * t.cpcCents * (0.8 + 0.4 * mix(t.seed, day, 4)));
  const expected = clicks * t.conversionRate * 2 * (0.5 + mix(t.seed, day, 5));
  const conversionHalves = Math.floor(expected + mix(t.seed, day, 7));
  const revenueCents =
    conversionHalves === 0
      ? 0
      : Math.round((conversionHalves / 2) * t.orderValue * 100 * (0.7 + 0.6 * mix(t.seed, day, 6)));
  return { impressions, clicks, spendCents, conversionHalves, revenueCents };
}

/** The account's finest rows of a day: search queries and keyword-less ad groups with traffic. */
export function dayRows(account: SandboxAccount, date: string): BaseRow[] {
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  const demand = season(date);
  const rows: BaseRow[] = [];
  for (const campaign of campaignsOf(account)) {
    for (const adGroup of campaign.adGroups) {
      const at = { account, campaign, adGroup, date };
      if (adGroup.traffic) {
        const drawn = draw(adGroup.traffic, day, demand);
        if (drawn) rows.push({ ...at, keyword: null, query: null, ...drawn });
        continue;
      }
      for (const keyword of adGroup.keywords) {
        for (const query of keyword.queries) {
          const drawn = draw(query.traffic, day, demand);
          if (drawn) rows.push({ ...at, keyword, query, ...drawn });
        }
      }
    }
  }
  return rows;
}
