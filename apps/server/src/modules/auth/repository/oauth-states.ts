import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/pool';
import type { IdentityProvider } from '../../users';
import { oauthStates } from '../schema';

export type OauthState = typeof oauthStates.$inferSelect;
export type NewOauthState = Omit<typeof oauthStates.$inferInsert, 'usedAt'>;

/** The provider sign-ins under way: one row per state, used once, expiring. */
export function createOauthStates(db: Database) {
  return {
    async insert(state: NewOauthState): Promise<void> {
      await db.insert(oauthStates).values(state);
    },

    /** Marks the live, unused state of this browser and provider used; null when there is none. */
    async use(state: string, provider: IdentityProvider, browserHash: string): Promise<OauthState | null> {
      const [row] = await db
        .update(oauthStates)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(oauthStates.state, state),
            eq(oauthStates.provider, provider),
            eq(oauthStates.browserHash, browserHash),
            isNull(oauthStates.usedAt),
            gt(oauthStates.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row ?? null;
    },

    async purgeExpired(): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
    },
  };
}
export type OauthStates = ReturnType<typeof createOauthStates>;
