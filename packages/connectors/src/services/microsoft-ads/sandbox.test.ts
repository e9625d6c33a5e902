import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEVELOPER_TOKEN } from '../../core/sandbox-clients';
import { useSandbox } from '../../testing/suite';
import { MICROSOFT_ADS_SCOPE } from './api';
import { readMicrosoftAdsError } from './error';
import { MICROSOFT_ADS_SANDBOX_PREFIX, microsoftAdsSandbox } from './sandbox';

const CONTOSO = 251873460;
const US = 180246731;

const sandbox = useSandbox({
  apis: [{ prefix: MICROSOFT_ADS_SANDBOX_PREFIX, plugin: microsoftAdsSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});
let token: string;
beforeAll(() => {
  token = sandbox.tokens('microsoft', [MICROSOFT_ADS_SCOPE, 'offline_access']).access_token;
});

type Json = Record<string, unknown> & {
  OperationErrors?: { Code: number; ErrorCode: string | null; Message: string }[];
  Errors?: { Code: number; ErrorCode: string | null; Message: string }[];
};

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.harness.endpoints.microsoftAdsCustomer}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      DeveloperToken: SANDBOX_DEVELOPER_TOKEN,
      CustomerId: String(CONTOSO),
      CustomerAccountId: String(US),
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const reportRequest = (overrides: Record<string, unknown> = {}) => ({
  ReportRequest: {
    Type: 'CampaignPerformanceReportRequest',
    Format: 'Csv',
    FormatVersion: '2.0',
    ReportName: 'Test report',
    Aggregation: 'Daily',
    Columns: ['TimePeriod', 'CampaignId', 'CampaignName', 'Impressions', 'Spend', 'CurrencyCode'],
    Scope: { AccountIds: [US] },
    Time: {
      CustomDateRangeStart: { Day: 1, Month: 6, Year: 2025 },
      CustomDateRangeEnd: { Day: 3, Month: 6, Year: 2025 },
    },
    ...overrides,
  },
});

/** Submits, polls to Success and downloads: the CSV text inside the ZIP. */
async function report(overrides: Record<string, unknown> = {}): Promise<string> {
  const submitted = await call('/Reporting/v13/GenerateReport/Submit', reportRequest(overrides));
  expect(submitted.status).toBe(200);
  const id = submitted.body.ReportRequestId as string;
  const first = await call('/Reporting/v13/GenerateReport/Poll', { ReportRequestId: id });
  expect(first.body).toEqual({ ReportRequestStatus: { Status: 'Pending', ReportDownloadUrl: null } });
  const second = await call('/Reporting/v13/GenerateReport/Poll', { ReportRequestId: id });
  const status = second.body.ReportRequestStatus as { Status: string; ReportDownloadUrl: string };
  expect(status.Status).toBe('Success');
  // A pre-signed URL: downloaded without credentials.
  const download = await fetch(status.ReportDownloadUrl);
  expect(download.status).toBe(200);
  const zip = Buffer.from(await download.arrayBuffer());
  expect(zip.readUInt32LE(0)).toBe(0x04034b50);
  const data = zip.subarray(
    30 + zip.readUInt16LE(26) + zip.readUInt16LE(28),
    30 + zip.readUInt16LE(26) + zip.readUInt16LE(28) + zip.readUInt32LE(18),
  );
  return inflateRawSync(data).toString('utf8');
}

describe('sandbox Microsoft Advertising API', () => {
  it('answers GetUser with the user and its customer roles', async () => {
    const { status, body } = await call('/CustomerManagement/v13/User/Query', { UserId: null });
    expect(status).toBe(200);
    expect(body.User).toMatchObject({ UserName: 'alan@contoso.example', Id: expect.any(Number) });
    expect(body.CustomerRoles).toEqual([
      {
        RoleId: 41,
        CustomerId: CONTOSO,
        AccountIds: null,
        LinkedAccountIds: null,
        CustomerLinkPermission: null,
      },
      {
        RoleId: 41,
        CustomerId: 251873512,
        AccountIds: null,
        LinkedAccountIds: null,
        CustomerLinkPermission: null,
      },
    ]);
  });

  it('answers GetAccountsInfo and GetAccount with the documented fields', async () => {
    const info = await call('/CustomerManagement/v13/AccountsInfo/Query', {
      CustomerId: CONTOSO,
      OnlyParentAccounts: false,
    });
    expect(info.body.AccountsInfo).toEqual([
      {
        Id: US,
        Name: 'Contoso Outdoor US',
        Number: 'F1202H8K',
        AccountLifeCycleStatus: 'Active',
        PauseReason: null,
      },
      {
        Id: 180246752,
        Name: 'Contoso Outdoor DE',
        Number: 'F1202JQ3',
        AccountLifeCycleStatus: 'Active',
        PauseReason: null,
      },
    ]);
    const one = await call('/CustomerManagement/v13/Account/Query', { AccountId: String(US) });
    expect(one.body.Account).toMatchObject({ Id: US, ParentCustomerId: CONTOSO, CurrencyCode: 'USD' });
  });

  it('writes the report file as Microsoft does: header block, columns, rows, footer', async () => {
    const csv = await report();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Report Name: Test report"');
    expect(lines).toContain('"Report Aggregation: Daily"');
    expect(lines).toContain('"Potential Incomplete Data: false"');
    const rows = Number(/"Rows: (\d+)"/.exec(csv)?.[1]);
    const header = lines.indexOf(
      '"TimePeriod","CampaignId","CampaignName","Impressions","Spend","CurrencyCode"',
    );
    expect(lines[header - 1]).toBe('');
    const data = lines.slice(header + 1, header + 1 + rows);
    expect(data.length).toBe(rows);
    expect(data.every((l) => /^"2025-06-0[123]","\d+","[^"]+","\d+","\d+\.\d\d","USD"$/.test(l))).toBe(true);
    expect(lines.slice(header + 1 + rows)).toEqual([
      '',
      '"©2025 Microsoft Corporation. All rights reserved. "',
      '',
    ]);
  });

  it('groups rows by the requested attributes: monthly totals are the sums of the days', async () => {
    const columns = ['TimePeriod', 'CampaignId', 'Clicks', 'Spend'];
    const time = {
      CustomDateRangeStart: { Day: 1, Month: 4, Year: 2025 },
      CustomDateRangeEnd: { Day: 30, Month: 4, Year: 2025 },
    };
    const parse = (csv: string) =>
      csv
        .split('\r\n')
        .filter((l) => /^"\d{4}-\d\d-\d\d","\d+"/.test(l))
        .map((l) => l.slice(1, -1).split('","'));
    const daily = parse(await report({ Columns: columns, Time: time, ExcludeReportHeader: true }));
    const monthly = parse(await report({ Columns: columns, Time: time, Aggregation: 'Monthly' }));
    expect(monthly.every(([period]) => period === '2025-04-01')).toBe(true);
    for (const [, campaign, clicks, spend] of monthly) {
      const days = daily.filter((d) => d[1] === campaign);
      expect(days.reduce((sum, d) => sum + Number(d[2]), 0)).toBe(Number(clicks));
      expect(days.reduce((sum, d) => sum + Math.round(Number(d[3]) * 100), 0)).toBe(
        Math.round(Number(spend) * 100),
      );
    }
  });

  it.each([
    ['an unknown report type', { Type: 'MagicReportRequest' }, 2002],
    ['an unknown column', { Columns: ['TimePeriod', 'Impressions', 'Sparkle'] }, 2034],
    ['TimePeriod with Summary', { Aggregation: 'Summary' }, 2007],
    [
      'an end before the start',
      {
        Time: {
          CustomDateRangeStart: { Day: 5, Month: 6, Year: 2025 },
          CustomDateRangeEnd: { Day: 1, Month: 6, Year: 2025 },
        },
      },
      2011,
    ],
    [
      'an invalid date',
      {
        Time: {
          CustomDateRangeStart: { Day: 31, Month: 2, Year: 2025 },
          CustomDateRangeEnd: { Day: 1, Month: 6, Year: 2025 },
        },
      },
      2009,
    ],
  ])('refuses %s with an ApiFaultDetail', async (_what, overrides, code) => {
    const { status, body } = await call('/Reporting/v13/GenerateReport/Submit', reportRequest(overrides));
    expect(status).toBe(400);
    expect(body).toMatchObject({ Type: 'ApiFaultDetail', TrackingId: expect.any(String), BatchErrors: [] });
    expect(body.OperationErrors?.[0]?.Code).toBe(code);
    expect(readMicrosoftAdsError(status, body)).toEqual({ message: body.OperationErrors?.[0]?.Message });
  });

  it('refuses missing headers, a wrong developer token and an account outside the customer', async () => {
    const missing = await call('/Reporting/v13/GenerateReport/Submit', reportRequest(), {
      CustomerAccountId: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      Type: 'AdApiFaultDetail',
      Errors: [{ Code: 116, ErrorCode: 'RequestMissingHeaders' }],
    });

    const developer = await call(
      '/CustomerManagement/v13/User/Query',
      { UserId: null },
      { DeveloperToken: 'not-ours' },
    );
    expect(developer.body).toMatchObject({ Errors: [{ Code: 105, ErrorCode: 'InvalidCredentials' }] });

    const elsewhere = await call(
      '/Reporting/v13/GenerateReport/Submit',
      reportRequest({ Scope: { AccountIds: [180311904] } }),
    );
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({
      OperationErrors: [{ Code: 106, ErrorCode: 'UserIsNotAuthorized' }],
    });
  });

  it('answers an expired token with a 401 fault the connector refreshes on', async () => {
    const { status, body } = await call(
      '/CustomerManagement/v13/User/Query',
      { UserId: null },
      { authorization: 'Bearer nope' },
    );
    expect(status).toBe(401);
    expect(body).toMatchObject({
      Type: 'AdApiFaultDetail',
      Errors: [{ Code: 105, ErrorCode: 'InvalidCredentials' }],
    });
    expect(readMicrosoftAdsError(status, body).kind).toBe('unauthorized');
  });

  it('refuses a download whose signature does not match', async () => {
    const response = await fetch(
      `${sandbox.harness.baseUrl}${MICROSOFT_ADS_SANDBOX_PREFIX}/_sandbox/reports/123.zip?sig=forged`,
    );
    expect(response.status).toBe(403);
  });
});

describe('readMicrosoftAdsError', () => {
  it('reads throttling and token expiry by their codes, and the bare {Code, Message} shape', () => {
    const fault = (code: number, message: string) => ({
      TrackingId: 't',
      Type: 'AdApiFaultDetail',
      Errors: [{ Code: code, ErrorCode: null, Message: message }],
    });
    expect(readMicrosoftAdsError(400, fault(117, 'Too many calls.'))).toEqual({
      message: 'Too many calls.',
      kind: 'rate_limited',
    });
    expect(readMicrosoftAdsError(400, fault(109, 'The token expired.'))).toEqual({
      message: 'The token expired.',
      kind: 'unauthorized',
    });
    expect(readMicrosoftAdsError(400, { Code: 2027, Message: 'Scope rejected.' })).toEqual({
      message: 'Scope rejected.',
    });
  });
});
