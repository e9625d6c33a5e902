import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthUriQuerySchema,
  AuthUriResponseSchema,
  ChangePasswordSchema,
  CheckEmailDomainRequestSchema,
  CheckEmailDomainResponseSchema,
  CheckMergeQuerySchema,
  CheckMergeResponseSchema,
  LoginRequestSchema,
  MergeAccountsResponseSchema,
  MergeAccountsSchema,
  MergeRequestQuerySchema,
  MergeRequestResponseSchema,
  RequestMergeEmailSchema,
  RequestVerificationEmailSchema,
  ResetPasswordRequestSchema,
  ResetLinkQuerySchema,
  ResetPasswordSchema,
  SignUpRequestSchema,
  SignUpResponseSchema,
  SuccessResponseSchema,
  TokenResponseSchema,
  UpdateProfileResponseSchema,
  UpdateProfileSchema,
  UserSchema,
  VerifyEmailResponseSchema,
  VerifyEmailSchema,
} from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import { authOf } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { limitedAddress } from '../../platform/ratelimit/limiter';
import { clearRefreshCookie, ensureBrowser, refreshCookieOf, setRefreshCookie } from './cookies';
import { companyFromDomain } from './domains';
import type { MergeService } from './merge';
import type { RecoveryService } from './recovery';
import type { AuthDeps, AuthService, RequestContext } from './service';

export type AuthRouteDeps = {
  platform: Platform;
  deps: AuthDeps;
  auth: AuthService;
  recovery: RecoveryService;
  merge: MergeService;
  /** How many organizations a user belongs to (GET /user), from the organizations module. */
  organizationsCount(userId: string): Promise<number>;
};

/** Who asks; every auth answer gives the browser its id first (cookies.ts) when it has none. */
const contextOf =
  (config: Platform['config']) =>
  (request: FastifyRequest, reply: FastifyReply): RequestContext => ({
    ip: limitedAddress(request.ip),
    userAgent: request.headers['user-agent'] ?? '',
    browserHash: ensureBrowser(request, reply, config),
  });
const tags = ['auth'];
const success = { success: true } as const;

