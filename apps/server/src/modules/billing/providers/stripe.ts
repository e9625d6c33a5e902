import Stripe from 'stripe';
import type { PlanStatus } from '@maya/contracts';
import type { StripeConfig } from '../../../platform/config';
import { InvalidWebhook, type BillingProvider, type ProviderEvent } from './provider';

/** Stripe's tolerance for a webhook's timestamp: older deliveries are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's subscription statuses in the product's (decision 447). */
export function planStatusOf(status: Stripe.Subscription.Status): PlanStatus {
  // incomplete, incomplete_expired, paused and statuses Stripe adds later: nothing is paid for.
  const kept: readonly string[] = ['trialing', 'active', 'past_due', 'canceled', 'unpaid'];
  return kept.includes(status) ? (status as PlanStatus) : 'unpaid';
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/** The provider over Stripe's API (Checkout Sessions, the Billing Portal, signed webhooks). */
export function createStripeProvider(config: StripeConfig): BillingProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    name: 'stripe',

    async checkout(request) {
      const metadata = {
        organization_id: request.organizationId,
        product_id: request.product.id,
        annual: String(request.annual),
      };
      const customer = await stripe.customers.create({
        email: request.customer.email,
        name: request.customer.name,
        address: { country: request.customer.countryCode.toUpperCase() },
        ...(request.customer.taxId
          ? { tax_id_data: [{ type: 'eu_vat', value: request.customer.taxId }] }
          : {}),
        metadata: { organization_id: request.organizationId },
      });
      const subscription = request.product.mode === 'subscription';
      const session = await stripe.checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        customer: customer.id,
        client_reference_id: request.organizationId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata,
        ...(subscription ? { subscription_data: { metadata } } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: request.product.unitAmount,
              product_data: { name: request.product.title },
              ...(subscription ? { recurring: { interval: request.annual ? 'year' : 'month' } } : {}),
            },
          },
        ],
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { url: session.url };
    },

    async portal({ customerId, returnUrl }) {
      if (customerId === null) throw new Error('no Stripe customer to open the portal for');
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },

    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!config.webhookSecret || !signature) throw new InvalidWebhook('unsigned');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new InvalidWebhook((error as Error).message);
      }
      const base = {
        id: event.id,
        provider: 'stripe' as const,
        type: event.type,
        createdAt: new Date(event.created * 1000),
      };
      if (!SUBSCRIPTION_EVENTS.has(event.type)) return { ...base, change: null };
      const object = event.data.object as Stripe.Subscription;
      const organizationId = object.metadata.organization_id;
      const productId = object.metadata.product_id;
      if (!organizationId || !productId) return { ...base, change: null };
      return {
        ...base,
        change: {
          organizationId,
          externalId: object.id,
          customerId: typeof object.customer === 'string' ? object.customer : object.customer.id,
          productId,
          annual: object.metadata.annual !== 'false',
          status: event.type === 'customer.subscription.deleted' ? 'canceled' : planStatusOf(object.status),
          trialEndsAt: object.trial_end ? new Date(object.trial_end * 1000) : null,
        },
      };
    },
  };
}
