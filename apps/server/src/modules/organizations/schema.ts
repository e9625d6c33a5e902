import { boolean, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { userIdColumn } from '../users/schema';

/** An organization: the working unit (spec 000 §3). Not tenant-scoped itself: membership guards it. */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  isDemo: boolean('is_demo').notNull().default(false),
  isEtlEnabled: boolean('is_etl_enabled').notNull().default(true),
  currencyId: text('currency_id').notNull().default('USD'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The organization_id of a tenant table: required, deleted with its organization. */
export const organizationIdColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * An organization's datasets: the warehouse an assistant is authorized for (spec 000 §3
 * Dataset: id, name, description) and that reports read. The first tenant table.
 */
export const datasets = pgTable(
  'datasets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    engine: text('engine').notNull().default('duckdb'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('datasets_organization_name').on(t.organizationId, t.name), tenantPolicy('datasets')],
).enableRLS();

/**
 * Who belongs to an organization, with which role (docs/decisions.md: owner, admin, member; the
 * creator is an admin). A user may read their own memberships across organizations.
 */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('memberships_user').on(t.userId),
    tenantPolicy('memberships', { alsoOwnRows: true }),
  ],
).enableRLS();
