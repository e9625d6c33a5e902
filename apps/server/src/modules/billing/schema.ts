import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';

/**
 * The catalogue of plans and one-time products (spec 002 §3 Product), seeded at start
 * (`catalogue.ts`). Prices in euro cents; limits -1 for unlimited. Not a tenant table.
 */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  mode: text('mode', { enum: ['subscription', 'payment'] }).notNull(),
  monthlyPrice: integer('monthly_price').notNull().default(0),
  annualPrice: integer('annual_price').notNull().default(0),
  fixedPrice: integer('fixed_price').notNull().default(0),
  hasCustomPrice: boolean('has_custom_price').notNull().default(false),
  isMostPopular: boolean('is_most_popular').notNull().default(false),
  /** Offered on the products page; the free trial is not. */
  listed: boolean('listed').notNull().default(true),
  position: integer('position').notNull().default(0),
  accounts: integer('accounts').notNull(),
  users: integer('users').notNull(),
  integrations: integer('integrations').notNull(),
  dataHistory: integer('data_history').notNull(),
  customReports: integer('custom_reports').notNull(),
  databaseAccess: boolean('database_access').notNull().default(false),
  prioritySupport: boolean('priority_support').notNull().default(false),
  emailSupport: boolean('email_support').notNull().default(false),
  onboarding: boolean('onboarding').notNull().default(false),
});

/**
 * The plan an organization pays for through Stripe or the local provider: one row at most per
 * organization (a tenant table), kept as the provider's subscription says. `event_at` is the
 * creation time of the provider event last applied, so an older event delivered late changes
 * nothing.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    organizationId: organizationIdColumn().primaryKey(),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    externalId: text('external_id').notNull().unique('billing_subscriptions_external'),
    customerId: text('customer_id'),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    annual: boolean('annual').notNull().default(true),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled', 'unpaid'] }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('billing_subscriptions')],
).enableRLS();

/**
 * The provider events applied (webhooks): keyed by the provider's event id, so an event
 * delivered many times is applied once. Not a tenant table: the event names its organization
 * only once it is read.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 002 §3 Billing details: who the invoices name (a tenant table, one row per organization). */
export const billingDetails = pgTable(
  'billing_details',
  {
    organizationId: organizationIdColumn().primaryKey(),
    companyName: text('company_name').notNull(),
    countryCode: text('country_code').notNull().default('us'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    taxId: text('tax_id').notNull().default(''),
    taxOffice: text('tax_office').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('billing_details')],
).enableRLS();
