import { beforeAll, describe, expect, it } from 'vitest';
import { compactDate } from '../../core/dates';
import { historyWindow } from '../../sandbox/apis/data';
import { useSandbox } from '../../testing/suite';
import { serviceAccountTokenSource } from './auth';
import { BIGQUERY_READ_SCOPE } from './connector';
import { BIGQUERY_SANDBOX_PREFIX, bigQuerySandbox } from './sandbox';
import { eventsDailySql } from './sql';

const sandbox = useSandbox({ apis: [{ prefix: BIGQUERY_SANDBOX_PREFIX, plugin: bigQuerySandbox }] });
let authorization: string;
let day: string;
beforeAll(async () => {
  const source = serviceAccountTokenSource(
    {
      endpoints: sandbox.harness.endpoints,
      clients: sandbox.harness.clients,
      credentials: { kind: 'gcp_dataset', project_id: 'p', dataset_id: 'd' },
    },
    { scope: BIGQUERY_READ_SCOPE, provider: 'BigQuery' },
  );
  authorization = await source.authorization();
  day = compactDate(historyWindow(sandbox.harness.now()).last);
});

const api = (path: string, init: { body?: unknown; auth?: string } = {}) =>
  fetch(`${sandbox.harness.endpoints.bigquery}/bigquery/v2/projects/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: init.auth ?? authorization,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const parameters = (from: string, to: string) => [
  { name: 'start_suffix', parameterType: { type: 'STRING' }, parameterValue: { value: from } },
  { name: 'end_suffix', parameterType: { type: 'STRING' }, parameterValue: { value: to } },
];

describe('sandbox BigQuery API', () => {
  it("lists the daily tables and today's intraday table in name order, paged", async () => {
    const first = (await (
      await api('maya-demo-project/datasets/analytics_123456789/tables?maxResults=2')
    ).json()) as {
      kind: string;
      tables: { id: string; tableReference: { tableId: string }; type: string }[];
      nextPageToken: string;
      totalItems: number;
    };
    expect(first.kind).toBe('bigquery#tableList');
    expect(first.tables[0]).toMatchObject({
      id: `maya-demo-project:analytics_123456789.events_${compactDate(historyWindow(sandbox.harness.now()).first)}`,
      type: 'TABLE',
    });
    expect(first.totalItems).toBe(731);
    const last = (await (
      await api(
        `maya-demo-project/datasets/analytics_123456789/tables?maxResults=1000&pageToken=${first.nextPageToken}`,
      )
    ).json()) as typeof first;
    expect(last.tables.at(-1)!.tableReference.tableId).toMatch(/^events_intraday_\d{8}$/);
    expect(last.nextPageToken).toBeUndefined();
  });

  it('answers jobs.query with the schema, string values and the job reference', async () => {
    const response = await api('maya-demo-project/queries', {
      body: {
        query: eventsDailySql('maya-demo-project', 'analytics_123456789'),
        useLegacySql: false,
        parameterMode: 'NAMED',
        queryParameters: parameters(day, day),
        maxResults: 2,
      },
    });
    const body = (await response.json()) as Record<string, unknown> & { rows: { f: { v: string }[] }[] };
    expect(body).toMatchObject({
      kind: 'bigquery#queryResponse',
      schema: {
        fields: expect.arrayContaining([
          { name: 'event_date', type: 'STRING', mode: 'NULLABLE' },
          { name: 'users', type: 'INTEGER', mode: 'NULLABLE' },
        ]),
      },
      jobReference: { projectId: 'maya-demo-project', jobId: expect.stringMatching(/^job_/), location: 'EU' },
      totalRows: expect.stringMatching(/^\d+$/),
      pageToken: expect.any(String),
      jobComplete: true,
    });
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0]!.f).toHaveLength(8);
    expect(body.rows[0]!.f[0]).toEqual({ v: day });
  });

  it('refuses any other SQL, legacy SQL and missing parameters as invalidQuery', async () => {
    const expectInvalid = async (body: unknown, message: RegExp) => {
      const response = await api('maya-demo-project/queries', { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 400,
          message: expect.stringMatching(message),
          errors: [{ message: expect.any(String), domain: 'global', reason: 'invalidQuery' }],
          status: 'INVALID_ARGUMENT',
        },
      });
    };
    await expectInvalid(
      { query: 'SELECT * FROM `maya-demo-project.analytics_123456789.events_*`', useLegacySql: false },
      /^Syntax error/,
    );
    const sql = eventsDailySql('maya-demo-project', 'analytics_123456789');
    await expectInvalid(
      {
        query: sql.replace('COUNT(*)', 'COUNT(1)'),
        useLegacySql: false,
        parameterMode: 'NAMED',
        queryParameters: parameters(day, day),
      },
      /^Syntax error/,
    );
    await expectInvalid(
      { query: sql, parameterMode: 'NAMED', queryParameters: parameters(day, day) },
      /legacy SQL/,
    );
    await expectInvalid(
      {
        query: sql,
        useLegacySql: false,
        parameterMode: 'NAMED',
        queryParameters: parameters(day, day).slice(1),
      },
      /'start_suffix' not found/,
    );
  });

  it('answers 403 accessDenied to anyone but the granted service account, 404 in another location', async () => {
    const user = sandbox.bearer('google', [BIGQUERY_READ_SCOPE]);
    const denied = await api('maya-demo-project/datasets/analytics_123456789', {
      auth: user,
    });
    expect(denied.status).toBe(403);
    expect(
      ((await denied.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason,
    ).toBe('accessDenied');
    const elsewhere = await api('maya-demo-project/queries', {
      body: {
        query: eventsDailySql('maya-demo-project', 'analytics_123456789'),
        useLegacySql: false,
        parameterMode: 'NAMED',
        queryParameters: parameters(day, day),
        location: 'US',
      },
    });
    expect(elsewhere.status).toBe(404);
    const dataset = (await (await api('maya-demo-project/datasets/analytics_123456789')).json()) as Record<
      string,
      unknown
    >;
    expect(dataset).toMatchObject({
      kind: 'bigquery#dataset',
      id: 'maya-demo-project:analytics_123456789',
      location: 'EU',
      datasetReference: { projectId: 'maya-demo-project', datasetId: 'analytics_123456789' },
    });
  });
});
