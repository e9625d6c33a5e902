// The BigQuery REST API (v2) calls of the GA4 events connector: the export dataset, the span of
// its daily tables, and the result pages of a query job (jobs.query, then getQueryResults).
// https://cloud.google.com/bigquery/docs/reference/rest
import { fromCompactDate } from '../../core/dates';
import { ProviderError } from '../../core/errors';
import type { ProviderHttp } from '../../core/http';
import type { DateRange } from '../../core/types';
import { BIGQUERY_API_VERSION } from '../../core/api-versions';

export type Dataset = { datasetReference: { projectId: string; datasetId: string }; location?: string };
type TableList = { tables?: { tableReference: { tableId: string } }[]; nextPageToken?: string };
export type QueryAnswer = {
  jobReference: { projectId: string; jobId: string; location?: string };
  jobComplete: boolean;
  schema?: { fields: { name: string; type: string }[] };
  rows?: { f: { v: string | null }[] }[];
  pageToken?: string;
  totalRows?: string;
};
export type QueryParameter = {
  name: string;
  parameterType: { type: string };
  parameterValue: { value: string };
};

const POLL_TIMEOUT_MS = 10_000;
/** Polls of an unfinished job before giving up: 30 minutes of server-side waits. */
const MAX_POLLS = 180;

/** A dataset's URL: `projects/{project}/datasets/{dataset}` under the API base. */
export const datasetUrl = (base: string, projectId: string, datasetId: string) =>
  `${base}/bigquery/${BIGQUERY_API_VERSION}/projects/${encodeURIComponent(projectId)}/datasets/${datasetId}`;

/** The first and last days that have a daily `events_YYYYMMDD` table (intraday tables are not settled). */
export async function dailyTableSpan(http: ProviderHttp, datasetUrl: string): Promise<DateRange | null> {
  let first: string | null = null;
  let last: string | null = null;
  let pageToken: string | undefined;
  do {
    const page = await http.json<TableList>(`${datasetUrl}/tables`, {
      query: { maxResults: 1000, pageToken },
    });
    for (const table of page.tables ?? []) {
      const suffix = /^events_(\d{8})$/.exec(table.tableReference.tableId)?.[1];
      if (!suffix) continue;
      const date = fromCompactDate(suffix);
      if (first === null || date < first) first = date;
      if (last === null || date > last) last = date;
    }
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
  return first && last ? { from: first, to: last } : null;
}

export type QueryRequest = {
  projectId: string;
  sql: string;
  parameters: QueryParameter[];
  location: string | undefined;
  maxResults: number;
  /** How long jobs.query waits for the job; 0 returns at once and getQueryResults waits instead. */
  timeoutMs: number;
};

/** One query's result pages: jobs.query, then getQueryResults until the last page token. */
export async function* queryPages(http: ProviderHttp, base: string, query: QueryRequest) {
  const { maxResults } = query;
  let answer = await http.json<QueryAnswer>(
    `${base}/bigquery/${BIGQUERY_API_VERSION}/projects/${encodeURIComponent(query.projectId)}/queries`,
    {
      json: {
        query: query.sql,
        useLegacySql: false,
        parameterMode: 'NAMED',
        queryParameters: query.parameters,
        maxResults,
        timeoutMs: query.timeoutMs,
        ...(query.location ? { location: query.location } : {}),
      },
    },
  );
  const job = answer.jobReference;
  const resultsUrl = `${base}/bigquery/${BIGQUERY_API_VERSION}/projects/${encodeURIComponent(job.projectId)}/queries/${encodeURIComponent(job.jobId)}`;
  for (let polls = 0; ;) {
    // An unfinished job: getQueryResults waits up to timeoutMs for it on the server side.
    if (!answer.jobComplete) {
      if (++polls > MAX_POLLS)
        throw new ProviderError(
          'unavailable',
          `The query job ${job.jobId} did not finish.`,
          0,
          http.provider,
        );
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
