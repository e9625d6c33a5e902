// The Meta sandbox's world: two businesses and a personal ad account, each account with campaigns,
// ad sets and ads, and daily delivery that is a pure function of (account, ad, date). Ad-level
// numbers are generated in the account currency's minor unit and summed upwards, so a campaign's
// spend on a day is exactly the sum of its ad sets' and ads' (the reconciliation rule).
import { addDays } from '@maya/contracts';
import { VOCABULARY, daily, hash, pick, unit } from '../../sandbox/apis/data';
import { META_SANDBOX_NO_AD_ACCOUNTS_EMAIL } from '../../sandbox/meta';

export type MetaBusiness = { id: string; name: string };

export type MetaAdAccount = {
  /** Without the `act_` prefix, as the `account_id` field answers it. */
  accountId: string;
  name: string;
  currency: string;
  timezone: string;
  /** The business that owns it (its `business` field), or null for a personal ad account. */
  business: MetaBusiness | null;
  /** Businesses it is shared with as a client (agency) ad account. */
  clientOf: string[];
  /** Whether the user has a role on the account itself (listed by /me/adaccounts). */
  directRole: boolean;
};

const NORTHPEAK: MetaBusiness = { id: '104857600123456', name: 'Northpeak Outdoor GmbH' };
const TRAILFOX: MetaBusiness = { id: '104857600654321', name: 'Trailfox Media KK' };
/** Owns a client account shared with Northpeak; the user is not a member of it. */
const ACME: MetaBusiness = { id: '104857600999999', name: 'Acme Retail Ltd' };

/** The businesses the sandbox user belongs to. */
export const META_SANDBOX_BUSINESSES: readonly MetaBusiness[] = [NORTHPEAK, TRAILFOX];

export const META_SANDBOX_AD_ACCOUNTS: readonly MetaAdAccount[] = [
  {
    accountId: '238400000000001',
    name: 'Northpeak EU',
    currency: 'EUR',
    timezone: 'Europe/Berlin',
    business: NORTHPEAK,
    clientOf: [],
    directRole: true,
  },
  {
    accountId: '238400000000002',
    name: 'Northpeak US',
    currency: 'USD',
    timezone: 'America/New_York',
    business: NORTHPEAK,
    clientOf: [],
    directRole: true,
  },
  {
    accountId: '238400000000003',
    name: 'Acme Retail UK',
    currency: 'GBP',
    timezone: 'Europe/London',
    business: ACME,
    clientOf: [NORTHPEAK.id],
    directRole: false,
  },
  {
    accountId: '238400000000004',
    name: 'Trailfox Japan',
    currency: 'JPY',
    timezone: 'Asia/Tokyo',
    business: TRAILFOX,
    clientOf: [],
    directRole: false,
  },
  {
    accountId: '238400000000005',
    name: 'Side project',
    currency: 'EUR',
    timezone: 'Europe/Athens',
    business: null,
    clientOf: [],
    directRole: true,
  },
];

/** Digits after the decimal point in the currency's amounts (ISO 4217 minor unit). */
export function currencyExponent(currency: string): number {
  return currency === 'JPY' || currency === 'KRW' ? 0 : 2;
}

/** The ad accounts a user can see (the empty-state user sees none). */
export function adAccountsOf(email: string): readonly MetaAdAccount[] {
  return email === META_SANDBOX_NO_AD_ACCOUNTS_EMAIL ? [] : META_SANDBOX_AD_ACCOUNTS;
}

export function businessesOf(email: string): readonly MetaBusiness[] {
  return email === META_SANDBOX_NO_AD_ACCOUNTS_EMAIL ? [] : META_SANDBOX_BUSINESSES;
}

export type Objective = 'OUTCOME_SALES' | 'OUTCOME_TRAFFIC' | 'OUTCOME_LEADS';

