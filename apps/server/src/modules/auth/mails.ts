import type { Provider } from '@maya/contracts';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { actionMail } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import type { UserRow, UsersService } from '../users';
import type { EmailTokens } from './repository/email-tokens';
import type { PendingIdentities } from './repository/pending-identities';

/**
 * The e-mails a visitor can ask for (verification, reset, merge) are sent by a job, not in the
 * request: the answer is the same, and as fast, whether or not the address has an account
 * (no enumeration by timing), and a mail server that is slow or down delays nobody's request.
 */
export const AUTH_MAIL_QUEUE = 'auth.mail';

const AuthMailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('verify_email'), email: z.string() }),
  z.object({ kind: z.literal('reset_password'), email: z.string() }),
  z.object({
    kind: z.literal('merge_accounts'),
    email: z.string(),
    provider: z.enum(['maya', 'google', 'microsoft']),
    /** The asking browser's id hash: the link names the identity that browser signed in with. */
    browserHash: z.string().nullable().default(null),
  }),
]);
export type AuthMail = z.infer<typeof AuthMailSchema>;

type Deps = Pick<Platform, 'config' | 'mailer' | 'jobs'> & {
  users: UsersService;
  emailTokens: EmailTokens;
  pending: PendingIdentities;
};

const PROVIDER_LABEL = { google: 'Google', microsoft: 'Microsoft' } as const;
/** The sign-in method a merge of `provider` adds, as `SignInMethods` names it. */
export const METHOD_OF = {
  maya: 'is_password_signin',
  google: 'is_google_signin',
  microsoft: 'is_microsoft_signin',
} as const;

export function createAuthMails(deps: Deps) {
  const { appUrl } = deps.config;

  async function verification(email: string): Promise<void> {
    const token = await deps.emailTokens.issue('verify_email', email);
    await deps.mailer.send(
      actionMail({
        to: email,
        subject: 'Verify your e-mail address',
        intro: 'Welcome to Maya! Please confirm that this is your e-mail address.',
        action: 'Verify e-mail',
        url: `${appUrl}/verify-email?${new URLSearchParams({ request_id: token, email }).toString()}`,
        outro: 'The link expires after 24 hours. If you did not sign up, ignore this message.',
      }),
    );
  }

  async function reset(email: string): Promise<void> {
    const token = await deps.emailTokens.issue('reset_password', email);
    await deps.mailer.send(
      actionMail({
        to: email,
        subject: 'Reset your password',
        intro: 'Someone asked to reset the password of your Maya account.',
        action: 'Reset password',
        url: `${appUrl}/reset-password?${new URLSearchParams({ id: token, email }).toString()}`,
        outro:
          'The link expires after one hour. If you did not ask for it, ignore this message: your password stays as it is.',
      }),
    );
  }

  /** A merge link names the one waiting identity it may add; the mail says which it is. */
  async function merge(user: UserRow, provider: Provider, browserHash: string | null): Promise<void> {
    const { email } = user;
    if ((await deps.users.methods(user))[METHOD_OF[provider]]) return;
    let intro = `Someone asked to add a password to the Maya account of ${email}.`;
    let pendingId: string | null = null;
    if (provider !== 'maya') {
      const identity = await deps.pending.latest(email, provider, browserHash);
      if (!identity) return;
      pendingId = identity.id;
      const who = identity.name ? `“${identity.name}” (${identity.email})` : identity.email;
      const vouched = identity.emailVerified
        ? ''
        : `, an address ${PROVIDER_LABEL[provider]} has not verified`;
      intro =
        `Someone signed in with the ${PROVIDER_LABEL[provider]} account ${who}${vouched}, and asked to ` +
        `add it to your Maya account. The page shows that account and asks you to confirm: ` +
        `confirm only if it is yours.`;
    }
    const token = await deps.emailTokens.issue('merge_accounts', email, provider, pendingId);
    await deps.mailer.send(
      actionMail({
        to: email,
        subject: 'Merge your sign-in methods',
        intro,
        action: 'Review and merge',
        url: `${appUrl}/merge-account?${new URLSearchParams({ request_id: token, email, provider }).toString()}`,
        outro: 'The link expires after 24 hours. If you did not ask for it, ignore this message.',
      }),
    );
  }

  async function enqueue(mail: AuthMail): Promise<void> {
    await deps.jobs.boss.send(AUTH_MAIL_QUEUE, mail, { retryLimit: 3, retryDelay: 30, retryBackoff: true });
  }

  /** Looks the address up only now, in the worker: unknown addresses get nothing. */
  async function deliver(mail: AuthMail): Promise<void> {
    const user = await deps.users.findByEmail(mail.email);
    if (!user) return;
    switch (mail.kind) {
      case 'verify_email':
        if (!user.isEmailVerified) await verification(user.email);
        return;
      case 'reset_password':
        return reset(user.email);
      case 'merge_accounts':
        return merge(user, mail.provider, mail.browserHash);
    }
  }

  return {
    /** Queues a mail; what it says, and whether it is sent at all, is decided by the worker. */
    enqueue,
    /**
     * Sends at once, for an answer that already told whether the address exists (a sign-up);
     * a mail server that fails leaves it to the queue, so the request still succeeds.
     */
    async sendNow(mail: AuthMail): Promise<void> {
      await deliver(mail).catch(() => enqueue(mail));
    },
    job: (): JobDefinition => ({
      name: AUTH_MAIL_QUEUE,
      pollingIntervalSeconds: 0.5,
      handler: async (data) => {
        const parsed = AuthMailSchema.safeParse(data);
        if (parsed.success) await deliver(parsed.data);
      },
    }),
  };
}
export type AuthMails = ReturnType<typeof createAuthMails>;
