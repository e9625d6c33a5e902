// The sandbox Microsoft Advertising API (Bing Ads API v13, REST), shaped as Microsoft documents it:
//   POST /CustomerManagement/v13/User/Query            GetUser
//   POST /CustomerManagement/v13/CustomersInfo/Query   GetCustomersInfo
//   POST /CustomerManagement/v13/AccountsInfo/Query    GetAccountsInfo
//   POST /CustomerManagement/v13/Account/Query         GetAccount
//   POST /Reporting/v13/GenerateReport/Submit          SubmitGenerateReport
//   POST /Reporting/v13/GenerateReport/Poll            PollGenerateReport
// with the DeveloperToken header everywhere and CustomerId / CustomerAccountId on reporting calls.
// Reports are built on the second poll and downloaded, zipped, from a pre-signed URL.
// https://learn.microsoft.com/advertising/customer-management-service/customer-management-service-reference
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { grantOf, installSandboxApi } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { SANDBOX_DEVELOPER_TOKEN } from '../../core/sandbox-clients';
import type { Grant } from '../../sandbox/types';
import { CUSTOMER_MANAGEMENT_PATH, MICROSOFT_ADS_SCOPE, REPORTING_PATH } from './api';
import type { AdvertiserAccount } from './api';
import { rolesOf, visibleAccounts } from './sandbox-data';
import type { SandboxAccount } from './sandbox-data';
import {
  adApiFault,
  INVALID_CREDENTIALS,
  MicrosoftFault,
  NOT_AUTHORIZED,
  renderMicrosoftAdsError,
} from './sandbox-errors';
import { writeReport } from './sandbox-report-writer';
import { checkReport, ReportRequestSchema } from './sandbox-reports';
import type { Report } from './sandbox-reports';
import { zipOne } from './sandbox-zip';

export const MICROSOFT_ADS_SANDBOX_PREFIX = '/sandbox/microsoft-ads';

/** Reports kept for download at once; older ones are forgotten as Microsoft expires them. */
const KEPT_REPORTS = 100;

type StoredReport = { owner: string; report: Report; polls: number; zip: Buffer | null; rows: number };

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The bearer grant with the Microsoft Advertising scope and the product's developer token. */
function authorize(request: FastifyRequest): Grant {
  const grant = grantOf(request);
  if (!grant.scopes.includes(MICROSOFT_ADS_SCOPE))
    throw adApiFault(401, 105, 'InvalidCredentials', INVALID_CREDENTIALS);
  const developerToken = header(request, 'DeveloperToken');
  if (!developerToken) {
    throw adApiFault(
      400,
      116,
      'RequestMissingHeaders',
      'One or more required headers are missing: DeveloperToken.',
    );
  }
  if (developerToken !== SANDBOX_DEVELOPER_TOKEN)
    throw adApiFault(400, 105, 'InvalidCredentials', INVALID_CREDENTIALS);
  return grant;
}

const notAuthorized = () => new MicrosoftFault(403, 'ApiFault', { Code: 106, Message: NOT_AUTHORIZED });

