// Google Analytics 4 through the Data API: properties from the Admin API's account summaries,
// daily traffic and event reports from runReport, paged with limit and offset.
// https://developers.google.com/analytics/devguides/reporting/data/v1/basics
import type { SelectableAccount } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { windows } from '../../core/dates';
import type { ProviderHttp } from '../../core/http';
import type { AccountRef, Connector, ConnectorContext, DateRange, Row, StreamBatch } from '../../core/types';
import { readGoogleError } from '../search-console/google-error';
import { EVENTS_DAILY_STREAM, TRAFFIC_DAILY_STREAM } from './streams';
import { decimalToMicros, ga4Date } from './values';

export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
const PROVIDER = 'Google Analytics';
const MAX_LIMIT = 250_000;

type AccountSummary = {
  account: string;
  displayName: string;
  propertySummaries?: { property: string; displayName: string }[];
};
type ReportRow = { dimensionValues: { value: string }[]; metricValues: { value: string }[] };
type ReportAnswer = {
  dimensionHeaders?: { name: string }[];
  metricHeaders?: { name: string; type: string }[];
  rows?: ReportRow[];
  rowCount?: number;
  metadata?: { currencyCode?: string };
};

export type Ga4Options = {
  /** Rows per runReport page (tests page with small ones); at most 250,000. */
  limit?: number;
  /** accountSummaries page size. */
  pageSize?: number;
  /** Days per report request. */
  windowDays?: number;
};

/** A report: its request, and how a row becomes a stream row (values in request order). */
type Report = {
  stream: string;
  dimensions: string[];
  metrics: string[];
  toRow: (dimensions: string[], metrics: string[], currency: string | null) => Row;
};

const int = (value: string | undefined) => (value === undefined ? null : Number.parseInt(value, 10));

const REPORTS: readonly Report[] = [
  {
    stream: TRAFFIC_DAILY_STREAM.name,
    dimensions: [
      'date',
      'sessionSource',
      'sessionMedium',
      'sessionCampaignName',
      'deviceCategory',
      'country',
    ],
    metrics: ['sessions', 'engagedSessions', 'totalUsers', 'newUsers', 'keyEvents', 'totalRevenue'],
    toRow: ([date, source, medium, campaign, device, country], m, currency) => ({
      date: ga4Date(date ?? ''),
      source: source ?? null,
      medium: medium ?? null,
      campaign: campaign ?? null,
      device_category: device ?? null,
      country: country ?? null,
      sessions: int(m[0]),
      engaged_sessions: int(m[1]),
      total_users: int(m[2]),
      new_users: int(m[3]),
      key_events: int(m[4]),
      revenue_micros: m[5] === undefined ? null : decimalToMicros(m[5]),
      currency,
    }),
  },
  {
    stream: EVENTS_DAILY_STREAM.name,
    dimensions: ['date', 'eventName'],
    metrics: ['eventCount', 'keyEvents', 'totalRevenue'],
    toRow: ([date, eventName], m, currency) => ({
      date: ga4Date(date ?? ''),
      event_name: eventName ?? null,
      event_count: int(m[0]),
      key_events: int(m[1]),
      revenue_micros: m[2] === undefined ? null : decimalToMicros(m[2]),
      currency,
    }),
  },
];

async function* reportPages(
  http: ProviderHttp,
  url: string,
  report: Report,
  range: DateRange,
  limit: number,
): AsyncGenerator<ReportAnswer> {
  for (let offset = 0; ; offset += limit) {
    const answer = await http.json<ReportAnswer>(url, {
      json: {
        dateRanges: [{ startDate: range.from, endDate: range.to }],
        dimensions: report.dimensions.map((name) => ({ name })),
        metrics: report.metrics.map((name) => ({ name })),
        limit: String(limit),
        offset: String(offset),
      },
    });
    yield answer;
    const rows = answer.rows?.length ?? 0;
    if (rows === 0 || offset + rows >= (answer.rowCount ?? 0)) return;
  }
}

function toAccounts(summaries: AccountSummary[]): SelectableAccount[] {
  const accounts: SelectableAccount[] = [];
  for (const summary of summaries) {
    const properties = summary.propertySummaries ?? [];
    // An account without properties has nothing to connect: leave it out of the tree.
    if (properties.length === 0) continue;
    accounts.push({
      identifier: summary.account,
      id_label: 'Account',
      name: summary.displayName,
      parent_id: null,
      selectable: false,
      metadata: { thumbnail_url: null },
    });
    for (const property of properties) {
      accounts.push({
        identifier: property.property,
        id_label: 'Property',
        name: property.displayName,
        parent_id: summary.account,
        selectable: true,
        metadata: { thumbnail_url: null },
      });
    }
  }
  return accounts;
}

export function createGa4Connector(options: Ga4Options = {}): Connector {
  const limit = Math.min(options.limit ?? 100_000, MAX_LIMIT);
  const pageSize = options.pageSize ?? 200;
  const windowDays = options.windowDays ?? 90;

  async function* extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
  ): AsyncGenerator<StreamBatch> {
    const http = httpFor(context, PROVIDER, readGoogleError);
    if (!/^properties\/\d+$/.test(account.identifier)) {
      throw new Error(`Not a GA4 property resource name: ${account.identifier}`);
    }
    const url = `${context.endpoints.analyticsData}/v1beta/${account.identifier}:runReport`;
    for (const report of REPORTS) {
      for (const window of windows(range, windowDays)) {
        for await (const answer of reportPages(http, url, report, window, limit)) {
          const currency = answer.metadata?.currencyCode ?? null;
          const rows = (answer.rows ?? []).map((row) => ({
            account_id: account.identifier,
            ...report.toRow(
              row.dimensionValues.map((v) => v.value),
              row.metricValues.map((v) => v.value),
              currency,
            ),
          }));
          if (rows.length > 0) yield { stream: report.stream, rows };
        }
      }
    }
  }

  return {
    id: 'google_analytics_4',
    auth: {
      kind: 'oauth2',
      provider: 'google',
      scopes: [GA4_SCOPE],
      authorizeParams: { access_type: 'offline', prompt: 'consent' },
      pkce: true,
    },
    streams: [TRAFFIC_DAILY_STREAM, EVENTS_DAILY_STREAM],
    // GA4 processes data for up to 72 hours: the last days change after the first load.
    lookbackDays: 3,
    async listAccounts(context) {
      const http = httpFor(context, PROVIDER, readGoogleError);
      const summaries: AccountSummary[] = [];
      let pageToken: string | undefined;
      do {
        const answer = await http.json<{ accountSummaries?: AccountSummary[]; nextPageToken?: string }>(
          `${context.endpoints.analyticsAdmin}/v1beta/accountSummaries`,
          { query: { pageSize, pageToken } },
        );
        summaries.push(...(answer.accountSummaries ?? []));
        pageToken = answer.nextPageToken || undefined;
      } while (pageToken);
      return toAccounts(summaries);
    },
    extract,
  };
}

export const ga4Connector = createGa4Connector();
