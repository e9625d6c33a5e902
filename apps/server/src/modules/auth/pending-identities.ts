import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/pool';
import type { Identity, IdentityProvider } from '../users';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';
import { pendingIdentities } from './schema';

/** Provider identities waiting for the e-mail owner's consent to be merged (24 hours, like the link). */
export function createPendingIdentities(db: Database) {
  return {
    async record(identity: Identity): Promise<void> {
      const expiresAt = new Date(Date.now() + EMAIL_TOKEN_TTL_MS.merge_accounts);
      await db
        .insert(pendingIdentities)
        .values({ email: identity.email, provider: identity.provider, subject: identity.subject, expiresAt })
        .onConflictDoUpdate({
          target: [pendingIdentities.email, pendingIdentities.provider],
          set: { subject: identity.subject, expiresAt, createdAt: sql`now()` },
        });
    },
    async find(email: string, provider: IdentityProvider): Promise<Identity | null> {
      const [row] = await db
        .select()
        .from(pendingIdentities)
        .where(
          and(
            eq(pendingIdentities.email, email),
            eq(pendingIdentities.provider, provider),
            gt(pendingIdentities.expiresAt, sql`now()`),
          ),
        );
      return row ? { provider: row.provider, subject: row.subject, email: row.email } : null;
    },
    async remove(email: string, provider: IdentityProvider): Promise<void> {
      await db
        .delete(pendingIdentities)
        .where(and(eq(pendingIdentities.email, email), eq(pendingIdentities.provider, provider)));
    },
  };
}
