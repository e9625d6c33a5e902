import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SelectableAccount, SyncStatus } from '@maya/contracts';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { users } from '../users/schema';

/**
 * A connection's secrets (OAuth tokens, an API key, Apple key ids, a dataset): sealed by the
 * platform vault, never returned to the browser. Created by a verification; the accounts it listed
 * are kept so that connecting can only pick among them. Unused ones expire (pendingUntil).
 */
export const sourceCredentials = pgTable(
  'source_credentials',
  {
    id: uuid('id').primaryKey(),
    organizationId: organizationIdColumn(),
    serviceId: text('service_id').notNull(),
    sealed: text('sealed').notNull(),
    accounts: jsonb('accounts').$type<SelectableAccount[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until an account uses it; null once connected. */
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
  },
  (t) => [index('source_credentials_organization').on(t.organizationId), tenantPolicy('source_credentials')],
).enableRLS();

/** spec 001 §3 Service account: one connected provider account of an organization. */
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    serviceId: text('service_id').notNull(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    idLabel: text('id_label').notNull(),
    parentId: text('parent_id'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** The provider's time zone of the account (IANA), whose calendar its days are on; null: none known. */
    timeZone: text('time_zone'),
    credentialsId: uuid('credentials_id')
      .notNull()
      .references(() => sourceCredentials.id),
    syncStatus: text('sync_status').$type<SyncStatus>().notNull().default('pending'),
    syncError: text('sync_error'),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /**
     * How much of the plan's history is loaded while older days are still being loaded behind the
     * recent ones (0 to 99); null when none are due (decision 660).
     */
    backfillPercent: integer('backfill_percent'),
    /** The queued first load (pg-boss job id), cancelled if the account is deleted first. */
    loadJobId: text('load_job_id'),
  },
  (t) => [
    uniqueIndex('service_accounts_identity').on(t.organizationId, t.serviceId, t.identifier),
    index('service_accounts_credentials').on(t.credentialsId),
    tenantPolicy('service_accounts'),
  ],
).enableRLS();

/**
 * An authorization in flight: the state sent to the provider, bound to the user, organization and
 * service (only its hash is stored), with the PKCE verifier sealed. Single use, 15 minutes.
 */
export const sourceOAuthStates = pgTable(
  'source_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    organizationId: organizationIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id').notNull(),
    sealedVerifier: text('sealed_verifier'),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('source_oauth_states_expiry')
      .on(t.expiresAt)
      .where(sql`used_at is null`),
    tenantPolicy('source_oauth_states'),
  ],
).enableRLS();

/** A key pair the product generated for an organization at a provider (Apple Ads). */
export const sourceKeys = pgTable(
  'source_keys',
  {
    organizationId: organizationIdColumn(),
    serviceId: text('service_id').notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    sealedPrivateKey: text('sealed_private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.serviceId] }), tenantPolicy('source_keys')],
).enableRLS();

/**
 * An organization's settings of one service's data (issue 30): which Meta action types count as
 * conversions. Absent: the service's defaults.
 */
export const sourceSettings = pgTable(
  'source_settings',
  {
    organizationId: organizationIdColumn(),
    serviceId: text('service_id').notNull(),
    /** The Meta action types counted as conversions (a `*` suffix: every type it starts). */
    conversionActionTypes: jsonb('conversion_action_types').$type<string[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.serviceId] }), tenantPolicy('source_settings')],
).enableRLS();
