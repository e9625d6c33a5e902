/** The billing area (spec 002 Billing), as the router and the shell use it. */
export { billingKeys } from './api/keys';
export { billingDetailsPath, checkoutPath } from './navigation';
export { SubscriptionBanner } from './components/SubscriptionBanner';
export { useEntitlements } from './hooks/useEntitlements';
