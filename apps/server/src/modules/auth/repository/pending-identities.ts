import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/pool';
import type { Identity, IdentityProvider } from '../../users';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';
import { pendingIdentities } from '../schema';

/** A provider identity waiting for the e-mail owner's consent, as the owner is shown it. */
export type PendingIdentity = Identity & {
  id: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
};

/**
 * Provider identities waiting for the e-mail owner's consent to be merged (24 hours, like the
 * link). One row per identity: a later sign-in attempt by someone else adds a row and never
 * replaces the identity an e-mailed link already names.
 */
export function createPendingIdentities(db: Database) {
  const live = gt(pendingIdentities.expiresAt, sql`now()`);
  return {
    async record(
      identity: Identity & { name: string; emailVerified: boolean },
      browserHash: string | null,
    ): Promise<void> {
      const expiresAt = new Date(Date.now() + EMAIL_TOKEN_TTL_MS.merge_accounts);
      const values = {
        email: identity.email,
        provider: identity.provider,
        subject: identity.subject,
        name: identity.name.slice(0, 200),
        emailVerified: identity.emailVerified,
        browserHash,
        expiresAt,
      };
      await db
        .insert(pendingIdentities)
        .values(values)
        .onConflictDoUpdate({
          target: [pendingIdentities.email, pendingIdentities.provider, pendingIdentities.subject],
          set: {
            name: values.name,
            emailVerified: values.emailVerified,
            browserHash,
            expiresAt,
            createdAt: sql`now()`,
          },
        });
    },

    /**
     * The most recent attempt for this address and provider in this browser: the one a link it
     * asks for names. Another browser's (an attacker signing in with the same address) never.
     */
    async latest(
      email: string,
      provider: IdentityProvider,
      browserHash: string | null,
    ): Promise<PendingIdentity | null> {
      if (browserHash === null) return null;
      const [row] = await db
        .select()
        .from(pendingIdentities)
        .where(
          and(
            eq(pendingIdentities.email, email),
            eq(pendingIdentities.provider, provider),
            eq(pendingIdentities.browserHash, browserHash),
            live,
          ),
        )
        .orderBy(desc(pendingIdentities.createdAt))
        .limit(1);
      return row ?? null;
    },

    async byId(id: string): Promise<PendingIdentity | null> {
      const [row] = await db
        .select()
        .from(pendingIdentities)
        .where(and(eq(pendingIdentities.id, id), live));
      return row ?? null;
    },

    async remove(id: string): Promise<void> {
      await db.delete(pendingIdentities).where(eq(pendingIdentities.id, id));
    },
  };
}
export type PendingIdentities = ReturnType<typeof createPendingIdentities>;
