import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { invitations } from './schema';

export type InvitationRow = typeof invitations.$inferSelect;

/** An organization's invitations; each call runs in the organization's tenant transaction. */
export const invitationsRepository = {
  async byId(tx: Transaction, id: string): Promise<InvitationRow | null> {
    const [row] = await tx.select().from(invitations).where(eq(invitations.id, id));
    return row ?? null;
  },

  /** The address's pending invitation renewed to `expiresAt`, else a new one. */
  async renewOrInsert(
    tx: Transaction,
    invitation: { organizationId: string; email: string; invitedBy: string; expiresAt: Date },
  ): Promise<InvitationRow> {
    const { email, expiresAt } = invitation;
    const [pending] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt)));
    if (pending) {
      const [renewed] = await tx
        .update(invitations)
        .set({ expiresAt })
        .where(eq(invitations.id, pending.id))
        .returning();
      return renewed ?? pending;
    }
    const [created] = await tx.insert(invitations).values(invitation).returning();
    if (!created) throw new Error('invitation insert returned nothing');
    return created;
  },

  /** Neither accepted nor expired, oldest first. */
  listPending(tx: Transaction): Promise<InvitationRow[]> {
    return tx
      .select()
      .from(invitations)
      .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)))
      .orderBy(invitations.createdAt);
  },

  /** Whether there was such an invitation. */
  async remove(tx: Transaction, id: string): Promise<boolean> {
    const deleted = await tx.delete(invitations).where(eq(invitations.id, id)).returning();
    return deleted.length > 0;
  },

  async markAccepted(tx: Transaction, id: string, userId: string): Promise<void> {
    await tx
      .update(invitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: userId })
      .where(eq(invitations.id, id));
  },
};
