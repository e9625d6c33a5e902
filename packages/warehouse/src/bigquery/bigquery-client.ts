import type { BigQuery, Job } from '@google-cloud/bigquery';
import type { BigQueryDestinationConfig } from '../destination-config';
import type { BigQueryField, BigQueryParameter, BigQueryRawRow } from './bigquery-values';

/**
 * The little the adapter needs from BigQuery, so that tests can stand in for it: run one query
 * job (optionally a dry run), and append newline-delimited JSON rows to a table with a load job.
 * `openBigQueryClient` implements it over `@google-cloud/bigquery`.
 */
export type BigQueryJobRequest = {
  sql: string;
  params: BigQueryParameter[];
  /** Validate and describe the statement without running it. */
  dryRun?: boolean;
  /** BigQuery's own limit (`jobTimeoutMs`); the adapter also cancels through `signal`. */
  timeoutMs?: number;
  /** At most this many rows are fetched. */
  maxRows?: number;
  /** Aborting cancels the job. */
  signal?: AbortSignal;
};

export type BigQueryJobResult = {
  /** `SELECT`, `INSERT`, `SCRIPT`, ... (known for dry runs). */
  statementType: string | null;
  fields: BigQueryField[];
  rows: BigQueryRawRow[];
  /** Rows the statement produced, which may be more than `rows` holds. */
  totalRows: number;
  /** Rows changed by a DML statement. */
  affectedRows: number | null;
};

export type BigQueryLoadRequest = {
  dataset: string;
  table: string;
  fields: { name: string; type: string; mode: string }[];
  /** Newline-delimited JSON, one row a line. */
  lines: string[];
};

export interface BigQueryClient {
  run(request: BigQueryJobRequest): Promise<BigQueryJobResult>;
  load(request: BigQueryLoadRequest): Promise<void>;
}

/** The default client: the service account's project, every job in the destination's location. */
export async function openBigQueryClient(config: BigQueryDestinationConfig): Promise<BigQueryClient> {
  const { BigQuery } = await import('@google-cloud/bigquery');
  const account = config.serviceAccount;
  const bigquery = new BigQuery({
    projectId: account.project_id,
    location: config.location,
    credentials: { client_email: account.client_email, private_key: account.private_key },
  });
  return {
    run: (request) => runJob(bigquery, config.location, request),
    load: (request) => loadRows(bigquery, config.location, request),
  };
}

async function runJob(
  bigquery: BigQuery,
  location: string,
  request: BigQueryJobRequest,
): Promise<BigQueryJobResult> {
  request.signal?.throwIfAborted();
  const [job, created] = await bigquery.createQueryJob({
    query: request.sql,
    useLegacySql: false,
    location,
    ...(request.params.length > 0 ? { parameterMode: 'NAMED', queryParameters: request.params } : {}),
    ...(request.dryRun === true ? { dryRun: true } : {}),
    ...(request.timeoutMs === undefined ? {} : { jobTimeoutMs: Math.ceil(request.timeoutMs) }),
  });
  if (request.dryRun === true) {
    return {
      statementType: created.statistics?.query?.statementType ?? null,
      fields: (created.statistics?.query?.schema?.fields ?? []) as BigQueryField[],
      rows: [],
      totalRows: 0,
      affectedRows: null,
    };
  }
  const cancel = () => void job.cancel().catch(() => undefined);
  request.signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await waitForResults(job, request);
  } finally {
    request.signal?.removeEventListener('abort', cancel);
  }
}

/** Polls the job's results (BigQuery answers "not complete yet" after ~10 s) until it is done. */
async function waitForResults(job: Job, request: BigQueryJobRequest): Promise<BigQueryJobResult> {
  for (;;) {
    request.signal?.throwIfAborted();
    const [rows, , response] = await job.getQueryResults({
      autoPaginate: false,
      skipParsing: true,
      ...(request.maxRows === undefined ? {} : { maxResults: request.maxRows }),
    });
    if (response === undefined || response.jobComplete === false) continue;
    return {
      statementType: null,
      fields: (response.schema?.fields ?? []) as BigQueryField[],
      rows: rows as unknown as BigQueryRawRow[],
      totalRows: Number(response.totalRows ?? 0),
      affectedRows: 'numDmlAffectedRows' in response ? Number(response.numDmlAffectedRows ?? 0) : null,
    };
  }
}

async function loadRows(bigquery: BigQuery, location: string, request: BigQueryLoadRequest): Promise<void> {
  const table = bigquery.dataset(request.dataset, { location }).table(request.table);
  const stream = table.createWriteStream({
    sourceFormat: 'NEWLINE_DELIMITED_JSON',
    writeDisposition: 'WRITE_APPEND',
    schema: { fields: request.fields },
  });
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('complete', () => resolve());
    stream.end(`${request.lines.join('\n')}\n`);
  });
}
