import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { organizationDestinations } from './schema';

export type OrganizationDestinationRow = typeof organizationDestinations.$inferSelect;

/** The destinations table; every call runs inside withOrganization (row-level security). */
export const destinationsRepository = {
  async find(tx: Transaction): Promise<OrganizationDestinationRow | null> {
    const [row] = await tx.select().from(organizationDestinations);
    return row ?? null;
  },

  /** Creates the organization's destination or replaces it; created_at stays that of the first. */
  async upsert(
    tx: Transaction,
    row: Omit<typeof organizationDestinations.$inferInsert, 'createdAt' | 'updatedAt'>,
  ): Promise<OrganizationDestinationRow> {
    const [saved] = await tx
      .insert(organizationDestinations)
      .values(row)
      .onConflictDoUpdate({
        target: organizationDestinations.organizationId,
        set: {
          destinationId: row.destinationId,
          name: row.name,
          location: row.location,
          sealedCredentials: row.sealedCredentials,
          updatedBy: row.updatedBy ?? null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!saved) throw new Error('organization destination vanished after upsert');
    return saved;
  },

  async updateSealed(tx: Transaction, organizationId: string, sealed: string): Promise<void> {
    await tx
      .update(organizationDestinations)
      .set({ sealedCredentials: sealed })
      .where(eq(organizationDestinations.organizationId, organizationId));
  },

  async remove(tx: Transaction): Promise<boolean> {
    const removed = await tx
      .delete(organizationDestinations)
      .returning({ id: organizationDestinations.organizationId });
    return removed.length > 0;
  },
};
