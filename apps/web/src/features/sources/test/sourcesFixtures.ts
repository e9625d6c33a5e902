import type { Features, Organization, SelectableAccount, Service, ServiceAccount } from '@maya/contracts';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type ApiCall,
  type RouteHandler,
} from '../../../test/organizationFixtures';

export const acme = organizationFixture({ slug: 'acme', name: 'Acme' });
export const demo = organizationFixture({ slug: 'showcase', name: 'Showcase', is_demo: true });

function service(
  id: string,
  uuid: string,
  name: string,
  category: Service['category'],
  auth_kind: Service['auth_kind'],
): Service {
  return { id, uuid, name, logo: `/logos/${id}.svg`, category, is_listed: true, auth_kind };
}

export const googleAds = service(
  'google_ads',
  '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01',
  'Google Ads',
  'advertising',
  'oauth2',
);
export const facebookAds = service(
  'facebook_ads',
  '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02',
  'Meta Ads',
  'advertising',
  'oauth2',
);
export const appleAds = service(
  'apple_ads',
  '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a04',
  'Apple Ads',
  'advertising',
  'apple_ads_key_pair',
);
export const searchConsole = service(
  'google_search_console',
  '2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7a05',
  'Google Search Console',
  'search',
  'oauth2',
);
export const ga4 = service(
  'google_analytics_4',
  '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e06',
  'Google Analytics 4',
  'analytics',
  'oauth2',
);
export const ga4Events = service(
  'google_analytics_4_events',
  '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f07',
  'GA4 Events (BigQuery export)',
  'analytics',
  'gcp_dataset',
);
export const googlePlay = service(
  'google_play',
  '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a08',
  'Google Play',
  'app_stores',
  'gcs_bucket',
);
export const moosend = service(
  'moosend',
  '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b09',
  'Moosend',
  'email',
  'api_key',
);

export const services: Service[] = [
  googleAds,
  facebookAds,
  appleAds,
  searchConsole,
  ga4,
  ga4Events,
  googlePlay,
  moosend,
];

let counter = 0;
export function accountFixture(svc: Service, overrides: Partial<ServiceAccount> = {}): ServiceAccount {
  counter += 1;
  return {
    uuid: `aaaaaaaa-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    identifier: `id-${counter}`,
    name: `${svc.name} account ${counter}`,
    id_label: `ID ${counter}`,
    service: svc.id,
    service_uuid: svc.uuid,
    sync_status: 'finished',
    sync_error: null,
    connected_at: '2025-03-04T12:00:00.000Z',
    last_synced_at: null,
    needs_reconnect: false,
    backfill_percent: null,
    time_zone: null,
    organization_id: acme.id,
    ...overrides,
  };
}

export function selectable(
  identifier: string,
  name: string,
  overrides: Partial<SelectableAccount> = {},
): SelectableAccount {
  return {
    identifier,
    id_label: identifier,
    name,
    parent_id: null,
    selectable: true,
    metadata: { thumbnail_url: null },
    ...overrides,
  };
}

export function featuresFixture(overrides: Partial<Features> = {}): Features {
  return {
    is_trial: false,
    integrations: services.map((entry) => entry.id),
    can_add_accounts: true,
    can_add_users: true,
    has_database_access: true,
    can_configure_destination: true,
    data_history: -1,
    can_add_custom_reports: true,
    ...overrides,
  };
}

export type SourcesApi = {
  organization?: Organization;
  accounts?: () => ServiceAccount[];
  features?: Features;
  routes?: Record<string, RouteHandler>;
};

/** The shell's and the sources area's answers. */
export function sourcesRoutes({
  organization = acme,
  accounts = () => [],
  features = featuresFixture(),
  routes = {},
}: SourcesApi = {}): Record<string, RouteHandler> {
  return {
    ...accountRoutes({ organizations: [organization, demo] }),
    'GET /api/user/subscriptions/check': () =>
      json(200, { has_unlinked_subscription: false, subscriptions: [] }),
    'GET /api/services': () => json(200, { services }),
    'GET /api/service_accounts': () => json(200, { service_accounts: accounts() }),
    'GET /api/service_accounts/warnings': () => json(200, { count: 0, accounts: [] }),
    'POST /api/features': () => json(200, features),
    ...routes,
  };
}

/** Signs in, answers the shell and the sources calls, and renders the app at `entry`. */
export function renderSources(entry: Parameters<typeof renderApp>[0], api: SourcesApi = {}) {
  signIn();
  const calls = mockRoutes(sourcesRoutes(api));
  return { ...renderApp(entry), calls };
}

/** The calls of one method and path. */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
