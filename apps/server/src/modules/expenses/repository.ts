import { and, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { expenses } from './schema';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpenseRow = Omit<typeof expenses.$inferInsert, 'createdAt' | 'updatedAt'>;

/** An organization's expenses; every call runs inside withOrganization. */
export const expensesRepository = {
  /**
   * Serialises the organization's expense writes until the transaction ends: each replaces its
   * rows in the warehouse's one expenses table, which two at once would overwrite.
   */
  async lock(tx: Transaction, organizationId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`expenses:${organizationId}`}, 0))`);
  },

  /** Newest payment first, then the latest written. */
  list(tx: Transaction): Promise<ExpenseRow[]> {
    return tx.select().from(expenses).orderBy(desc(expenses.paymentDate), desc(expenses.updatedAt));
  },

  async find(tx: Transaction, organizationId: string, id: string): Promise<ExpenseRow | null> {
    const rows = await tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.organizationId, organizationId), eq(expenses.id, id)))
      .for('update');
    return rows[0] ?? null;
  },

  async upsert(tx: Transaction, row: NewExpenseRow): Promise<ExpenseRow> {
    const { organizationId: _organization, id: _id, ...changes } = row;
    const [saved] = await tx
      .insert(expenses)
      .values(row)
      .onConflictDoUpdate({
        target: [expenses.organizationId, expenses.id],
        set: { ...changes, updatedAt: sql`now()` },
      })
      .returning();
    if (saved === undefined) throw new Error('expense upsert returned no row');
    return saved;
  },

  async remove(tx: Transaction, organizationId: string, id: string): Promise<boolean> {
    const removed = await tx
      .delete(expenses)
      .where(and(eq(expenses.organizationId, organizationId), eq(expenses.id, id)))
      .returning({ id: expenses.id });
    return removed.length > 0;
  },
};
