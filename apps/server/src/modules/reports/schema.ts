import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
 * What an embed token opens: the report and the state it was made for. The token is signed and
 * names this row, which holds what does not fit a URL path (the state); deleting the report
 * deletes its grants, so its tokens stop opening anything at once.
 */
export const reportEmbeds = pgTable(
  'report_embeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    reportSlug: text('report_slug').notNull(),
    /** The encoded ReportState the embedded report opens with; null for the report as saved. */
    state: text('state'),
    /** The organization was a demo one: the demo-only reports may be embedded from it. */
    demo: boolean('demo').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_embeds_organization_report').on(t.organizationId, t.reportSlug),
    tenantPolicy('report_embeds'),
  ],
).enableRLS();
