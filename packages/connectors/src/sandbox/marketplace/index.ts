// The sandbox Microsoft commercial marketplace (SaaS Fulfillment API v2 and a purchase page).
export { FULFILLMENT_API_VERSION, sandboxMarketplacePlugin, type SandboxMarketplaceOptions } from './plugin';
export {
  MARKETPLACE_TOKEN_TTL_MS,
  SANDBOX_BUYER_EMAIL,
  SANDBOX_OFFER,
  type MarketplaceOffer,
  type SaasSubscription,
  type SaasSubscriptionStatus,
} from './store';
