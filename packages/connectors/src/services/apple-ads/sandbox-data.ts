// The Apple Ads sandbox's world: three organizations (one a child of another in the Campaign
// Management API v5), each holding one ad account of the Platform API v1, each with campaigns,
// ad groups, bidded keywords and the search terms that matched them (plus Search Match terms that
// matched no keyword). Daily numbers are generated per search term and summed upwards, so a
// campaign's spend on a day is exactly the sum of its ad groups' and its search terms'.
import { VOCABULARY, daily, hash, pick, unit } from '../../sandbox/apis/data';

export type AppleOrg = {
  /** The Platform API v1 ad account (`X-AP-Context: adAccountId=…`). */
  adAccountId: number;
  /** The org the ad account belongs to: the v5 org id connections made before v1 stored. */
  orgId: number;
  orgName: string;
  currency: string;
  timeZone: string;
  paymentModel: 'PAYG' | 'LOC';
  parentOrgId: number | null;
};

export const APPLE_SANDBOX_ORGS: readonly AppleOrg[] = [
  {
    adAccountId: 8150001,
    orgId: 4242001,
    orgName: 'Northpeak Apps',
    currency: 'USD',
    timeZone: 'America/Los_Angeles',
    paymentModel: 'PAYG',
    parentOrgId: null,
  },
  {
    adAccountId: 8150002,
    orgId: 4242002,
    orgName: 'Northpeak Apps EU',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    paymentModel: 'LOC',
    parentOrgId: 4242001,
  },
  {
    adAccountId: 8150003,
    orgId: 4242003,
    orgName: 'Trailfox Games',
    currency: 'JPY',
    timeZone: 'Asia/Tokyo',
    paymentModel: 'PAYG',
    parentOrgId: null,
  },
];

export type MatchType = 'EXACT' | 'BROAD' | 'AUTO';

export type AppleSearchTerm = {
  text: string;
  source: 'TARGETED' | 'AUTO';
  /** Null for Search Match terms, which matched no bidded keyword. */
  keywordId: number | null;
};
export type AppleKeyword = { id: number; text: string; matchType: 'EXACT' | 'BROAD'; bidMinor: number };
export type AppleAdGroup = {
  id: number;
  name: string;
  status: 'ENABLED' | 'PAUSED';
  keywords: AppleKeyword[];
  searchTerms: AppleSearchTerm[];
};
export type AppleCampaign = {
  id: number;
  name: string;
  status: 'ENABLED' | 'PAUSED';
  app: { appName: string; adamId: number };
  countries: string[];
  dailyBudgetMinor: number;
  adGroups: AppleAdGroup[];
};

export function currencyExponent(currency: string): number {
  return currency === 'JPY' || currency === 'KRW' ? 0 : 2;
}

/** A 9–10 digit Apple Ads id, stable for the keys. */
const appleId = (...keys: (string | number)[]) => 100_000_000 + (hash(...keys) % 1_900_000_000);

const APPS = ['Northpeak Trails', 'Northpeak Weather', 'Trailfox Run', 'Trailfox Camp'] as const;

const structures = new Map<number, AppleCampaign[]>();

