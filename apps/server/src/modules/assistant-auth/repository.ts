import type { Transaction } from '../../platform/db/pool';
import { assistantGrants } from './schema';

export type AssistantGrantRow = typeof assistantGrants.$inferSelect;

export const assistantGrantsRepository = {
  /** The new grant; null when the token was already granted (its hash is unique). */
  async insert(
    tx: Transaction,
    grant: { organizationId: string; userId: string; datasetId: string; tokenHash: string },
  ): Promise<AssistantGrantRow | null> {
    const [row] = await tx.insert(assistantGrants).values(grant).onConflictDoNothing().returning();
    return row ?? null;
  },
};
