/** The billing area (spec 002 Billing), as the router uses it. */
export { billingKeys } from './api/keys';
export { billingDetailsPath, checkoutPath } from './navigation';
