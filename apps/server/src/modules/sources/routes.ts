import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiCredentialsRequestSchema,
  AppleAdsAccountsRequestSchema,
  ConnectAccountsRequestSchema,
  ConversionSettingsParamsSchema,
  ConversionSettingsSchema,
  ConversionSettingsUpdateSchema,
  DeleteServiceAccountQuerySchema,
  DeleteServiceAccountResponseSchema,
  OAuthStartRequestSchema,
  OAuthStartResponseSchema,
  OAuthVerifyRequestSchema,
  OrganizationIdQuerySchema,
  PublicKeyQuerySchema,
  PublicKeyResponseSchema,
  ServiceAccountEmailResponseSchema,
  ServiceAccountListResponseSchema,
  ServiceAccountWarningsResponseSchema,
  ServiceIdParamsSchema,
  ServiceListResponseSchema,
  SourcesErrorType,
  UniqueAccountRequestSchema,
  VerificationResultSchema,
} from '@maya/contracts';
import { catalog } from '@maya/connectors';
import { AppError } from '../../platform/errors';
import { authOf, organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { createAuthorizationFlow } from './authorization';
import type { createConversionSettings } from './conversion-settings';
import type { SourcesService } from './service';
import type { createSetupFlows } from './setup';

const tags = ['sources'];

export type SourcesRouteDeps = {
  sources: SourcesService;
  authorization: ReturnType<typeof createAuthorizationFlow>;
  setup: ReturnType<typeof createSetupFlows>;
  conversions: ReturnType<typeof createConversionSettings>;
  serviceAccountEmail: string | null;
};

export async function sourcesRoutes(app: FastifyInstance, deps: SourcesRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { sources, authorization, setup } = deps;
  const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

  api.get(
    '/services',
    {
      // The catalogue of connectable services is product information, not tenant data.
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'The data services that can be connected (spec 001 §7)',
        response: { 200: ServiceListResponseSchema },
      },
    },
    async () => ({ services: catalog.filter((service) => service.is_listed) }),
  );

  api.get(
    '/service_accounts',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "The organization's connected accounts with their sync status",
        querystring: OrganizationIdQuerySchema,
        response: { 200: ServiceAccountListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ service_accounts: await sources.list(organizationOf(request).organizationId) }),
  );

  api.get(
    '/service_accounts/warnings',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Accounts with warnings: failed loads or a revoked grant (the sidebar icon)',
        querystring: OrganizationIdQuerySchema,
        response: { 200: ServiceAccountWarningsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const accounts = await sources.warnings(organizationOf(request).organizationId);
      return { count: accounts.length, accounts };
    },
  );

  api.delete(
    '/service_accounts',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Disconnect an account: its queued load is cancelled (spec 001 §7)',
        querystring: DeleteServiceAccountQuerySchema,
        response: { 200: DeleteServiceAccountResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await sources.remove(organizationOf(request), request.query.uuid);
      return { deleted: request.query.uuid };
    },
  );

  api.post(
    '/service_accounts',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Connect accounts chosen from a verification; each gets its first load queued',
        body: ConnectAccountsRequestSchema,
        response: { 200: ServiceAccountListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      service_accounts: await sources.connect(
        organizationOf(request),
        userId(request),
        request.body.credentialsId,
        request.body.accounts,
      ),
    }),
  );

  api.post(
    '/services/:id/oauth/start',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Start the authorization of a service: the provider URL to send the browser to',
        params: ServiceIdParamsSchema,
        body: OAuthStartRequestSchema,
        response: { 200: OAuthStartResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      authorization_url: await authorization.start(
        organizationOf(request),
        userId(request),
        request.params.id,
        request.body.serviceUuid,
      ),
    }),
  );

  api.post(
    '/services/:id/oauth/verify',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Finish the authorization: exchange the code and list the accounts it reaches',
        params: ServiceIdParamsSchema,
        body: OAuthVerifyRequestSchema,
        response: { 200: VerificationResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      authorization.verify(organizationOf(request), userId(request), request.params.id, request.body),
  );

  api.get(
    '/services/:id/public_key',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "The public key of the organization's key pair for the service (Apple Ads)",
        params: ServiceIdParamsSchema,
        querystring: PublicKeyQuerySchema,
        response: { 200: PublicKeyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      public_key: await setup.publicKey(
        organizationOf(request),
        request.params.id,
        request.query.serviceUUID,
      ),
    }),
  );

  api.get(
    '/services/:id/service_account_email',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: "The product's Google service account that GA4 exports are shared with",
        params: ServiceIdParamsSchema,
        response: { 200: ServiceAccountEmailResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async () => {
      if (!deps.serviceAccountEmail) throw new AppError(400, SourcesErrorType.serviceNotConfigured);
      return { email: deps.serviceAccountEmail };
    },
  );

  api.post(
    '/services/:id/api_credentials',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "Verify an API key (Moosend) and connect the provider's account",
        params: ServiceIdParamsSchema,
        body: ApiCredentialsRequestSchema,
        response: { 200: ServiceAccountListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      service_accounts: await setup.apiKey(
        organizationOf(request),
        userId(request),
        request.params.id,
        request.body.serviceUuid,
        request.body.apiCreds.apiKey,
      ),
    }),
  );

  api.post(
    '/services/:id/unique_account',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Verify a GA4 BigQuery export dataset and connect it',
        params: ServiceIdParamsSchema,
        body: UniqueAccountRequestSchema,
        response: { 200: ServiceAccountListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      service_accounts: await setup.dataset(
        organizationOf(request),
        userId(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  api.post(
    '/services/:id/apple_ads_accounts',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Verify Apple Ads API credentials and connect the organizations they reach',
        params: ServiceIdParamsSchema,
        body: AppleAdsAccountsRequestSchema,
        response: { 200: ServiceAccountListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      service_accounts: await setup.appleAds(
        organizationOf(request),
        userId(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  api.get(
    '/services/:id/conversion_settings',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "Which of the service's action types count as conversions (Meta Ads)",
        params: ConversionSettingsParamsSchema,
        querystring: OrganizationIdQuerySchema,
        response: { 200: ConversionSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => deps.conversions.settings(organizationOf(request)),
  );

  api.put(
    '/services/:id/conversion_settings',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Sets the action types that count as conversions from the next load (null: the default)',
        params: ConversionSettingsParamsSchema,
        body: ConversionSettingsUpdateSchema,
        response: { 200: ConversionSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deps.conversions.update(organizationOf(request), request.body),
  );
}
