import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { datasets, organizationIdColumn } from '../organizations/schema';
import { userIdColumn } from '../users/schema';

/**
 * A user's grant of one dataset to the AI assistant holding `mcp_auth_token` (spec 000 §2
 * organization-select and dataset-select). The MCP server honours these; the token is stored hashed.
 */
export const assistantGrants = pgTable(
  'assistant_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  () => [tenantPolicy('assistant_grants')],
).enableRLS();
