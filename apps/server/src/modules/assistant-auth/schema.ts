import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { datasets, organizations } from '../organizations/schema';
import { users } from '../users/schema';

/**
 * A user's grant of one dataset to the AI assistant holding `mcp_auth_token` (spec 000 §2
 * organization-select and dataset-select). The MCP server honours these; the token is stored hashed.
 */
export const assistantGrants = pgTable(
  'assistant_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  () => [tenantPolicy('assistant_grants')],
).enableRLS();
