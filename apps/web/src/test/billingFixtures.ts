import type { Entitlements } from '@maya/contracts';

/** GET /entitlements for an organization on its free trial (decision 441), changed by `over`. */
export function entitlementsFixture(over: Partial<Entitlements> = {}): Entitlements {
  return {
    plan_id: 'trial',
    plan_title: 'Free trial',
    source: 'trial',
    status: 'trialing',
    is_trial: true,
    trial_ends_at: '2026-03-20T09:00:00.000Z',
    etl_expired: false,
    accounts: 5,
    users: 3,
    integrations: -1,
    data_history: 2,
    custom_reports: 3,
    database_access: false,
    priority_support: false,
    email_support: false,
    onboarding: false,
    ...over,
  };
}
