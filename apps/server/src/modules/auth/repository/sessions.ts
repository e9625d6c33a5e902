import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/pool';
import { sessions } from '../schema';
import { hashToken, newSecureToken } from '../../../platform/secure-token';

export const REFRESH_TOKEN_TTL_DAYS = 30;
/** However often it is refreshed, a session ends this long after its sign-in (ASVS 7.3.2). */
export const SESSION_ABSOLUTE_DAYS = 30;
/** Two tabs refreshing at once present the same token; within this window that is not theft. */
const REUSE_GRACE_MS = 10_000;

export type RefreshOutcome =
  | { kind: 'rotated'; userId: string; familyId: string; refreshToken: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: string };

export type StartedSession = { familyId: string; refreshToken: string };

export function createSessions(db: Database) {
  return {
    /** A new session family at sign-in; returns the refresh token for the cookie. */
    async start(userId: string, userAgent: string, browserHash: string | null): Promise<StartedSession> {
      const { token, hash } = newSecureToken();
      const familyId = randomUUID();
      await db.insert(sessions).values({
        userId,
        familyId,
        tokenHash: hash,
        userAgent: userAgent.slice(0, 300),
        browserHash,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      });
      return { familyId, refreshToken: token };
    },

    async rotate(refreshToken: string, userAgent: string): Promise<RefreshOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(refreshToken)))
          .for('update');
        const absoluteEnd = row ? row.authenticatedAt.getTime() + SESSION_ABSOLUTE_DAYS * 86_400_000 : 0;
        if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || absoluteEnd <= Date.now())
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
          authenticatedAt: row.authenticatedAt,
          browserHash: row.browserHash,
          expiresAt: new Date(Math.min(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000, absoluteEnd)),
        });
        return {
          kind: 'rotated' as const,
          userId: row.userId,
          familyId: row.familyId,
          refreshToken: token,
        };
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

    /** After a password reset or change: every session of the user ends, but `keepFamily`'s. */
    async revokeAll(userId: string, keepFamily: string | null = null): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepFamily === null ? undefined : ne(sessions.familyId, keepFamily),
          ),
        );
    },

    /** Whether the account was ever signed in from this browser (its sessions remember it). */
    async isKnownBrowser(userId: string, browserHash: string | null): Promise<boolean> {
      if (browserHash === null) return false;
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.browserHash, browserHash)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
