import type { MergeRequestResponse, Provider } from '@maya/contracts';
import { AuthErrorType } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { METHOD_OF } from './mails';
import type { AuthDeps, AuthService, RequestContext } from './service';
import { assertAcceptablePassword, hashPassword } from './passwords';

export type MergeDecision = { newPassword?: string; confirm?: boolean; decline?: boolean };

/**
 * A browser that asked for a merge mail, or completed a merge, for this address and method in
 * the last day: the only one told whether the merge is done (GET /auth/check_merge_accounts).
 */
const askedKey = (email: string, provider: Provider, browserHash: string | null) =>
  `merge:asked:${provider}:${email}:${browserHash ?? 'none'}`;
const ASKED = { max: 1000, windowSeconds: 24 * 3600 };

/** One answer for "no such account" and "bad link": the merge endpoints tell nobody which. */
const badLink = () => new AppError(400, AuthErrorType.mergeRequestDoesNotExist);

/**
 * Account merge (spec 000 §2): an e-mail already in use through another sign-in method gains the
 * new one only when its owner follows the link sent to it and, for a Google or Microsoft
 * identity, confirms on the page that shows which account it is. The link names that one
 * identity (decision 161); `maya` means setting a password.
 */
export function createMergeService(deps: AuthDeps, auth: AuthService) {
  async function isMerged(email: string, provider: Provider): Promise<boolean> {
    const user = await deps.users.findByEmail(email);
    return user ? (await deps.users.methods(user))[METHOD_OF[provider]] : false;
  }

  /** The account and the link's details, or the one refusal. */
  async function open(requestId: string, email: string) {
    const user = await deps.users.findByEmail(email);
    const link = await auth.emailTokens.peek('merge_accounts', requestId, email);
    if (!user || !link?.provider) throw badLink();
    const identity = link.pendingIdentityId ? await auth.pending.byId(link.pendingIdentityId) : null;
    return { user, provider: link.provider, identity };
  }

  return {
    /**
     * The merge page's poll (spec 000 §4). Answered truthfully only to a browser that asked for
     * the merge or made it; anyone else is told `false`, so the poll cannot be used to learn
     * which sign-in methods an address has.
     */
    async checkMerged(email: string, provider: Provider, context: RequestContext): Promise<boolean> {
      if (!(await deps.rateLimiter.seen(askedKey(email, provider, context.browserHash)))) return false;
      return isMerged(email, provider);
    },

    /** Always succeeds, at once; the worker mails only when there is something to merge. */
    async requestEmail(provider: Provider, email: string, context: RequestContext): Promise<void> {
      await deps.rateLimiter.check([
        { key: `merge:ip:${context.ip}`, max: 20, windowSeconds: 3600 },
        { key: `merge:email:${email}`, max: 5, windowSeconds: 3600 },
        { key: askedKey(email, provider, context.browserHash), ...ASKED },
      ]);
      await auth.mails.enqueue({ kind: 'merge_accounts', email, provider, browserHash: context.browserHash });
    },

    /** GET /auth/merge_request: what the link would add, for the owner to confirm. */
    async describe(requestId: string, email: string): Promise<MergeRequestResponse> {
      const { user, provider, identity } = await open(requestId, email);
      if (provider !== 'maya' && !identity) throw badLink();
      return {
        email: user.email,
        provider,
        identity: identity && {
          email: identity.email,
          name: identity.name,
          email_verified: identity.emailVerified,
          requested_at: identity.createdAt.toISOString(),
        },
      };
    },

    async merge(
      requestId: string,
      email: string,
      decision: MergeDecision,
      context: RequestContext,
    ): Promise<{ merged: boolean }> {
      const { user, provider, identity } = await open(requestId, email);
      if (await isMerged(email, provider)) throw new AppError(400, AuthErrorType.alreadyMerged, { provider });
      if (provider !== 'maya' && !identity) throw badLink();
      if (decision.decline === true) {
        await auth.emailTokens.consume('merge_accounts', requestId, email);
        if (identity) await auth.pending.remove(identity.id);
        return { merged: false };
      }
      if (provider === 'maya') {
        if (!decision.newPassword)
          throw new AppError(422, 'validation_error', { message: 'new_password is required' });
        assertAcceptablePassword(decision.newPassword, email);
      } else if (decision.confirm !== true) {
        throw new AppError(400, AuthErrorType.mergeNotConfirmed, {
          message: 'Confirm that the account shown is yours to merge it.',
        });
      }
      const outcome = await auth.emailTokens.consume('merge_accounts', requestId, email);
      if (outcome.kind !== 'ok') throw badLink();
      // Following the link proves the address. On an unverified account, whatever was set
      // before (a password, identities) came from someone who had not proven it, and goes.
      const passwordHash = provider === 'maya' ? await hashPassword(decision.newPassword ?? '') : null;
      if (!user.isEmailVerified) {
        await deps.users.proveAddress(user.id, passwordHash, false);
        await auth.sessions.revokeAll(user.id);
      } else if (passwordHash !== null) {
        await deps.users.update(user.id, { passwordHash });
      }
      if (identity) {
        await deps.users.linkIdentity(user.id, identity);
        await auth.pending.remove(identity.id);
      }
      // The browser that merged may poll for it too (the set-password page does).
      await deps.rateLimiter.check([{ key: askedKey(email, provider, context.browserHash), ...ASKED }]);
      return { merged: true };
    },
  };
}
export type MergeService = ReturnType<typeof createMergeService>;
