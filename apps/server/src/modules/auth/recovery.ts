import { AuthErrorType } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { actionMail } from '../../platform/mail';
import type { AuthDeps, AuthService, RequestContext, SignedIn } from './service';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';

/** E-mail verification, password reset and password change (spec 000 §2, §7, §8). */
export function createRecoveryService(deps: AuthDeps, auth: AuthService) {
  const limit = deps.rateLimiter;
  return {
    /** Always succeeds: whether the address has an account is nobody's business. */
    async requestVerification(email: string, context: RequestContext): Promise<void> {
      await limit.check([
        { key: `verify:ip:${context.ip}`, max: 20, windowSeconds: 3600 },
        { key: `verify:email:${email}`, max: 5, windowSeconds: 3600 },
      ]);
      const user = await deps.users.findByEmail(email);
      if (user && !user.isEmailVerified) await auth.sendVerification(user.email);
    },

    async verifyEmail(requestId: string, email: string, context: RequestContext): Promise<SignedIn> {
      const user = await deps.users.findByEmail(email);
      if (user?.isEmailVerified) throw new AppError(400, AuthErrorType.alreadyVerified);
      const outcome = await auth.emailTokens.consume('verify_email', requestId, email);
      if (outcome.kind === 'used') throw new AppError(400, AuthErrorType.alreadyUsed);
      if (outcome.kind === 'missing' || !user) throw new AppError(400, AuthErrorType.doesNotExist);
      const verified = (await deps.users.update(user.id, { isEmailVerified: true })) ?? user;
      return auth.signIn(verified, context);
    },

    async requestReset(email: string, context: RequestContext): Promise<void> {
      await limit.check([
        { key: `reset:ip:${context.ip}`, max: 20, windowSeconds: 3600 },
        { key: `reset:email:${email}`, max: 5, windowSeconds: 3600 },
      ]);
      const user = await deps.users.findByEmail(email);
      if (!user) return;
      const token = await auth.emailTokens.issue('reset_password', user.email);
      await deps.mailer.send(
        actionMail({
          to: user.email,
          subject: 'Reset your password',
          intro: 'Someone asked to reset the password of your Maya account.',
          action: 'Reset password',
          url: `${deps.config.appUrl}/reset-password?${new URLSearchParams({ id: token, email: user.email }).toString()}`,
          outro:
            'The link expires after one hour. If you did not ask for it, ignore this message: your password stays as it is.',
        }),
      );
    },

    /** A completed reset ends every session of the account. */
    async reset(
      requestId: string,
      email: string,
      newPassword: string,
      context: RequestContext,
    ): Promise<void> {
      await limit.check([{ key: `reset:ip:${context.ip}`, max: 20, windowSeconds: 3600 }]);
      const user = await deps.users.findByEmail(email);
      if (!user || (await auth.emailTokens.peek('reset_password', requestId, email)) === undefined) {
        throw new AppError(404, AuthErrorType.resetRequestDoesNotExist);
      }
      assertAcceptablePassword(newPassword, email);
      const outcome = await auth.emailTokens.consume('reset_password', requestId, email);
      if (outcome.kind !== 'ok') throw new AppError(404, AuthErrorType.resetRequestDoesNotExist);
      await deps.users.update(user.id, {
        passwordHash: await hashPassword(newPassword),
        isEmailVerified: true,
      });
      await auth.sessions.revokeAll(user.id);
    },

    async changePassword(
      userId: string,
      current: string,
      next: string,
      context: RequestContext,
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
      void context;
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
