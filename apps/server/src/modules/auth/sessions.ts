import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/pool';
import { sessions } from './schema';
import { hashToken, newSecureToken } from '../../platform/secure-token';

export const REFRESH_TOKEN_TTL_DAYS = 30;
/** Two tabs refreshing at once present the same token; within this window that is not theft. */
const REUSE_GRACE_MS = 10_000;

export type RefreshOutcome =
  | { kind: 'rotated'; userId: string; refreshToken: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: string };

export function createSessions(db: Database) {
  async function insert(userId: string, familyId: string, userAgent: string) {
    const { token, hash } = newSecureToken();
    await db.insert(sessions).values({
      userId,
      familyId,
      tokenHash: hash,
      userAgent: userAgent.slice(0, 300),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return token;
  }

  return {
    /** A new session family at sign-in; returns the refresh token for the cookie. */
    start: (userId: string, userAgent: string) => insert(userId, randomUUID(), userAgent),

    async rotate(refreshToken: string, userAgent: string): Promise<RefreshOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(refreshToken)))
          .for('update');
        if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now())
          return { kind: 'invalid' as const };
        if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() > REUSE_GRACE_MS) {
          await tx
            .update(sessions)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
          return { kind: 'reused' as const, userId: row.userId };
        }
        await tx
          .update(sessions)
          .set({ rotatedAt: sql`coalesce(rotated_at, now())` })
          .where(eq(sessions.id, row.id));
        const { token, hash } = newSecureToken();
        await tx.insert(sessions).values({
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: hash,
          userAgent: userAgent.slice(0, 300),
          expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
        });
        return { kind: 'rotated' as const, userId: row.userId, refreshToken: token };
      });
    },

    async revoke(refreshToken: string): Promise<void> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(refreshToken)));
      if (row)
        await db
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(eq(sessions.familyId, row.familyId));
    },

    /** After a password reset: every session of the user ends. */
    async revokeAll(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
