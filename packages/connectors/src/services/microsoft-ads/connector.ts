// The Microsoft Advertising connector: the customers the user holds a role in, with their ad
// accounts (Customer Management: GetUser, GetCustomersInfo, GetAccountsInfo), and four daily
// reports per account (Reporting: SubmitGenerateReport, PollGenerateReport until the report is
// built, then the download read as it arrives).
// https://learn.microsoft.com/advertising/guides/request-download-report
import type { SelectableAccount } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { accountNode } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import { ProviderError } from '../../core/errors';
import { pollUntil } from '../../core/poll';
import type { ProviderHttp } from '../../core/http';
import type { AccountRef, ConnectorContext, DateRange } from '../../core/types';
import { microsoftTimeZone } from './time-zones';
import { CUSTOMER_MANAGEMENT_PATH, MICROSOFT_ADS_SCOPE, REPORTING_PATH, reportDate } from './api';
import type {
  GetAccountResponse,
  GetAccountsInfoResponse,
  GetCustomersInfoResponse,
  GetUserResponse,
  PollGenerateReportResponse,
  SubmitGenerateReportResponse,
} from './api';
import { readMicrosoftAdsError } from './error';
import { reportRows } from './report-file';
import { PROVIDER, REPORTS } from './reports';
import type { ReportSpec } from './reports';
import { MICROSOFT_ADS_STREAMS } from './streams';

/** Accounts that can be reported on; drafts, pending sign-ups and closed accounts are left out. */
const REPORTABLE = new Set(['Active', 'Pause', 'Suspended']);

type Client = {
  http: ProviderHttp;
  customer: (operation: string, body: unknown, customerId?: string) => Promise<unknown>;
  reporting: (operation: string, body: unknown, customerId: string, accountId: string) => Promise<unknown>;
};

function client(context: ConnectorContext): Client {
  const developerToken = context.clients.microsoft?.developerToken;
  if (!developerToken) {
    throw new ProviderError(
      'provider',
      'Microsoft Advertising is not configured: no developer token.',
      0,
      PROVIDER,
    );
  }
  const http = httpFor(context, PROVIDER, readMicrosoftAdsError);
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    http.json<unknown>(url, {
      method: 'POST',
      json: body,
      headers: { DeveloperToken: developerToken, ...headers },
    });
  return {
    http,
    customer: (operation, body, customerId) =>
      post(`${context.endpoints.microsoftAdsCustomer}${CUSTOMER_MANAGEMENT_PATH}/${operation}`, body, {
        ...(customerId ? { CustomerId: customerId } : {}),
      }),
    reporting: (operation, body, customerId, accountId) =>
      post(`${context.endpoints.microsoftAdsReporting}${REPORTING_PATH}/${operation}`, body, {
        CustomerId: customerId,
        CustomerAccountId: accountId,
      }),
  };
}

const id = (value: number | string) => String(value);

async function listAccounts(context: ConnectorContext): Promise<SelectableAccount[]> {
  const api = client(context);
  const user = (await api.customer('User/Query', { UserId: null })) as GetUserResponse;
  const roles = user?.CustomerRoles ?? [];
  if (roles.length === 0) return [];
  const info = (await api.customer('CustomersInfo/Query', {
    CustomerNameFilter: '',
    TopN: 100,
  })) as GetCustomersInfoResponse;
  const names = new Map((info?.CustomersInfo ?? []).map((c) => [id(c.Id), c.Name]));
  const tree: SelectableAccount[] = [];
  const seen = new Set<string>();
  for (const role of roles) {
    const customerId = id(role.CustomerId);
    if (seen.has(customerId)) continue;
    seen.add(customerId);
    const answer = (await api.customer(
      'AccountsInfo/Query',
      { CustomerId: customerId, OnlyParentAccounts: false },
      customerId,
    )) as GetAccountsInfoResponse;
    // A role may name the accounts it covers; null means all of the customer's.
    const allowed = role.AccountIds ? new Set(role.AccountIds.map(id)) : null;
    const accounts = (answer?.AccountsInfo ?? []).filter(
      (a) => REPORTABLE.has(a.AccountLifeCycleStatus) && (!allowed || allowed.has(id(a.Id))),
    );
    if (accounts.length === 0) continue;
    tree.push(
      accountNode({
        identifier: customerId,
        id_label: customerId,
        name: names.get(customerId) ?? `Customer ${customerId}`,
        parent_id: null,
        // A customer groups ad accounts; reports are per account.
        selectable: false,
      }),
    );
    for (const account of accounts) {
      // The account's TimeZone is on the account itself (GetAccount), not in AccountsInfo.
      const details = (await api.customer(
        'Account/Query',
        { AccountId: id(account.Id) },
        customerId,
      )) as GetAccountResponse;
      tree.push(
        accountNode(
          {
            identifier: id(account.Id),
            id_label: account.Number,
            name: account.Name,
            parent_id: customerId,
            selectable: true,
          },
          { timeZone: microsoftTimeZone(details?.Account?.TimeZone) },
        ),
      );
    }
  }
  return tree;
}

