// GA4 events through the BigQuery export: the customer links GA4 to BigQuery (dataset
// analytics_<property id>) and grants the product's service account read access; the connector
// reads the daily events_YYYYMMDD tables with one aggregate query per window.
// https://cloud.google.com/bigquery/docs/reference/rest
import type { SelectableAccount } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { windows } from '../../core/dates';
import { ProviderError } from '../../core/errors';
import type { ProviderHttp } from '../../core/http';
import type {
  AccountRef,
  Connector,
  ConnectorContext,
  Credentials,
  DateRange,
  Row,
  StreamBatch,
} from '../../core/types';
import { readGoogleError } from '../search-console/google-error';
import { serviceAccountTokenSource } from './auth';
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
const POLL_TIMEOUT_MS = 10_000;
/** Polls of an unfinished job before giving up: 30 minutes of server-side waits. */
const MAX_POLLS = 180;

type Dataset = { datasetReference: { projectId: string; datasetId: string }; location?: string };
type TableList = { tables?: { tableReference: { tableId: string } }[]; nextPageToken?: string };
type QueryAnswer = {
  jobReference: { projectId: string; jobId: string; location?: string };
  jobComplete: boolean;
  schema?: { fields: { name: string; type: string }[] };
  rows?: { f: { v: string | null }[] }[];
  pageToken?: string;
  totalRows?: string;
};

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

const datasetUrl = (context: ConnectorContext, t: Target) =>
  `${context.endpoints.bigquery}/bigquery/v2/projects/${encodeURIComponent(t.projectId)}/datasets/${t.datasetId}`;

/** The first and last days that have a daily table (intraday tables are not settled). */
async function dailyTableSpan(http: ProviderHttp, url: string): Promise<DateRange | null> {
  let first: string | null = null;
  let last: string | null = null;
  let pageToken: string | undefined;
  do {
    const page = await http.json<TableList>(`${url}/tables`, { query: { maxResults: 1000, pageToken } });
    for (const table of page.tables ?? []) {
      const suffix = /^events_(\d{8})$/.exec(table.tableReference.tableId)?.[1];
      if (!suffix) continue;
      const date = `${suffix.slice(0, 4)}-${suffix.slice(4, 6)}-${suffix.slice(6, 8)}`;
      if (first === null || date < first) first = date;
      if (last === null || date > last) last = date;
    }
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
  return first && last ? { from: first, to: last } : null;
}

function toRow(accountId: string, fields: readonly { name: string }[], values: { v: string | null }[]): Row {
  const row: Row = { account_id: accountId };
  fields.forEach((field, i) => {
    const value = values[i]?.v ?? null;
    const spec = EVENTS_DAILY_FIELDS.find((f) => f.name === field.name);
    if (field.name === 'event_date') {
      row.date = value && `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
    } else {
      row[field.name] = value === null ? null : spec?.type === 'INTEGER' ? Number(value) : value;
    }
  });
  row.currency = CURRENCY;
  return row;
}

export function createGa4EventsConnector(options: Ga4EventsOptions = {}): Connector {
  const maxResults = options.maxResults ?? 20_000;
  const windowDays = options.windowDays ?? 31;
  const queryTimeoutMs = options.queryTimeoutMs ?? 30_000;

  /** One query's pages: jobs.query, then getQueryResults until the last page token. */
  async function* queryPages(
    http: ProviderHttp,
    context: ConnectorContext,
    target: Target,
    location: string | undefined,
    window: DateRange,
  ) {
    const suffix = (date: string) => date.replaceAll('-', '');
    let answer = await http.json<QueryAnswer>(
      `${context.endpoints.bigquery}/bigquery/v2/projects/${encodeURIComponent(target.projectId)}/queries`,
      {
        json: {
          query: eventsDailySql(target.projectId, target.datasetId),
          useLegacySql: false,
          parameterMode: 'NAMED',
          queryParameters: [
            {
              name: SUFFIX_PARAMETERS.from,
              parameterType: { type: 'STRING' },
              parameterValue: { value: suffix(window.from) },
            },
            {
              name: SUFFIX_PARAMETERS.to,
              parameterType: { type: 'STRING' },
              parameterValue: { value: suffix(window.to) },
            },
          ],
          maxResults,
          timeoutMs: queryTimeoutMs,
          ...(location ? { location } : {}),
        },
      },
    );
    const job = answer.jobReference;
    const resultsUrl = `${context.endpoints.bigquery}/bigquery/v2/projects/${encodeURIComponent(job.projectId)}/queries/${encodeURIComponent(job.jobId)}`;
    for (let polls = 0; ;) {
      // An unfinished job: getQueryResults waits up to timeoutMs for it on the server side.
      if (!answer.jobComplete) {
        if (++polls > MAX_POLLS)
          throw new ProviderError('unavailable', `The query job ${job.jobId} did not finish.`, 0, PROVIDER);
        answer = await http.json<QueryAnswer>(resultsUrl, {
          query: { maxResults, timeoutMs: POLL_TIMEOUT_MS, location: job.location },
        });
        continue;
      }
      yield answer;
      if (!answer.pageToken) return;
      answer = await http.json<QueryAnswer>(resultsUrl, {
        query: { maxResults, pageToken: answer.pageToken, location: job.location },
      });
    }
  }

  async function* extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
  ): AsyncGenerator<StreamBatch> {
    const http = httpFor(context, PROVIDER, readGoogleError);
    const target = targetOf(context.credentials);
    const url = datasetUrl(context, target);
    const dataset = await http.json<Dataset>(url);
    const span = await dailyTableSpan(http, url);
    if (!span) return;
    const from = range.from > span.from ? range.from : span.from;
    const to = range.to < span.to ? range.to : span.to;
    if (from > to) return;
    for (const window of windows({ from, to }, windowDays)) {
      for await (const answer of queryPages(http, context, target, dataset.location, window)) {
        const fields = answer.schema?.fields ?? [];
        const rows = (answer.rows ?? []).map((r) => toRow(account.identifier, fields, r.f));
        if (rows.length > 0) yield { stream: EXPORT_EVENTS_DAILY_STREAM.name, rows };
      }
    }
  }

  return {
    id: 'google_analytics_4_events',
    auth: { kind: 'gcp_dataset' },
    streams: [EXPORT_EVENTS_DAILY_STREAM],
    // A day's export table is rewritten for up to 72 hours as late events arrive.
    lookbackDays: 3,
    authenticate: (input) =>
      serviceAccountTokenSource(input, { scope: BIGQUERY_READ_SCOPE, provider: PROVIDER }),
    async listAccounts(context): Promise<SelectableAccount[]> {
      const target = targetOf(context.credentials);
      const http = httpFor(context, PROVIDER, readGoogleError);
      // 404 when the dataset does not exist, 403 when the service account was not granted.
      const dataset = await http.json<Dataset>(datasetUrl(context, target));
      const { projectId, datasetId } = dataset.datasetReference;
      return [
        {
          identifier: `${projectId}.${datasetId}`,
          id_label: 'Dataset',
          name: datasetId,
          parent_id: null,
          selectable: true,
          metadata: { thumbnail_url: null },
        },
      ];
    },
    extract,
  };
}

export const ga4EventsConnector = createGa4EventsConnector();
