import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationAction, NotificationStatus, NotificationType } from '@maya/contracts';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { userIdColumn } from '../users/schema';

/**
 * What an organization is told (spec 002 §3 Notification). The message is the organization's;
 * each member's read state and pin live in `notification_states` (docs/decisions.md).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    /** What the notification asks of the organization; shared by its members. */
    action: jsonb('action').$type<NotificationAction>(),
    /**
     * Millisecond precision, as JavaScript and the API's ISO dates carry it: a client passing a
     * notification's created_at back (refresh, cursor) must not see that notification again.
     */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [
    index('notifications_organization_created').on(t.organizationId, t.createdAt),
    // The target of the states' composite key: a state can only name its own organization's notification.
    unique('notifications_id_organization').on(t.id, t.organizationId),
    tenantPolicy('notifications'),
  ],
).enableRLS();

/**
 * One member's status and pin of one notification. No row means unread and not pinned, so a new
 * notification costs one insert whatever the organization's size.
 */
export const notificationStates = pgTable(
  'notification_states',
  {
    notificationId: uuid('notification_id').notNull(),
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
    status: text('status').$type<NotificationStatus>().notNull().default('unread'),
    pinned: boolean('pinned').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    foreignKey({
      name: 'notification_states_notification_fk',
      columns: [t.notificationId, t.organizationId],
      foreignColumns: [notifications.id, notifications.organizationId],
    }).onDelete('cascade'),
    index('notification_states_organization_user').on(t.organizationId, t.userId),
    tenantPolicy('notification_states'),
  ],
).enableRLS();
