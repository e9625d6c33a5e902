import { boolean, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';

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

/**
 * An organization's datasets: the warehouse an assistant is authorized for (spec 000 §3
 * Dataset: id, name, description) and that reports read. The first tenant table.
 */
export const datasets = pgTable(
  'datasets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    engine: text('engine').notNull().default('duckdb'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('datasets_organization_name').on(t.organizationId, t.name), tenantPolicy('datasets')],
).enableRLS();
