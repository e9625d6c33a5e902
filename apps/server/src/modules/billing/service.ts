import {
  BillingErrorType,
  PLAN_LIMIT_MESSAGES,
  can,
  withinLimit,
  type Entitlements,
  type Features,
  type PlanLimit,
  type Product,
} from '@maya/contracts';
import { catalog } from '@maya/connectors';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { SEED_PRODUCTS } from './catalogue';
import { resolvePlan, toEntitlements, type PlanInputs, type ProductRow } from './plan';
import { billingSubscriptionsRepository, productsRepository } from './repository';

export type BillingDeps = Pick<Platform, 'database'> & {
  /** When the organization was created (organizations): the free trial runs from then. */
  organizationCreatedAt: (organizationId: string) => Promise<Date | null>;
  /** The marketplace subscription linked to the organization (subscriptions). */
  marketplacePlan: (organizationId: string) => Promise<PlanInputs['marketplace']>;
  /** The clock the free trial's end is compared with; the wall clock by default. */
  now?: () => Date;
};

/** What the organization uses of what its plan limits (counted by the modules that own them). */
export type Usage = {
  accounts: number;
  /** The services of its connected accounts. */
  services: readonly string[];
  users: number;
  customReports: number;
};

/** A plan limit reached: 403 with the spec's "Upgrade plan…" message (decision 444). */
export function planLimitReached(limit: PlanLimit): AppError {
  return new AppError(403, BillingErrorType.planLimitReached, { limit, message: PLAN_LIMIT_MESSAGES[limit] });
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService(deps: BillingDeps) {
  const { db } = deps.database;
  const catalogue = productsRepository(db);
  const now = deps.now ?? (() => new Date());

  async function productsById(): Promise<Map<string, ProductRow>> {
    return new Map((await catalogue.list()).map((row) => [row.id, row]));
  }

  async function entitlements(organizationId: string): Promise<Entitlements> {
    const [createdAt, marketplace, billing, known] = await Promise.all([
      deps.organizationCreatedAt(organizationId),
      deps.marketplacePlan(organizationId),
      withOrganization(db, organizationId, (tx) => billingSubscriptionsRepository.current(tx)),
      productsById(),
    ]);
    const plan = resolvePlan(
      { organizationCreatedAt: createdAt ?? new Date(0), billing, marketplace },
      new Set(known.keys()),
    );
    const product = known.get(plan.productId);
    if (!product) throw new Error(`the product ${plan.productId} is not in the catalogue`);
    return toEntitlements(plan, product, now());
  }

  function toProduct(row: ProductRow, current: string): Product {
    return {
      id: row.id,
      title: row.title,
      desc: row.description,
      mode: row.mode,
      monthly_price: row.monthlyPrice,
      annual_price: row.annualPrice,
      fixed_price: row.fixedPrice,
      currency: 'EUR',
      has_custom_price: row.hasCustomPrice,
      is_most_popular: row.isMostPopular,
      can_purchase: row.mode === 'payment' || row.id !== current,
      accounts: row.accounts,
      users: row.users,
      integrations: row.integrations,
      data_history: row.dataHistory,
      priority_support: row.prioritySupport,
      email_support: row.emailSupport,
      onboarding: row.onboarding,
      custom_reports: row.customReports,
      database_access: row.databaseAccess,
    };
  }

  return {
    /** The whole catalogue, unlisted products too. */
    productRows: () => catalogue.list(),

    /** Writes the seed catalogue's missing products (at start). */
    seed: () => catalogue.seed(SEED_PRODUCTS),

    /** The one answer to what an organization's plan allows (DESIGN.md: nothing else re-derives it). */
    entitlements,

    /** Refuses, with the spec's message, `adding` more of what the plan limits beyond `used`. */
    async requireWithin(organizationId: string, limit: PlanLimit, used: number, adding = 1): Promise<void> {
      const plan = await entitlements(organizationId);
      const allowed =
        limit === 'database_access' ? plan.database_access : withinLimit(plan[limit], used, adding);
      if (!allowed) throw planLimitReached(limit);
    },

    /** The products page: listed products, the organization's current plan not purchasable. */
    async products(organizationId: string): Promise<Product[]> {
      const [plan, rows] = await Promise.all([entitlements(organizationId), catalogue.list()]);
      return rows.filter((row) => row.listed).map((row) => toProduct(row, plan.plan_id));
    },

    /** Which of these organizations a subscription pays for (GET /organizations has_subscription). */
    async subscribedAmong(organizationIds: readonly string[]): Promise<Set<string>> {
      const plans = await Promise.all(
        organizationIds.map(async (id) => [id, await entitlements(id)] as const),
      );
      return new Set(plans.filter(([, plan]) => !plan.is_trial).map(([id]) => id));
    },

    /** POST /features (spec 001 §3, 002 §3): the caller's role and the plan's room, as flags. */
    async features(access: OrganizationAccess, usage: Usage): Promise<Features> {
      const plan = await entitlements(access.organizationId);
      const open = !access.isDemo;
      const services = new Set(usage.services);
      const roomForServices = withinLimit(plan.integrations, services.size);
      return {
        is_trial: plan.is_trial,
        // At its integrations limit, an organization may add accounts of the services it has.
        integrations: catalog.flatMap((service) =>
          roomForServices || services.has(service.id) ? [service.id] : [],
        ),
        can_add_accounts: open && withinLimit(plan.accounts, usage.accounts),
        can_add_users: open && withinLimit(plan.users, usage.users),
        has_database_access: open && plan.database_access,
        can_configure_destination: can(access, 'destinations.configure'),
        data_history: plan.data_history,
        can_add_custom_reports:
          can(access, 'reports.edit') && withinLimit(plan.custom_reports, usage.customReports),
      };
    },
  };
}
