import type { LoginRequest, SignUpRequest, SignUpResponse, TokenResponse } from '@maya/contracts';
import { AuthErrorType } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { actionMail } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import type { UserRow, UsersService } from '../users';
import { createAccessTokens } from './access-tokens';
import { createEmailTokens } from './email-tokens';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
import { createPendingIdentities } from './pending-identities';
import { createProviders, type ProviderIdentity } from './providers';
import { createSessions } from './sessions';

export type RequestContext = { ip: string; userAgent: string };
export type SignedIn = { token: TokenResponse; refreshToken: string };

/** A hash to verify against when the e-mail is unknown, so both answers take as long. */
const DUMMY_HASH = hashPassword('not-a-real-password-used-for-timing');

export type AuthDeps = Pick<Platform, 'config' | 'secrets' | 'database' | 'mailer' | 'rateLimiter'> & {
  users: UsersService;
};

export function createAuthService(deps: AuthDeps) {
  const { db } = deps.database;
  const accessTokens = createAccessTokens(deps.secrets, deps.config.appUrl);
  const sessions = createSessions(db);
  const emailTokens = createEmailTokens(db);
  const providers = createProviders(deps.config, db);
  const pending = createPendingIdentities(db);
  const limit = deps.rateLimiter;

  async function signIn(user: UserRow, context: RequestContext): Promise<SignedIn> {
    const refreshToken = await sessions.start(user.id, context.userAgent);
    return { token: await accessTokenFor(user), refreshToken };
  }

  async function accessTokenFor(user: UserRow): Promise<TokenResponse> {
    const { token, expiresAt } = await accessTokens.issue({
      userId: user.id,
      email: user.email,
      emailVerified: user.isEmailVerified,
      isStaff: user.isStaff,
    });
    return { access_token: token, access_token_expires_at: expiresAt.toISOString(), user_id: user.id };
  }

  async function sendVerification(email: string): Promise<void> {
    const token = await emailTokens.issue('verify_email', email);
    const url = `${deps.config.appUrl}/verify-email?${new URLSearchParams({ request_id: token, email }).toString()}`;
    await deps.mailer.send(
      actionMail({
        to: email,
        subject: 'Verify your e-mail address',
        intro: 'Welcome to Maya! Please confirm that this is your e-mail address.',
        action: 'Verify e-mail',
        url,
        outro: 'The link expires after 24 hours. If you did not sign up, ignore this message.',
      }),
    );
  }

  async function passwordSignIn(email: string, password: string, context: RequestContext): Promise<SignedIn> {
    await limit.check([
      { key: `login:ip:${context.ip}`, max: 30, windowSeconds: 900 },
      { key: `login:email:${email}`, max: 10, windowSeconds: 900 },
    ]);
    const user = await deps.users.findByEmail(email);
    if (!user) {
      await verifyPassword(await DUMMY_HASH, password);
      throw new AppError(400, AuthErrorType.invalidCredentials);
    }
    if (user.passwordHash === null) {
      throw new AppError(400, AuthErrorType.noPasswordSet, {
        email,
        provider: 'maya',
        ...(await deps.users.methods(user)),
      });
    }
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new AppError(400, AuthErrorType.invalidCredentials);
    if (!user.isEmailVerified) throw new AppError(400, AuthErrorType.emailNotVerified, { email });
    return signIn(user, context);
  }

  /** spec 000 §2: a provider sign-in signs in, asks to merge, or continues to sign-up. */
  async function providerSignIn(identity: ProviderIdentity, context: RequestContext): Promise<SignedIn> {
    const tokenField = identity.provider === 'google' ? 'access_token' : 'microsoft_access_token';
    let user = await deps.users.findByIdentity(identity.provider, identity.subject);
    if (user) {
      if (!user.isEmailVerified && identity.emailVerified)
        user = (await deps.users.update(user.id, { isEmailVerified: true })) ?? user;
      if (!user.isEmailVerified)
        throw new AppError(400, AuthErrorType.emailNotVerified, { email: user.email });
      return signIn(user, context);
    }
    const existing = await deps.users.findByEmail(identity.email);
    if (!existing) {
      throw new AppError(400, AuthErrorType.noSuchUser, {
        email: identity.email,
        provider: identity.provider,
        [tokenField]: identity.token,
      });
    }
    if (!existing.isEmailVerified && identity.emailVerified) {
      // The provider proves the address; an unverified password set by whoever typed it first
      // must not survive (account pre-hijacking): drop it, link the identity, sign in.
      const owned = await deps.users.update(existing.id, { passwordHash: null, isEmailVerified: true });
      await deps.users.linkIdentity(existing.id, identity);
      return signIn(owned ?? existing, context);
    }
    await pending.record(identity);
    throw new AppError(400, AuthErrorType.mergeRequired, {
      email: identity.email,
      provider: identity.provider,
      ...(await deps.users.methods(existing)),
      [tokenField]: identity.token,
    });
  }

  return {
    accessTokens,
    sessions,
    emailTokens,
    providers,
    pending,
    signIn,
    accessTokenFor,
    sendVerification,

    async login(body: LoginRequest, context: RequestContext): Promise<SignedIn> {
      if ('password' in body) return passwordSignIn(body.email, body.password, context);
      await limit.check([{ key: `login:ip:${context.ip}`, max: 30, windowSeconds: 900 }]);
      if ('google_code' in body)
        return providerSignIn(await providers.fromCode('google', body.google_code, body.state), context);
      if ('microsoft_code' in body)
        return providerSignIn(
          await providers.fromCode('microsoft', body.microsoft_code, body.state),
          context,
        );
      if ('google_id_token' in body)
        return providerSignIn(await providers.fromToken('google', body.google_id_token), context);
      return providerSignIn(await providers.fromToken('microsoft', body.microsoft_access_token), context);
    },

    async signUp(
      body: SignUpRequest,
      context: RequestContext,
    ): Promise<{ response: SignUpResponse; signedIn: SignedIn | null }> {
      await limit.check([
        { key: `signup:ip:${context.ip}`, max: deps.config.signupLimitPerHour, windowSeconds: 3600 },
      ]);
      const company = {
        companyName: body.company_name,
        companyPosition: body.company_position,
        howFound: body.how_found ?? '',
      };
      if ('password' in body) {
        assertAcceptablePassword(body.password, body.email);
        const user = await deps.users.create({
          email: body.email,
          passwordHash: await hashPassword(body.password),
          firstName: body.first_name,
          lastName: body.last_name,
          ...company,
        });
        if (!user) throw new AppError(409, AuthErrorType.emailInUse);
        await sendVerification(user.email);
        return {
          response: { id: user.id, email: user.email, is_email_verified: false, token: null },
          signedIn: null,
        };
      }
      const identity =
        'google_id_token' in body
          ? await providers.fromToken('google', body.google_id_token)
          : await providers.fromToken('microsoft', body.microsoft_access_token);
      if (await deps.users.findByIdentity(identity.provider, identity.subject))
        throw new AppError(409, AuthErrorType.emailInUse);
      const user = await deps.users.create({
        email: identity.email,
        passwordHash: null,
        firstName: identity.firstName,
        lastName: identity.lastName,
        isEmailVerified: identity.emailVerified,
        ...company,
      });
      if (!user) throw new AppError(409, AuthErrorType.emailInUse);
      await deps.users.linkIdentity(user.id, identity);
      if (!user.isEmailVerified) {
        await sendVerification(user.email);
        return {
          response: { id: user.id, email: user.email, is_email_verified: false, token: null },
          signedIn: null,
        };
      }
      const signedIn = await signIn(user, context);
      return {
        response: { id: user.id, email: user.email, is_email_verified: true, token: signedIn.token },
        signedIn,
      };
    },

    /** POST /auth/refresh_token: rotate the cookie's token and mint an access token. */
    async refresh(refreshToken: string, context: RequestContext): Promise<SignedIn> {
      const outcome = await sessions.rotate(refreshToken, context.userAgent);
      if (outcome.kind !== 'rotated')
        throw new AppError(401, AuthErrorType.unauthorized, { message: 'Please sign in again.' });
      const user = await deps.users.findById(outcome.userId);
      if (!user) throw new AppError(401, AuthErrorType.unauthorized);
      return { token: await accessTokenFor(user), refreshToken: outcome.refreshToken };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