function parse<T extends z.ZodType>(
  schema: T,
  body: unknown,
  type: 'ApiFault' | 'ApiFaultDetail',
): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = `Invalid request: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim();
    throw new MicrosoftFault(400, type, { Code: 100, ErrorCode: 'NullRequest', Message: message });
  }
  return parsed.data;
}

const long = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

function advertiserAccount(a: SandboxAccount): AdvertiserAccount {
  return {
    Id: a.id,
    Name: a.name,
    Number: a.number,
    ParentCustomerId: a.customerId,
    CurrencyCode: a.currency,
    TimeZone: a.timeZone,
    AccountLifeCycleStatus: a.status,
  };
}

async function answer(reply: FastifyReply, work: () => unknown): Promise<FastifyReply> {
  try {
    return reply.send(work());
  } catch (error) {
    if (!(error instanceof MicrosoftFault)) throw error;
    return reply.code(error.httpStatus).send(error.body);
  }
}

export const microsoftAdsSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.microsoft;
  const now = options.now ?? store.now;
  const secret = randomBytes(32);
  const reports = new Map<string, StoredReport>();
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: renderMicrosoftAdsError,
    store,
  });

  const sign = (id: string) => createHmac('sha256', secret).update(id).digest('base64url');
  const owner = (grant: Grant) => `${grant.clientId}|${grant.account.key}`;
  const cm = `${CUSTOMER_MANAGEMENT_PATH}/`;

  app.post(`${cm}User/Query`, (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request);
      const roles = rolesOf(grant.account.email);
      return {
        User: {
          Id:
            90_000_000 +
            (Number.parseInt(grant.account.userId.replace(/-/g, '').slice(0, 7), 16) % 10_000_000),
          UserName: grant.account.email,
          Name: { FirstName: grant.account.givenName, LastName: grant.account.familyName },
          ContactInfo: { Email: grant.account.email },
          CustomerId: roles[0]?.customer.id ?? null,
          UserLifeCycleStatus: 'Active',
        },
        CustomerRoles: roles.map((r) => ({
          RoleId: r.roleId,
          CustomerId: r.customer.id,
          AccountIds: r.accountIds,
          LinkedAccountIds: null,
          CustomerLinkPermission: null,
        })),
      };
    }),
  );

  const CustomersInfoBody = z.object({
    CustomerNameFilter: z.string().nullish(),
    TopN: z.number().int().min(1).max(5000),
  });
  app.post(`${cm}CustomersInfo/Query`, (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request);
      const body = parse(CustomersInfoBody, request.body, 'ApiFault');
      const filter = (body.CustomerNameFilter ?? '').toLowerCase();
      const customers = rolesOf(grant.account.email)
        .map((r) => r.customer)
        .filter((c) => c.name.toLowerCase().includes(filter))
        .slice(0, body.TopN);
      return { CustomersInfo: customers.map((c) => ({ Id: c.id, Name: c.name })) };
    }),
  );

  const AccountsInfoBody = z.object({
    CustomerId: long.nullish(),
    OnlyParentAccounts: z.boolean().nullish(),
  });
  app.post(`${cm}AccountsInfo/Query`, (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request);
      const body = parse(AccountsInfoBody, request.body, 'ApiFault');
      const roles = rolesOf(grant.account.email).filter(
        (r) => body.CustomerId == null || r.customer.id === body.CustomerId,
      );
      if (body.CustomerId != null && roles.length === 0) throw notAuthorized();
      const accounts = roles.flatMap(visibleAccounts);
      return {
        AccountsInfo: accounts.map((a) => ({
          Id: a.id,
          Name: a.name,
          Number: a.number,
          AccountLifeCycleStatus: a.status,
          PauseReason: null,
        })),
      };
    }),
  );

  const AccountBody = z.object({ AccountId: long });
  app.post(`${cm}Account/Query`, (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request);
      const body = parse(AccountBody, request.body, 'ApiFault');
      const found = rolesOf(grant.account.email)
        .flatMap(visibleAccounts)
        .find((a) => a.id === body.AccountId);
      if (!found) throw notAuthorized();
      return { Account: advertiserAccount(found) };
    }),
  );

  /** The accounts a reporting call may read: those of its CustomerId the user sees. */
  function reportingScope(request: FastifyRequest, grant: Grant): SandboxAccount[] {
    const customerId = header(request, 'CustomerId');
    const accountId = header(request, 'CustomerAccountId');
    if (!customerId || !accountId) {
      throw adApiFault(
        400,
        116,
        'RequestMissingHeaders',
        'One or more required headers are missing: CustomerId, CustomerAccountId.',
      );
    }
    const roles = rolesOf(grant.account.email).filter((r) => String(r.customer.id) === customerId);
    const accounts = roles.flatMap(visibleAccounts);
    if (!accounts.some((a) => String(a.id) === accountId)) {
      throw new MicrosoftFault(403, 'ApiFaultDetail', {
        Code: 106,
        ErrorCode: 'UserIsNotAuthorized',
        Message: NOT_AUTHORIZED,
      });
    }
    return accounts;
  }

  const SubmitBody = z.object({ ReportRequest: ReportRequestSchema });
  app.post(`${REPORTING_PATH}/GenerateReport/Submit`, (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request);
      const visible = reportingScope(request, grant);
      const body = parse(SubmitBody, request.body, 'ApiFaultDetail');
      const ids = body.ReportRequest.Scope.AccountIds.map(String);
      const accounts = ids.map((id) => visible.find((a) => String(a.id) === id));
      if (accounts.some((a) => a === undefined)) {
        throw new MicrosoftFault(403, 'ApiFaultDetail', {
          Code: 106,
          ErrorCode: 'UserIsNotAuthorized',
          Message: NOT_AUTHORIZED,
        });
      }
      const report = checkReport(body.ReportRequest, accounts as SandboxAccount[], now());
      const id = `${Date.now()}${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      reports.set(id, { owner: owner(grant), report, polls: 0, zip: null, rows: 0 });
      for (const old of reports.keys()) if (reports.size > KEPT_REPORTS) reports.delete(old);
      return { ReportRequestId: id };
    }),
  );

  const PollBody = z.object({ ReportRequestId: z.string().min(1) });
  app.post(`${REPORTING_PATH}/GenerateReport/Poll`, (request, reply) =>
    answer(reply, () => {
      const grant = authorize(request);
      reportingScope(request, grant);
      const body = parse(PollBody, request.body, 'ApiFaultDetail');
      const stored = reports.get(body.ReportRequestId);
      if (!stored) {
        throw new MicrosoftFault(400, 'ApiFaultDetail', {
          Code: 2100,
          ErrorCode: null,
          Message: 'The report request identifier is not valid or has expired.',
        });
      }
      // Submit and poll must use the same user credentials.
      if (stored.owner !== owner(grant)) throw notAuthorized();
      // Queued on the first poll, built by the second, as a real report takes a while.
      if (++stored.polls < 2) return { ReportRequestStatus: { Status: 'Pending', ReportDownloadUrl: null } };
      if (!stored.zip) {
        const { csv, rows } = writeReport(stored.report, now(), (date) => lateConversions.factor(date));
        stored.zip = zipOne(`${body.ReportRequestId}.csv`, Buffer.from(csv, 'utf8'));
        stored.rows = rows;
      }
      const id = body.ReportRequestId;
      const url = `${options.publicBaseUrl}/_sandbox/reports/${id}.zip?sig=${sign(id)}`;
      // No rows, no file: the status says Success without a URL.
      return { ReportRequestStatus: { Status: 'Success', ReportDownloadUrl: stored.rows > 0 ? url : null } };
    }),
  );

  // The pre-signed download (outside the bearer check, as a storage URL is).
  app.get<{ Params: { file: string }; Querystring: { sig?: string } }>(
    '/_sandbox/reports/:file',
    async (request, reply) => {
      const id = request.params.file.replace(/\.zip$/, '');
      const stored = reports.get(id);
      if (!stored?.zip || request.query.sig !== sign(id)) {
        return reply
          .code(403)
          .type('application/xml')
          .send('<Error><Code>AuthenticationFailed</Code></Error>');
      }
      return reply.type('application/x-zip-compressed').send(stored.zip);
    },
  );
};