/** The customer the account belongs to: the parent chosen at connect time, or asked for. */
async function customerOf(api: Client, account: AccountRef): Promise<string> {
  if (account.parent_id) return account.parent_id;
  const answer = (await api.customer('Account/Query', {
    AccountId: account.identifier,
  })) as GetAccountResponse;
  if (!answer?.Account)
    throw new ProviderError('provider', `Account ${account.identifier} was not found.`, 404, PROVIDER);
  return id(answer.Account.ParentCustomerId);
}

function reportRequest(spec: ReportSpec, accountId: string, range: DateRange) {
  return {
    ReportRequest: {
      Type: spec.type,
      ExcludeColumnHeaders: false,
      // The header block says how many rows the file holds: a cut-off download is noticed.
      ExcludeReportFooter: false,
      ExcludeReportHeader: false,
      Format: 'Csv',
      FormatVersion: '2.0',
      ReportName: `Maya ${spec.stream} ${range.from} ${range.to}`,
      ReturnOnlyCompleteData: false,
      Aggregation: 'Daily',
      Columns: spec.columns,
      Filter: null,
      Scope: { AccountIds: [Number(accountId)], AdGroups: null, Campaigns: null },
      Time: {
        CustomDateRangeStart: reportDate(range.from),
        CustomDateRangeEnd: reportDate(range.to),
        PredefinedTime: null,
        ReportTimeZone: null,
      },
    },
  };
}

/** Polls until the report is built: its download URL, or null when it has no rows. */
function waitForReport(
  api: Client,
  context: ConnectorContext,
  requestId: string,
  customerId: string,
  accountId: string,
): Promise<string | null> {
  return pollUntil(context, PROVIDER, 'The report was still being built after 30 minutes.', async () => {
    const answer = (await api.reporting(
      'GenerateReport/Poll',
      { ReportRequestId: requestId },
      customerId,
      accountId,
    )) as PollGenerateReportResponse;
    const status = answer?.ReportRequestStatus;
    switch (status?.Status) {
      case 'Success':
        return status.ReportDownloadUrl || null;
      case 'Error':
        throw new ProviderError(
          'provider',
          'Microsoft Advertising could not build the report.',
          200,
          PROVIDER,
        );
      case 'Pending':
        return undefined;
      default:
        throw new ProviderError(
          'provider',
          `Unexpected report status ${String(status?.Status)}.`,
          200,
          PROVIDER,
        );
    }
  });
}

export const microsoftAdsConnector = defineConnector({
  id: 'microsoft_ads',
  auth: {
    kind: 'oauth2',
    provider: 'microsoft',
    scopes: [MICROSOFT_ADS_SCOPE, 'offline_access'],
    authorizeParams: {},
    pkce: true,
  },
  streams: MICROSOFT_ADS_STREAMS,
  // Conversions are attributed to the click's day and keep arriving for weeks.
  lookbackDays: 30,
  accountTimeZones: true,
  listAccounts,
  async *extract(context, account, range, wanted) {
    const api = client(context);
    const accountId = account.identifier;
    const customerId = await customerOf(api, account);
    for (const spec of REPORTS.filter((report) => wanted.has(report.stream))) {
      const submitted = (await api.reporting(
        'GenerateReport/Submit',
        reportRequest(spec, accountId, range),
        customerId,
        accountId,
      )) as SubmitGenerateReportResponse;
      const url = await waitForReport(api, context, submitted.ReportRequestId, customerId, accountId);
      if (!url) continue;
      // A pre-signed storage URL: no Authorization header.
      const download = await api.http.response(url, { authenticated: false });
      if (!download.body) continue;
      for await (const rows of reportRows(download.body, spec)) yield { stream: spec.stream, rows };
    }
  },
});
