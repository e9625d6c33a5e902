// Other names of values of the data, by column, as marketers type them: channels by their
// platform's names ("Meta", "facebook", "bing", "adwords"), countries by their English names and
// ISO codes (the data holds alpha-3 codes, 'deu'), devices, campaign types. And the names the
// prompt may use for what the organization does not have: ad platforms it has no data of, and
// metrics no model holds, so that such a prompt is refused instead of answered with something else.
import { CAMPAIGN_TYPE_LABELS, type CampaignTypeLabel } from '../../models/campaign-types';
import type { AD_SERVICES } from '../../models/channels';
import { ISO_COUNTRIES } from './countries';

type ChannelName = (typeof AD_SERVICES)[keyof typeof AD_SERVICES];

const CHANNEL_ALIASES: Record<ChannelName, readonly string[]> = {
  'Google Ads': ['google', 'adwords', 'google adwords', 'gads', 'google search ads'],
  'Meta Ads': ['meta', 'facebook', 'facebook ads', 'fb', 'fb ads', 'instagram', 'ig', 'meta ads manager'],
  'Microsoft Ads': ['microsoft', 'microsoft advertising', 'bing', 'bing ads', 'msft'],
  'Apple Ads': ['apple', 'apple search ads', 'asa'],
};

/** Ad platforms no connector loads yet: named, they are sources the organization has no data of. */
const OTHER_AD_PLATFORMS: readonly string[] = [
  'TikTok',
  'TikTok Ads',
  'LinkedIn',
  'LinkedIn Ads',
  'Snapchat',
  'Pinterest',
  'Twitter',
  'Twitter Ads',
  'X Ads',
  'Reddit',
  'Reddit Ads',
  'Amazon Ads',
  'Criteo',
  'Taboola',
  'Outbrain',
  'Quora',
  'Yahoo',
  'Yandex',
];

/** Every name of an ad platform, with the channel it is (null: one no connector loads). */
export const AD_PLATFORM_NAMES: readonly { name: string; channel: string | null }[] = [
  ...Object.entries(CHANNEL_ALIASES).flatMap(([channel, aliases]) =>
    [channel, ...aliases].map((name) => ({ name, channel })),
  ),
  ...OTHER_AD_PLATFORMS.map((name) => ({ name, channel: null })),
];

/** Names countries go by besides iso-codes' (which has "United Kingdom", not "UK"). */
const COUNTRY_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  usa: ['USA', 'America', 'the States'],
  gbr: ['UK', 'Great Britain', 'Britain', 'England'],
  nld: ['Holland'],
  tur: ['Turkey'],
  rus: ['Russia'],
  kor: ['Korea'],
  cze: ['Czech Republic'],
  are: ['UAE', 'Emirates'],
  vnm: ['Vietnam'],
  irn: ['Iran'],
  syr: ['Syria'],
  tza: ['Tanzania'],
  bol: ['Bolivia'],
  ven: ['Venezuela'],
  mda: ['Moldova'],
  lao: ['Laos'],
  twn: ['Taiwan'],
};

const COUNTRIES = ISO_COUNTRIES.map(([alpha3, alpha2, names]) => ({ alpha3, alpha2, names }));

/** A country code of the data ('deu', or 'DE' where a source keeps alpha-2) by its other names. */
function countryNames(value: string): readonly string[] {
  const code = value.toLowerCase();
  const country = COUNTRIES.find((c) => c.alpha3 === code || c.alpha2.toLowerCase() === code);
  if (country === undefined) return [];
  // Codes count typed in capitals only ("US", "DEU"): see capitalsOnly.
  return [
    ...country.names.split('|'),
    country.alpha2,
    country.alpha3.toUpperCase(),
    ...(COUNTRY_EXTRAS[country.alpha3] ?? []),
  ];
}

