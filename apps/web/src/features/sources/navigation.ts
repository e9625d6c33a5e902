import { unreachable } from '@maya/contracts';
import type { AuthKind, Service } from '@maya/contracts';
import { organizationPath } from '../organizations';

/** The providers' alias of a service id (spec 001 §2 OAuth callback). */
const SERVICE_ID_ALIASES: Record<string, string> = { search_console: 'google_search_console' };

export function canonicalServiceId(serviceId: string): string {
  return SERVICE_ID_ALIASES[serviceId] ?? serviceId;
}

export type ConnectedState = { connected: string };

/** Navigation state that asks the sources page for the '{service} connected succesfully.' toast. */
export function connectedState(serviceName: string): ConnectedState {
  return { connected: serviceName };
}

export function connectedServiceName(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { connected } = state as Partial<ConnectedState>;
  return typeof connected === 'string' && connected !== '' ? connected : null;
}

export function sourcesPath(slug: string): string {
  return organizationPath(slug, 'sources');
}

/** sources/add, with the error banner's text when given. */
export function addSourcePath(slug: string, error?: string): string {
  const path = organizationPath(slug, 'sources/add');
  return error === undefined ? path : `${path}?${new URLSearchParams({ error }).toString()}`;
}

export function authorizationRedirectPath(slug: string, serviceUuid: string): string {
  return organizationPath(slug, `sources/${encodeURIComponent(serviceUuid)}/redirect`);
}

export function selectAccountsPath(slug: string): string {
  return organizationPath(slug, 'integrations/add');
}

export function billingCheckoutPath(slug: string): string {
  return organizationPath(slug, 'billing/checkout');
}

export function billingProductsPath(slug: string): string {
  return organizationPath(slug, 'billing/products');
}

/** The setup screen of a service that does not connect through an OAuth consent. */
const SETUP_SCREENS: Record<Exclude<AuthKind, 'oauth2'>, string> = {
  api_key: 'moosend',
  apple_ads_key_pair: 'apple_ads',
  gcp_dataset: 'google_analytics_4_events',
  gcs_bucket: 'google_play',
};

/** Where connecting (or reconnecting) a service starts: its authorization redirect or its setup screen. */
export function connectPath(slug: string, service: Pick<Service, 'uuid' | 'auth_kind'>): string {
  const kind = service.auth_kind;
  switch (kind) {
    case 'oauth2':
      return authorizationRedirectPath(slug, service.uuid);
    case 'api_key':
    case 'apple_ads_key_pair':
    case 'gcp_dataset':
    case 'gcs_bucket':
      return organizationPath(
        slug,
        `sources/setup/${SETUP_SCREENS[kind]}/${encodeURIComponent(service.uuid)}`,
      );
    default: {
      return unreachable(kind);
    }
  }
}

/** The Meta Business Manager page where ad accounts are added to a business. */
export const FACEBOOK_AD_ACCOUNTS_URL = 'https://business.facebook.com/settings/ad-accounts';
