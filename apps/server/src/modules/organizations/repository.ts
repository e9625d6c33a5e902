import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/pool';
import { datasets, organizations } from './schema';

export type Organization = typeof organizations.$inferSelect;
export type Dataset = typeof datasets.$inferSelect;
type NewOrganization = typeof organizations.$inferInsert;

export function organizationsRepository(db: Database) {
  return {
    async findBySlug(slug: string): Promise<Organization | null> {
      const [row] = await db.select().from(organizations).where(eq(organizations.slug, slug));
      return row ?? null;
    },
    /** Inserts unless the slug exists; answers the row either way (safe when processes race). */
    async insertOrGet(values: NewOrganization & { slug: string }): Promise<Organization> {
      await db.insert(organizations).values(values).onConflictDoNothing({ target: organizations.slug });
      const row = await this.findBySlug(values.slug);
      if (!row) throw new Error(`organization ${values.slug} vanished after insert`);
      return row;
    },
  };
}

/** Tenant rows: only ever called with a transaction from withOrganization. */
export const datasetsRepository = {
  async list(tx: Transaction): Promise<Dataset[]> {
    return tx.select().from(datasets).orderBy(datasets.name);
  },
  async insertOrGet(tx: Transaction, values: { organizationId: string; name: string; description: string }) {
    await tx.insert(datasets).values(values).onConflictDoNothing();
    const [row] = await tx.select().from(datasets).where(eq(datasets.name, values.name));
    if (!row) throw new Error(`dataset ${values.name} vanished after insert`);
    return row;
  },
};
