// The sandbox marketplace's state: purchased SaaS subscriptions and their landing-page tokens.
// In memory, per plugin instance: a restart forgets every purchase (development and tests only).
import { utcDay } from '@maya/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { MICROSOFT_SANDBOX_TENANT_ID, microsoftObjectId } from '../accounts';

/** SaaS subscription statuses as the SaaS Fulfillment API v2 names them. */
export type SaasSubscriptionStatus = 'PendingFulfillmentStart' | 'Subscribed' | 'Suspended' | 'Unsubscribed';

export type MarketplacePlan = { planId: string; displayName: string };
export type MarketplaceOffer = {
  publisherId: string;
  offerId: string;
  name: string;
  plans: MarketplacePlan[];
};

/** The offer the sandbox sells unless the plugin is given another. */
export const SANDBOX_OFFER: MarketplaceOffer = {
  publisherId: 'maya-sandbox-publisher',
  offerId: 'maya-analytics',
  name: 'Maya marketing analytics',
  plans: [
    { planId: 'standard', displayName: 'Standard' },
    { planId: 'professional', displayName: 'Professional' },
  ],
};

/** The sandbox Microsoft tenant's user a purchase is made for unless another e-mail is typed. */
export const SANDBOX_BUYER_EMAIL = 'alan@contoso.example';

/** Microsoft documents 24 hours for the landing-page token. */
export const MARKETPLACE_TOKEN_TTL_MS = 24 * 3_600_000;

type Party = { emailId: string; objectId: string; tenantId: string; puid: string };

export type SaasSubscription = {
  id: string;
  publisherId: string;
  offerId: string;
  name: string;
  saasSubscriptionStatus: SaasSubscriptionStatus;
  beneficiary: Party;
  purchaser: Party;
  planId: string;
  quantity: number;
  term: { termUnit: 'P1M'; startDate: string | null; endDate: string | null };
  autoRenew: boolean;
  isTest: boolean;
  isFreeTrial: boolean;
  allowedCustomerOperations: string[];
  sandboxType: 'None' | 'Csp';
  sessionMode: 'None' | 'DryRun';
  created: string;
  lastModified: string;
};

function party(email: string, tenantId: string): Party {
  const objectId = microsoftObjectId(tenantId, email);
  return {
    emailId: email,
    objectId,
    tenantId,
    puid: objectId.replace(/-/g, '').slice(0, 16).toUpperCase(),
  };
}

export class MarketplaceStore {
  private readonly subscriptions = new Map<string, SaasSubscription>();
  private readonly tokens = new Map<string, { subscriptionId: string; expiresAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly tokenTtlMs: number,
  ) {}

  /** A purchase: a subscription pending fulfillment and the token the landing page receives. */
  purchase(
    offer: MarketplaceOffer,
    plan: MarketplacePlan,
    email: string,
  ): { subscription: SaasSubscription; token: string } {
    const at = new Date(this.now()).toISOString();
    const buyer = party(email.trim().toLowerCase(), MICROSOFT_SANDBOX_TENANT_ID);
    const subscription: SaasSubscription = {
      id: randomUUID(),
      publisherId: offer.publisherId,
      offerId: offer.offerId,
      name: `${offer.name} (${plan.displayName})`,
      saasSubscriptionStatus: 'PendingFulfillmentStart',
      beneficiary: buyer,
      purchaser: buyer,
      planId: plan.planId,
      quantity: 1,
      term: { termUnit: 'P1M', startDate: null, endDate: null },
      autoRenew: true,
      isTest: true,
      isFreeTrial: false,
      allowedCustomerOperations: ['Delete', 'Update', 'Read'],
      sandboxType: 'None',
      sessionMode: 'None',
      created: at,
      lastModified: at,
    };
    this.subscriptions.set(subscription.id, subscription);
    const token = randomBytes(48).toString('base64url');
    this.tokens.set(token, { subscriptionId: subscription.id, expiresAt: this.now() + this.tokenTtlMs });
    return { subscription, token };
  }

  /** The subscription a landing-page token names; null when unknown or expired. */
  resolve(token: string): SaasSubscription | null {
    const entry = this.tokens.get(token);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.tokens.delete(token);
      return null;
    }
    return this.subscriptions.get(entry.subscriptionId) ?? null;
  }

  get(id: string): SaasSubscription | null {
    return this.subscriptions.get(id) ?? null;
  }

  /** Starts billing: PendingFulfillmentStart → Subscribed, the term begins. Idempotent. */
  activate(id: string): SaasSubscription | null {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return null;
    if (subscription.saasSubscriptionStatus === 'PendingFulfillmentStart') {
      const start = new Date(this.now());
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      subscription.saasSubscriptionStatus = 'Subscribed';
      subscription.term = {
        termUnit: 'P1M',
        startDate: utcDay(start),
        endDate: utcDay(end),
      };
      subscription.lastModified = start.toISOString();
    }
    return subscription;
  }
}
