import type { Service } from '@maya/contracts';

/**
 * The data services the product connects (issue 4 lists them). Ids are the spec's service ids
 * (`search_console` is the OAuth callback's alias of google_search_console, spec 001 §2); uuids
 * are fixed so that links such as sources/setup/moosend/{uuid} stay valid across installs.
 */
export const catalog: readonly Service[] = [
  service('google_ads', '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01', 'Google Ads', 'advertising', 'oauth2'),
  service('facebook_ads', '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02', 'Meta Ads', 'advertising', 'oauth2'),
  service(
    'microsoft_ads',
    '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c03',
    'Microsoft Advertising',
    'advertising',
    'oauth2',
  ),
  service(
    'apple_ads',
    '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a04',
    'Apple Ads',
    'advertising',
    'apple_ads_key_pair',
  ),
  service(
    'google_search_console',
    '2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7a05',
    'Google Search Console',
    'search',
    'oauth2',
  ),
  service(
    'google_analytics_4',
    '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e06',
    'Google Analytics 4',
    'analytics',
    'oauth2',
  ),
  service(
    'google_analytics_4_events',
    '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f07',
    'GA4 Events (BigQuery export)',
    'analytics',
    'gcp_dataset',
  ),
  service('google_play', '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a08', 'Google Play', 'app_stores', 'gcs_bucket'),
  service('moosend', '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b09', 'Moosend', 'email', 'api_key'),
];

function service(
  id: string,
  uuid: string,
  name: string,
  category: Service['category'],
  auth: Service['auth_kind'],
): Service {
  return { id, uuid, name, logo: `/logos/${id}.svg`, category, is_listed: true, auth_kind: auth };
}

/** Finds a service by id, uuid, or the OAuth callback's alias. */
export function findService(key: string): Service | null {
  const id = key === 'search_console' ? 'google_search_console' : key;
  return catalog.find((s) => s.id === id || s.uuid === key) ?? null;
}
