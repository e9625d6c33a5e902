import { unreachable } from '@maya/contracts';
import { and, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { NotificationAction, NotificationFilter, NotificationStatus } from '@maya/contracts';
import type { Transaction } from '../../platform/db/pool';
import { notifications, notificationStates } from './schema';

export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'title' | 'body' | 'type' | 'action'
> & {
  organizationId: string;
};

/** A notification as one member sees it: their status and pin joined in. */
export type NotificationView = {
  id: string;
  title: string;
  body: string;
  type: (typeof notifications.$inferSelect)['type'];
  action: NotificationAction | null;
  createdAt: Date;
  status: NotificationStatus;
  pinned: boolean;
};

/**
 * Where a page ends in the list's order: the sort keys of its last row. The keys are what the
 * order compares, so the next page starts right after it even when rows are added meanwhile.
 */
export type ListPosition = {
  pinned: boolean;
  persistent: boolean;
  unread: boolean;
  createdAt: Date;
  id: string;
};

const status = sql<NotificationStatus>`coalesce(${notificationStates.status}, 'unread')`;
const pinned = sql<boolean>`coalesce(${notificationStates.pinned}, false)`;
const persistent = sql<boolean>`(${notifications.type} = 'persistent')`;
const unread = sql<boolean>`(coalesce(${notificationStates.status}, 'unread') = 'unread')`;

const viewColumns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  type: notifications.type,
  action: notifications.action,
  createdAt: notifications.createdAt,
  status,
  pinned,
};

function filterBy(filter: NotificationFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return ne(status, 'archived');
    case 'unread':
    case 'read':
    case 'archived':
      return eq(status, filter);
    default: {
      return unreachable(filter);
    }
  }
}

/** The organization's notifications; every call runs inside withOrganization (row-level security). */
export const notificationsRepository = {
  /** The notifications joined with one member's state (no state row: unread, not pinned). */
  views(tx: Transaction, userId: string) {
    return tx
      .select(viewColumns)
      .from(notifications)
      .leftJoin(
        notificationStates,
        and(eq(notificationStates.notificationId, notifications.id), eq(notificationStates.userId, userId)),
      )
      .$dynamic();
  },

  async find(tx: Transaction, userId: string, id: string): Promise<NotificationView | null> {
    const [row] = await this.views(tx, userId).where(eq(notifications.id, id));
    return row ?? null;
  },

  /**
   * One page in the spec's order (pinned, then persistent, then unread, then newest; spec 002 §5),
   * starting after `after`. Reads one row more than `limit` to tell whether another page follows.
   */
  page(
    tx: Transaction,
    userId: string,
    options: { filter: NotificationFilter; after: ListPosition | null; limit: number },
  ): Promise<NotificationView[]> {
    const { after } = options;
    const afterPosition = after
      ? sql`(${pinned}, ${persistent}, ${unread}, ${notifications.createdAt}, ${notifications.id}) < (${after.pinned}::boolean, ${after.persistent}::boolean, ${after.unread}::boolean, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined;
    return this.views(tx, userId)
      .where(and(filterBy(options.filter), afterPosition))
      .orderBy(
        desc(pinned),
        desc(persistent),
        desc(unread),
        desc(notifications.createdAt),
        desc(notifications.id),
      )
      .limit(options.limit + 1);
  },

  /** The notifications created after `since`, newest first. */
  newer(tx: Transaction, userId: string, since: Date, limit: number): Promise<NotificationView[]> {
    return this.views(tx, userId)
      .where(gt(notifications.createdAt, since))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  },

  async count(tx: Transaction, userId: string, statuses: NotificationStatus[]): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .leftJoin(
        notificationStates,
        and(eq(notificationStates.notificationId, notifications.id), eq(notificationStates.userId, userId)),
      )
      .where(inArray(status, statuses));
    return row?.count ?? 0;
  },

  async insert(tx: Transaction, values: NewNotification): Promise<{ id: string }> {
    const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
    if (!row) throw new Error('notification insert returned nothing');
    return row;
  },

  /** Sets one member's status and/or pin, creating their state row on first change. */
  async setState(
    tx: Transaction,
    values: {
      organizationId: string;
      notificationId: string;
      userId: string;
      status: NotificationStatus;
      pinned: boolean;
    },
  ): Promise<void> {
    await tx
      .insert(notificationStates)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationStates.notificationId, notificationStates.userId],
        set: { status: values.status, pinned: values.pinned, updatedAt: sql`now()` },
      });
  },

  /** Marks the notification's action fulfilled; false when it has none or it does not exist. */
  async fulfilAction(tx: Transaction, id: string): Promise<boolean> {
    const rows = await tx
      .update(notifications)
      .set({ action: sql`jsonb_set(${notifications.action}, '{status}', '"fulfilled"')` })
      .where(and(eq(notifications.id, id), sql`${notifications.action} is not null`))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },
};
