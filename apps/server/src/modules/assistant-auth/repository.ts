import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/pool';
import {
  assistantCalls,
  assistantGrants,
  assistantTokens,
  oauthClients,
  oauthRequests,
  type AssistantTokenKind,
} from './schema';

export type AssistantGrantRow = typeof assistantGrants.$inferSelect;
export type AssistantTokenRow = typeof assistantTokens.$inferSelect;
export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthRequestRow = typeof oauthRequests.$inferSelect;

export const assistantGrantsRepository = {
  /** The new grant; null when the token was already granted (its hash is unique). */
  async insert(
    tx: Transaction,
    grant: { organizationId: string; userId: string; datasetId: string; tokenHash: string },
  ): Promise<AssistantGrantRow | null> {
    const [row] = await tx.insert(assistantGrants).values(grant).onConflictDoNothing().returning();
    return row ?? null;
  },

  async findByTokenHash(tx: Transaction, tokenHash: string): Promise<AssistantGrantRow | null> {
    const [row] = await tx.select().from(assistantGrants).where(eq(assistantGrants.tokenHash, tokenHash));
    return row ?? null;
  },

  async find(tx: Transaction, id: string): Promise<AssistantGrantRow | null> {
    const [row] = await tx.select().from(assistantGrants).where(eq(assistantGrants.id, id));
    return row ?? null;
  },

  /** The grants completed for an OAuth client and not revoked, newest first. */
  async listActive(tx: Transaction): Promise<AssistantGrantRow[]> {
    return tx
      .select()
      .from(assistantGrants)
      .where(isNull(assistantGrants.revokedAt))
      .orderBy(desc(assistantGrants.createdAt));
  },

  async bindClient(tx: Transaction, id: string, client: { clientId: string; clientName: string }) {
    await tx.update(assistantGrants).set(client).where(eq(assistantGrants.id, id));
  },

  async touch(tx: Transaction, id: string, at: Date) {
    await tx.update(assistantGrants).set({ lastUsedAt: at }).where(eq(assistantGrants.id, id));
  },

  /** Revokes the grant and every token issued under it; false when there was none to revoke. */
  async revoke(tx: Transaction, id: string, at: Date): Promise<boolean> {
    const rows = await tx
      .update(assistantGrants)
      .set({ revokedAt: at })
      .where(and(eq(assistantGrants.id, id), isNull(assistantGrants.revokedAt)))
      .returning({ id: assistantGrants.id });
    await tx
      .update(assistantTokens)
      .set({ revokedAt: at })
      .where(and(eq(assistantTokens.grantId, id), isNull(assistantTokens.revokedAt)));
    return rows.length > 0;
  },
};

export const assistantTokensRepository = {
  async insert(
    tx: Transaction,
    token: {
      organizationId: string;
      grantId: string;
      kind: AssistantTokenKind;
      tokenHash: string;
      familyId: string;
      resource: string;
      expiresAt: Date;
      codeChallenge?: string;
      redirectUri?: string;
    },
  ): Promise<void> {
    await tx.insert(assistantTokens).values(token);
  },

  async find(
    tx: Transaction,
    kind: AssistantTokenKind,
    tokenHash: string,
  ): Promise<AssistantTokenRow | null> {
    const [row] = await tx
      .select()
      .from(assistantTokens)
      .where(and(eq(assistantTokens.tokenHash, tokenHash), eq(assistantTokens.kind, kind)));
    return row ?? null;
  },

  /** Marks a code or refresh token used; false when another request used it first. */
  async markUsed(tx: Transaction, id: string, at: Date): Promise<boolean> {
    const rows = await tx
      .update(assistantTokens)
      .set({ usedAt: at })
      .where(and(eq(assistantTokens.id, id), isNull(assistantTokens.usedAt)))
      .returning({ id: assistantTokens.id });
    return rows.length > 0;
  },

  async revokeFamily(tx: Transaction, familyId: string, at: Date): Promise<void> {
    await tx
      .update(assistantTokens)
      .set({ revokedAt: at })
      .where(and(eq(assistantTokens.familyId, familyId), isNull(assistantTokens.revokedAt)));
  },
};

export const assistantCallsRepository = {
  async insert(tx: Transaction, call: typeof assistantCalls.$inferInsert): Promise<void> {
    await tx.insert(assistantCalls).values(call);
  },
  async list(tx: Transaction) {
    return tx.select().from(assistantCalls).orderBy(desc(assistantCalls.createdAt));
  },
};

/** Clients and pending requests are no organization's rows (they come before any sign-in). */
export const oauthRepository = {
  async insertClient(db: Database, client: typeof oauthClients.$inferInsert): Promise<OAuthClientRow> {
    const [row] = await db.insert(oauthClients).values(client).returning();
    if (row === undefined) throw new Error('oauth_clients: the insert returned no row');
    return row;
  },
  async findClient(db: Database, clientId: string): Promise<OAuthClientRow | null> {
    const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
    return row ?? null;
  },
  async insertRequest(db: Database, request: typeof oauthRequests.$inferInsert): Promise<void> {
    await db.insert(oauthRequests).values(request);
  },
  async findOpenRequest(db: Database, tokenHash: string, now: Date): Promise<OAuthRequestRow | null> {
    const [row] = await db
      .select()
      .from(oauthRequests)
      .where(
        and(
          eq(oauthRequests.tokenHash, tokenHash),
          isNull(oauthRequests.usedAt),
          gt(oauthRequests.expiresAt, now),
        ),
      );
    return row ?? null;
  },
  /** Uses the request once; false when it was used already. */
  async useRequest(db: Database, tokenHash: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(oauthRequests)
      .set({ usedAt: at })
      .where(and(eq(oauthRequests.tokenHash, tokenHash), isNull(oauthRequests.usedAt)))
      .returning({ tokenHash: oauthRequests.tokenHash });
    return rows.length > 0;
  },
};
