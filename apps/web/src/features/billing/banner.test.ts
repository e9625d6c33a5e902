import { describe, expect, it } from 'vitest';
import { entitlementsFixture } from '../../test/billingFixtures';
import { bannerMessages, DAY_MS, subscriptionBanner, trialDaysLeft } from './banner';

const NOW = Date.parse('2026-03-10T15:00:00Z');

const entitlements = entitlementsFixture;

describe('trialDaysLeft (spec 002 §4: day counts, 86400000 ms a day)', () => {
  it('counts calendar days, not 24-hour spans', () => {
    expect(trialDaysLeft('2026-03-20T09:00:00.000Z', NOW)).toBe(10);
    expect(trialDaysLeft('2026-03-10T23:59:59.000Z', NOW)).toBe(0);
    expect(trialDaysLeft('2026-03-11T00:00:00.000Z', NOW)).toBe(1);
    expect(trialDaysLeft('2026-03-09T23:00:00.000Z', NOW)).toBe(-1);
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('subscriptionBanner', () => {
  it('shows the free trial with its days left and a plan link to billing managers', () => {
    expect(subscriptionBanner(entitlements(), NOW, true)).toEqual({
      kind: 'trial',
      color: 'blue',
      message: 'You are on free trial',
      daysLeft: 10,
      link: { label: bannerMessages.choosePlan, page: 'billing/products' },
    });
  });

  it('gives members the words without a link', () => {
    expect(subscriptionBanner(entitlements(), NOW, false)?.link).toBeNull();
  });

  it.each(['2026-03-10T18:00:00.000Z', '2026-03-01T00:00:00.000Z'])(
    'says the trial expires soon on its last day, and while the server has not yet stopped its loads (ends %s)',
    (end) => {
      const banner = subscriptionBanner(entitlements({ trial_ends_at: end }), NOW, true);
      expect(banner).toMatchObject({
        kind: 'trial-ending',
        color: 'blue',
        message: 'Your free trial expires soon.',
        link: { label: bannerMessages.addPayment, page: 'billing/products' },
      });
    },
  );

  it('says the free trial has ended once its loads stopped, in danger colours, a plan link to managers', () => {
    const ended = entitlements({ trial_ends_at: '2026-03-10T09:00:00.000Z', etl_expired: true });
    expect(subscriptionBanner(ended, NOW, true)).toEqual({
      kind: 'trial-ended',
      color: 'red',
      message: bannerMessages.trialEnded,
      daysLeft: null,
      link: { label: bannerMessages.choosePlan, page: 'billing/products' },
    });
    expect(subscriptionBanner(ended, NOW, false)?.link).toBeNull();
  });

  it('is quiet for a provider trial with days left, not for its last day', () => {
    const stripeTrial = entitlements({ source: 'stripe', plan_id: 'growth', is_trial: false });
    expect(subscriptionBanner(stripeTrial, NOW, true)).toBeNull();
    const lastDay = { ...stripeTrial, trial_ends_at: '2026-03-10T20:00:00.000Z' };
    expect(subscriptionBanner(lastDay, NOW, true)?.kind).toBe('trial-ending');
  });

  it('warns of a failed payment with the billing portal link', () => {
    const banner = subscriptionBanner(
      entitlements({ source: 'stripe', status: 'past_due', plan_id: 'growth', trial_ends_at: null }),
      NOW,
      true,
    );
    expect(banner).toEqual({
      kind: 'past-due',
      color: 'yellow',
      message: bannerMessages.pastDue,
      daysLeft: null,
      link: { label: 'Manage Subscription', page: 'billing/portal' },
    });
  });

  it.each(['canceled', 'unpaid'] as const)('shows the danger banner when %s', (status) => {
    const banner = subscriptionBanner(
      entitlements({ source: 'local', status, trial_ends_at: null }),
      NOW,
      true,
    );
    expect(banner).toMatchObject({
      kind: 'inactive',
      color: 'red',
      message:
        'Your subscription is not active. You can still make changes, but your data is no longer updated.',
      link: { label: bannerMessages.choosePlan, page: 'billing/products' },
    });
  });

  it('has no portal link for a marketplace plan, whose bills the marketplace sends', () => {
    const market = entitlements({ source: 'marketplace', plan_id: 'starter', trial_ends_at: null });
    expect(subscriptionBanner({ ...market, status: 'active' }, NOW, true)).toBeNull();
    expect(subscriptionBanner({ ...market, status: 'past_due' }, NOW, true)).toMatchObject({
      kind: 'past-due',
      link: null,
    });
    expect(subscriptionBanner({ ...market, status: 'unpaid' }, NOW, true)?.kind).toBe('inactive');
  });

  it('shows nothing for a paid plan in force', () => {
    const paid = entitlements({ source: 'stripe', status: 'active', plan_id: 'growth', trial_ends_at: null });
    expect(subscriptionBanner(paid, NOW, true)).toBeNull();
  });
});
