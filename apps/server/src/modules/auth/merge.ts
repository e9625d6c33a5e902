import type { Provider } from '@maya/contracts';
import { AuthErrorType } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { actionMail } from '../../platform/mail';
import type { AuthDeps, AuthService, RequestContext } from './service';
import { assertAcceptablePassword, hashPassword } from './passwords';

/**
 * Account merge (spec 000 §2): an e-mail already in use through another sign-in method gains the
 * new one only when its owner follows the link sent to it. A provider identity comes from the
 * verified sign-in that answered merge_required; `maya` means setting a password.
 */
export function createMergeService(deps: AuthDeps, auth: AuthService) {
  const methodOf = {
    maya: 'is_password_signin',
    google: 'is_google_signin',
    microsoft: 'is_microsoft_signin',
  } as const;

  async function isMerged(email: string, provider: Provider): Promise<boolean> {
    const user = await deps.users.findByEmail(email);
    return user ? (await deps.users.methods(user))[methodOf[provider]] : false;
  }

  return {
    isMerged,

    /** Always succeeds; mails only when there is something to merge. */
    async requestEmail(provider: Provider, email: string, context: RequestContext): Promise<void> {
      await deps.rateLimiter.check([
        { key: `merge:ip:${context.ip}`, max: 20, windowSeconds: 3600 },
        { key: `merge:email:${email}`, max: 5, windowSeconds: 3600 },
      ]);
      const user = await deps.users.findByEmail(email);
      if (!user || (await isMerged(email, provider))) return;
      if (provider !== 'maya' && !(await auth.pending.find(email, provider))) return;
      const token = await auth.emailTokens.issue('merge_accounts', email, provider);
      const label = { maya: 'a password', google: 'Google sign-in', microsoft: 'Microsoft sign-in' }[
        provider
      ];
      await deps.mailer.send(
        actionMail({
          to: email,
          subject: 'Merge your sign-in methods',
          intro: `Someone asked to add ${label} to the Maya account of ${email}.`,
          action: 'Merge accounts',
          url: `${deps.config.appUrl}/merge-account?${new URLSearchParams({ request_id: token, email, provider }).toString()}`,
          outro: 'The link expires after 24 hours. If you did not ask for it, ignore this message.',
        }),
      );
    },

    async merge(requestId: string, email: string, newPassword: string | undefined): Promise<void> {
      const user = await deps.users.findByEmail(email);
      if (!user) throw new AppError(404, 'not_found', { message: 'account not found' });
      const provider = await auth.emailTokens.peek('merge_accounts', requestId, email);
      if (!provider) throw new AppError(400, AuthErrorType.mergeRequestDoesNotExist);
      if (await isMerged(email, provider)) throw new AppError(400, AuthErrorType.alreadyMerged, { provider });
      if (provider === 'maya') {
        if (!newPassword)
          throw new AppError(422, 'validation_error', { message: 'new_password is required' });
        assertAcceptablePassword(newPassword, email);
      }
      const outcome = await auth.emailTokens.consume('merge_accounts', requestId, email);
      if (outcome.kind !== 'ok') throw new AppError(400, AuthErrorType.mergeRequestDoesNotExist);
      if (provider === 'maya') {
        await deps.users.update(user.id, {
          passwordHash: await hashPassword(newPassword ?? ''),
          isEmailVerified: true,
        });
        return;
      }
      const identity = await auth.pending.find(email, provider);
      if (!identity) throw new AppError(400, AuthErrorType.mergeRequestDoesNotExist);
      // Following the link proves the address. An unverified password on the account was set by
      // whoever typed this e-mail first and is dropped rather than merged (pre-hijacking).
      if (!user.isEmailVerified)
        await deps.users.update(user.id, { isEmailVerified: true, passwordHash: null });
      await deps.users.linkIdentity(user.id, identity);
      await auth.pending.remove(email, provider);
    },
  };
}
export type MergeService = ReturnType<typeof createMergeService>;
