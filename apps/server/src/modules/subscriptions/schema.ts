import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { userIdColumn } from '../users/schema';

/**
 * Microsoft commercial marketplace subscriptions, keyed by the marketplace's subscription id and
 * owned by the Maya user who bought them. Not a tenant table: a subscription belongs to no
 * organization until it is linked, and the link lives in `organization_subscriptions` below.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    offerId: text('offer_id').notNull(),
    planId: text('plan_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    status: text('status', {
      enum: ['pending', 'active', 'trialing', 'past_due', 'canceled', 'unpaid', 'suspended'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [index('subscriptions_user').on(t.userId)],
);

/**
 * Which subscription pays for which organization: a tenant table (forced row-level security).
 * At most one subscription per organization (the key) and one organization per subscription
 * (unique). `user_id` is who linked it, always the subscription's buyer, so that user may read
 * their own links across organizations (withUser) while everything else sees one organization.
 */
export const organizationSubscriptions = pgTable(
  'organization_subscriptions',
  {
    organizationId: organizationIdColumn().primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .unique('organization_subscriptions_subscription')
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organization_subscriptions_user').on(t.userId),
    tenantPolicy('organization_subscriptions', { alsoOwnRows: true }),
  ],
).enableRLS();
