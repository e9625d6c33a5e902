// The sandbox Graph API (graph.facebook.com) for the Marketing API: the user's businesses and ad
// accounts and Ads Insights, with cursor paging, Graph error bodies and Meta's statuses (an
// expired token or throttling is a 400 with code 190 or 17, never a 401 or 429). Bearer tokens come
// from the sandbox Meta identity provider.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SandboxApiError, grantOf, installSandboxApi } from '../../sandbox/apis/api';
import type { ApiErrorKind } from '../../sandbox/apis/api';
import { decodePageToken, encodePageToken } from '../../sandbox/apis/data';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { unreachable, utcDay } from '@maya/contracts';
import { META_GRAPH_VERSION, versionStatus } from '../../core/api-versions';
import { insightsRows, parseInsightsQuery } from './sandbox-insights';
import { ReportRuns } from './sandbox-report-runs';
import { adAccountsOf, businessesOf } from './sandbox-data';
import type { MetaAdAccount } from './sandbox-data';

/** Where the sandbox Graph API is mounted (sandboxEndpoints().metaGraph). */
export const META_ADS_SANDBOX_PREFIX = '/sandbox/meta-graph';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 5000;

type Query = Record<string, unknown>;
type NodeParams = { Params: { version: string; node: string }; Querystring: Query };
type VersionParams = { Params: { version: string }; Querystring: Query };

