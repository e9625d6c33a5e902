// The sandbox Google Ads API (REST), shaped as Google documents it:
//   GET  /{version}/customers:listAccessibleCustomers
//   POST /{version}/customers/{customerId}/googleAds:search   {query, pageToken}
// with the `developer-token` header on every call and `login-customer-id` to reach a client
// through its manager. https://developers.google.com/google-ads/api/rest/reference/rest
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { installSandboxApi, requireScope } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { SANDBOX_DEVELOPER_TOKEN } from '../../core/sandbox-clients';
import type { Grant } from '../../sandbox/types';
import { GOOGLE_ADS_SCOPE } from './api';
import { versionStatus } from '../../core/api-versions';
import { utcDay } from '@maya/contracts';
import { ByteWriter } from './sandbox-bytes';
import { accessibleRoots, descendants } from './sandbox-data';
import type { SandboxCustomer } from './sandbox-data';
import { AdsFailure, failureBody, renderGoogleAdsError, requestId } from './sandbox-errors';
import { parseGaql } from './sandbox-gaql';
import { planQuery } from './sandbox-plan';
import { page } from './sandbox-query';

export const GOOGLE_ADS_SANDBOX_PREFIX = '/sandbox/google-ads';

const SearchBodySchema = z
  .object({
    query: z.string().min(1),
    pageToken: z.string().optional(),
    pageSize: z.number().optional(),
    validateOnly: z.boolean().optional(),
    returnTotalResultsCount: z.boolean().optional(),
    summaryRowSetting: z.string().optional(),
  })
  .strict();

const PERMISSION_DENIED =
  "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's " +
  "customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid";

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The bearer grant with the adwords scope, the product's developer token and a version Google
 * serves on the sandbox's day (core/api-versions.ts): a sunset one answers UNSUPPORTED_VERSION.
 */
