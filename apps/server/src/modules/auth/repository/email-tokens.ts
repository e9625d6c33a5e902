import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Provider } from '@maya/contracts';
import type { Database } from '../../../platform/db/pool';
import { emailTokens } from '../schema';
import { hashToken, newSecureToken } from '../../../platform/secure-token';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/** Verification and merge links live 24 hours (spec 000 §9); reset links one hour. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3_600_000,
  merge_accounts: 24 * 3_600_000,
  reset_password: 3_600_000,
};

export type EmailLink = { provider: Provider | null; pendingIdentityId: string | null };

export type ConsumeResult =
  { kind: 'ok'; provider: Provider | null } | { kind: 'used' } | { kind: 'missing' };

export function createEmailTokens(db: Database) {
  return {
    async issue(
      purpose: EmailTokenPurpose,
      email: string,
      provider: Provider | null = null,
      pendingIdentityId: string | null = null,
    ): Promise<string> {
      const { token, hash } = newSecureToken();
      await db.insert(emailTokens).values({
        purpose,
        email,
        provider,
        pendingIdentityId,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
      });
      return token;
    },

    /** Marks a valid token used, atomically: a link works once even when clicked twice at once. */
    async consume(purpose: EmailTokenPurpose, token: string, email: string): Promise<ConsumeResult> {
      const match = and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        eq(emailTokens.email, email),
      );
      const [used] = await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(match, isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
        .returning({ provider: emailTokens.provider });
      if (used) return { kind: 'ok', provider: used.provider };
      const [existing] = await db.select({ usedAt: emailTokens.usedAt }).from(emailTokens).where(match);
      return existing?.usedAt ? { kind: 'used' } : { kind: 'missing' };
    },

    /** A valid token's details without using it; null when the token is not valid. */
    async peek(purpose: EmailTokenPurpose, token: string, email: string): Promise<EmailLink | null> {
      const [row] = await db
        .select({ provider: emailTokens.provider, pendingIdentityId: emailTokens.pendingIdentityId })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            eq(emailTokens.purpose, purpose),
            eq(emailTokens.email, email),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
          ),
        );
      return row ?? null;
    },

    /** Spends every unused token of `purpose` for `email` (a completed reset voids the others). */
    async voidAll(purpose: EmailTokenPurpose, email: string): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(eq(emailTokens.purpose, purpose), eq(emailTokens.email, email), isNull(emailTokens.usedAt)),
        );
    },
  };
}
export type EmailTokens = ReturnType<typeof createEmailTokens>;
