import type { ClusterRuleSet } from '@maya/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';

/**
 * A cluster column of one category (spec 001 §3 Cluster column): its rule sets in order, kept as
 * JSON checked by the contract's schema on the way in. Ids are the client's (the editor opens a
 * new column at a UUID of its own), so the key is the organization and the id: another
 * organization's id names nothing here.
 */
export const clusterColumns = pgTable(
  'cluster_columns',
  {
    organizationId: organizationIdColumn(),
    id: uuid('id').notNull(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    /** The name trimmed and lower cased: what the duplicate-name rule compares. */
    nameKey: text('name_key').notNull(),
    /** The column's name in the model table and in reports; kept on rename. */
    dbName: text('db_name').notNull(),
    isFixed: boolean('is_fixed').notNull().default(false),
    isPlaceholder: boolean('is_placeholder').notNull().default(false),
    position: integer('position').notNull(),
    ruleSets: jsonb('rule_sets').$type<ClusterRuleSet[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('cluster_columns_name').on(t.organizationId, t.category, t.nameKey),
    unique('cluster_columns_db_name').on(t.organizationId, t.category, t.dbName),
    tenantPolicy('cluster_columns'),
  ],
).enableRLS();

/** spec 001 §3 Word group: terms and exclude terms rules match with the word-group operators. */
export const wordGroups = pgTable(
  'word_groups',
  {
    organizationId: organizationIdColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** The name trimmed and lower cased: names are unique case-insensitively (spec 001 §5). */
    nameKey: text('name_key').notNull(),
    deletionProtection: boolean('deletion_protection').notNull().default(false),
    position: integer('position').notNull(),
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    excludeTerms: text('exclude_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('word_groups_name').on(t.organizationId, t.nameKey),
    tenantPolicy('word_groups'),
  ],
).enableRLS();
