// Billing details, checkout and the portal through the configured provider, and the provider
// events that come back (Stripe's signed webhooks, the local provider's own page).
import { BillingErrorType, CheckoutErrorType, can, type BillingDetails } from '@maya/contracts';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import { applyProviderEvent, type EventOutcome } from './events';
import type { ProductRow } from './plan';
import type { LocalProvider } from './providers/local';
import { InvalidWebhook, type BillingProvider } from './providers/provider';
import {
  billingDetailsRepository,
  billingSubscriptionsRepository,
  type BillingDetailsRow,
} from './repository';
import type { Entitlements } from '@maya/contracts';

export type CheckoutDeps = {
  db: Database;
  appUrl: string;
  provider: BillingProvider;
  /** The local provider, whose page answers even when Stripe is configured (null in production). */
  local: LocalProvider | null;
  products: () => Promise<ProductRow[]>;
  entitlements: (organizationId: string) => Promise<Entitlements>;
};

const forbidden = () => new AppError(403, 'forbidden', { message: 'Only owners and admins manage billing' });

function toDetails(row: BillingDetailsRow): BillingDetails {
  return {
    companyName: row.companyName,
    countryCode: row.countryCode,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    state: row.state,
    postalCode: row.postalCode,
    city: row.city,
    taxId: row.taxId,
    taxOffice: row.taxOffice,
  };
}

/** What the product costs for the term, in euro cents (spec 002 §9: yearly is 12 x annual_price). */
export function unitAmount(product: ProductRow, annual: boolean): number {
  if (product.mode === 'payment') return product.fixedPrice;
  return annual ? product.annualPrice * 12 : product.monthlyPrice;
}

export function createCheckout(deps: CheckoutDeps) {
  const { db } = deps;
  const knownProduct = async () => {
    const ids = new Set((await deps.products()).map((p) => p.id));
    return (id: string) => ids.has(id);
  };

  async function details(organizationId: string): Promise<BillingDetails | null> {
    const row = await withOrganization(db, organizationId, (tx) => billingDetailsRepository.current(tx));
    return row ? toDetails(row) : null;
  }

  return {
    details,

    async saveDetails(access: OrganizationAccess, values: BillingDetails): Promise<BillingDetails> {
      if (!can(access, 'billing.manage')) throw forbidden();
      await withOrganization(db, access.organizationId, (tx) =>
        billingDetailsRepository.save(tx, { organizationId: access.organizationId, ...values }),
      );
      return values;
    },

    /** billing/checkout?product=&annual=: the provider's checkout URL (spec 002 §8's errors). */
    async checkout(access: OrganizationAccess, auth: Auth, productId: string, annual: boolean) {
      if (!can(access, 'billing.manage')) throw forbidden();
      const product = (await deps.products()).find((p) => p.id === productId && p.listed);
      if (!product) throw new AppError(404, CheckoutErrorType.productNotFound, { product: productId });
      if (product.hasCustomPrice) throw new AppError(400, CheckoutErrorType.redirectContact);
      const plan = await deps.entitlements(access.organizationId);
      if (product.mode === 'subscription' && plan.plan_id === product.id)
        throw new AppError(409, CheckoutErrorType.alreadyPurchased);
      const billing = await details(access.organizationId);
      if (!billing) throw new AppError(400, CheckoutErrorType.billingDetailsMissing);
      return deps.provider.checkout({
        organizationId: access.organizationId,
        product: {
          id: product.id,
          title: product.title,
          mode: product.mode,
          unitAmount: unitAmount(product, annual),
        },
        annual,
        customer: {
          email: auth.email,
          name: billing.companyName || auth.email,
          taxId: billing.taxId || null,
          countryCode: billing.countryCode,
        },
        successUrl: `${deps.appUrl}/checkout-success`,
        cancelUrl: `${deps.appUrl}/checkout-cancel`,
      });
    },

    /** billing/portal: the provider's page to change or cancel the subscription. */
    async portal(access: OrganizationAccess, returnUrl: string) {
      if (!can(access, 'billing.manage')) throw forbidden();
      const current = await withOrganization(db, access.organizationId, (tx) =>
        billingSubscriptionsRepository.current(tx),
      );
      if (!current) throw new AppError(404, 'subscription_does_not_exist');
      return deps.provider.portal({
        organizationId: access.organizationId,
        customerId: current.customerId,
        returnUrl,
      });
    },

    /** A Stripe webhook: verified on the raw body, then applied once and in order. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<EventOutcome> {
      let event;
      try {
        event = deps.provider.verifyWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidWebhook) throw new AppError(400, BillingErrorType.invalidWebhook);
        throw error;
      }
      return applyProviderEvent(db, event, await knownProduct());
    },

    /** The local provider's page: its session, or null when forged or expired. */
    localSession(token: string) {
      return deps.local?.open(token) ?? null;
    },

    /** The local portal's subscription: its product while it is not canceled. */
    async currentProductId(organizationId: string): Promise<string | null> {
      const current = await withOrganization(db, organizationId, (tx) =>
        billingSubscriptionsRepository.current(tx),
      );
      return current && current.status !== 'canceled' ? current.productId : null;
    },

    /** The local page's button: pays, cancels or goes back; then where the browser goes. */
    async localAction(token: string, action: 'pay' | 'cancel' | 'back'): Promise<string | null> {
      const session = deps.local?.open(token) ?? null;
      if (!deps.local || !session) return null;
      const known = await knownProduct();
      if (session.k === 'checkout') {
        if (action !== 'pay') return session.c;
        await applyProviderEvent(db, deps.local.eventOf(session, { pay: true }), known);
        return session.s;
      }
      if (action === 'cancel') {
        const current = await withOrganization(db, session.o, (tx) =>
          billingSubscriptionsRepository.current(tx),
        );
        if (current) {
          const cancel = { productId: current.productId, annual: current.annual };
          await applyProviderEvent(db, deps.local.eventOf(session, { cancel }), known);
        }
      }
      return session.s;
    },
  };
}
export type Checkout = ReturnType<typeof createCheckout>;
