// GA4 events through the BigQuery export: the customer links GA4 to BigQuery (dataset
// analytics_<property id>) and grants the product's service account read access; the connector
// reads the daily events_YYYYMMDD tables with one aggregate query (sql.ts) per window.
// https://support.google.com/analytics/answer/9358801
import type { SelectableAccount } from '@maya/contracts';
import { accountNode } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import { compactDate, fromCompactDate, windows } from '../../core/dates';
import { ProviderError } from '../../core/errors';
import type { Connector, ConnectorContext, Credentials, DateRange, Row } from '../../core/types';
import { googleHttp } from '../google/http';
import { serviceAccountTokenSource } from './auth';
import { dailyTableSpan, datasetUrl, queryPages } from './bigquery';
import type { Dataset, QueryParameter } from './bigquery';
import {
  EVENTS_DAILY_FIELDS,
  eventsDailySql,
  GA4_DATASET_PATTERN,
  GCP_PROJECT_PATTERN,
  SUFFIX_PARAMETERS,
} from './sql';
import { EXPORT_EVENTS_DAILY_STREAM } from './streams';

export const BIGQUERY_READ_SCOPE = 'https://www.googleapis.com/auth/bigquery.readonly';
const PROVIDER = 'Google BigQuery';
/** The export's purchase revenue column is the USD one. */
const CURRENCY = 'USD';

export type Ga4EventsOptions = {
  /** Rows per result page (tests page with small ones). */
  maxResults?: number;
  /** Days per query. */
  windowDays?: number;
  /** How long jobs.query may wait for the job; 0 returns at once and the rows come from getQueryResults. */
  queryTimeoutMs?: number;
};

type Target = { projectId: string; datasetId: string };

function targetOf(credentials: Credentials): Target {
  if (credentials.kind !== 'gcp_dataset')
    throw new Error(`GA4 events needs gcp_dataset credentials, not ${credentials.kind}`);
  const projectId = credentials.project_id.trim();
  const datasetId = credentials.dataset_id.trim();
  if (!GCP_PROJECT_PATTERN.test(projectId)) {
    throw new ProviderError('provider', `Invalid project id: ${projectId}`, 400, PROVIDER);
  }
  if (!GA4_DATASET_PATTERN.test(datasetId)) {
    throw new ProviderError(
      'provider',
      `Invalid dataset id: ${datasetId}. A GA4 export dataset is named analytics_ followed by digits.`,
      400,
      PROVIDER,
    );
  }
  return { projectId, datasetId };
}

const urlOf = (context: ConnectorContext, t: Target) =>
  datasetUrl(context.endpoints.bigquery, t.projectId, t.datasetId);

function toRow(accountId: string, fields: readonly { name: string }[], values: { v: string | null }[]): Row {
  const row: Row = { account_id: accountId };
  fields.forEach((field, i) => {
    const value = values[i]?.v ?? null;
    const spec = EVENTS_DAILY_FIELDS.find((f) => f.name === field.name);
    if (field.name === 'event_date') {
      row.date = value && fromCompactDate(value);
    } else {
      row[field.name] = value === null ? null : spec?.type === 'INTEGER' ? Number(value) : value;
    }
  });
  row.currency = CURRENCY;
  return row;
}

const suffixParameter = (name: string, date: string): QueryParameter => ({
  name,
  parameterType: { type: 'STRING' },
  parameterValue: { value: compactDate(date) },
});

/** The range cut to the days that have a daily table; null when none of them has. */
function withinTables(range: DateRange, span: DateRange | null): DateRange | null {
  if (!span) return null;
  const from = range.from > span.from ? range.from : span.from;
  const to = range.to < span.to ? range.to : span.to;
  return from > to ? null : { from, to };
}

async function verifyDataset(context: ConnectorContext): Promise<SelectableAccount[]> {
  const target = targetOf(context.credentials);
  const http = googleHttp(context, PROVIDER);
  // 404 when the dataset does not exist, 403 when the service account was not granted.
  const dataset = await http.json<Dataset>(urlOf(context, target));
  const { projectId, datasetId } = dataset.datasetReference;
  return [
    accountNode({
      identifier: `${projectId}.${datasetId}`,
      id_label: `${projectId}.${datasetId}`,
      name: datasetId,
      parent_id: null,
      selectable: true,
    }),
  ];
}

export function createGa4EventsConnector(options: Ga4EventsOptions = {}): Connector {
  const maxResults = options.maxResults ?? 20_000;
  const windowDays = options.windowDays ?? 31;
  const queryTimeoutMs = options.queryTimeoutMs ?? 30_000;

  return defineConnector({
    id: 'google_analytics_4_events',
    auth: { kind: 'gcp_dataset' },
    streams: [EXPORT_EVENTS_DAILY_STREAM],
    // A day's export table is rewritten for up to 72 hours as late events arrive.
    lookbackDays: 3,
    authenticate: (input) =>
      serviceAccountTokenSource(input, { scope: BIGQUERY_READ_SCOPE, provider: PROVIDER }),
    listAccounts: verifyDataset,
    async *extract(context, account, range) {
      const http = googleHttp(context, PROVIDER);
      const target = targetOf(context.credentials);
      const url = urlOf(context, target);
      const dataset = await http.json<Dataset>(url);
      const days = withinTables(range, await dailyTableSpan(http, url));
      if (!days) return;
      for (const window of windows(days, windowDays)) {
        const pages = queryPages(http, context.endpoints.bigquery, {
          projectId: target.projectId,
          sql: eventsDailySql(target.projectId, target.datasetId),
          parameters: [
            suffixParameter(SUFFIX_PARAMETERS.from, window.from),
            suffixParameter(SUFFIX_PARAMETERS.to, window.to),
          ],
          location: dataset.location,
          maxResults,
          timeoutMs: queryTimeoutMs,
        });
        for await (const answer of pages) {
          const fields = answer.schema?.fields ?? [];
          const rows = (answer.rows ?? []).map((r) => toRow(account.identifier, fields, r.f));
          if (rows.length > 0) yield { stream: EXPORT_EVENTS_DAILY_STREAM.name, rows };
        }
      }
    },
  });
}

export const ga4EventsConnector = createGa4EventsConnector();
