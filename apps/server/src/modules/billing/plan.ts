// Which plan an organization is on, from its subscriptions: pure, so every case is a unit test.
import { unreachable, type Entitlements, type PlanSource, type PlanStatus } from '@maya/contracts';
import { MARKETPLACE_DEFAULT_PRODUCT_ID, TRIAL_DAYS, TRIAL_PRODUCT_ID } from './catalogue';
import type { products } from './schema';

export type ProductRow = typeof products.$inferSelect;
const DAY_MS = 86_400_000;

/** What the organization's subscriptions say, read by the service. */
export type PlanInputs = {
  organizationCreatedAt: Date;
  /** The Stripe or local provider's subscription, if the organization ever had one. */
  billing: {
    provider: 'stripe' | 'local';
    productId: string;
    status: PlanStatus;
    trialEndsAt: Date | null;
  } | null;
  /** The Microsoft marketplace subscription linked to the organization, if any. */
  marketplace: {
    planId: string;
    status: 'pending' | 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'suspended';
  } | null;
};

export type ResolvedPlan = {
  productId: string;
  source: PlanSource;
  status: PlanStatus;
  trialEndsAt: Date | null;
};

/** Statuses that keep a paid plan's limits: past_due is the grace while payment is retried. */
const PAYING: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

function marketplaceStatus(status: NonNullable<PlanInputs['marketplace']>['status']): PlanStatus {
  switch (status) {
    case 'pending':
    case 'active':
      return 'active';
    case 'suspended':
      return 'unpaid';
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'unpaid':
      return status;
    default: {
      return unreachable(status);
    }
  }
}

/**
 * The plan in force (decisions 441, 443): a paying Stripe or local subscription, else a paying
 * marketplace one, else the free trial's limits, with the status of the subscription that lapsed
 * (canceled, unpaid) so the banners can say so, or the trial's own.
 */
export function resolvePlan(inputs: PlanInputs, knownProducts: ReadonlySet<string>): ResolvedPlan {
  const { billing, marketplace } = inputs;
  if (billing && PAYING.has(billing.status) && knownProducts.has(billing.productId)) {
    return {
      productId: billing.productId,
      source: billing.provider,
      status: billing.status,
      trialEndsAt: billing.trialEndsAt,
    };
  }
  if (marketplace && PAYING.has(marketplaceStatus(marketplace.status))) {
    const productId = knownProducts.has(marketplace.planId)
      ? marketplace.planId
      : MARKETPLACE_DEFAULT_PRODUCT_ID;
    return {
      productId,
      source: 'marketplace',
      status: marketplaceStatus(marketplace.status),
      trialEndsAt: null,
    };
  }
  const lapsed = billing ?? null;
  if (lapsed)
    return { productId: TRIAL_PRODUCT_ID, source: lapsed.provider, status: lapsed.status, trialEndsAt: null };
  if (marketplace)
    return {
      productId: TRIAL_PRODUCT_ID,
      source: 'marketplace',
      status: marketplaceStatus(marketplace.status),
      trialEndsAt: null,
    };
  return {
    productId: TRIAL_PRODUCT_ID,
    source: 'trial',
    status: 'trialing',
    trialEndsAt: new Date(inputs.organizationCreatedAt.getTime() + TRIAL_DAYS * DAY_MS),
  };
}

/**
 * Whether the plan lapsed, so the organization's data loads stop (spec 002 §2 "Expired-ETL",
 * decision 620): a canceled or unpaid subscription, or the free trial once its end has passed.
 * A past_due plan keeps loading while the provider retries.
 */
export function etlExpired(plan: ResolvedPlan, now: Date): boolean {
  if (plan.status === 'canceled' || plan.status === 'unpaid') return true;
  return plan.source === 'trial' && plan.trialEndsAt !== null && plan.trialEndsAt <= now;
}

/** The API's entitlements: the resolved plan with its product's limits, as of `now`. */
export function toEntitlements(plan: ResolvedPlan, product: ProductRow, now: Date): Entitlements {
  return {
    plan_id: product.id,
    plan_title: product.title,
    source: plan.source,
    status: plan.status,
    is_trial: product.id === TRIAL_PRODUCT_ID,
    trial_ends_at: plan.trialEndsAt?.toISOString() ?? null,
    etl_expired: etlExpired(plan, now),
    accounts: product.accounts,
    users: product.users,
    integrations: product.integrations,
    data_history: product.dataHistory,
    custom_reports: product.customReports,
    database_access: product.databaseAccess,
    priority_support: product.prioritySupport,
    email_support: product.emailSupport,
    onboarding: product.onboarding,
  };
}
