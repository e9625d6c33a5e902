import { z } from 'zod/mini';

/**
 * Plans, products and what they entitle an organization to (spec 002 §3 Product, §6; issue 27).
 * Prices are integer euro cents; a limit of -1 is unlimited (spec 002 §3).
 */
export const UNLIMITED = -1;

export const ProductModeSchema = z.enum(['subscription', 'payment']);

/** spec 002 §3 Product. `annual_price` is the monthly price when billed yearly (§9: shown 12 x). */
export const ProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  desc: z.string(),
  mode: ProductModeSchema,
  monthly_price: z.int(),
  annual_price: z.int(),
  fixed_price: z.int(),
  currency: z.literal('EUR'),
  has_custom_price: z.boolean(),
  is_most_popular: z.boolean(),
  /** False for the organization's current plan ('Purchased', spec 002 §6). */
  can_purchase: z.boolean(),
  accounts: z.int(),
  users: z.int(),
  integrations: z.int(),
  data_history: z.int(),
  priority_support: z.boolean(),
  email_support: z.boolean(),
  onboarding: z.boolean(),
  custom_reports: z.int(),
  database_access: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductListResponseSchema = z.object({ products: z.array(ProductSchema) });

/** The statuses of an organization's plan (Stripe's subscription statuses the product uses). */
export const PlanStatusSchema = z.enum(['trialing', 'active', 'past_due', 'canceled', 'unpaid']);
export type PlanStatus = z.infer<typeof PlanStatusSchema>;
/** Who bills the plan: nobody (the free trial), Stripe, the local provider, the Microsoft marketplace. */
export const PlanSourceSchema = z.enum(['trial', 'stripe', 'local', 'marketplace']);
export type PlanSource = z.infer<typeof PlanSourceSchema>;

/** GET /entitlements: the organization's plan and its limits, what every gate reads. */
export const EntitlementsSchema = z.object({
  plan_id: z.string(),
  plan_title: z.string(),
  source: PlanSourceSchema,
  status: PlanStatusSchema,
  is_trial: z.boolean(),
  trial_ends_at: z.nullable(z.iso.datetime()),
  accounts: z.int(),
  users: z.int(),
  integrations: z.int(),
  data_history: z.int(),
  custom_reports: z.int(),
  database_access: z.boolean(),
  priority_support: z.boolean(),
  email_support: z.boolean(),
  onboarding: z.boolean(),
});
export type Entitlements = z.infer<typeof EntitlementsSchema>;

/** What a plan limits, each refused with its spec message (002 §6, 001 §2). */
export const PlanLimitSchema = z.enum([
  'users',
  'accounts',
  'integrations',
  'custom_reports',
  'database_access',
]);
export type PlanLimit = z.infer<typeof PlanLimitSchema>;
export const PLAN_LIMIT_MESSAGES: Record<PlanLimit, string> = {
  users: 'Upgrade plan to add more users',
  accounts: 'Upgrade plan for more accounts',
  integrations: 'Upgrade plan',
  custom_reports: 'Upgrade plan for more custom reports',
  database_access: 'Upgrade plan for dataset access',
};

export const BillingErrorType = {
  planLimitReached: 'plan_limit_reached',
} as const;

/** Whether `used` more would stay within `limit` (-1 unlimited). */
export function withinLimit(limit: number, used: number, adding = 1): boolean {
  return limit === UNLIMITED || used + adding <= limit;
}