export type MetaAd = { id: string; name: string; adSetId: string; campaignId: string };
export type MetaAdSet = { id: string; name: string; campaignId: string; ads: MetaAd[] };
export type MetaCampaign = {
  id: string;
  name: string;
  objective: Objective;
  /** First and last day of delivery (the last may be null: still running). */
  start: string;
  end: string | null;
  adSets: MetaAdSet[];
};

const OBJECTIVES: readonly Objective[] = ['OUTCOME_SALES', 'OUTCOME_TRAFFIC', 'OUTCOME_LEADS'];

/** An 18-digit Graph object id, stable for the keys. */
function graphId(prefix: string, ...keys: (string | number)[]): string {
  return `${prefix}${String(hash(...keys)).padStart(10, '0')}${String(hash(...keys, 'x') % 10_000).padStart(4, '0')}`;
}

const structures = new Map<string, MetaCampaign[]>();

/** The account's campaigns, ad sets and ads (3–5 campaigns × 2–3 ad sets × 2–3 ads). */
export function campaignsOf(accountId: string): MetaCampaign[] {
  const cached = structures.get(accountId);
  if (cached) return cached;
  const campaigns: MetaCampaign[] = [];
  const count = 3 + (hash('campaigns', accountId) % 3);
  for (let c = 0; c < count; c++) {
    const id = graphId('1202', accountId, 'campaign', c);
    const product = pick(VOCABULARY.products, accountId, c, 'product');
    const objective = pick(OBJECTIVES, accountId, c, 'objective');
    const start = addDays('2023-06-01', hash(id, 'start') % 900);
    const ends = unit(id, 'ends') < 0.3;
    const adSets: MetaAdSet[] = [];
    const setCount = 2 + (hash(id, 'sets') % 2);
    for (let s = 0; s < setCount; s++) {
      const adSetId = graphId('1203', id, 'adset', s);
      const audience = pick(VOCABULARY.modifiers, id, s, 'audience');
      const ads: MetaAd[] = [];
      const adCount = 2 + (hash(adSetId, 'ads') % 2);
      for (let a = 0; a < adCount; a++) {
        ads.push({
          id: graphId('1204', adSetId, 'ad', a),
          name: `${product} – creative ${a + 1}`,
          adSetId,
          campaignId: id,
        });
      }
      adSets.push({ id: adSetId, name: `${product} | ${audience}`, campaignId: id, ads });
    }
    campaigns.push({
      id,
      name: `${pick(VOCABULARY.brands, accountId, c)} | ${product} | ${objective.slice(8).toLowerCase()}`,
      objective,
      start,
      end: ends ? addDays(start, 60 + (hash(id, 'length') % 240)) : null,
      adSets,
    });
  }
  structures.set(accountId, campaigns);
  return campaigns;
}

/** Standard action types the sandbox reports, in the order Meta lists them; custom conversions follow. */
export const ACTION_TYPES = [
  'link_click',
  'landing_page_view',
  'add_to_cart',
  'lead',
  'purchase',
  'offsite_conversion.fb_pixel_purchase',
] as const;
/** A standard action type or a custom conversion (`offsite_conversion.custom.{id}`). */
export type ActionType = string;

/**
 * The account's custom conversion ("Newsletter sign-up" on its thank-you page), reported as Meta
 * reports custom conversions: `offsite_conversion.custom.{custom conversion id}`, without a value.
 */
export function customConversionOf(account: MetaAdAccount): string {
  return `offsite_conversion.custom.7${account.accountId.slice(-14)}`;
}

/** One entity's delivery on one day; money in the account currency's minor unit. */
export type DayMetrics = {
  impressions: number;
  clicks: number;
  inlineLinkClicks: number;
  spendMinor: number;
  actions: Map<ActionType, number>;
  actionValuesMinor: Map<ActionType, number>;
};

export function emptyMetrics(): DayMetrics {
  return {
    impressions: 0,
    clicks: 0,
    inlineLinkClicks: 0,
    spendMinor: 0,
    actions: new Map(),
    actionValuesMinor: new Map(),
  };
}

