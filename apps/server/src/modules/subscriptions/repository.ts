import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/pool';
import { organizationSubscriptions, subscriptions } from './schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type SubscriptionLink = typeof organizationSubscriptions.$inferSelect;

/** Subscriptions: a user's own rows (no organization yet, so no tenant policy). */
export function subscriptionsRepository(db: Database) {
  return {
    async find(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },
    async listForUser(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(subscriptions.createdAt);
    },
    /** Inserts unless the id exists; the stored row either way. */
    async insertOrGet(values: NewSubscription): Promise<SubscriptionRow> {
      await db.insert(subscriptions).values(values).onConflictDoNothing({ target: subscriptions.id });
      const row = await this.find(values.id);
      if (!row) throw new Error(`subscription ${values.id} vanished after insert`);
      return row;
    },
    async markActive(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ status: 'active', activatedAt: sql`coalesce(${subscriptions.activatedAt}, now())` })
        .where(and(eq(subscriptions.id, id), isNull(subscriptions.activatedAt)))
        .returning();
      return row ?? (await this.find(id));
    },
  };
}

/** Links: only ever called with a transaction from withOrganization or withUser. */
export const linksRepository = {
  /** Inside withUser: the user's own links, by subscription. */
  async forSubscriptions(tx: Transaction, ids: string[]): Promise<SubscriptionLink[]> {
    if (ids.length === 0) return [];
    return tx
      .select()
      .from(organizationSubscriptions)
      .where(inArray(organizationSubscriptions.subscriptionId, ids));
  },
  /** Inside withOrganization: that organization's link, if any. */
  async current(tx: Transaction): Promise<SubscriptionLink | null> {
    const [row] = await tx.select().from(organizationSubscriptions).limit(1);
    return row ?? null;
  },
  /** Inside withOrganization; false when the organization or the subscription is already linked. */
  async insert(
    tx: Transaction,
    values: { organizationId: string; subscriptionId: string; userId: string },
  ): Promise<boolean> {
    const rows = await tx.insert(organizationSubscriptions).values(values).onConflictDoNothing().returning();
    return rows.length > 0;
  },
};
