import { AuthErrorType } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import type { AuthDeps, AuthService, RequestContext, SignedIn } from './service';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';

/**
 * What following a verification link leads to: signed in (the browser that signed up), or, in
 * any other browser, a password to choose (what was chosen at sign-up is gone).
 */
export type Verified =
  { signedIn: SignedIn; setPasswordRequestId: null } | { signedIn: null; setPasswordRequestId: string };

/** E-mail verification, password reset and password change (spec 000 §2, §7, §8). */
export function createRecoveryService(deps: AuthDeps, auth: AuthService) {
  const limit = deps.rateLimiter;
  return {
    /** Always succeeds, at once: the worker decides whether there is anyone to mail. */
    async requestVerification(email: string, context: RequestContext): Promise<void> {
      await limit.check([
        { key: `verify:ip:${context.ip}`, max: 20, windowSeconds: 3600 },
        { key: `verify:email:${email}`, max: 5, windowSeconds: 3600 },
      ]);
      await auth.mails.enqueue({ kind: 'verify_email', email });
    },

    /**
     * The link proves the address. The token is checked before the account is looked at, so a
     * bogus link answers does_not_exist whether the address is unknown, unverified or verified.
     * Credentials chosen before the proof are kept only when the proof comes from the browser
     * that chose them (takeover by a sign-up with someone else's address, decision 160).
     */
    async verifyEmail(requestId: string, email: string, context: RequestContext): Promise<Verified> {
      const outcome = await auth.emailTokens.consume('verify_email', requestId, email);
      if (outcome.kind === 'used') throw new AppError(400, AuthErrorType.alreadyUsed);
      const user = outcome.kind === 'ok' ? await deps.users.findByEmail(email) : null;
      if (!user) throw new AppError(400, AuthErrorType.doesNotExist);
      if (user.isEmailVerified) throw new AppError(400, AuthErrorType.alreadyVerified);
      const sameBrowser = user.signupBrowserHash !== null && user.signupBrowserHash === context.browserHash;
      if (sameBrowser) {
        const verified = (await deps.users.proveAddress(user.id, user.passwordHash, true)) ?? user;
        return { signedIn: await auth.signIn(verified, context), setPasswordRequestId: null };
      }
      await deps.users.proveAddress(user.id, null, false);
      await auth.sessions.revokeAll(user.id);
      const setPasswordRequestId = await auth.emailTokens.issue('reset_password', user.email);
      return { signedIn: null, setPasswordRequestId };
    },

    async requestReset(email: string, context: RequestContext): Promise<void> {
      await limit.check([
        { key: `reset:ip:${context.ip}`, max: 20, windowSeconds: 3600 },
        { key: `reset:email:${email}`, max: 5, windowSeconds: 3600 },
      ]);
      await auth.mails.enqueue({ kind: 'reset_password', email });
    },

    /**
     * Whether a reset link can still be used, without using it: the reset page asks on arrival,
     * so a used or bogus link offers a new one before a password is typed (decision 240). The
     * same 404 as the reset's for an unknown address, so neither tells whether an account exists.
     */
    async checkResetLink(requestId: string, email: string, context: RequestContext): Promise<void> {
      await limit.check([{ key: `reset-link:ip:${context.ip}`, max: 30, windowSeconds: 3600 }]);
      const user = await deps.users.findByEmail(email);
      if (!user || (await auth.emailTokens.peek('reset_password', requestId, email)) === null) {
        throw new AppError(404, AuthErrorType.resetRequestDoesNotExist);
      }
    },

    /**
     * A completed reset ends every session of the account and voids its other reset links. On
     * an unverified account it is the first proof of the address: what was linked before goes.
     */
    async reset(
      requestId: string,
      email: string,
      newPassword: string,
      context: RequestContext,
    ): Promise<void> {
      await limit.check([{ key: `reset:ip:${context.ip}`, max: 20, windowSeconds: 3600 }]);
      const user = await deps.users.findByEmail(email);
      if (!user || (await auth.emailTokens.peek('reset_password', requestId, email)) === null) {
        throw new AppError(404, AuthErrorType.resetRequestDoesNotExist);
      }
      assertAcceptablePassword(newPassword, email);
      const outcome = await auth.emailTokens.consume('reset_password', requestId, email);
      if (outcome.kind !== 'ok') throw new AppError(404, AuthErrorType.resetRequestDoesNotExist);
      const passwordHash = await hashPassword(newPassword);
      if (user.isEmailVerified) await deps.users.update(user.id, { passwordHash });
      else await deps.users.proveAddress(user.id, passwordHash, false);
      await auth.emailTokens.voidAll('reset_password', email);
      await auth.sessions.revokeAll(user.id);
    },

    /** A changed password ends every other session of the account; this one stays signed in. */
    async changePassword(
      userId: string,
      sessionId: string | null,
      current: string,
      next: string,
    ): Promise<void> {
      await limit.check([{ key: `password:user:${userId}`, max: 10, windowSeconds: 900 }]);
      const user = await deps.users.findById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, current))) {
        throw new AppError(400, AuthErrorType.invalidCredentials, {
          message: 'The current password is not correct',
        });
      }
      assertAcceptablePassword(next, user.email);
      await deps.users.update(user.id, { passwordHash: await hashPassword(next) });
      await auth.sessions.revokeAll(user.id, sessionId);
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