function authorize(request: FastifyRequest, version: string, today: string): Grant {
  const status = versionStatus('google_ads', version, today);
  if (status === 'sunset') {
    throw new AdsFailure(
      { requestError: 'UNSUPPORTED_VERSION' },
      `Version ${version} of the Google Ads API has been sunset and is no longer supported.`,
    );
  }
  if (status === 'unknown') {
    throw new AdsFailure({ requestError: 'UNKNOWN' }, `The requested URL /${version}/ was not found.`, 404);
  }
  const grant = requireScope(request, GOOGLE_ADS_SCOPE);
  const developerToken = header(request, 'developer-token');
  if (!developerToken) {
    throw new AdsFailure(
      { requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' },
      'The developer-token parameter is required for all requests.',
    );
  }
  if (developerToken !== SANDBOX_DEVELOPER_TOKEN) {
    throw new AdsFailure(
      { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
      'The developer token is not valid.',
      401,
    );
  }
  return grant;
}

const within = (root: SandboxCustomer, id: string) =>
  descendants(root).find((d) => d.customer.id === id)?.customer;

/**
 * The customer of the path, as Google resolves it: the login customer (`login-customer-id`, by
 * default the customer itself) must be one the user reaches directly, and the customer at or
 * below it.
 */
function customerFor(grant: Grant, id: string, login: string | null): SandboxCustomer {
  if (!/^\d{10}$/.test(id))
    throw new AdsFailure({ requestError: 'INVALID_CUSTOMER_ID' }, 'Invalid customer ID.');
  if (login !== null && !/^\d{10}$/.test(login)) {
    throw new AdsFailure({ requestError: 'INVALID_CUSTOMER_ID' }, "Invalid 'login-customer-id' header.");
  }
  const roots = accessibleRoots(grant.account.email);
  const via = roots.find((root) => root.id === (login ?? id));
  const customer = via ? within(via, id) : undefined;
  if (!customer)
    throw new AdsFailure({ authorizationError: 'USER_PERMISSION_DENIED' }, PERMISSION_DENIED, 403);
  if (customer.status !== 'ENABLED') {
    throw new AdsFailure(
      { authorizationError: 'CUSTOMER_NOT_ENABLED' },
      "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
      403,
    );
  }
  return customer;
}

function parseBody(body: unknown): z.infer<typeof SearchBodySchema> {
  const parsed = SearchBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : (issue?.path.join('.') ?? '');
    throw new AdsFailure(
      { requestError: 'UNKNOWN' },
      `Invalid JSON payload received. Invalid or unknown name "${name}".`,
    );
  }
  const search = parsed.data;
  if (search.pageSize !== undefined) {
    throw new AdsFailure(
      { requestError: 'PAGE_SIZE_NOT_SUPPORTED' },
      'Setting the page size is not supported. Search responses will have fixed page size of 10000 rows.',
    );
  }
  if (search.returnTotalResultsCount || (search.summaryRowSetting ?? 'NO_SUMMARY_ROW') !== 'NO_SUMMARY_ROW') {
    throw new AdsFailure(
      { requestError: 'UNKNOWN' },
      'The sandbox serves no total results count and no summary row.',
    );
  }
  if (search.validateOnly && search.pageToken) {
    throw new AdsFailure(
      { requestError: 'VALIDATE_ONLY_REQUEST_HAS_PAGE_TOKEN' },
      'A validate only request cannot have a page token.',
    );
  }
  return search;
}

/** Answers an AdsFailure in the Google Ads shape; anything else goes to the shared handler. */
async function answer(reply: FastifyReply, work: () => Buffer | object): Promise<FastifyReply> {
  try {
    const body = work();
    return Buffer.isBuffer(body)
      ? reply.type('application/json; charset=utf-8').send(body)
      : reply.send(body);
  } catch (error) {
    if (!(error instanceof AdsFailure)) throw error;
    return reply
      .code(error.httpStatus)
      .send(failureBody(error.httpStatus, [{ errorCode: error.errorCode, message: error.message }]));
  }
}

/**
 * Page buffers, each reused once its response has been handed to the socket ('finish'): a
 * fresh buffer of megabytes per page made V8 run a full collection nearly every page.
 */
const idleWriters: ByteWriter[] = [];
const MAX_IDLE_WRITERS = 4;

function pageWriter(reply: FastifyReply): ByteWriter {
  const out = idleWriters.pop() ?? new ByteWriter(1 << 20);
  out.truncate();
  // A response that never finishes (the client went away) keeps its buffer: it may still be
  // queued on the socket.
  reply.raw.once('finish', () => {
    if (idleWriters.length < MAX_IDLE_WRITERS) idleWriters.push(out);
  });
  return out;
}

type VersionParams = { version: string };
type SearchParams = { version: string; customerId: string };

export const googleAdsSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.google;
  const now = options.now ?? store.now;
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: renderGoogleAdsError,
    store,
  });

  // `::` is a literal colon in a Fastify path.
  app.get<{ Params: VersionParams }>('/:version/customers::listAccessibleCustomers', (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request, request.params.version, utcDay(now()));
      const roots = accessibleRoots(grant.account.email);
      // Proto3 JSON leaves an empty list out.
      return roots.length > 0 ? { resourceNames: roots.map((r) => r.resourceName) } : {};
    }),
  );

  app.post<{ Params: SearchParams }>('/:version/customers/:customerId/googleAds::search', (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request, request.params.version, utcDay(now()));
      const customer = customerFor(grant, request.params.customerId, header(request, 'login-customer-id'));
      const search = parseBody(request.body);
      const plan = planQuery(parseGaql(search.query), customer, now(), (date) =>
        lateConversions.factor(date),
      );
      const id = requestId();
      if (search.validateOnly) return { fieldMask: plan.writer.fieldMask, requestId: id };
      // Written by hand around the rows, which are JSON bytes already.
      const out = pageWriter(reply);
      out.ascii('{"results":[');
      const result = page(plan, `${customer.id}\n${search.query}`, search.pageToken ?? null, out);
      if (result.rows === 0) out.truncate(1);
      else out.ascii('],');
      if (result.nextPageToken) out.ascii(`"nextPageToken":"${result.nextPageToken}",`);
      out.ascii(`"fieldMask":"${plan.writer.fieldMask}","requestId":"${id}"}`);
      return out.view();
    }),
  );
};
