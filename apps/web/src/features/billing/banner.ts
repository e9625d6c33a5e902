import type { Entitlements } from '@maya/contracts';

/** spec 002 §4 Subscription banners: day counts, 86 400 000 ms a day. */
export const DAY_MS = 86_400_000;

/** The banners' words: the two the spec quotes verbatim, the rest written from its descriptions. */
export const bannerMessages = {
  trialExpiresSoon: 'Your free trial expires soon.',
  onFreeTrial: 'You are on free trial',
  pastDue: 'We could not collect your last payment. Please update your payment method to keep your plan.',
  inactive:
    'Your subscription is not active. You can still make changes, but your data is no longer updated.',
  trialEnded: 'Your free trial has ended. You can still make changes, but your data is no longer updated.',
  addPayment: 'Add payment method',
  choosePlan: 'Choose a plan',
  manageSubscription: 'Manage Subscription',
  askAdministrator: 'An owner or admin of this organization can change the plan.',
} as const;

export type BannerLink = { label: string; page: 'billing/products' | 'billing/portal' };

export type SubscriptionBannerState = {
  kind: 'trial-ending' | 'trial' | 'trial-ended' | 'past-due' | 'inactive';
  color: 'blue' | 'yellow' | 'red';
  message: string;
  /** The trial's days left, for 'trial'. */
  daysLeft: number | null;
  /** Null when the viewer may not manage billing or the marketplace bills the plan. */
  link: BannerLink | null;
};

/** Whole days from `nowMs` to `endIso`, counted as calendar (UTC) days: 0 is today. */
export function trialDaysLeft(endIso: string, nowMs: number): number {
  return Math.floor(Date.parse(endIso) / DAY_MS) - Math.floor(nowMs / DAY_MS);
}

/** 'N days left.' for the trial banner. */
export function daysLeftText(days: number): string {
  return days === 1 ? '1 day left.' : `${days} days left.`;
}

/**
 * Which banner the shell shows for an organization's entitlements (spec 002 §4, decisions 480–):
 * the trial ending today, the free trial with its days left or ended, a failed payment, a canceled
 * or unpaid plan; none for a plan in force.
 */
export function subscriptionBanner(
  entitlements: Entitlements,
  nowMs: number,
  canManageBilling: boolean,
): SubscriptionBannerState | null {
  const link = (label: string, page: BannerLink['page']): BannerLink | null =>
    canManageBilling ? { label, page } : null;
  switch (entitlements.status) {
    case 'trialing': {
      if (entitlements.trial_ends_at === null) return null;
      // The free trial is over and its loads stopped (the server's answer, decision 621).
      if (entitlements.source === 'trial' && entitlements.etl_expired) {
        return {
          kind: 'trial-ended',
          color: 'red',
          message: bannerMessages.trialEnded,
          daysLeft: null,
          link: link(bannerMessages.choosePlan, 'billing/products'),
        };
      }
      const days = trialDaysLeft(entitlements.trial_ends_at, nowMs);
      if (days <= 0) {
        return {
          kind: 'trial-ending',
          color: 'blue',
          message: bannerMessages.trialExpiresSoon,
          daysLeft: null,
          link: link(bannerMessages.addPayment, 'billing/products'),
        };
      }
      if (entitlements.source !== 'trial') return null;
      return {
        kind: 'trial',
        color: 'blue',
        message: bannerMessages.onFreeTrial,
        daysLeft: days,
        link: link(bannerMessages.choosePlan, 'billing/products'),
      };
    }
    case 'past_due':
      return {
        kind: 'past-due',
        color: 'yellow',
        message: bannerMessages.pastDue,
        daysLeft: null,
        link:
          entitlements.source === 'marketplace'
            ? null
            : link(bannerMessages.manageSubscription, 'billing/portal'),
      };
    case 'canceled':
    case 'unpaid':
      return {
        kind: 'inactive',
        color: 'red',
        message: bannerMessages.inactive,
        daysLeft: null,
        link: link(bannerMessages.choosePlan, 'billing/products'),
      };
    case 'active':
      return null;
  }
}
