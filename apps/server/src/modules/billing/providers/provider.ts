import type { PlanStatus } from '@maya/contracts';

/**
 * A billing provider: Stripe, or the local one used when no Stripe key is set (DESIGN.md Stack).
 * Both start a checkout and a portal at a URL the browser leaves for, and tell what happened to
 * a subscription as events, applied once and in order by `events.ts`.
 */
export type BillingProvider = {
  name: 'stripe' | 'local';
  checkout(request: CheckoutRequest): Promise<{ url: string }>;
  portal(request: {
    organizationId: string;
    customerId: string | null;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /**
   * The event a webhook delivered, verified against the raw body as received; throws
   * `InvalidWebhook` when the signature or its timestamp does not hold. Null for event types
   * that change no subscription (they are still recorded as applied).
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
};

export type CheckoutRequest = {
  organizationId: string;
  product: { id: string; title: string; mode: 'subscription' | 'payment'; unitAmount: number };
  annual: boolean;
  customer: { email: string; name: string; taxId: string | null; countryCode: string };
  successUrl: string;
  cancelUrl: string;
};

/** What happened to an organization's subscription, as of `createdAt` at the provider. */
export type SubscriptionChange = {
  organizationId: string;
  externalId: string;
  customerId: string | null;
  productId: string;
  annual: boolean;
  status: PlanStatus;
  trialEndsAt: Date | null;
};

export type ProviderEvent = {
  id: string;
  provider: 'stripe' | 'local';
  type: string;
  createdAt: Date;
  change: SubscriptionChange | null;
};

export class InvalidWebhook extends Error {}
