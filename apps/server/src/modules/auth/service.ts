import type { LoginRequest, SignUpRequest, SignUpResponse, TokenResponse } from '@maya/contracts';
import { AuthErrorType } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { UserRow, UsersService } from '../users';
import { createAccessTokens } from './access-tokens';
import { createEmailTokens } from './repository/email-tokens';
import { createLoginThrottle } from './login-throttle';
import { createAuthMails } from './mails';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
import { createPendingIdentities } from './repository/pending-identities';
import { createProviders, displayName, type ProviderIdentity } from './providers';
import { createSessions } from './repository/sessions';

/** Who is asking: the client's address, its user agent, and this browser's id (cookies.ts). */
export type RequestContext = { ip: string; userAgent: string; browserHash: string | null };
export type SignedIn = { token: TokenResponse; refreshToken: string };

/** A hash to verify against when the e-mail is unknown, so both answers take as long. */
const DUMMY_HASH = hashPassword('not-a-real-password-used-for-timing');

export type AuthDeps = Pick<
  Platform,
  'config' | 'secrets' | 'database' | 'mailer' | 'rateLimiter' | 'jobs'
> & {
  users: UsersService;
};

export function createAuthService(deps: AuthDeps) {
  const { db } = deps.database;
  const accessTokens = createAccessTokens(deps.secrets, deps.config.appUrl);
  const sessions = createSessions(db);
  const emailTokens = createEmailTokens(db);
  const providers = createProviders(deps.config, db);
  const pending = createPendingIdentities(db);
  const mails = createAuthMails({ ...deps, emailTokens, pending });
  const throttle = createLoginThrottle(deps.rateLimiter, sessions, deps.config.signInLimitPerAddress);
  const limit = deps.rateLimiter;

  async function signIn(user: UserRow, context: RequestContext): Promise<SignedIn> {
    const { familyId, refreshToken } = await sessions.start(user.id, context.userAgent, context.browserHash);
    return { token: await accessTokenFor(user, familyId), refreshToken };
  }

  async function accessTokenFor(user: UserRow, sessionId: string | null): Promise<TokenResponse> {
    const { token, expiresAt } = await accessTokens.issue({
      userId: user.id,
      email: user.email,
      emailVerified: user.isEmailVerified,
      isStaff: user.isStaff,
      sessionId,
    });
    return { access_token: token, access_token_expires_at: expiresAt.toISOString(), user_id: user.id };
  }

  async function passwordSignIn(email: string, password: string, context: RequestContext): Promise<SignedIn> {
    const user = await deps.users.findByEmail(email);
    const attempt = await throttle.begin(email, user?.id ?? null, context);
    if (!user) {
      await attempt.guessing();
      await verifyPassword(await DUMMY_HASH, password);
      throw new AppError(400, AuthErrorType.invalidCredentials);
    }
    if (user.passwordHash === null) {
      // The spec's answer (merge to add a password); not a guess, so it costs nothing.
      throw new AppError(400, AuthErrorType.noPasswordSet, {
        email,
        provider: 'maya',
        ...(await deps.users.methods(user)),
      });
    }
    await attempt.guessing();
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError(400, AuthErrorType.invalidCredentials);
    }
    await attempt.succeeded();
    if (!user.isEmailVerified) throw new AppError(400, AuthErrorType.emailNotVerified, { email });
    return signIn(user, context);
  }

  /** Google's `email_verified: false` is never linked to anything (decision 159). */
  function assertVouched(identity: ProviderIdentity): void {
    if (identity.provider === 'google' && !identity.emailVerified) {
      throw new AppError(400, AuthErrorType.providerEmailNotVerified, {
        email: identity.email,
        provider: identity.provider,
        message:
          'Google has not verified this e-mail address. Verify it with Google, or use your e-mail and a password.',
      });
    }
  }

  /**
   * spec 000 §2: the account a provider identity signs in to, or the refusal that says what to do
   * (no_such_user: sign up; merge_required: the e-mail owner adds it by the mailed link).
   */
  async function userForIdentity(identity: ProviderIdentity, browserHash: string | null): Promise<UserRow> {
    assertVouched(identity);
    const tokenField = identity.provider === 'google' ? 'access_token' : 'microsoft_access_token';
    const linked = await deps.users.findByIdentity(identity.provider, identity.subject);
    if (linked) {
      if (linked.isEmailVerified) return linked;
      // The provider vouches for the identity's address only: it proves the account's when they
      // are the same (a tenant may change its user's address to one of its own domains).
      if (!identity.emailVerified || identity.email !== linked.email)
        throw new AppError(400, AuthErrorType.emailNotVerified, { email: linked.email });
      return ownedThrough(linked, identity);
    }
    const existing = await deps.users.findByEmail(identity.email);
    if (!existing) {
      throw new AppError(400, AuthErrorType.noSuchUser, {
        email: identity.email,
        provider: identity.provider,
        [tokenField]: identity.token,
      });
    }
    if (!existing.isEmailVerified && identity.emailVerified) return ownedThrough(existing, identity);
    // Linking by e-mail alone would hand the account to whoever controls that claim: the owner
    // confirms by the mailed link instead (Microsoft's e-mail claim is never proof).
    await pending.record({ ...identity, name: displayName(identity) }, browserHash);
    throw new AppError(400, AuthErrorType.mergeRequired, {
      email: identity.email,
      provider: identity.provider,
      ...(await deps.users.methods(existing)),
      [tokenField]: identity.token,
    });
  }

  /**
   * The provider vouches for the address of an unverified account: whatever else the account
   * holds (a password, other identities) was chosen by someone who never proved the address, and
   * goes (account pre-hijacking); this identity is linked.
   */
  async function ownedThrough(user: UserRow, identity: ProviderIdentity): Promise<UserRow> {
    const owned = (await deps.users.proveAddress(user.id, null, false)) ?? user;
    await deps.users.linkIdentity(user.id, identity);
    await sessions.revokeAll(user.id);
    return owned;
  }

  async function providerSignUp(
    token: { provider: 'google' | 'microsoft'; token: string },
    company: { companyName: string; companyPosition: string; howFound: string },
    context: RequestContext,
  ): Promise<{ user: UserRow; identity: ProviderIdentity }> {
    const identity = await providers.fromToken(token.provider, token.token);
    assertVouched(identity);
    if (await deps.users.findByIdentity(identity.provider, identity.subject))
      throw new AppError(409, AuthErrorType.emailInUse);
    const user = await deps.users.create({
      email: identity.email,
      passwordHash: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
      isEmailVerified: identity.emailVerified,
      signupBrowserHash: identity.emailVerified ? null : context.browserHash,
      ...company,
    });
    if (!user) throw new AppError(409, AuthErrorType.emailInUse);
    await deps.users.linkIdentity(user.id, identity);
    return { user, identity };
  }

  return {
    accessTokens,
    sessions,
    emailTokens,
    providers,
    pending,
    mails,
    signIn,
    accessTokenFor,
    userForIdentity,

    async login(body: LoginRequest, context: RequestContext): Promise<SignedIn> {
      if ('password' in body) return passwordSignIn(body.email, body.password, context);
      // The address's one ceiling on sign-ins, shared with password sign-ins (login-throttle.ts).
      await limit.check([
        { key: `login:ip:${context.ip}`, max: deps.config.signInLimitPerAddress, windowSeconds: 900 },
      ]);
      const identity =
        'google_code' in body
          ? await providers.fromCode('google', body.google_code, body.state, context.browserHash)
          : 'microsoft_code' in body
            ? await providers.fromCode('microsoft', body.microsoft_code, body.state, context.browserHash)
            : 'google_id_token' in body
              ? await providers.fromToken('google', body.google_id_token)
              : await providers.fromToken('microsoft', body.microsoft_access_token);
      return signIn(await userForIdentity(identity, context.browserHash), context);
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
      let user: UserRow;
      if ('password' in body) {
        assertAcceptablePassword(body.password, body.email);
        const created = await deps.users.create({
          email: body.email,
          passwordHash: await hashPassword(body.password),
          firstName: body.first_name,
          lastName: body.last_name,
          // Verifying in this browser keeps the password; anywhere else, it is dropped.
          signupBrowserHash: context.browserHash,
          ...company,
        });
        if (!created) throw new AppError(409, AuthErrorType.emailInUse);
        user = created;
      } else {
        const token =
          'google_id_token' in body
            ? { provider: 'google' as const, token: body.google_id_token }
            : { provider: 'microsoft' as const, token: body.microsoft_access_token };
        user = (await providerSignUp(token, company, context)).user;
      }
      if (!user.isEmailVerified) {
        await mails.sendNow({ kind: 'verify_email', email: user.email });
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
      return { token: await accessTokenFor(user, outcome.familyId), refreshToken: outcome.refreshToken };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
