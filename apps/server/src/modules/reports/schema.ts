import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { ReportDocument } from '@maya/contracts';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { users } from '../users/schema';

/**
 * Reports saved from edit mode (spec 002 §2 Report save-as dialog): a copy of a report's document
 * under the view that was on screen. The slug is derived from the name (spec 002 §5) and unique
 * within the organization; the built-ins' slugs are reserved, so it never shadows one.
 */
export const customReports = pgTable(
  'custom_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** A ReportDocument, validated against its semantic model before it is stored. */
    document: jsonb('document').$type<ReportDocument>().notNull(),
    /** The newest of its versions (custom_report_versions), the one `document` holds. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('custom_reports_organization_slug').on(t.organizationId, t.slug),
    tenantPolicy('custom_reports'),
  ],
).enableRLS();

/**
 * Every document a custom report has had (issue 32): save as writes version 1, each save from
 * edit mode and each restore the next. Deleting the report deletes its history.
 */
export const customReportVersions = pgTable(
  'custom_report_versions',
  {
    organizationId: organizationIdColumn(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => customReports.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<ReportDocument>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('custom_report_versions_report_version').on(t.reportId, t.version),
    tenantPolicy('custom_report_versions'),
  ],
).enableRLS();

/**
 * An embed grant: what an embed token opens. The token is signed and names this row, which holds
 * the view it was made for (report, state), what its viewers may do, and how long it lasts. The
 * row is read on every embedded request, so revoking or expiring it takes effect at once on every
 * API process; deleting the report deletes its grants.
 */
export const reportEmbeds = pgTable(
  'report_embeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    reportSlug: text('report_slug').notNull(),
    /** The encoded ReportState the embedded report opens with and keeps to; null: as saved. */
    state: text('state'),
    /** Viewers may narrow the view with the filters it leaves open (decisions: embed grants). */
    allowFiltering: boolean('allow_filtering').notNull().default(false),
    /** The organization was a demo one: the demo-only reports may be embedded from it. */
    demo: boolean('demo').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Null: the grant does not expire (its creator chose no expiry). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When its embedded report was last opened, kept to the minute (one write a minute at most). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_embeds_organization_report').on(t.organizationId, t.reportSlug),
    tenantPolicy('report_embeds'),
  ],
).enableRLS();
