// The provider API versions the connectors speak: one constant per provider API, used by every URL
// the connector (and its sandbox) builds, and one table of them with each provider's documented
// sunset date. docs/connectors.md ("API versions") is checked against the table, and a test fails
// when a version comes within UPGRADE_NOTICE_DAYS of its sunset (api-versions.test.ts).
import { DAY_MS, utcDayStart } from '@maya/contracts';

/** Meta's Graph API version: the Marketing API calls, the Facebook Login dialog and token URLs. */
export const META_GRAPH_VERSION = 'v27.0';
export const GOOGLE_ADS_API_VERSION = 'v26';
/** Microsoft Advertising's Customer Management and Reporting services (REST `.../v13/...`). */
export const MICROSOFT_ADS_API_VERSION = 'v13';
/**
 * The Apple Ads Platform API (`https://api.ads.apple.com/v1/...`), which replaced the Campaign
 * Management API v5 (sunset 2027-01-26).
 */
export const APPLE_ADS_API_VERSION = 'v1';
/** The Search Console API under its webmasters v3 paths (`/webmasters/v3/...`). */
export const SEARCH_CONSOLE_API_VERSION = 'v3';
export const GA4_DATA_API_VERSION = 'v1beta';
export const GA4_ADMIN_API_VERSION = 'v1beta';
export const BIGQUERY_API_VERSION = 'v2';
/** The Cloud Storage JSON API (Google Play's reports bucket). */
export const CLOUD_STORAGE_API_VERSION = 'v1';
export const MOOSEND_API_VERSION = 'v3';
/** Google's PageSpeed Insights API (`/pagespeedonline/v5/runPagespeed`). */
export const PAGESPEED_API_VERSION = 'v5';
/** DataForSEO's API (`/v3/serp/google/organic/live/advanced`). */
export const DATAFORSEO_API_VERSION = 'v3';

/** A version the provider documents: null sunset while none is announced. */
export type DocumentedVersion = { version: string; sunset: string | null };

export type ProviderApiVersion = {
  /** Stable key of the provider API. */
  api: ProviderApiId;
  /** As docs/connectors.md names it. */
  name: string;
  /** The connectors (catalogue service ids) that call it. */
  connectors: readonly string[];
  /** The version the connectors call: the constant above. */
  version: string;
  /**
   * The documented sunset of `version` (ISO date), null while the provider announces none. When the
   * provider gives only a month, the first day of that month (the earliest it can be).
   */
  sunset: string | null;
  /** Where the provider documents it (checked 2026-11-28). */
  source: string;
  /** The other versions the provider documents, with their sunsets: what its sandbox serves. */
  others: readonly DocumentedVersion[];
};

export type ProviderApiId =
  | 'meta_marketing'
  | 'google_ads'
  | 'microsoft_ads'
  | 'apple_ads'
  | 'search_console'
  | 'ga4_data'
  | 'ga4_admin'
  | 'bigquery'
  | 'cloud_storage'
  | 'moosend'
  | 'pagespeed'
  | 'dataforseo_serp';

/** A version within this many days of its sunset fails the versions test: time to upgrade. */
export const UPGRADE_NOTICE_DAYS = 60;

