// Google Analytics 4 through the Data API: properties from the Admin API's account summaries,
// daily traffic and event reports from runReport (reports.ts).
// https://developers.google.com/analytics/devguides/reporting/data/v1/basics
import type { SelectableAccount } from '@maya/contracts';
import { accountNode, knownTimeZone } from '../../core/accounts';
import type { ProviderHttp } from '../../core/http';
import { defineConnector } from '../../core/connector';
import { windows } from '../../core/dates';
import type { Connector, ConnectorContext } from '../../core/types';
import { googleOAuth } from '../google/auth';
import { googleHttp } from '../google/http';
import { metricValue, REPORTS, reportPages } from './reports';
import { EVENTS_DAILY_STREAM, TRAFFIC_DAILY_STREAM } from './streams';
import { GA4_ADMIN_API_VERSION, GA4_DATA_API_VERSION } from '../../core/api-versions';

export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
const PROVIDER = 'Google Analytics';
const MAX_LIMIT = 250_000;

type AccountSummary = {
  account: string;
  displayName: string;
  propertySummaries?: { property: string; displayName: string }[];
};

export type Ga4Options = {
  /** Rows per runReport page (tests page with small ones); at most 250,000. */
  limit?: number;
  /** accountSummaries page size. */
  pageSize?: number;
  /** Days per report request. */
  windowDays?: number;
};

/** A property's reporting time zone (Admin API `GET properties/{id}`): its report days are that zone's. */
async function propertyTimeZone(http: ProviderHttp, base: string, property: string): Promise<string | null> {
  const answer = await http.json<{ timeZone?: string }>(`${base}/${GA4_ADMIN_API_VERSION}/${property}`);
  return knownTimeZone(answer.timeZone);
}

function toAccounts(
  summaries: AccountSummary[],
  zones: ReadonlyMap<string, string | null>,
): SelectableAccount[] {
  const accounts: SelectableAccount[] = [];
  for (const summary of summaries) {
    const properties = summary.propertySummaries ?? [];
    // An account without properties has nothing to connect: leave it out of the tree.
    if (properties.length === 0) continue;
    accounts.push(
      accountNode({
        identifier: summary.account,
        id_label: summary.account.replace('accounts/', ''),
        name: summary.displayName,
        parent_id: null,
        selectable: false,
      }),
    );
    for (const property of properties) {
      accounts.push(
        accountNode(
          {
            identifier: property.property,
            id_label: property.property.replace('properties/', ''),
            name: property.displayName,
            parent_id: summary.account,
            selectable: true,
          },
          { timeZone: zones.get(property.property) ?? null },
        ),
      );
    }
  }
  return accounts;
}

async function listAccountSummaries(
  context: ConnectorContext,
  pageSize: number,
): Promise<SelectableAccount[]> {
  const http = googleHttp(context, PROVIDER);
  const summaries: AccountSummary[] = [];
  let pageToken: string | undefined;
  do {
    const answer = await http.json<{ accountSummaries?: AccountSummary[]; nextPageToken?: string }>(
      `${context.endpoints.analyticsAdmin}/${GA4_ADMIN_API_VERSION}/accountSummaries`,
      { query: { pageSize, pageToken } },
    );
    summaries.push(...(answer.accountSummaries ?? []));
    pageToken = answer.nextPageToken || undefined;
  } while (pageToken);
  const zones = new Map<string, string | null>();
  for (const summary of summaries) {
    for (const { property } of summary.propertySummaries ?? []) {
      zones.set(property, await propertyTimeZone(http, context.endpoints.analyticsAdmin, property));
    }
  }
  return toAccounts(summaries, zones);
}

export function createGa4Connector(options: Ga4Options = {}): Connector {
  const limit = Math.min(options.limit ?? 100_000, MAX_LIMIT);
  const pageSize = options.pageSize ?? 200;
  const windowDays = options.windowDays ?? 90;

  return defineConnector({
    id: 'google_analytics_4',
    auth: googleOAuth(GA4_SCOPE),
    streams: [TRAFFIC_DAILY_STREAM, EVENTS_DAILY_STREAM],
    // GA4 processes data for up to 72 hours: the last days change after the first load.
    lookbackDays: 3,
    accountTimeZones: true,
    listAccounts: (context) => listAccountSummaries(context, pageSize),
    async *extract(context, account, range, wanted) {
      const http = googleHttp(context, PROVIDER);
      if (!/^properties\/\d+$/.test(account.identifier)) {
        throw new Error(`Not a GA4 property resource name: ${account.identifier}`);
      }
      const url = `${context.endpoints.analyticsData}/${GA4_DATA_API_VERSION}/${account.identifier}:runReport`;
      for (const report of REPORTS.filter((r) => wanted.has(r.stream))) {
        for (const window of windows(range, windowDays)) {
          for await (const answer of reportPages(http, url, report, window, limit)) {
            const currency = answer.metadata?.currencyCode ?? null;
            // Each metric parsed by the type its header declares, in the order it was asked.
            const types = report.metrics.map(
              (name) => answer.metricHeaders?.find((header) => header.name === name)?.type,
            );
            const rows = (answer.rows ?? []).map((row) => ({
              account_id: account.identifier,
              ...report.toRow(
                row.dimensionValues.map((v) => v.value),
                report.metrics.map((name, i) => metricValue(name, row.metricValues[i]?.value, types[i])),
                currency,
              ),
            }));
            if (rows.length > 0) yield { stream: report.stream, rows };
          }
        }
      }
    },
  });
}

export const ga4Connector = createGa4Connector();
