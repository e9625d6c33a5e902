import { and, eq, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { serviceAccounts, sourceCredentials, sourceKeys, sourceOAuthStates, sourceSettings } from './schema';

export type ServiceAccountRow = typeof serviceAccounts.$inferSelect;
export type CredentialsRow = typeof sourceCredentials.$inferSelect;
export type OAuthStateRow = typeof sourceOAuthStates.$inferSelect;
export type SourceKeyRow = typeof sourceKeys.$inferSelect;

/** The sources tables; every call runs inside withOrganization (row-level security). */
export const sourcesRepository = {
  /** The organization's chosen conversion action types of a service; null: its default. */
  async conversionActionTypes(tx: Transaction, serviceId: string): Promise<string[] | null> {
    const [row] = await tx
      .select({ types: sourceSettings.conversionActionTypes })
      .from(sourceSettings)
      .where(eq(sourceSettings.serviceId, serviceId));
    return row?.types ?? null;
  },

  async saveConversionActionTypes(
    tx: Transaction,
    organizationId: string,
    serviceId: string,
    types: string[] | null,
  ): Promise<void> {
    await tx
      .insert(sourceSettings)
      .values({ organizationId, serviceId, conversionActionTypes: types })
      .onConflictDoUpdate({
        target: [sourceSettings.organizationId, sourceSettings.serviceId],
        set: { conversionActionTypes: types, updatedAt: sql`now()` },
      });
  },

  listAccounts(tx: Transaction): Promise<ServiceAccountRow[]> {
    return tx.select().from(serviceAccounts).orderBy(serviceAccounts.serviceId, serviceAccounts.name);
  },

  async findAccount(tx: Transaction, id: string): Promise<ServiceAccountRow | null> {
    const [row] = await tx.select().from(serviceAccounts).where(eq(serviceAccounts.id, id));
    return row ?? null;
  },

  /** Inserts or, for an account connected before (a reconnect), points it at the new credentials. */
  async upsertAccounts(
    tx: Transaction,
    rows: (typeof serviceAccounts.$inferInsert)[],
  ): Promise<ServiceAccountRow[]> {
    if (rows.length === 0) return [];
    return tx
      .insert(serviceAccounts)
      .values(rows)
      .onConflictDoUpdate({
        target: [serviceAccounts.organizationId, serviceAccounts.serviceId, serviceAccounts.identifier],
        set: {
          name: sql`excluded.name`,
          idLabel: sql`excluded.id_label`,
          parentId: sql`excluded.parent_id`,
          metadata: sql`excluded.metadata`,
          // A reconnect learns the zone of an account connected before zones were asked for.
          timeZone: sql`coalesce(excluded.time_zone, ${serviceAccounts.timeZone})`,
          credentialsId: sql`excluded.credentials_id`,
          needsReconnect: false,
          syncError: null,
          // A failed account is retried by the next load; a healthy one keeps its status.
          syncStatus: sql`case when ${serviceAccounts.syncStatus} = 'failed' then 'pending' else ${serviceAccounts.syncStatus} end`,
        },
      })
      .returning();
  },

  /** Gives an account the identity its provider names it by now (an API version's migration). */
  async renameAccount(
    tx: Transaction,
    id: string,
    identity: Pick<ServiceAccountRow, 'identifier' | 'idLabel' | 'name'>,
  ): Promise<ServiceAccountRow | null> {
    const [row] = await tx
      .update(serviceAccounts)
      .set(identity)
      .where(eq(serviceAccounts.id, id))
      .returning();
    return row ?? null;
  },

  /** Sets the account's zone where it has none (a zone already learned is never replaced). */
  async learnTimeZone(tx: Transaction, id: string, timeZone: string): Promise<void> {
    await tx
      .update(serviceAccounts)
      .set({ timeZone })
      .where(and(eq(serviceAccounts.id, id), isNull(serviceAccounts.timeZone)));
  },

  async setLoadJob(tx: Transaction, id: string, jobId: string | null): Promise<void> {
    await tx.update(serviceAccounts).set({ loadJobId: jobId }).where(eq(serviceAccounts.id, id));
  },

  /** Forgets the account's first-load job once that job's load has ended (not a newer job). */
  async endLoadJob(tx: Transaction, id: string, jobId: string): Promise<void> {
    await tx
      .update(serviceAccounts)
      .set({ loadJobId: null })
      .where(and(eq(serviceAccounts.id, id), eq(serviceAccounts.loadJobId, jobId)));
  },

  async deleteAccount(tx: Transaction, id: string): Promise<ServiceAccountRow | null> {
    const [row] = await tx.delete(serviceAccounts).where(eq(serviceAccounts.id, id)).returning();
    return row ?? null;
  },

  /** Records a load's outcome for an account (the ETL module reports through the service). */
  async setSync(
    tx: Transaction,
    id: string,
    values: Partial<
      Pick<
        ServiceAccountRow,
        'syncStatus' | 'syncError' | 'needsReconnect' | 'lastSyncedAt' | 'loadJobId' | 'backfillPercent'
      >
    >,
  ): Promise<ServiceAccountRow | null> {
    const [row] = await tx.update(serviceAccounts).set(values).where(eq(serviceAccounts.id, id)).returning();
    return row ?? null;
  },

  async insertCredentials(tx: Transaction, row: typeof sourceCredentials.$inferInsert): Promise<void> {
    await tx.insert(sourceCredentials).values(row);
  },

  async findCredentials(tx: Transaction, id: string): Promise<CredentialsRow | null> {
    const [row] = await tx.select().from(sourceCredentials).where(eq(sourceCredentials.id, id));
    return row ?? null;
  },

  async updateSealed(tx: Transaction, id: string, sealed: string): Promise<void> {
    await tx.update(sourceCredentials).set({ sealed }).where(eq(sourceCredentials.id, id));
  },

  async markCredentialsUsed(tx: Transaction, id: string): Promise<void> {
    await tx.update(sourceCredentials).set({ pendingUntil: null }).where(eq(sourceCredentials.id, id));
  },

  /** Credentials no account uses any more: replaced by a reconnect, or their last account deleted. */
  async deleteOrphanCredentials(tx: Transaction): Promise<number> {
    const orphans = await tx
      .delete(sourceCredentials)
      .where(
        and(
          or(isNull(sourceCredentials.pendingUntil), lt(sourceCredentials.pendingUntil, sql`now()`)),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(serviceAccounts)
              .where(eq(serviceAccounts.credentialsId, sourceCredentials.id)),
          ),
        ),
      )
      .returning({ id: sourceCredentials.id });
    return orphans.length;
  },

  async insertState(tx: Transaction, row: typeof sourceOAuthStates.$inferInsert): Promise<void> {
    await tx.insert(sourceOAuthStates).values(row);
  },

  /** Claims an unexpired, unused state: single use, so a replayed callback finds nothing. */
  async claimState(tx: Transaction, stateHash: string): Promise<OAuthStateRow | null> {
    const [row] = await tx
      .update(sourceOAuthStates)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(sourceOAuthStates.stateHash, stateHash),
          isNull(sourceOAuthStates.usedAt),
          gt(sourceOAuthStates.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row ?? null;
  },

  async findKey(tx: Transaction, serviceId: string): Promise<SourceKeyRow | null> {
    const [row] = await tx.select().from(sourceKeys).where(eq(sourceKeys.serviceId, serviceId));
    return row ?? null;
  },

  /** Inserts unless another request created the organization's key first; the stored key either way. */
  async insertOrGetKey(tx: Transaction, row: typeof sourceKeys.$inferInsert): Promise<SourceKeyRow> {
    await tx.insert(sourceKeys).values(row).onConflictDoNothing();
    const stored = await this.findKey(tx, row.serviceId);
    if (!stored) throw new Error('source key vanished after insert');
    return stored;
  },
};
