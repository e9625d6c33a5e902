import {
  BillingDetailsResponseSchema,
  CountryListResponseSchema,
  EntitlementsSchema,
  ProductListResponseSchema,
  RedirectResponseSchema,
  type BillingDetails,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /billing/products: the marketplace's products, the current plan not purchasable. */
export function listProducts(organizationId: string, client: ApiClient = apiClient) {
  return client.get('/billing/products', {
    query: { organization_id: organizationId },
    parse: (raw) => ProductListResponseSchema.parse(raw).products,
  });
}

/** GET /billing/details: null before the first save. */
export function getBillingDetails(organizationId: string, client: ApiClient = apiClient) {
  return client.get('/billing/details', {
    query: { organization_id: organizationId },
    parse: (raw) => BillingDetailsResponseSchema.parse(raw).details,
  });
}

/** PUT /billing/details. */
export function saveBillingDetails(
  organizationId: string,
  details: BillingDetails,
  client: ApiClient = apiClient,
) {
  return client.put('/billing/details', {
    body: { organization_id: organizationId, ...details },
    parse: (raw) => BillingDetailsResponseSchema.parse(raw).details,
  });
}

/** GET /billing/countries. */
export function listCountries(client: ApiClient = apiClient) {
  return client.get('/billing/countries', { parse: (raw) => CountryListResponseSchema.parse(raw).countries });
}

/** GET /billing/checkout?product=&annual=: the provider's checkout URL. */
export function getCheckoutUrl(
  organizationId: string,
  product: string,
  annual: boolean,
  client: ApiClient = apiClient,
): Promise<string> {
  return client.get('/billing/checkout', {
    query: { organization_id: organizationId, product, annual },
    parse: (raw) => RedirectResponseSchema.parse(raw).url,
  });
}

/** GET /billing/portal: the provider's billing portal URL. */
export function getPortalUrl(organizationId: string, client: ApiClient = apiClient): Promise<string> {
  return client.get('/billing/portal', {
    query: { organization_id: organizationId },
    parse: (raw) => RedirectResponseSchema.parse(raw).url,
  });
}

/** GET /entitlements: the plan in force, its status and the trial's end (decision 441). */
export function getEntitlements(organizationId: string, client: ApiClient = apiClient) {
  return client.get('/entitlements', {
    query: { organization_id: organizationId },
    parse: (raw) => EntitlementsSchema.parse(raw),
  });
}
