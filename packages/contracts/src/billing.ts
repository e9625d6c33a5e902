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
  /**
   * The plan lapsed (canceled, unpaid, or the free trial ended): the data loads stop until a plan
   * is chosen (spec 002 §2 "Expired-ETL organizations").
   */
  etl_expired: z.boolean(),
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
  invalidWebhook: 'invalid_webhook',
} as const;

/** Whether `used` more would stay within `limit` (-1 unlimited). */
export function withinLimit(limit: number, used: number, adding = 1): boolean {
  return limit === UNLIMITED || used + adding <= limit;
}

/** spec 002 §5 Billing, §8 checkout errors, verbatim. */
export const billingMessages = {
  vatTooLong: 'VAT number too long',
  vatInvalid: 'Invalid VAT number: Must be two characters followed by numbers',
  required: 'Required',
  taxOfficeRequired: 'Required',
} as const;
export const BILLING_DEFAULT_COUNTRY = 'us';
export const VAT_MAX_LENGTH = 15;
/** The one country whose invoices name a tax office (spec 002 §5). */
export const TAX_OFFICE_COUNTRY = 'gr';

const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, billingMessages.required), z.maxLength(max));
const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');

/** spec 002 §3 Billing details, with the §5 rules; the tax office only, and required, for 'gr'. */
export const BillingDetailsSchema = z
  .object({
    companyName: optionalText(200),
    countryCode: z._default(z.string().check(z.regex(/^[a-z]{2}$/)), BILLING_DEFAULT_COUNTRY),
    addressLine1: requiredText(200),
    addressLine2: optionalText(200),
    state: optionalText(100),
    postalCode: requiredText(20),
    city: requiredText(100),
    taxId: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(VAT_MAX_LENGTH, billingMessages.vatTooLong),
          z.regex(/^([A-Za-z]{2}\d+)?$/, billingMessages.vatInvalid),
        ),
      '',
    ),
    taxOffice: optionalText(100),
  })
  .check(
    z.refine((details) => details.countryCode !== TAX_OFFICE_COUNTRY || details.taxOffice !== '', {
      message: billingMessages.taxOfficeRequired,
      path: ['taxOffice'],
    }),
    z.refine((details) => details.countryCode === TAX_OFFICE_COUNTRY || details.taxOffice === '', {
      message: 'Only for Greece',
      path: ['taxOffice'],
    }),
  );
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;
export const SaveBillingDetailsRequestSchema = z.extend(BillingDetailsSchema, { organization_id: z.uuid() });
/** GET /billing/details: null before the first save. */
export const BillingDetailsResponseSchema = z.object({ details: z.nullable(BillingDetailsSchema) });

export const CountrySchema = z.object({ code: z.string(), name: z.string() });
export const CountryListResponseSchema = z.object({ countries: z.array(CountrySchema) });

/** GET /billing/checkout and /billing/portal: where the browser goes next. */
export const CheckoutQuerySchema = z.object({
  organization_id: z.uuid(),
  product: z.string().check(z.minLength(1), z.maxLength(100)),
  annual: z._default(z.stringbool(), true),
});
export const RedirectResponseSchema = z.object({ url: z.string() });

/** The checkout_error values of spec 002 §8 the server answers. */
export const CheckoutErrorType = {
  billingDetailsMissing: 'billing_details_missing',
  redirectContact: 'redirect_contact',
  productNotFound: 'product_not_found',
  alreadyPurchased: 'already_purchased',
} as const;
