import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DestinationLocation } from '@maya/contracts';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { users } from '../users/schema';

/**
 * spec 002 §3 Organization destination: the organization's own database its data is loaded into,
 * one at most (none means the managed default). The credentials are sealed by the platform vault,
 * bound to the organization, and never answered back.
 */
export const organizationDestinations = pgTable(
  'organization_destinations',
  {
    organizationId: organizationIdColumn().primaryKey(),
    destinationId: text('destination_id').notNull(),
    name: text('name').notNull(),
    location: text('location').$type<DestinationLocation>().notNull(),
    sealedCredentials: text('sealed_credentials').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('organization_destinations')],
).enableRLS();
