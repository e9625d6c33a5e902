// The sandbox Apple Ads Platform API (api.ads.apple.com): the API user's ad accounts (GET /v1/acls)
// and identity (GET /v1/me), both without a context header; an ad account (GET
// /v1/ad-accounts/{id}), its campaigns (POST /v1/campaigns/query) and the apps reports (POST
// /v1/reports/apps/{campaigns,adgroups,keywords,searchterms}/query), scoped by
// `X-AP-Context: adAccountId={id}`. A version Apple does not serve answers 404, as do the retired
// Campaign Management API's `/api/v5/...` paths, which this host never served. Bearer tokens come
// from the sandbox Apple token endpoint (sandbox-token.ts), through the shared `apple` store.
// https://developer.apple.com/documentation/apple-ads-platform-api/calling-apple-ads-platform-api
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { utcDay } from '@maya/contracts';
import { z } from 'zod';
import { SandboxApiError, grantOf, installSandboxApi } from '../../sandbox/apis/api';
import type { ApiErrorKind } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { APPLE_SANDBOX_ORGS, campaignsOf } from './sandbox-data';
import type { AppleOrg } from './sandbox-data';
import { MAX_PAGE_SIZE, ReportingRequestSchema, buildReport, validateReport } from './sandbox-reports';
import type { ReportLevel } from './sandbox-reports';
import { appleSandboxClients } from './sandbox-token';
import { versionStatus } from '../../core/api-versions';

/** Where the sandbox Apple Ads API is mounted (sandboxEndpoints().appleAds). */
export const APPLE_ADS_SANDBOX_PREFIX = '/sandbox/apple-ads';

/** The quota the RateLimit-* headers announce, per window of this many seconds. */
const RATE_LIMIT = 1000;
const RATE_WINDOW_S = 60;

/** Apple's error codes (`Error.code`) by kind. */
const ERROR_CODES: Record<ApiErrorKind, string> = {
  unauthenticated: 'UNAUTHORIZED',
  rate_limited: 'RATE_LIMIT_EXCEEDED',
  server_error: 'INTERNAL_SERVER_ERROR',
  permission_denied: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  invalid_argument: 'INVALID_ARGUMENT',
};

/** Apple's ErrorResponse. */
function renderError(kind: ApiErrorKind, message: string): unknown {
  return { error: { code: ERROR_CODES[kind], message, details: [] } };
}

const QuerySchema = z.object({
  filters: z
    .array(z.object({ field: z.string(), operator: z.string(), value: z.unknown().optional() }))
    .optional(),
  sorting: z.array(z.object({ field: z.string(), order: z.enum(['ASC', 'DESC']) })).optional(),
  pagination: z
    .object({
      offset: z.number().int().min(0).optional(),
      pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
      fetchTotalCount: z.boolean().optional(),
    })
    .optional(),
});

type VersionParams = { Params: { version: string; level?: string; id?: string } };