export function addMetrics(into: DayMetrics, from: DayMetrics): void {
  into.impressions += from.impressions;
  into.clicks += from.clicks;
  into.inlineLinkClicks += from.inlineLinkClicks;
  into.spendMinor += from.spendMinor;
  for (const [type, value] of from.actions) into.actions.set(type, (into.actions.get(type) ?? 0) + value);
  for (const [type, value] of from.actionValuesMinor) {
    into.actionValuesMinor.set(type, (into.actionValuesMinor.get(type) ?? 0) + value);
  }
}

/**
 * An ad's delivery on a day, or null when it did not deliver (Meta omits such rows);
 * `lateConversions` multiplies its leads and purchases (a restatement of the day; 1: none).
 */
export function adDay(
  account: MetaAdAccount,
  campaign: MetaCampaign,
  ad: MetaAd,
  date: string,
  lateConversions = 1,
): DayMetrics | null {
  if (date < campaign.start || (campaign.end !== null && date > campaign.end)) return null;
  const impressions = daily(300 + (hash(ad.id, 'reach') % 4000), date, ad.id);
  if (impressions === 0) return null;
  const ctr = 0.006 + 0.025 * unit(ad.id, 'ctr');
  const clicks = Math.round(impressions * ctr * (0.8 + 0.4 * unit(ad.id, date, 'ctr')));
  // Cost per click in minor units: 0.15–1.50 in two-decimal currencies, 20–200 yen.
  const cpcMinor =
    currencyExponent(account.currency) === 0
      ? 20 + (hash(ad.id, 'cpc') % 180)
      : 15 + (hash(ad.id, 'cpc') % 135);
  const spendMinor = Math.round(clicks * cpcMinor * (0.85 + 0.3 * unit(ad.id, date, 'cpc')));
  const inlineLinkClicks = Math.round(clicks * 0.82);
  const landingPageViews = Math.round(inlineLinkClicks * 0.7);
  const actions = new Map<ActionType, number>();
  const values = new Map<ActionType, number>();
  const put = (type: ActionType, count: number) => {
    if (count > 0) actions.set(type, count);
  };
  put('link_click', inlineLinkClicks);
  put('landing_page_view', landingPageViews);
  put(
    customConversionOf(account),
    Math.round(landingPageViews * (0.01 + 0.03 * unit(ad.id, date, 'signup')) * lateConversions),
  );
  if (campaign.objective === 'OUTCOME_LEADS') {
    put('lead', Math.round(landingPageViews * (0.04 + 0.08 * unit(ad.id, date, 'lead')) * lateConversions));
  } else {
    const carts = Math.round(landingPageViews * (0.06 + 0.1 * unit(ad.id, date, 'cart')));
    const purchases = Math.round(carts * (0.2 + 0.3 * unit(ad.id, date, 'purchase')) * lateConversions);
    put('add_to_cart', carts);
    put('purchase', purchases);
    put('offsite_conversion.fb_pixel_purchase', purchases);
    if (purchases > 0) {
      const order =
        currencyExponent(account.currency) === 0
          ? 4000 + (hash(ad.id, 'aov') % 9000)
          : 2500 + (hash(ad.id, 'aov') % 9000);
      const value = Math.round(purchases * order * (0.8 + 0.4 * unit(ad.id, date, 'aov')));
      values.set('purchase', value);
      values.set('offsite_conversion.fb_pixel_purchase', value);
    }
  }
  return { impressions, clicks, inlineLinkClicks, spendMinor, actions, actionValuesMinor: values };
}

/** Minor units as Meta writes amounts: a decimal string without trailing zeros ("12.3", "7"). */
export function formatAmount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const scale = 10 ** exponent;
  const whole = Math.floor(minor / scale);
  const fraction = String(minor % scale)
    .padStart(exponent, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
