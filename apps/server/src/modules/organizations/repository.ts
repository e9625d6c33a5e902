import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/pool';
import { datasets, memberships, organizations } from './schema';

export type Organization = typeof organizations.$inferSelect;
export type Dataset = typeof datasets.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Role = Membership['role'];
type NewOrganization = typeof organizations.$inferInsert;

export function organizationsRepository(db: Database) {
  return {
    async findBySlug(slug: string): Promise<Organization | null> {
      const [row] = await db.select().from(organizations).where(eq(organizations.slug, slug));
      return row ?? null;
    },
    async findById(id: string): Promise<Organization | null> {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
      return row ?? null;
    },
    /**
     * The guard's question in one round trip (migration 0009's organization_access): whether
     * the organization exists, is a demo one, and the user's role in it (null when not a member).
     */
    async accessOf(
      userId: string,
      organizationId: string,
    ): Promise<{ isDemo: boolean; role: Role | null } | null> {
      const { rows } = await db.execute<{ is_demo: boolean; role: Role | null }>(
        sql`SELECT is_demo, role FROM organization_access(${userId}, ${organizationId})`,
      );
      const [row] = rows;
      return row === undefined ? null : { isDemo: row.is_demo, role: row.role };
    },
    /** Organizations by id plus every demo organization, oldest first. */
    async listVisible(ids: string[]): Promise<Organization[]> {
      const demo = eq(organizations.isDemo, true);
      return db
        .select()
        .from(organizations)
        .where(ids.length ? or(inArray(organizations.id, ids), demo) : demo)
        .orderBy(organizations.createdAt);
    },
    /** The organizations that load data: ETL enabled, not a demo. */
    async listEtlEnabled(): Promise<string[]> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.isEtlEnabled, true), eq(organizations.isDemo, false)));
      return rows.map((r) => r.id);
    },
    /** Sets the organization's currency; the row after, null when there is no such organization. */
    async updateCurrency(id: string, currencyId: string): Promise<Organization | null> {
      const [row] = await db
        .update(organizations)
        .set({ currencyId })
        .where(eq(organizations.id, id))
        .returning();
      return row ?? null;
    },
    /** Inserts unless the slug exists; null when taken. */
    async insert(values: NewOrganization & { slug: string }): Promise<Organization | null> {
      const [row] = await db
        .insert(organizations)
        .values(values)
        .onConflictDoNothing({ target: organizations.slug })
        .returning();
      return row ?? null;
    },
    async insertOrGet(values: NewOrganization & { slug: string }): Promise<Organization> {
      const row = (await this.insert(values)) ?? (await this.findBySlug(values.slug));
      if (!row) throw new Error(`organization ${values.slug} vanished after insert`);
      return row;
    },
  };
}

/** Tenant rows: only ever called with a transaction from withOrganization or withUser. */
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

export const membershipsRepository = {
  /** Inside withUser: the user's own memberships in every organization. */
  async listOwn(tx: Transaction, userId: string): Promise<Membership[]> {
    return tx.select().from(memberships).where(eq(memberships.userId, userId));
  },
  /** Inside withOrganization: the organization's members. */
  async list(tx: Transaction): Promise<Membership[]> {
    return tx.select().from(memberships).orderBy(memberships.joinedAt);
  },
  async add(
    tx: Transaction,
    values: { organizationId: string; userId: string; role: Role },
  ): Promise<boolean> {
    const inserted = await tx.insert(memberships).values(values).onConflictDoNothing().returning();
    return inserted.length > 0;
  },
};