/** A value as people read it: a country code by the country's name ('deu': "Germany (deu)"). */
export function readableValue(column: string, value: string): string {
  if (column !== 'country') return value;
  const name = countryNames(value)[0];
  return name === undefined ? value : `${name} (${value})`;
}

const DEVICE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  mobile: ['mobile', 'phone', 'phones', 'smartphone', 'smartphones', 'mobile phone'],
  desktop: ['desktop', 'desktops', 'computer', 'computers', 'pc'],
  tablet: ['tablet', 'tablets', 'ipad'],
};

/**
 * The campaign types' labels (campaign-types.ts) as marketers also say them ("pmax" campaigns are
 * Performance Max ones).
 */
const CAMPAIGN_TYPE_SYNONYMS: Partial<Record<CampaignTypeLabel, readonly string[]>> = {
  'Performance Max': ['pmax', 'perf max'],
  'Demand Gen': ['demand generation', 'discovery'],
  'Local Services': ['local services ads', 'lsa'],
  App: ['app install', 'app installs', 'app promotion'],
  Leads: ['lead gen', 'lead generation'],
  Awareness: ['brand awareness'],
  Video: ['youtube'],
};

/**
 * Campaign types by the names that are no everyday words ("Performance Max", "pmax", not
 * "Search"): named while the data has none of them, they are refused, not left out.
 */
export const DISTINCT_CAMPAIGN_TYPES: readonly { label: string; names: readonly string[] }[] =
  CAMPAIGN_TYPE_LABELS.map((label) => ({
    label,
    names: [...(label.includes(' ') ? [label] : []), ...(CAMPAIGN_TYPE_SYNONYMS[label] ?? [])].filter(
      (name) => name !== 'youtube' && name !== 'discovery',
    ),
  })).filter((t) => t.names.length > 0);

/** The names a value of the column also goes by (not the value itself). */
export function otherNames(column: string, value: string): readonly string[] {
  switch (column) {
    case 'channel':
      return CHANNEL_ALIASES[value as ChannelName] ?? [];
    case 'country':
      return countryNames(value);
    case 'device':
      return DEVICE_ALIASES[value.toLowerCase()] ?? [];
    case 'campaign_type':
      return CAMPAIGN_TYPE_SYNONYMS[value as CampaignTypeLabel] ?? [];
    default:
      return [];
  }
}

/** Short names that are no everyday words and count in lower case too ("fb spend"). */
export const LOWER_CASE_ALIASES = new Set(['fb', 'ig']);

/**
 * Whether a name of a value counts only in capitals: country codes, which in lower case are
 * everyday words ("us", "it", "and" is Andorra).
 */
export const capitalsOnly = (column: string, name: string) =>
  column === 'country' && /^[A-Za-z]{2,3}$/.test(name);

/**
 * Metrics marketers ask for that none of the product's models holds (decision 223): named, the
 * prompt is refused rather than answered with another metric.
 */
export const UNAVAILABLE_METRICS: Readonly<Record<string, readonly string[]>> = {
  'Bounce rate': ['bounce rate', 'bounces', 'bounce'],
  Sessions: ['sessions', 'visits'],
  Users: ['users', 'new users', 'visitors', 'active users'],
  Pageviews: ['pageviews', 'page views'],
  'Average order value': ['average order value', 'avg order value', 'aov', 'basket size'],
  CPM: ['cpm', 'cost per mille', 'cost per thousand', 'cost per thousand impressions'],
  Reach: ['reach'],
  Frequency: ['frequency'],
  'Impression share': ['impression share', 'search impression share'],
  'Video views': ['video views', 'views', 'view rate', 'thruplays'],
  'Engagement rate': ['engagement rate', 'engagement', 'engagements'],
  'Lifetime value': ['ltv', 'lifetime value', 'clv'],
  ROI: ['roi', 'return on investment'],
  Orders: ['orders', 'transactions'],
  Profit: ['profit', 'margin'],
  'Add to cart': ['add to cart', 'add to carts', 'adds to cart'],
};
