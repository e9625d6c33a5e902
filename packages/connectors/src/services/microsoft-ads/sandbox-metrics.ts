// Daily numbers of the sandbox Microsoft Advertising accounts, drawn per search query (search ad
// groups) and per audience or shopping ad group, so that every report is a sum of the same rows
// and reconciles exactly. Money is whole cents, conversions whole halves: pure functions of
// (account, entity, day).
import { DRAW_WIDTH, drawTraffic } from '../../sandbox/apis/ad-traffic';
import type { Traffic } from '../../sandbox/apis/ad-traffic';
import { season } from '../../sandbox/apis/data';
import { campaignsOf } from './sandbox-data';
import type { AdGroup, Campaign, Keyword, SandboxAccount, SearchQuery } from './sandbox-data';

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
/** Revenue in cents of the account currency. */
const CENTS = 100;

type Draw = Pick<BaseRow, 'impressions' | 'clicks' | 'spendCents' | 'conversionHalves' | 'revenueCents'>;

function draw(t: Traffic, day: number, demand: number, into: Float64Array, late: number): Draw | null {
  if (!drawTraffic(t, day, demand, CENTS, into, 0, late)) return null;
  const [impressions = 0, clicks = 0, spendCents = 0, conversionHalves = 0, revenueCents = 0] = into;
  return { impressions, clicks, spendCents, conversionHalves, revenueCents };
}

/**
 * The account's finest rows of a day: search queries and keyword-less ad groups with traffic;
 * `lateConversions` is the factor of the day's restated conversions (1: none).
 */
export function dayRows(account: SandboxAccount, date: string, lateConversions = 1): BaseRow[] {
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  const demand = season(date);
  const rows: BaseRow[] = [];
  const drawn = new Float64Array(DRAW_WIDTH);
  for (const campaign of campaignsOf(account)) {
    for (const adGroup of campaign.adGroups) {
      const at = { account, campaign, adGroup, date };
      if (adGroup.traffic) {
        const traffic = draw(adGroup.traffic, day, demand, drawn, lateConversions);
        if (traffic) rows.push({ ...at, keyword: null, query: null, ...traffic });
        continue;
      }
      for (const keyword of adGroup.keywords) {
        for (const query of keyword.queries) {
          const traffic = draw(query.traffic, day, demand, drawn, lateConversions);
          if (traffic) rows.push({ ...at, keyword, query, ...traffic });
        }
      }
    }
  }
  return rows;
}