export function campaignsOf(org: AppleOrg): AppleCampaign[] {
  const cached = structures.get(org.orgId);
  if (cached) return cached;
  const zeroDecimals = currencyExponent(org.currency) === 0;
  const campaigns: AppleCampaign[] = [];
  for (let c = 0; c < 2 + (hash(org.orgId, 'campaigns') % 3); c++) {
    const id = appleId(org.orgId, 'campaign', c);
    const appName = pick(APPS, org.orgId, c);
    const country = pick(VOCABULARY.countries, org.orgId, c).toUpperCase();
    const adGroups: AppleAdGroup[] = [];
    for (let g = 0; g < 2 + (hash(id, 'groups') % 2); g++) {
      const adGroupId = appleId(id, 'adgroup', g);
      const product = pick(VOCABULARY.products, adGroupId);
      const keywords: AppleKeyword[] = [];
      const searchTerms: AppleSearchTerm[] = [];
      for (let k = 0; k < 4 + (hash(adGroupId, 'keywords') % 5); k++) {
        const text = k === 0 ? product : `${pick(VOCABULARY.modifiers, adGroupId, k)} ${product}`;
        // Apple keeps one keyword per text in an ad group.
        if (keywords.some((existing) => existing.text === text)) continue;
        const keyword: AppleKeyword = {
          id: appleId(adGroupId, 'keyword', k),
          text,
          matchType: k % 3 === 0 ? 'EXACT' : 'BROAD',
          bidMinor: zeroDecimals
            ? 80 + (hash(adGroupId, k, 'bid') % 200)
            : 50 + (hash(adGroupId, k, 'bid') % 250),
        };
        keywords.push(keyword);
        const variants = keyword.matchType === 'EXACT' ? 1 : 1 + (hash(keyword.id, 'variants') % 3);
        for (let v = 0; v < variants; v++) {
          const term = v === 0 ? text : `${text} ${pick(VOCABULARY.modifiers, keyword.id, v)}`;
          if (!searchTerms.some((t) => t.text === term && t.keywordId === keyword.id)) {
            searchTerms.push({ text: term, source: 'TARGETED', keywordId: keyword.id });
          }
        }
      }
      for (let a = 0; a < 2 + (hash(adGroupId, 'auto') % 3); a++) {
        const text = `${pick(VOCABULARY.brands, adGroupId, a)} ${pick(VOCABULARY.products, adGroupId, a, 'auto')}`;
        if (!searchTerms.some((t) => t.text === text && t.source === 'AUTO')) {
          searchTerms.push({ text, source: 'AUTO', keywordId: null });
        }
      }
      adGroups.push({
        id: adGroupId,
        name: `${product} – ${g === 0 ? 'exact' : 'discovery'}`,
        status: unit(adGroupId, 'paused') < 0.15 ? 'PAUSED' : 'ENABLED',
        keywords,
        searchTerms,
      });
    }
    campaigns.push({
      id,
      name: `${appName} – ${country} – search results`,
      status: 'ENABLED',
      app: { appName, adamId: 1_400_000_000 + (hash(appName) % 99_999_999) },
      countries: [country],
      dailyBudgetMinor: zeroDecimals ? 20_000 : 15_000,
      adGroups,
    });
  }
  structures.set(org.orgId, campaigns);
  return campaigns;
}

/** Additive daily metrics; money in the org currency's minor unit. */
export type AppleMetrics = {
  impressions: number;
  taps: number;
  spendMinor: number;
  tapInstalls: number;
  viewInstalls: number;
  newDownloads: number;
  redownloads: number;
};

export const emptyMetrics = (): AppleMetrics => ({
  impressions: 0,
  taps: 0,
  spendMinor: 0,
  tapInstalls: 0,
  viewInstalls: 0,
  newDownloads: 0,
  redownloads: 0,
});

export function addMetrics(into: AppleMetrics, from: AppleMetrics): void {
  into.impressions += from.impressions;
  into.taps += from.taps;
  into.spendMinor += from.spendMinor;
  into.tapInstalls += from.tapInstalls;
  into.viewInstalls += from.viewInstalls;
  into.newDownloads += from.newDownloads;
  into.redownloads += from.redownloads;
}

/**
 * A search term's delivery on a day, or null when it had no impression; `lateConversions`
 * multiplies its installs (a restatement of the day; 1: none).
 */
export function searchTermDay(
  org: AppleOrg,
  adGroup: AppleAdGroup,
  term: AppleSearchTerm,
  date: string,
  lateConversions = 1,
): AppleMetrics | null {
  if (adGroup.status === 'PAUSED' && unit(adGroup.id, date, 'paused') < 0.7) return null;
  const key = `${adGroup.id}|${term.keywordId ?? 'auto'}|${term.text}`;
  const impressions = daily(40 + (hash(key, 'volume') % 600), date, key);
  if (impressions === 0) return null;
  const taps = Math.round(
    impressions * (0.04 + 0.09 * unit(key, 'ttr')) * (0.8 + 0.4 * unit(key, date, 'ttr')),
  );
  const keyword = adGroup.keywords.find((k) => k.id === term.keywordId);
  const bid = keyword?.bidMinor ?? (currencyExponent(org.currency) === 0 ? 120 : 90);
  const spendMinor = Math.round(taps * bid * (0.55 + 0.4 * unit(key, date, 'cpt')));
  const tapInstalls = Math.round(
    taps * (0.3 + 0.35 * unit(key, 'cr')) * (0.85 + 0.3 * unit(key, date, 'cr')) * lateConversions,
  );
  const viewInstalls = Math.round(impressions * 0.003 * unit(key, date, 'view') * lateConversions);
  const total = tapInstalls + viewInstalls;
  const redownloads = Math.round(total * (0.05 + 0.1 * unit(key, 'redownload')));
  return {
    impressions,
    taps,
    spendMinor,
    tapInstalls,
    viewInstalls,
    newDownloads: total - redownloads,
    redownloads,
  };
}
