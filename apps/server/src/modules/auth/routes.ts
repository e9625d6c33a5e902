import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  RequestMergeEmailSchema,
  RequestVerificationEmailSchema,
  ResetPasswordRequestSchema,
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
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './cookies';
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

const context = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
const tags = ['auth'];
const success = { success: true } as const;

export async function authRoutes(app: FastifyInstance, d: AuthRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = d.platform;
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
      const signedIn = await d.auth.login(request.body, context(request));
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
        const signedIn = await d.auth.refresh(token, context(request));
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
      const { response, signedIn } = await d.auth.signUp(request.body, context(request));
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
      await d.recovery.changePassword(
        authOf(request).userId,
        request.body.current_password,
        request.body.new_password,
        context(request),
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
    async (request) => {
      await d.recovery.requestReset(request.body.email, context(request));
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
    async (request) => {
      const { request_id, email, new_password } = request.body;
      await d.recovery.reset(request_id, email, new_password, context(request));
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
      await d.deps.rateLimiter.check([{ key: `domain:ip:${request.ip}`, max: 60, windowSeconds: 60 }]);
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
      await d.deps.rateLimiter.check([{ key: `verify:ip:${request.ip}`, max: 30, windowSeconds: 3600 }]);
      const signedIn = await d.recovery.verifyEmail(
        request.body.request_id,
        request.body.email,
        context(request),
      );
      setRefreshCookie(reply, config, signedIn.refreshToken);
      return { success: true, token: signedIn.token };
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
    async (request) => {
      await d.recovery.requestVerification(request.body.email, context(request));
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
    async (request) => {
      await d.merge.requestEmail(request.body.provider, request.body.email, context(request));
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
    async (request) => {
      await d.deps.rateLimiter.check([{ key: `merge:ip:${request.ip}`, max: 30, windowSeconds: 3600 }]);
      await d.merge.merge(request.body.request_id, request.body.email, request.body.new_password);
      return { success: true, is_merged: true };
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
    async (request) => {
      await d.deps.rateLimiter.check([{ key: `merge-check:ip:${request.ip}`, max: 120, windowSeconds: 600 }]);
      return { is_merged: await d.merge.isMerged(request.query.email, request.query.provider) };
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
          response: { 200: AuthUriResponseSchema, ...errorResponses(404, 502) },
        },
      },
      async (request) => {
        const isMona = request.query.is_mona === 'true' || request.query.is_mona === '1';
        const marketplaceToken = isMona ? (request.query.state ?? null) : null;
        return { auth_uri: await d.auth.providers.authorizationUrl(provider, isMona, marketplaceToken) };
      },
    );
  }
}
