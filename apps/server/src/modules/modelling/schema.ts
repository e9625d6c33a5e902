import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';

/**
 * A derived column as the last rebuild applied it: what the semantic model shows. `keys`: the
 * columns of `table` its side table is keyed by (decision 500); absent in versions written
 * before, when the column was in the table itself (decision 400).
 */
export type AppliedColumn = { table: string; column: string; label: string; keys?: readonly string[] };

/**
 * Each organization's model load version (DESIGN.md "One owner per concept"): bumped by every
 * rebuild, with the derived columns that rebuild applied, and announced to every process
 * (NOTIFY), whose report caches key on it. No row: version 0, nothing derived.
 */
export const modelVersions = pgTable(
  'model_versions',
  {
    organizationId: organizationIdColumn().primaryKey(),
    version: integer('version').notNull(),
    derivedColumns: jsonb('derived_columns').$type<AppliedColumn[]>().notNull().default([]),
    rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('model_versions')],
).enableRLS();
