import { bigint, boolean, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';

/**
 * spec 001 §3 Manual expense. The amount is an integer in the minor unit of its own currency
 * (cents; yen; fils: decision 380). Ids are the client's (the form opens a new expense at a UUID
 * of its own), so the key is the organization and the id: another organization's id names
 * nothing here.
 */
export const expenses = pgTable(
  'expenses',
  {
    organizationId: organizationIdColumn(),
    id: uuid('id').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    description: text('description').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    isMarketingRelated: boolean('is_marketing_related').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), tenantPolicy('expenses')],
).enableRLS();
