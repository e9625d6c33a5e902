import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/pool';
import { billingSubscriptions, products } from './schema';
import type { ProductRow } from './plan';

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
type NewProduct = typeof products.$inferInsert;

/** The catalogue: not a tenant table. */
export function productsRepository(db: Database) {
  return {
    list(): Promise<ProductRow[]> {
      return db.select().from(products).orderBy(asc(products.position), asc(products.id));
    },
    /** Writes the products that are missing; existing ones keep what the database says. */
    async seed(values: readonly NewProduct[]): Promise<void> {
      if (values.length === 0) return;
      await db
        .insert(products)
        .values([...values])
        .onConflictDoNothing({ target: products.id });
    },
  };
}

/** The organization's provider subscription: only ever called inside withOrganization. */
export const billingSubscriptionsRepository = {
  async current(tx: Transaction): Promise<BillingSubscriptionRow | null> {
    const [row] = await tx.select().from(billingSubscriptions).limit(1);
    return row ?? null;
  },
  async byOrganization(tx: Transaction, organizationId: string): Promise<BillingSubscriptionRow | null> {
    const [row] = await tx
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.organizationId, organizationId));
    return row ?? null;
  },
};
