import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { users } from '../users/schema';

/**
 * An organization's API keys (spec 002 §2 Developers → API key). The key itself is shown once;
 * only its SHA-256 is kept, with its first characters (`prefix`) to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    readOnly: boolean('read_only').notNull().default(true),
    /** Who made it: the key acts as this person, as a member (never more). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept to the minute: one write a minute at most, however busy the key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_organization_prefix').on(t.organizationId, t.prefix), tenantPolicy('api_keys')],
).enableRLS();

/** The organization's one notification token (spec 002 §2 Developers → Notification token), hashed. */
export const notificationTokens = pgTable(
  'notification_tokens',
  {
    organizationId: organizationIdColumn().primaryKey(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  () => [tenantPolicy('notification_tokens')],
).enableRLS();

/** Who the organization's dataset is shared with (spec 002 §2 Developers → Shared dataset). */
export const datasetShares = pgTable(
  'dataset_shares',
  {
    organizationId: organizationIdColumn(),
    /** Lower case, as the contracts' e-mail schema gives it. */
    email: text('email').notNull(),
    /** The read-only role made on a PostgreSQL destination for this share; null elsewhere. */
    databaseRole: text('database_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.email] }), tenantPolicy('dataset_shares')],
).enableRLS();