export const PROVIDER_API_VERSIONS: readonly ProviderApiVersion[] = [
  {
    api: 'meta_marketing',
    name: 'Meta Marketing API (Graph API)',
    connectors: ['facebook_ads'],
    version: META_GRAPH_VERSION,
    sunset: null,
    source:
      'https://developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions',
    // The Marketing API's own expiration dates (its calls to an expired version fail with #2635).
    others: [
      { version: 'v22.0', sunset: '2026-02-19' },
      { version: 'v23.0', sunset: '2026-06-09' },
      { version: 'v24.0', sunset: '2026-11-10' },
      { version: 'v25.0', sunset: '2027-02-23' },
      { version: 'v26.0', sunset: null },
    ],
  },
  {
    api: 'google_ads',
    name: 'Google Ads API',
    connectors: ['google_ads'],
    version: GOOGLE_ADS_API_VERSION,
    // Projected: November 2027.
    sunset: '2027-11-01',
    source: 'https://developers.google.com/google-ads/api/docs/sunset-dates',
    others: [
      { version: 'v20', sunset: '2026-06-10' },
      { version: 'v21', sunset: '2026-08-05' },
      { version: 'v22', sunset: '2026-10-07' },
      { version: 'v23', sunset: '2027-02-01' },
      { version: 'v24', sunset: '2027-05-01' },
      { version: 'v25', sunset: '2027-08-01' },
    ],
  },
  {
    api: 'microsoft_ads',
    name: 'Microsoft Advertising API',
    connectors: ['microsoft_ads'],
    version: MICROSOFT_ADS_API_VERSION,
    sunset: null,
    source:
      'https://techcommunity.microsoft.com/blog/adsapiblog/announcing-general-availability-of-bing-ads-api-v13/639065',
    others: [{ version: 'v12', sunset: '2019-10-31' }],
  },
  {
    api: 'apple_ads',
    name: 'Apple Ads Platform API',
    connectors: ['apple_ads'],
    version: APPLE_ADS_API_VERSION,
    // API 1.0, released August 2026; it supersedes the Campaign Management API v5, sunset on
    // 2027-01-26 (a separate API on api.searchads.apple.com that the connectors no longer call).
    sunset: null,
    source:
      'https://developer.apple.com/documentation/apple-ads-platform-api/changelog-apple-ads-platform-api',
    others: [],
  },
  {
    api: 'search_console',
    name: 'Search Console API (webmasters v3)',
    connectors: ['google_search_console'],
    version: SEARCH_CONSOLE_API_VERSION,
    sunset: null,
    source: 'https://developers.google.com/webmaster-tools',
    others: [],
  },
  {
    api: 'ga4_data',
    name: 'Google Analytics Data API',
    connectors: ['google_analytics_4'],
    version: GA4_DATA_API_VERSION,
    sunset: null,
    source: 'https://developers.google.com/analytics/devguides/reporting/data/v1/rest',
    others: [],
  },
  {
    api: 'ga4_admin',
    name: 'Google Analytics Admin API',
    connectors: ['google_analytics_4'],
    version: GA4_ADMIN_API_VERSION,
    sunset: null,
    source: 'https://developers.google.com/analytics/devguides/config/admin/v1/rest',
    others: [],
  },
  {
    api: 'bigquery',
    name: 'BigQuery API',
    connectors: ['google_analytics_4_events'],
    version: BIGQUERY_API_VERSION,
    sunset: null,
    source: 'https://cloud.google.com/bigquery/docs/reference/rest',
    others: [],
  },
  {
    api: 'cloud_storage',
    name: 'Cloud Storage JSON API',
    connectors: ['google_play'],
    version: CLOUD_STORAGE_API_VERSION,
    sunset: null,
    source: 'https://cloud.google.com/storage/docs/json_api',
    others: [],
  },
  {
    api: 'moosend',
    name: 'Moosend API',
    connectors: ['moosend'],
    version: MOOSEND_API_VERSION,
    sunset: null,
    source: 'https://docs.moosend.com/api-documentation',
    others: [],
  },
  {
    api: 'pagespeed',
    name: 'PageSpeed Insights API',
    // Not a data source: the PageSpeed URLs job (server module pagespeed).
    connectors: ['pagespeed'],
    version: PAGESPEED_API_VERSION,
    sunset: null,
    source: 'https://developers.google.com/speed/docs/insights/rest/v5/pagespeedapi/runpagespeed',
    others: [],
  },
  {
    api: 'dataforseo_serp',
    name: 'DataForSEO SERP API',
    // Not a data source: the competition reports job (server module competitors).
    connectors: ['dataforseo'],
    version: DATAFORSEO_API_VERSION,
    sunset: null,
    source: 'https://docs.dataforseo.com/v3/serp/google/organic/live/advanced/',
    others: [],
  },
];

export function providerApi(api: ProviderApiId): ProviderApiVersion {
  const found = PROVIDER_API_VERSIONS.find((entry) => entry.api === api);
  if (!found) throw new Error(`unknown provider API ${api}`);
  return found;
}

/** Whole days from `today` to `sunset` (negative once past). */
export function daysUntil(sunset: string, today: string): number {
  return Math.round((utcDayStart(sunset) - utcDayStart(today)) / DAY_MS);
}

export type VersionDue = { api: ProviderApiId; version: string; sunset: string; daysLeft: number };

/**
 * The versions the connectors call that are within `noticeDays` of their sunset on `today` (or
 * past it): each one is an upgrade to make now.
 */
export function versionsDue(
  today: string,
  table: readonly ProviderApiVersion[] = PROVIDER_API_VERSIONS,
  noticeDays = UPGRADE_NOTICE_DAYS,
): VersionDue[] {
  return table.flatMap((entry) => {
    if (entry.sunset === null) return [];
    const daysLeft = daysUntil(entry.sunset, today);
    return daysLeft <= noticeDays
      ? [{ api: entry.api, version: entry.version, sunset: entry.sunset, daysLeft }]
      : [];
  });
}

/** How the provider answers a version on `today`. */
export type VersionStatus = 'served' | 'sunset' | 'unknown';

/**
 * Whether the provider serves `version` on `today`: a documented version until its sunset; a
 * version older than every documented one has long been sunset; anything else does not exist.
 */
export function versionStatus(api: ProviderApiId, version: string, today: string): VersionStatus {
  const entry = providerApi(api);
  const documented: DocumentedVersion[] = [...entry.others, { version: entry.version, sunset: entry.sunset }];
  const found = documented.find((d) => d.version === version);
  if (found) return found.sunset === null || today < found.sunset ? 'served' : 'sunset';
  const number = versionNumber(version);
  if (number === null) return 'unknown';
  const oldest = Math.min(...documented.map((d) => versionNumber(d.version) ?? Infinity));
  return number < oldest ? 'sunset' : 'unknown';
}

/** 'v27.0' → 27, 'v26' → 26, 'v1beta' → 1; null when it is not a version. */
function versionNumber(version: string): number | null {
  const match = /^v(\d+(?:\.\d+)?)[a-z0-9]*$/.exec(version);
  return match ? Number(match[1]) : null;
}
