import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/pool';
import { userIdentities, users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type IdentityProvider = (typeof userIdentities.$inferSelect)['provider'];
export type Identity = { provider: IdentityProvider; subject: string; email: string };

export function usersRepository(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row ?? null;
    },
    async findMany(ids: string[]): Promise<UserRow[]> {
      return ids.length ? db.select().from(users).where(inArray(users.id, ids)) : [];
    },
    /** Inserts; null when the e-mail is taken (the unique constraint decides, not a prior read). */
    async insert(values: NewUser): Promise<UserRow | null> {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: values.email.toLowerCase() })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row ?? null;
    },
    async update(id: string, values: Partial<NewUser>): Promise<UserRow | null> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row ?? null;
    },
    async identities(userId: string): Promise<Identity[]> {
      return db
        .select({
          provider: userIdentities.provider,
          subject: userIdentities.subject,
          email: userIdentities.email,
        })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId));
    },
    async findByIdentity(provider: IdentityProvider, subject: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row?.user ?? null;
    },
    /**
     * The address is proven (a link followed, or a provider vouching for it): the account becomes
     * verified with `passwordHash` (null: none), and unless `keepIdentities`, every linked identity
     * is dropped. One transaction: a failure half-way leaves the account as it was.
     */
    async proveAddress(
      userId: string,
      passwordHash: string | null,
      keepIdentities: boolean,
    ): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        if (!keepIdentities) await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
        const [row] = await tx
          .update(users)
          .set({ isEmailVerified: true, passwordHash, signupBrowserHash: null })
          .where(eq(users.id, userId))
          .returning();
        return row ?? null;
      });
    },
    async linkIdentity(userId: string, identity: Identity): Promise<void> {
      await db
        .insert(userIdentities)
        .values({ userId, provider: identity.provider, subject: identity.subject, email: identity.email })
        .onConflictDoNothing({ target: [userIdentities.provider, userIdentities.subject] });
    },
  };
}