/** Graph error codes and subcodes for the shared error kinds. */
function graphErrorBody(kind: ApiErrorKind, message: string): unknown {
  const error = (code: number, text: string, extra: Record<string, unknown> = {}) => ({
    error: {
      message: text,
      type: 'OAuthException',
      code,
      ...extra,
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
  switch (kind) {
    case 'unauthenticated':
      return /revoked/i.test(message)
        ? error(190, 'Error validating access token: The user has not authorized application.', {
            error_subcode: 458,
          })
        : error(190, 'Error validating access token: Session has expired.', { error_subcode: 463 });
    case 'rate_limited':
      return error(17, 'User request limit reached', { error_subcode: 2446079, is_transient: true });
    case 'server_error':
      return error(2, 'An unexpected error has occurred. Please retry your request later.', {
        is_transient: true,
      });
    case 'permission_denied':
      return error(200, message);
    case 'not_found':
      return error(100, message, { error_subcode: 33 });
    case 'invalid_argument':
      // Meta's messages carry their code: "(#2635) You are calling a deprecated version...".
      return error(Number(/^\(#(\d+)\)/.exec(message)?.[1] ?? 100), message);
    default:
      throw new Error(`unknown kind ${String(kind satisfies never)}`);
  }
}

const unsupported = (node: string) =>
  new SandboxApiError(
    'not_found',
    `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    400,
  );

/**
 * A Marketing API version Meta serves on the sandbox's day (core/api-versions.ts): an expired one
 * is Meta's error #2635, as the Ads API answers it.
 */
function requireVersion(version: string, today: string): void {
  const status = versionStatus('meta_marketing', version, today);
  switch (status) {
    case 'served':
      return;
    case 'sunset':
      throw new SandboxApiError(
        'invalid_argument',
        `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${META_GRAPH_VERSION}.`,
      );
    case 'unknown':
      throw new SandboxApiError('invalid_argument', `Unknown path components: /${version}`);
    default:
      return unreachable(status);
  }
}

function requirePermission(request: FastifyRequest, scopes: string[], message: string) {
  const grant = grantOf(request);
  if (!scopes.some((scope) => grant.scopes.includes(scope))) {
    throw new SandboxApiError('permission_denied', message, 403);
  }
  return grant;
}

const needsAdsRead = (request: FastifyRequest) =>
  requirePermission(
    request,
    ['ads_read', 'ads_management'],
    '(#200) Ad account owner has NOT grant ads_management or ads_read permission',
  );

export const metaAdsSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.meta;
  const now = options.now ?? store.now;
  const runs = new ReportRuns();
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: graphErrorBody,
    store,
  });
  // Every Graph path starts with the version: one Meta still serves on the sandbox's day.
  app.addHook('preHandler', async (request) => {
    const { version } = request.params as { version?: string };
    if (version !== undefined) requireVersion(version, utcDay(now()));
  });
  // The Graph API answers token errors (code 190) and throttling (code 17/4/613) with 400.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 401 || reply.statusCode === 429) reply.code(400);
    return payload;
  });

  /** One page of `items` with Graph cursors; `next` repeats the request with `after`. */
  function page<T>(request: FastifyRequest, items: readonly T[], render: (item: T) => unknown) {
    const query = request.query as Query;
    const limitText = typeof query.limit === 'string' ? query.limit : String(DEFAULT_LIMIT);
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1)
      throw new SandboxApiError('invalid_argument', '(#100) limit must be a positive integer');
    const size = Math.min(limit, MAX_LIMIT);
    const path = request.url.split('?')[0] ?? '';
    // The path under the mount: every route starts with the version.
    const relative = path.slice(path.indexOf(`/${(request.params as { version: string }).version}/`));
    const { after: _after, before: _before, access_token: _token, limit: _limit, ...rest } = query;
    const key = `${relative}?${JSON.stringify(rest)}`;
    let offset = 0;
    if (typeof query.after === 'string') {
      const decoded = decodePageToken(query.after, key);
      if (decoded === null) throw new SandboxApiError('invalid_argument', '(#100) Invalid cursor: after');
      offset = decoded;
    }
    const data = items.slice(offset, offset + size).map(render);
    if (data.length === 0) return { data };
    const cursors = {
      before: encodePageToken(offset, key),
      after: encodePageToken(offset + data.length, key),
    };
    const paging: Record<string, unknown> = { cursors };
    if (offset + data.length < items.length) {
      const next = new URL(`${options.publicBaseUrl}${relative}`);
      for (const [name, value] of Object.entries(rest))
        if (typeof value === 'string') next.searchParams.set(name, value);
      next.searchParams.set('limit', String(size));
      next.searchParams.set('after', cursors.after);
      paging.next = next.href;
    }
    return { data, paging };
  }

  /** An ad account node with the asked fields (`id` always, as the Graph API does). */
  const renderAccount = (request: FastifyRequest) => {
    const query = request.query as Query;
    const fields = new Set((typeof query.fields === 'string' ? query.fields : '').split(',').filter(Boolean));
    return (account: MetaAdAccount) => {
      const node: Record<string, unknown> = { id: `act_${account.accountId}` };
      if (fields.has('account_id')) node.account_id = account.accountId;
      if (fields.has('name')) node.name = account.name;
      if (fields.has('currency')) node.currency = account.currency;
      if (fields.has('timezone_name')) node.timezone_name = account.timezone;
      if (fields.has('account_status')) node.account_status = 1;
      if (fields.has('business') && account.business) node.business = account.business;
      return node;
    };
  };

  const accountOf = (request: FastifyRequest, node: string): MetaAdAccount => {
    const grant = needsAdsRead(request);
    const account = adAccountsOf(grant.account.email).find((a) => `act_${a.accountId}` === node);
    if (!account) throw unsupported(node);
    return account;
  };

  app.get<VersionParams>('/:version/me', async (request) => {
    const { account } = grantOf(request);
    return { id: account.userId, name: account.name };
  });

  app.get<VersionParams>('/:version/me/adaccounts', async (request) => {
    const grant = needsAdsRead(request);
    const mine = adAccountsOf(grant.account.email).filter((a) => a.directRole);
    return page(request, mine, renderAccount(request));
  });

  app.get<VersionParams>('/:version/me/businesses', async (request) => {
    const grant = requirePermission(
      request,
      ['business_management'],
      '(#200) Requires business_management permission to manage the object',
    );
    return page(request, businessesOf(grant.account.email), (b) => ({ id: b.id, name: b.name }));
  });

  for (const edge of ['owned_ad_accounts', 'client_ad_accounts'] as const) {
    app.get<NodeParams>(`/:version/:node/${edge}`, async (request) => {
      const { node } = request.params;
      const grant = requirePermission(
        request,
        ['business_management'],
        '(#200) Requires business_management permission to manage the object',
      );
      if (!businessesOf(grant.account.email).some((b) => b.id === node)) throw unsupported(node);
      const accounts = adAccountsOf(grant.account.email).filter((a) =>
        edge === 'owned_ad_accounts' ? a.business?.id === node : a.clientOf.includes(node),
      );
      return page(request, accounts, renderAccount(request));
    });
  }

  /** The user's report run of that id, or undefined when the node is something else. */
  const runOf = (request: FastifyRequest, node: string) => runs.find(node, grantOf(request).account.email);

  app.get<NodeParams>('/:version/:node', async (request) => {
    const run = runOf(request, request.params.node);
    if (run) return runs.poll(run);
    return renderAccount(request)(accountOf(request, request.params.node));
  });

  app.get<NodeParams>('/:version/:node/insights', async (request) => {
    const run = runOf(request, request.params.node);
    if (run) runs.requireCompleted(run);
    const account = run?.account ?? accountOf(request, request.params.node);
    const query = run?.query ?? parseInsightsQuery(request.query, now());
    const at = run?.startedAt ?? now();
    return page(
      request,
      insightsRows(account, query, at, (date) => lateConversions.factor(date)),
      (row) => row,
    );
  });

  // An asynchronous report run over the same parameters, in the query string or the form body.
  app.post<NodeParams>('/:version/:node/insights', async (request) => {
    const account = accountOf(request, request.params.node);
    const body = request.body && typeof request.body === 'object' ? (request.body as Query) : {};
    const query = parseInsightsQuery({ ...request.query, ...body }, now());
    const rows = insightsRows(account, query, now()).length;
    const run = runs.start(grantOf(request).account.email, account, query, now(), rows);
    return { report_run_id: run.id };
  });

  /** `{"fail_next": n}`: the next n report runs end in Job Failed. */
  app.post('/_sandbox/report-runs', async (request) => {
    const failNext = (request.body as { fail_next?: unknown } | null)?.fail_next;
    if (!Number.isInteger(failNext) || (failNext as number) < 0)
      throw new SandboxApiError('invalid_argument', 'fail_next must be a whole number');
    runs.failNext = failNext as number;
    return { fail_next: runs.failNext };
  });
};
