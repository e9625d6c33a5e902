import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/pool';
import { billingDetails, billingEvents, billingSubscriptions, products } from './schema';
import type { ProductRow } from './plan';

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type NewBillingSubscription = typeof billingSubscriptions.$inferInsert;
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
  /**
   * Writes the subscription as of `eventAt` unless what is stored is as new or newer: an event
   * delivered late changes nothing. True when it was written.
   */
  async applyIfNewer(tx: Transaction, values: NewBillingSubscription): Promise<boolean> {
    const rows = await tx
      .insert(billingSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: billingSubscriptions.organizationId,
        set: {
          provider: sql`excluded.provider`,
          externalId: sql`excluded.external_id`,
          customerId: sql`coalesce(excluded.customer_id, ${billingSubscriptions.customerId})`,
          productId: sql`excluded.product_id`,
          annual: sql`excluded.annual`,
          status: sql`excluded.status`,
          trialEndsAt: sql`excluded.trial_ends_at`,
          eventAt: sql`excluded.event_at`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${billingSubscriptions.eventAt} < excluded.event_at`,
      })
      .returning({ organizationId: billingSubscriptions.organizationId });
    return rows.length > 0;
  },
};

/** The provider events applied: not a tenant table. */
export const billingEventsRepository = {
  /** Records the event; false when it was recorded before (a redelivery). */
  async record(
    tx: Transaction,
    event: { id: string; provider: 'stripe' | 'local'; type: string },
  ): Promise<boolean> {
    const rows = await tx.insert(billingEvents).values(event).onConflictDoNothing().returning();
    return rows.length > 0;
  },
};

export type BillingDetailsRow = typeof billingDetails.$inferSelect;

/** The organization's billing details: only ever called inside withOrganization. */
export const billingDetailsRepository = {
  async current(tx: Transaction): Promise<BillingDetailsRow | null> {
    const [row] = await tx.select().from(billingDetails).limit(1);
    return row ?? null;
  },
  async save(tx: Transaction, values: typeof billingDetails.$inferInsert): Promise<void> {
    const { organizationId: _, ...changes } = values;
    await tx
      .insert(billingDetails)
      .values(values)
      .onConflictDoUpdate({
        target: billingDetails.organizationId,
        set: { ...changes, updatedAt: sql`now()` },
      });
  },
};
