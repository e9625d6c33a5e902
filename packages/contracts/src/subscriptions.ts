import { z } from 'zod/mini';
import { TokenResponseSchema } from './auth';

/**
 * Microsoft commercial marketplace ("mona") subscriptions (spec 000 §2 Marketplace redirects,
 * §3, §7; spec 002 §2 Subscription linking). A subscription bought on the marketplace is
 * resolved from its marketplace token, attached to the Maya account of its buyer, then linked
 * to one organization.
 */
export const SubscriptionStatusSchema = z.enum([
  'pending',
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'suspended',
]);

/** spec 002 §3 Subscription: id, name, status, needs_payment_method, trial_ends_at. */
export const SubscriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: SubscriptionStatusSchema,
  needs_payment_method: z.boolean(),
  trial_ends_at: z.nullable(z.iso.datetime()),
  offer_id: z.string(),
  plan_id: z.string(),
  /** The organization it pays for; null until linked. */
  organization_id: z.nullable(z.uuid()),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST /subscriptions/mona/create: the return from Microsoft sign-in started with is_mona. */
export const MonaCreateRequestSchema = z.object({
  state: z.string().check(z.minLength(1)),
  code: z.string().check(z.minLength(1)),
});
export const MonaCreateResponseSchema = z.object({
  success: z.boolean(),
  data: z.extend(z.object({ sub_id: z.string(), access_token: z.string() }), TokenResponseSchema.shape),
});

/** GET /user/subscriptions/check. */
export const SubscriptionCheckResponseSchema = z.object({
  has_unlinked_subscription: z.boolean(),
  subscriptions: z.array(SubscriptionSchema),
});

/** POST /subscriptions/mona/link/{id}. */
export const LinkSubscriptionRequestSchema = z.object({ organization_id: z.uuid() });
export const LinkSubscriptionResponseSchema = z.object({ success: z.boolean() });

/** GET /subscriptions/mona/check/{id}. */
export const SubscriptionExistsResponseSchema = z.object({ exists: z.boolean() });

export const SubscriptionErrorType = {
  doesNotExist: 'subscription_does_not_exist',
  alreadyLinked: 'subscription_already_linked',
  organizationHasSubscription: 'organization_has_subscription',
  demoOrganization: 'demo_organization',
  noSuchUser: 'no_such_user',
  mergeRequired: 'merge_required',
} as const;
