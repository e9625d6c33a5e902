import { deferred } from '../../../shared/ui/onDemand';
import { PrefetchWhenIdle } from '../../../shared/ui/PrefetchWhenIdle';

const check = deferred(() => import('./SubscriptionCheck').then((m) => m.SubscriptionCheck));
const CHECK_PREFETCH = [check.preload];

/**
 * spec 002 Subscription linking: inside the shell, when GET /user/subscriptions/check reports an
 * unlinked marketplace subscription, a dismissible modal offers to link it to an organization.
 * Nothing a page draws depends on it: the check (and its code) comes once the page has settled.
 */
export function SubscriptionLinkModal() {
  const ready = check.useReady();
  return ready ? <check.Loaded /> : <PrefetchWhenIdle preloads={CHECK_PREFETCH} />;
}
