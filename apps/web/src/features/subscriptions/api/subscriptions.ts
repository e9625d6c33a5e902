import {
  AuthUriResponseSchema,
  LinkSubscriptionResponseSchema,
  MonaCreateResponseSchema,
  SubscriptionCheckResponseSchema,
  SubscriptionExistsResponseSchema,
  SubscriptionSchema,
  type Subscription,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { AuthToken } from '../../../shared/auth/tokenStore';

export type SubscriptionCheck = ReturnType<typeof SubscriptionCheckResponseSchema.parse>;

/** What POST /subscriptions/mona/create hands back: the new subscription and a session. */
export type CreatedMonaSubscription = { subscriptionId: string; token: AuthToken };

const path = (id: string) => encodeURIComponent(id);

/**
 * GET /auth/microsoft/auth_uri?is_mona=1&state={marketplace token}: Microsoft's consent page,
 * which returns to /microsoft/mona/redirect with `code` and the same `state` (spec 000 §7).
 */
export function getMonaAuthUri(marketplaceToken: string, client: ApiClient = apiClient): Promise<string> {
  return client.get('/auth/microsoft/auth_uri', {
    query: { is_mona: 1, state: marketplaceToken },
    parse: (data) => AuthUriResponseSchema.parse(data).auth_uri,
  });
}

/** POST /subscriptions/mona/create {state, code}: resolves the purchase and signs its buyer in. */
export function createMonaSubscription(
  request: { state: string; code: string },
  client: ApiClient = apiClient,
): Promise<CreatedMonaSubscription> {
  return client.post('/subscriptions/mona/create', {
    body: request,
    parse: (raw) => {
      const { success, data } = MonaCreateResponseSchema.parse(raw);
      if (!success) throw new TypeError('the subscription was not created');
      return {
        subscriptionId: data.sub_id,
        token: {
          accessToken: data.access_token,
          accessTokenExpiresAt: data.access_token_expires_at,
          userId: data.user_id,
        },
      };
    },
  });
}

/** GET /user/subscriptions/check: the signed-in user's marketplace subscriptions. */
export function checkUserSubscriptions(client: ApiClient = apiClient): Promise<SubscriptionCheck> {
  return client.get('/user/subscriptions/check', {
    parse: (data) => SubscriptionCheckResponseSchema.parse(data),
  });
}

/** POST /subscriptions/mona/link/{id} {organization_id}. */
export function linkSubscription(
  request: { subscriptionId: string; organizationId: string },
  client: ApiClient = apiClient,
): Promise<boolean> {
  return client.post(`/subscriptions/mona/link/${path(request.subscriptionId)}`, {
    body: { organization_id: request.organizationId },
    parse: (data) => {
      if (!LinkSubscriptionResponseSchema.parse(data).success) throw new TypeError('not linked');
      return true;
    },
  });
}

/** GET /subscriptions/mona/check/{id}. */
export function checkSubscriptionExists(
  subscriptionId: string,
  client: ApiClient = apiClient,
): Promise<boolean> {
  return client.get(`/subscriptions/mona/check/${path(subscriptionId)}`, {
    parse: (data) => SubscriptionExistsResponseSchema.parse(data).exists,
  });
}

/** GET /subscriptions/mona/details/{id}. */
export function getSubscriptionDetails(
  subscriptionId: string,
  client: ApiClient = apiClient,
): Promise<Subscription> {
  return client.get(`/subscriptions/mona/details/${path(subscriptionId)}`, {
    parse: (data) => SubscriptionSchema.parse(data),
  });
}