export async function authRoutes(app: FastifyInstance, d: AuthRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = d.platform;
  const context = contextOf(config);
  const publicRoute = { guard: 'public' as const };

  api.post(
    '/auth/login',
    {
      config: publicRoute,
      schema: {
        tags,
        body: LoginRequestSchema,
        response: { 200: TokenResponseSchema, ...errorResponses(400, 404, 429, 502) },
      },
    },
    async (request, reply) => {
      const signedIn = await d.auth.login(request.body, context(request, reply));
      setRefreshCookie(reply, config, signedIn.refreshToken);
      return signedIn.token;
    },
  );

  api.post(
    '/auth/refresh_token',
    { config: publicRoute, schema: { tags, response: { 200: TokenResponseSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const token = refreshCookieOf(request);
      if (!token) throw new AppError(401, 'unauthorized', { message: 'Please sign in.' });
      try {
        const signedIn = await d.auth.refresh(token, context(request, reply));
        setRefreshCookie(reply, config, signedIn.refreshToken);
        return signedIn.token;
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  api.post(
    '/auth/logout',
    { config: publicRoute, schema: { tags, response: { 204: z.null() } } },
    async (request, reply) => {
      const token = refreshCookieOf(request);
      if (token) await d.auth.sessions.revoke(token);
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/user',
    {
      config: publicRoute,
      schema: {
        tags,
        body: SignUpRequestSchema,
        response: { 201: SignUpResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { response, signedIn } = await d.auth.signUp(request.body, context(request, reply));
      if (signedIn) setRefreshCookie(reply, config, signedIn.refreshToken);
      return reply.status(201).send(response);
    },
  );

  api.get(
    '/user',
    { config: { guard: 'user' }, schema: { tags, response: { 200: UserSchema, ...errorResponses(401) } } },
    async (request) => {
      const user = await d.deps.users.findById(authOf(request).userId);
      if (!user) throw new AppError(401, 'unauthorized');
      return d.deps.users.toResponse(user, await d.organizationsCount(user.id));
    },
  );

  api.patch(
    '/user',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        body: UpdateProfileSchema,
        response: { 200: UpdateProfileResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await d.deps.users.update(authOf(request).userId, {
        companyName: request.body.company_name,
        companyPosition: request.body.company_position,
      });
      if (!user) throw new AppError(401, 'unauthorized');
      const { id, email, profile } = d.deps.users.toResponse(user, 0);
      return { id, email, profile };
    },
  );

  api.post(
    '/user/change_password',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        body: ChangePasswordSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { userId, sessionId } = authOf(request);
      await d.recovery.changePassword(
        userId,
        sessionId,
        request.body.current_password,
        request.body.new_password,
      );
      return success;
    },
  );

  api.post(
    '/auth/reset_password_request',
    {
      config: publicRoute,
      schema: {
        tags,
        body: ResetPasswordRequestSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await d.recovery.requestReset(request.body.email, context(request, reply));
      return success;
    },
  );

  api.get(
    '/auth/reset_password',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Whether an e-mailed reset link can still be used (404 when used, expired or unknown)',
        querystring: ResetLinkQuerySchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      await d.recovery.checkResetLink(request.query.request_id, request.query.email, context(request, reply));
      return success;
    },
  );

  api.post(
    '/auth/reset_password',
    {
      config: publicRoute,
      schema: {
        tags,
        body: ResetPasswordSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { request_id, email, new_password } = request.body;
      await d.recovery.reset(request_id, email, new_password, context(request, reply));
      return success;
    },
  );

  api.post(
    '/auth/check_email_domain',
    {
      config: publicRoute,
      schema: {
        tags,
        body: CheckEmailDomainRequestSchema,
        response: { 200: CheckEmailDomainResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      await d.deps.rateLimiter.check([
        { key: `domain:ip:${limitedAddress(request.ip)}`, max: 60, windowSeconds: 60 },
      ]);
      return companyFromDomain(request.body.domain);
    },
  );

  api.post(
    '/auth/verify_email',
    {
      config: publicRoute,
      schema: {
        tags,
        body: VerifyEmailSchema,
        response: { 200: VerifyEmailResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const max = config.signInLimitPerAddress; // verifying signs in: the same allowance
      await d.deps.rateLimiter.check([
        { key: `verify:ip:${limitedAddress(request.ip)}`, max, windowSeconds: 3600 },
      ]);
      const { signedIn, setPasswordRequestId } = await d.recovery.verifyEmail(
        request.body.request_id,
        request.body.email,
        context(request, reply),
      );
      if (signedIn) setRefreshCookie(reply, config, signedIn.refreshToken);
      return { success: true, token: signedIn?.token ?? null, set_password_request_id: setPasswordRequestId };
    },
  );

  api.post(
    '/auth/request_verification_email',
    {
      config: publicRoute,
      schema: {
        tags,
        body: RequestVerificationEmailSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await d.recovery.requestVerification(request.body.email, context(request, reply));
      return success;
    },
  );

  api.post(
    '/auth/request_merge_accounts_email',
    {
      config: publicRoute,
      schema: {
        tags,
        body: RequestMergeEmailSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await d.merge.requestEmail(request.body.provider, request.body.email, context(request, reply));
      return success;
    },
  );

  api.post(
    '/auth/merge_accounts',
    {
      config: publicRoute,
      schema: {
        tags,
        body: MergeAccountsSchema,
        response: { 200: MergeAccountsResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await d.deps.rateLimiter.check([
        { key: `merge:ip:${limitedAddress(request.ip)}`, max: 30, windowSeconds: 3600 },
      ]);
      const { request_id, email, new_password, confirm, decline } = request.body;
      const decision = {
        ...(new_password === undefined ? {} : { newPassword: new_password }),
        ...(confirm === undefined ? {} : { confirm }),
        ...(decline === undefined ? {} : { decline }),
      };
      const { merged } = await d.merge.merge(request_id, email, decision, context(request, reply));
      return { success: true, is_merged: merged };
    },
  );

  api.get(
    '/auth/merge_request',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'What an e-mailed merge link would add, shown to the owner before confirming',
        querystring: MergeRequestQuerySchema,
        response: { 200: MergeRequestResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await d.deps.rateLimiter.check([
        { key: `merge:ip:${limitedAddress(request.ip)}`, max: 30, windowSeconds: 3600 },
      ]);
      return d.merge.describe(request.query.request_id, request.query.email);
    },
  );

  api.get(
    '/auth/check_merge_accounts',
    {
      config: publicRoute,
      schema: {
        tags,
        querystring: CheckMergeQuerySchema,
        response: { 200: CheckMergeResponseSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      // The merge page polls every 3 s while its owner reads their mail: 200 in 10 minutes from
      // one tab, so the ceiling leaves room for two tabs waiting that long (decision 231).
      await d.deps.rateLimiter.check([
        { key: `merge-check:ip:${limitedAddress(request.ip)}`, max: 400, windowSeconds: 600 },
      ]);
      const { email, provider } = request.query;
      return { is_merged: await d.merge.checkMerged(email, provider, context(request, reply)) };
    },
  );

  for (const provider of ['google', 'microsoft'] as const) {
    api.get(
      `/auth/${provider}/auth_uri`,
      {
        config: publicRoute,
        schema: {
          tags,
          querystring: AuthUriQuerySchema,
          response: { 200: AuthUriResponseSchema, ...errorResponses(404, 429, 502) },
        },
      },
      async (request, reply) => {
        // Each start stores a state row (with a marketplace token of up to 4,000 characters).
        await d.deps.rateLimiter.check([
          { key: `auth-uri:ip:${limitedAddress(request.ip)}`, max: 60, windowSeconds: 900 },
        ]);
        const isMona = request.query.is_mona === 'true' || request.query.is_mona === '1';
        const marketplaceToken = isMona ? (request.query.state ?? null) : null;
        const browserHash = ensureBrowser(request, reply, config);
        return {
          auth_uri: await d.auth.providers.authorizationUrl(provider, isMona, marketplaceToken, browserHash),
        };
      },
    );
  }
}
