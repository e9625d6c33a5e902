// Campaign types as people read them, one label per kind of campaign across services: Google's
// channel types (SEARCH, PERFORMANCE_MAX), Meta's objectives (OUTCOME_LEADS) and Microsoft's
// campaign types ('Search & content') become 'Search', 'Performance Max', 'Leads'. Filters, tables
// and the AI Builder's prompts then see the words of the platforms' own interfaces, and "Search"
// is one value whether the campaign runs on Google or Microsoft.
import type { AdService } from './channels';
import { literal } from './dialect';

export const CAMPAIGN_TYPE_LABELS = [
  'Search',
  'Display',
  'Shopping',
  'Video',
  'App',
  'Performance Max',
  'Demand Gen',
  'Smart',
  'Local',
  'Local Services',
  'Hotel',
  'Travel',
  'Audience',
  'Awareness',
  'Traffic',
  'Engagement',
  'Leads',
  'Sales',
] as const;
export type CampaignTypeLabel = (typeof CAMPAIGN_TYPE_LABELS)[number];

/** A code, upper case, to its label; null for a provider's "unknown" or "unspecified". */
type CodeLabels = Readonly<Record<string, CampaignTypeLabel | null>>;

/** Google Ads `campaign.advertising_channel_type` (AdvertisingChannelTypeEnum). */
const GOOGLE_ADS: CodeLabels = {
  SEARCH: 'Search',
  DISPLAY: 'Display',
  SHOPPING: 'Shopping',
  VIDEO: 'Video',
  // App campaigns.
  MULTI_CHANNEL: 'App',
  PERFORMANCE_MAX: 'Performance Max',
  DEMAND_GEN: 'Demand Gen',
  // Discovery campaigns were upgraded to Demand Gen.
  DISCOVERY: 'Demand Gen',
  SMART: 'Smart',
  LOCAL: 'Local',
  LOCAL_SERVICES: 'Local Services',
  HOTEL: 'Hotel',
  TRAVEL: 'Travel',
  UNKNOWN: null,
  UNSPECIFIED: null,
};

/**
 * Meta's campaign objectives: the six of Ads Manager, and the objectives before them (still on
 * older campaigns) under the one Meta folded each into, so that a goal has one label.
 */
const META_ADS: CodeLabels = {
  OUTCOME_AWARENESS: 'Awareness',
  OUTCOME_TRAFFIC: 'Traffic',
  OUTCOME_ENGAGEMENT: 'Engagement',
  OUTCOME_LEADS: 'Leads',
  OUTCOME_APP_PROMOTION: 'App',
  OUTCOME_SALES: 'Sales',
  BRAND_AWARENESS: 'Awareness',
  REACH: 'Awareness',
  LOCAL_AWARENESS: 'Awareness',
  STORE_VISITS: 'Awareness',
  LINK_CLICKS: 'Traffic',
  POST_ENGAGEMENT: 'Engagement',
  PAGE_LIKES: 'Engagement',
  EVENT_RESPONSES: 'Engagement',
  VIDEO_VIEWS: 'Engagement',
  MESSAGES: 'Engagement',
  OFFER_CLAIMS: 'Engagement',
  LEAD_GENERATION: 'Leads',
  APP_INSTALLS: 'App',
  CONVERSIONS: 'Sales',
  PRODUCT_CATALOG_SALES: 'Sales',
};

/**
 * Microsoft Advertising's CampaignType: the reports' words ('Search & content', 'Dynamic search
 * ads', 'Performance max') and the API's names (SearchAndContent, DynamicSearchAds).
 */
const MICROSOFT_ADS: CodeLabels = {
  'SEARCH & CONTENT': 'Search',
  SEARCHANDCONTENT: 'Search',
  SEARCH: 'Search',
  // Dynamic search ads are search campaigns (Microsoft merged them into Search campaigns).
  'DYNAMIC SEARCH ADS': 'Search',
  DYNAMICSEARCHADS: 'Search',
  DYNAMICSEARCH: 'Search',
  SHOPPING: 'Shopping',
  AUDIENCE: 'Audience',
  'PERFORMANCE MAX': 'Performance Max',
  PERFORMANCEMAX: 'Performance Max',
  SMART: 'Smart',
  HOTEL: 'Hotel',
  APP: 'App',
};

/**
 * Apple Ads campaigns' `adChannelType`: search results and the search tab are SEARCH, the Today
 * tab and product pages DISPLAY (Apple's own placements, `supplySources`, stay in the raw table).
 */
const APPLE_ADS: CodeLabels = {
  SEARCH: 'Search',
  DISPLAY: 'Display',
};

/** Each service's codes. */
export const CAMPAIGN_TYPE_CODES: Readonly<Record<AdService, CodeLabels>> = {
  google_ads: GOOGLE_ADS,
  facebook_ads: META_ADS,
  microsoft_ads: MICROSOFT_ADS,
  apple_ads: APPLE_ADS,
};

/** A code's test: '&' is no plain SQL constant (literal()), so LIKE's one-character wildcard stands for it. */
function matches(value: string, code: string): string {
  return code.includes('&')
    ? `${value} LIKE ${literal(code.replaceAll('&', '_'))}`
    : `${value} = ${literal(code)}`;
}

/**
 * The label of a service's raw campaign type, as SQL every engine runs. A code the table does not
 * know yet (a type a provider adds) reads in sentence case (`NEW_TYPE` → 'New type'), a value
 * already written for people is kept, and blank is NULL.
 */
export function campaignTypeSql(service: AdService, raw: string): string {
  const trimmed = `TRIM(${raw})`;
  const upper = `UPPER(${trimmed})`;
  const whens = Object.entries(CAMPAIGN_TYPE_CODES[service]).map(
    ([code, label]) => `WHEN ${matches(upper, code)} THEN ${label === null ? 'NULL' : literal(label)}`,
  );
  const spaced = `REPLACE(${trimmed}, ${literal('_')}, ${literal(' ')})`;
  const sentence = `UPPER(SUBSTR(${spaced}, 1, 1)) || LOWER(SUBSTR(${spaced}, 2))`;
  return `CASE WHEN ${trimmed} = '' THEN NULL ${whens.join(' ')}
    WHEN ${upper} = ${trimmed} THEN ${sentence} ELSE ${trimmed} END`;
}
