/** The subscriptions area, as the app shell and other areas use it. */
export { subscriptionKeys } from './api/keys';
export { SubscriptionLinkModal } from './components/SubscriptionLinkModal';
export { useSubscriptionCheck } from './hooks/useSubscriptionCheck';
export { useSubscriptionDetails } from './hooks/useSubscriptionDetails';
export { useSubscriptionExists } from './hooks/useSubscriptionExists';
export { linkableOrganizations, unlinkedSubscriptions } from './linking';
export { subscriptionErrorMessage, subscriptionMessages } from './messages';
