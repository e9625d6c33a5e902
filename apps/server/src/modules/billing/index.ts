import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { createCheckout } from './checkout';
import { checkoutRoutes } from './checkout-routes';
import { createLocalProvider } from './providers/local';
import type { BillingProvider } from './providers/provider';
import { createStripeProvider } from './providers/stripe';
import { billingRoutes } from './routes';
import { createBillingService, type BillingDeps, type Usage } from './service';

export { planLimitReached, type BillingService, type Usage } from './service';

const LOCAL_CHECKOUT_KEY_PURPOSE = 'billing-local-checkout';

/** Production without a Stripe key takes no payment: a free local checkout would give plans away. */
const notConfigured: BillingProvider = {
  name: 'local',
  checkout: () => Promise.reject(new AppError(404, 'billing_not_configured')),
  portal: () => Promise.reject(new AppError(404, 'billing_not_configured')),
  verifyWebhook: () => {
    throw new AppError(404, 'billing_not_configured');
  },
};

/**
 * Plans and what they entitle an organization to (issue 27): the seeded catalogue, the one
 * `entitlements(organizationId)` from its subscriptions, billing details, checkout and the
 * portal through Stripe (STRIPE_SECRET_KEY) or the local provider, and the provider events. The
 * service comes first (the modules that enforce limits take it); the routes once the usage the
 * features count is known.
 */
export function createBillingModule(platform: Platform, services: Omit<BillingDeps, 'database'>) {
  const { config } = platform;
  const service = createBillingService({ database: platform.database, ...services });
  const local =
    config.env === 'production'
      ? null
      : createLocalProvider({
          key: platform.secrets.derive(LOCAL_CHECKOUT_KEY_PURPOSE),
          appUrl: config.appUrl,
        });
  const provider = config.stripe ? createStripeProvider(config.stripe) : (local ?? notConfigured);
  const checkout = createCheckout({
    db: platform.database.db,
    appUrl: config.appUrl,
    provider,
    local: provider === local ? local : null,
    products: service.productRows,
    entitlements: service.entitlements,
  });
  return {
    service,
    module: (usage: (organizationId: string) => Promise<Usage>): Module => ({
      name: 'billing',
      routes: async (api) => {
        await billingRoutes(api, { billing: service, usage });
        await checkoutRoutes(api, { checkout, appUrl: config.appUrl, products: service.productRows });
      },
      start: () => service.seed(),
    }),
  };
}
