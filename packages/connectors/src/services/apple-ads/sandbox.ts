// The sandbox Apple Ads Campaign Management API v5 (api.searchads.apple.com): the organizations
// the API user can access (GET /api/v5/acls) and the reports (POST /api/v5/reports/campaigns and
// the campaign-scoped adgroups, keywords and searchterms reports), scoped to an organization by
// the `X-AP-Context: orgId={orgId}` header. Bearer tokens come from the sandbox Apple token
// endpoint (sandbox-token.ts), through the shared `apple` store.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SandboxApiError, grantOf, installSandboxApi } from '../../sandbox/apis/api';
import type { ApiErrorKind } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { APPLE_SANDBOX_ORGS, campaignsOf } from './sandbox-data';
import type { AppleOrg } from './sandbox-data';
import { ReportingRequestSchema, buildReport, validateReport } from './sandbox-reports';
import type { ReportLevel } from './sandbox-reports';
import { appleSandboxClients } from './sandbox-token';
import { APPLE_ADS_API_VERSION } from '../../core/api-versions';

const API = `/api/${APPLE_ADS_API_VERSION}`;

/** Where the sandbox Apple Ads API is mounted (sandboxEndpoints().appleAds). */
export const APPLE_ADS_SANDBOX_PREFIX = '/sandbox/apple-ads';

const MESSAGE_CODES: Record<ApiErrorKind, string> = {
  unauthenticated: 'UNAUTHORIZED',
  rate_limited: 'TOO_MANY_REQUESTS',
  server_error: 'INTERNAL_ERROR',
  permission_denied: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  invalid_argument: 'INVALID_INPUT',
};

/** Apple's ApiErrorResponse. */
function renderError(kind: ApiErrorKind, message: string): unknown {
  return {
    data: null,
    pagination: null,
    error: { errors: [{ messageCode: MESSAGE_CODES[kind], message, field: '' }] },
  };
}

type CampaignParams = { Params: { campaignId?: string } };

export const appleAdsSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.apple;
  const now = options.now ?? store.now;
  const { lateConversions } = installSandboxApi(app, { faults: options.faults, render: renderError, store });

  /** The organizations the token's API user was invited to. */
  const orgsOf = (request: FastifyRequest): readonly AppleOrg[] => {
    const client = appleSandboxClients(store).get(grantOf(request).clientId);
    if (!client) throw new SandboxApiError('unauthenticated', 'The API client no longer exists.');
    return client.orgIds === null
      ? APPLE_SANDBOX_ORGS
      : APPLE_SANDBOX_ORGS.filter((o) => client.orgIds?.includes(o.orgId));
  };

  /** The organization named by X-AP-Context, which must be one of the user's. */
  const contextOrg = (request: FastifyRequest): AppleOrg => {
    const header = request.headers['x-ap-context'];
    const orgId = typeof header === 'string' ? /^orgId=(\d+)$/.exec(header.trim())?.[1] : undefined;
    if (!orgId)
      throw new SandboxApiError('invalid_argument', 'The X-AP-Context header must be orgId={orgId}.');
    const org = orgsOf(request).find((o) => o.orgId === Number(orgId));
    if (!org) throw new SandboxApiError('permission_denied', 'Insufficient rights to the organization.');
    return org;
  };

  const report = (level: ReportLevel) => async (request: FastifyRequest<CampaignParams>) => {
    const org = contextOrg(request);
    const { campaignId } = request.params;
    let campaign = null;
    if (level !== 'campaigns') {
      campaign = campaignsOf(org).find((c) => String(c.id) === campaignId) ?? null;
      if (!campaign) throw new SandboxApiError('not_found', `Campaign ${campaignId ?? ''} was not found.`);
    }
    const parsed = ReportingRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SandboxApiError(
        'invalid_argument',
        `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`,
      );
    }
    validateReport(level, parsed.data, now());
    return buildReport(org, level, campaign, parsed.data, now(), (date) => lateConversions.factor(date));
  };

  app.get(`${API}/acls`, async (request) => ({
    data: orgsOf(request).map((org) => ({
      orgName: org.orgName,
      orgId: org.orgId,
      currency: org.currency,
      paymentModel: org.paymentModel,
      roleNames: ['API Account Read Only'],
      parentOrgId: org.parentOrgId,
      timeZone: org.timeZone,
      displayTimezone: org.timeZone,
    })),
    pagination: null,
    error: null,
  }));

  app.get(`${API}/me`, async (request) => {
    const orgs = orgsOf(request);
    return {
      data: { userId: grantOf(request).clientId, parentOrgId: orgs[0]?.orgId ?? null },
      pagination: null,
      error: null,
    };
  });

  app.post(`${API}/reports/campaigns`, report('campaigns'));
  app.post(`${API}/reports/campaigns/:campaignId/adgroups`, report('adgroups'));
  app.post(`${API}/reports/campaigns/:campaignId/keywords`, report('keywords'));
  app.post(`${API}/reports/campaigns/:campaignId/searchterms`, report('searchterms'));
};