const LEVELS: readonly ReportLevel[] = ['campaigns', 'adgroups', 'keywords', 'searchterms'];

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new SandboxApiError(
    'invalid_argument',
    `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
  );
}

export const appleAdsSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.apple;
  const now = options.now ?? store.now;
  const { lateConversions } = installSandboxApi(app, { faults: options.faults, render: renderError, store });

  // Apple's rate-limit headers on every response (the quota is not enforced: a 429 is a fault).
  let window = { start: now(), used: 0 };
  app.addHook('onSend', async (request, reply) => {
    if (request.url.includes('/_sandbox/')) return;
    if (now() - window.start >= RATE_WINDOW_S * 1000) window = { start: now(), used: 0 };
    window.used += 1;
    const reset = Math.max(0, Math.ceil((window.start + RATE_WINDOW_S * 1000 - now()) / 1000));
    reply.header('RateLimit-Limit', String(RATE_LIMIT));
    reply.header('RateLimit-Remaining', String(Math.max(0, RATE_LIMIT - window.used)));
    reply.header('RateLimit-Reset', String(reset));
  });

  /** Only the versions Apple serves on the sandbox's day; anything else is not found. */
  const served = (request: FastifyRequest<VersionParams>) => {
    const { version } = request.params;
    if (versionStatus('apple_ads', version, utcDay(now())) !== 'served') {
      throw new SandboxApiError('not_found', `The requested resource /${version}/ was not found.`);
    }
  };

  /** The ad accounts of the organizations the token's API user was invited to. */
  const accountsOf = (request: FastifyRequest): readonly AppleOrg[] => {
    const client = appleSandboxClients(store).get(grantOf(request).clientId);
    if (!client) throw new SandboxApiError('unauthenticated', 'The API client no longer exists.');
    return client.orgIds === null
      ? APPLE_SANDBOX_ORGS
      : APPLE_SANDBOX_ORGS.filter((o) => client.orgIds?.includes(o.orgId));
  };

  /** The ad account named by X-AP-Context, which must be one of the user's. */
  const contextAccount = (request: FastifyRequest): AppleOrg => {
    const header = request.headers['x-ap-context'];
    const id = typeof header === 'string' ? /^adAccountId=(\d+)$/.exec(header.trim())?.[1] : undefined;
    if (!id) {
      throw new SandboxApiError(
        'invalid_argument',
        'The X-AP-Context header must be adAccountId={adAccountId}.',
      );
    }
    const account = accountsOf(request).find((o) => o.adAccountId === Number(id));
    if (!account) throw new SandboxApiError('permission_denied', 'Insufficient rights to the ad account.');
    return account;
  };

  // The retired Campaign Management API never ran on this host.
  app.all('/api/*', async () => {
    throw new SandboxApiError(
      'not_found',
      'The Apple Ads Campaign Management API is not served here: use the Apple Ads Platform API (/v1).',
    );
  });

  app.get<VersionParams>('/:version/acls', async (request) => {
    served(request);
    return {
      result: {
        acls: accountsOf(request).map((o) => ({
          adAccount: { id: o.adAccountId, name: o.orgName, orgId: o.orgId },
          roles: ['API Account Read Only'],
        })),
      },
    };
  });

  app.get<VersionParams>('/:version/me', async (request) => {
    served(request);
    return { result: { userId: grantOf(request).clientId, orgId: accountsOf(request)[0]?.orgId ?? null } };
  });

  app.get<VersionParams>('/:version/ad-accounts/:id', async (request) => {
    served(request);
    const account = contextAccount(request);
    if (String(account.adAccountId) !== request.params.id) {
      throw new SandboxApiError('permission_denied', 'The ad account is not the one of X-AP-Context.');
    }
    return {
      result: {
        id: account.adAccountId,
        name: account.orgName,
        orgId: account.orgId,
        timezone: account.timeZone,
        currency: account.currency,
        paymentModel: account.paymentModel,
        systemStatus: 'ACTIVE',
        systemStatusReasons: [],
        productFeatures: ['APPSTORE_APP_MANUAL'],
      },
    };
  });

  app.post<VersionParams>('/:version/campaigns/query', async (request) => {
    served(request);
    const account = contextAccount(request);
    const query = parsed(QuerySchema, request.body ?? {});
    for (const filter of query.filters ?? []) {
      if (filter.field !== 'deleted') {
        throw new SandboxApiError('invalid_argument', `The sandbox supports no filter on ${filter.field}`);
      }
    }
    const campaigns = campaignsOf(account).map((c) => ({
      id: c.id,
      adAccountId: account.adAccountId,
      name: c.name,
      adamId: c.app.adamId,
      status: c.status,
      deleted: false,
      adChannelType: 'SEARCH',
      countriesOrRegions: c.countries,
    }));
    const offset = query.pagination?.offset ?? 0;
    const pageSize = query.pagination?.pageSize ?? 20;
    return {
      result: campaigns.slice(offset, offset + pageSize),
      pagination: {
        offset,
        pageSize,
        ...(query.pagination?.fetchTotalCount ? { totalCount: campaigns.length } : {}),
      },
    };
  });

  app.post<VersionParams>('/:version/reports/apps/:level/query', async (request) => {
    served(request);
    const level = LEVELS.find((l) => l === request.params.level);
    if (!level) throw new SandboxApiError('not_found', `No apps report ${request.params.level ?? ''}.`);
    const account = contextAccount(request);
    const body = parsed(ReportingRequestSchema, request.body);
    const scope = validateReport(level, body, now());
    return buildReport(account, level, scope, body, now(), (date) => lateConversions.factor(date));
  });
};
