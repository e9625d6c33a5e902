import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { apiKeys, datasetShares, notificationTokens } from './schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NotificationTokenRow = typeof notificationTokens.$inferSelect;
export type DatasetShareRow = typeof datasetShares.$inferSelect;

/** "Last used" is kept to the minute: a busy key writes once a minute at most. */
const staleBefore = (now: Date) => new Date(now.getTime() - 60_000);

/** Every call runs inside `withOrganization` of the organization it names. */
export const developersRepository = {
  countKeys: async (tx: Transaction, organizationId: string) =>
    (await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.organizationId, organizationId)))[0]?.n ??
    0,

  async insertKey(tx: Transaction, key: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [row] = await tx.insert(apiKeys).values(key).returning();
    if (!row) throw new Error('api key insert returned nothing');
    return row;
  },

  listKeys: (tx: Transaction, organizationId: string) =>
    tx
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.organizationId, organizationId))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id)),

  /** Deletes the key: the next request with it finds nothing. False when there was none. */
  async deleteKey(tx: Transaction, organizationId: string, id: string): Promise<boolean> {
    const deleted = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
      .returning({ id: apiKeys.id });
    return deleted.length > 0;
  },

  keysWithPrefix: (tx: Transaction, organizationId: string, prefix: string) =>
    tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.prefix, prefix))),

  async touchKey(tx: Transaction, id: string, now: Date): Promise<void> {
    await tx
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore(now)))),
      );
  },

  token: async (tx: Transaction, organizationId: string): Promise<NotificationTokenRow | null> =>
    (
      await tx.select().from(notificationTokens).where(eq(notificationTokens.organizationId, organizationId))
    )[0] ?? null,

  /** Replaces the organization's token in one statement: the old one stops with the commit. */
  async replaceToken(
    tx: Transaction,
    token: { organizationId: string; prefix: string; tokenHash: string; createdAt: Date },
  ): Promise<NotificationTokenRow> {
    const [row] = await tx
      .insert(notificationTokens)
      .values({ ...token, lastUsedAt: null })
      .onConflictDoUpdate({
        target: notificationTokens.organizationId,
        set: {
          prefix: token.prefix,
          tokenHash: token.tokenHash,
          createdAt: token.createdAt,
          lastUsedAt: null,
        },
      })
      .returning();
    if (!row) throw new Error('notification token upsert returned nothing');
    return row;
  },

  async touchToken(tx: Transaction, organizationId: string, now: Date): Promise<void> {
    await tx
      .update(notificationTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(notificationTokens.organizationId, organizationId),
          or(isNull(notificationTokens.lastUsedAt), lt(notificationTokens.lastUsedAt, staleBefore(now))),
        ),
      );
  },

  listShares: (tx: Transaction, organizationId: string) =>
    tx
      .select()
      .from(datasetShares)
      .where(eq(datasetShares.organizationId, organizationId))
      .orderBy(asc(datasetShares.createdAt), asc(datasetShares.email)),

  share: async (tx: Transaction, organizationId: string, email: string): Promise<DatasetShareRow | null> =>
    (
      await tx
        .select()
        .from(datasetShares)
        .where(and(eq(datasetShares.organizationId, organizationId), eq(datasetShares.email, email)))
    )[0] ?? null,

  /** The new share; null when the dataset was shared with that e-mail already. */
  async insertShare(
    tx: Transaction,
    share: { organizationId: string; email: string; databaseRole: string | null },
  ): Promise<DatasetShareRow | null> {
    const [row] = await tx.insert(datasetShares).values(share).onConflictDoNothing().returning();
    return row ?? null;
  },

  async setShareRole(
    tx: Transaction,
    organizationId: string,
    email: string,
    databaseRole: string,
  ): Promise<void> {
    await tx
      .update(datasetShares)
      .set({ databaseRole })
      .where(and(eq(datasetShares.organizationId, organizationId), eq(datasetShares.email, email)));
  },

  async deleteShare(tx: Transaction, organizationId: string, email: string): Promise<DatasetShareRow | null> {
    const [row] = await tx
      .delete(datasetShares)
      .where(and(eq(datasetShares.organizationId, organizationId), eq(datasetShares.email, email)))
      .returning();
    return row ?? null;
  },
};
