import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { MarketplaceConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';

/**
 * A client of the Microsoft commercial marketplace's SaaS Fulfillment API v2 (resolve, activate,
 * get). The same code talks to Microsoft or to the sandbox marketplace; only the base URL and the
 * publisher's bearer token (an Entra app token in production) differ.
 */
const API_VERSION = '2018-08-31';

const PartySchema = z.object({ emailId: z.string(), objectId: z.string(), tenantId: z.string() });

export const SaasSubscriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  offerId: z.string(),
  planId: z.string(),
  quantity: z.number().int().optional(),
  saasSubscriptionStatus: z.enum([
    'NotStarted',
    'PendingFulfillmentStart',
    'Subscribed',
    'Suspended',
    'Unsubscribed',
  ]),
  beneficiary: PartySchema,
  purchaser: PartySchema,
  isFreeTrial: z.boolean().optional(),
  term: z
    .object({
      termUnit: z.string().optional(),
      startDate: z.string().nullish(),
      endDate: z.string().nullish(),
    })
    .optional(),
});
export type SaasSubscription = z.infer<typeof SaasSubscriptionSchema>;

const ResolveSchema = z.object({
  id: z.string(),
  subscriptionName: z.string(),
  offerId: z.string(),
  planId: z.string(),
  quantity: z.number().int().optional(),
  subscription: SaasSubscriptionSchema,
});

export type MarketplaceClient = {
  /** The subscription a landing-page token names; null when the token is unknown or expired. */
  resolve(token: string): Promise<SaasSubscription | null>;
  activate(subscription: { id: string; planId: string; quantity: number }): Promise<void>;
  get(id: string): Promise<SaasSubscription | null>;
};

export function createMarketplaceClient(config: MarketplaceConfig | null): MarketplaceClient {
  function settings(): MarketplaceConfig {
    if (!config)
      throw new AppError(404, 'marketplace_not_configured', {
        message: 'The Microsoft marketplace is not configured',
      });
    return config;
  }

  async function request(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
    const { apiUrl, apiToken } = settings();
    const url = `${apiUrl}/api/saas/subscriptions${path}?api-version=${API_VERSION}`;
    try {
      return await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${apiToken}`,
          'x-ms-requestid': randomUUID(),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new AppError(502, 'marketplace_unavailable', { message: (error as Error).message });
    }
  }

  async function unexpected(response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new AppError(502, 'marketplace_unavailable', {
      message: `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    });
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new AppError(502, 'marketplace_unavailable', { message: 'Unexpected marketplace answer' });
    return parsed.data;
  }

  return {
    async resolve(token) {
      const response = await request('POST', '/resolve', { 'x-ms-marketplace-token': token });
      // Microsoft answers 400 for a missing, malformed, invalid or expired token.
      if (response.status === 400 || response.status === 404) return null;
      if (!response.ok) return unexpected(response);
      const resolved = parse(ResolveSchema, await response.json());
      return { ...resolved.subscription, quantity: resolved.subscription.quantity ?? resolved.quantity };
    },

    async activate({ id, planId, quantity }) {
      const response = await request('POST', `/${encodeURIComponent(id)}/activate`, {}, { planId, quantity });
      if (response.status === 404)
        throw new AppError(404, 'subscription_does_not_exist', { message: 'Unknown subscription' });
      if (!response.ok) return unexpected(response);
    },

    async get(id) {
      const response = await request('GET', `/${encodeURIComponent(id)}`);
      if (response.status === 404) return null;
      if (!response.ok) return unexpected(response);
      return parse(SaasSubscriptionSchema, await response.json());
    },
  };
}
