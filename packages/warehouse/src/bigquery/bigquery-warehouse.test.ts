import { describe, expect, it } from 'vitest';
import type { BigQueryDestinationConfig } from '../destination-config';
import { campaigns, expectWarehouseError, row } from '../testing/fixtures';
import { daily, starts } from '../testing/remote-fixtures';
import type { TableSchema } from '../warehouse';
import type {
  BigQueryClient,
  BigQueryJobRequest,
  BigQueryJobResult,
  BigQueryLoadRequest,
} from './bigquery-client';
import { mapBigQueryError } from './bigquery-errors';
import { openBigQueryWarehouse } from './bigquery-warehouse';

/**
 * The adapter's flow through a stand-in for the official client: which statements it sends, in
 * which order, with which parameters, and what it leaves behind when one of them fails.
 */

const config: BigQueryDestinationConfig = {
  kind: 'bigquery',
  location: 'EU',
  serviceAccount: {
    type: 'service_account',
    project_id: 'maya-test',
    private_key_id: 'k',
    private_key: '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n',
    client_email: 'maya@maya-test.iam.gserviceaccount.com',
  },
};

type Sent = { kind: 'run'; request: BigQueryJobRequest } | { kind: 'load'; request: BigQueryLoadRequest };
type Answer = Partial<BigQueryJobResult> | Error;

/** Answers each job by the first matching rule; unmatched statements succeed with no rows. */
function fakeClient(
  rules: [RegExp, Answer | ((request: BigQueryJobRequest) => Promise<Answer> | Answer)][] = [],
) {
  const sent: Sent[] = [];
  const client: BigQueryClient = {
    async run(request) {
      sent.push({ kind: 'run', request });
      const rule = rules.find(([pattern]) => pattern.test(request.sql));
      const answer = typeof rule?.[1] === 'function' ? await rule[1](request) : rule?.[1];
      if (answer instanceof Error) throw answer;
      return { statementType: null, fields: [], rows: [], totalRows: 0, affectedRows: null, ...answer };
    },
    async load(request) {
      sent.push({ kind: 'load', request });
    },
  };
  const statements = () =>
    sent.map((s) =>
      s.kind === 'run' ? `${s.request.dryRun ? 'DRY ' : ''}${s.request.sql}` : `LOAD ${s.request.table}`,
    );
  return { client, sent, statements };
}

function result(names: string[], rows: unknown[][]): Partial<BigQueryJobResult> {
  return {
    fields: names.map((name) => ({ name, type: 'STRING' })),
    rows: rows.map((r) => ({ f: r.map((v) => ({ v })) })),
    totalRows: rows.length,
  };
}

/** INFORMATION_SCHEMA's answer for a table of this definition. */
function described(table: TableSchema): Partial<BigQueryJobResult> {
  return {
    fields: [
      { name: 'column_name', type: 'STRING' },
      { name: 'data_type', type: 'STRING' },
      { name: 'is_nullable', type: 'STRING' },
      { name: 'description', type: 'STRING' },
      { name: 'key_position', type: 'INT64' },
    ],
    rows: table.columns.map((c) => ({
      f: [
        { v: c.name },
        {
          v: {
            string: 'STRING',
            integer: 'INT64',
            bigint: 'INT64',
            double: 'FLOAT64',
            decimal: 'NUMERIC',
            boolean: 'BOOL',
            date: 'DATE',
            timestamp: 'TIMESTAMP',
            json: 'JSON',
          }[c.type],
        },
        { v: c.nullable ? 'YES' : 'NO' },
        { v: c.type === 'integer' ? 'maya:integer' : null },
        { v: table.primaryKey.includes(c.name) ? String(table.primaryKey.indexOf(c.name) + 1) : null },
      ],
    })),
  };
}

const DESCRIBE = /INFORMATION_SCHEMA\.COLUMNS/;

const notFound = Object.assign(new Error('Not found: Dataset maya-test:ads'), {
  code: 404,
  errors: [{ reason: 'notFound' }],
});

describe('BigQuery adapter', () => {
  it('creates datasets in the location and tables only when missing', async () => {
    const fake = fakeClient([[DESCRIBE, result([], [])]]);
    const wh = await openBigQueryWarehouse({ ...config, datasetPrefix: 'org1_' }, { client: fake.client });
    await wh.ensureSchema('ads');
    await wh.createTable('ads', campaigns);
    expect(fake.statements()).toEqual([
      "CREATE SCHEMA IF NOT EXISTS `org1_ads` OPTIONS (location = 'EU')",
      expect.stringContaining('FROM `org1_ads`.INFORMATION_SCHEMA.COLUMNS'),
      expect.stringMatching(/^CREATE TABLE `org1_ads`\.`campaigns` \(`day` DATE NOT NULL/),
    ]);
    const existing = fakeClient([[DESCRIBE, described(campaigns)]]);
    const again = await openBigQueryWarehouse(config, { client: existing.client });
    await again.createTable('ads', campaigns);
    expect(existing.statements()).toHaveLength(1);
    await expectWarehouseError(
      again.createTable('ads', { ...campaigns, primaryKey: ['day'] }),
      'schema_mismatch',
    );
    await expectWarehouseError(
      openBigQueryWarehouse({ ...config, location: 'EU; DROP' }, { client: fake.client }),
      'invalid_parameter',
    );
  });

  it('loads through load jobs into a load table, merges once and drops the load table', async () => {
    const fake = fakeClient([[DESCRIBE, described(campaigns)]]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client, loadChunkRows: 2 });
    const loaded = await wh.loadBatch('ads', 'campaigns', [
      [row('2024-01-01', 'a', 1), row('2024-01-01', 'a', 2)],
      [row('2024-01-02', 'b', 3, { labels: { x: 1 } })],
    ]);
    expect(loaded).toEqual({ rows: 3 });
    const statements = fake.statements();
    const load = /`(__maya_load_[0-9a-f]{16})`/.exec(statements[1] ?? '')?.[1] ?? '';
    expect(statements).toEqual([
      expect.stringContaining('INFORMATION_SCHEMA.COLUMNS'),
      expect.stringMatching(new RegExp(`^CREATE TABLE \`ads\`\\.\`${load}\` \\(\`day\` STRING`)),
      `LOAD ${load}`,
      `LOAD ${load}`,
      expect.stringMatching(
        new RegExp(`^MERGE INTO \`ads\`\\.\`campaigns\` AS target USING .* FROM \`ads\`\\.\`${load}\``),
      ),
      `DROP TABLE IF EXISTS \`ads\`.\`${load}\``,
    ]);
    const loads = fake.sent.flatMap((s) => (s.kind === 'load' ? [s.request] : []));
    expect(loads.map((l) => l.lines.map((line) => JSON.parse(line) as Record<string, unknown>))).toEqual([
      [
        expect.objectContaining({ day: '2024-01-01', campaign_id: 'a', clicks: '1', __maya_order: 1 }),
        expect.objectContaining({ clicks: '2', __maya_order: 2 }),
      ],
      [expect.objectContaining({ campaign_id: 'b', labels: '{"x":1}', __maya_order: 3 })],
    ]);
    expect(loads[0]?.dataset).toBe('ads');
  });

  it('drops the load table and merges nothing when a row is bad mid-load or the MERGE fails', async () => {
    const fake = fakeClient([[DESCRIBE, described(campaigns)]]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client, loadChunkRows: 1 });
    async function* pages() {
      yield [row('2024-01-01', 'a', 1)];
      yield [{ ...row('2024-01-02', 'b', 1), name: null }];
    }
    const error = await expectWarehouseError(wh.loadBatch('ads', 'campaigns', pages()), 'schema_mismatch');
    expect(error.message).toContain('batch 2, row 1');
    expect(fake.statements().some((s) => s.startsWith('MERGE'))).toBe(false);
    expect(fake.statements().at(-1)).toMatch(/^DROP TABLE IF EXISTS `ads`\.`__maya_load_/);

    const failing = fakeClient([
      [DESCRIBE, described(campaigns)],
      [/^MERGE/, new Error("Bad int64 value: 'x'")],
    ]);
    const wh2 = await openBigQueryWarehouse(config, { client: failing.client });
    await expectWarehouseError(
      wh2.loadBatch('ads', 'campaigns', [[row('2024-01-01', 'a', 1)]]),
      'schema_mismatch',
    );
    expect(failing.statements().at(-1)).toMatch(/^DROP TABLE IF EXISTS `ads`\.`__maya_load_/);
  });

  it('creates a missing staged twin from live, and drops it again when its load fails', async () => {
    const fake = fakeClient([
      [
        /table_name = @table/,
        (r) => (r.params[0]?.parameterValue.value === 'campaigns' ? described(campaigns) : result([], [])),
      ],
      [/^MERGE/, new Error('Could not cast literal')],
    ]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client });
    await expectWarehouseError(
      wh.loadBatch('ads', 'campaigns', [[row('2024-01-01', 'a', 1)]], { staging: true }),
      'schema_mismatch',
    );
    const statements = fake.statements();
    expect(statements[2]).toMatch(/^CREATE TABLE `ads`\.`campaigns__staged` \(/);
    expect(statements.slice(-2)).toEqual([
      expect.stringMatching(/^DROP TABLE IF EXISTS `ads`\.`__maya_load_/),
      'DROP TABLE IF EXISTS `ads`.`campaigns__staged`',
    ]);
    await expectWarehouseError(wh.loadBatch('ads', 'missing', [[{ id: 1 }]]), 'schema_mismatch');
  });

  it('stages with bound conditions, counts the copy, and swaps in one statement then drops staged', async () => {
    const fake = fakeClient([
      [DESCRIBE, described(campaigns)],
      [/^SELECT COUNT/, { ...result(['n'], [['2']]), fields: [{ name: 'n', type: 'INT64' }] }],
    ]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client });
    expect(await wh.stage('ads', 'campaigns', { except: [{ column: 'campaign_id', equals: 'a' }] })).toEqual({
      rows: 2,
    });
    await wh.swap('ads', 'campaigns__staged', 'campaigns');
    const runs = fake.sent.flatMap((s) => (s.kind === 'run' ? [s.request] : []));
    expect(runs.map((r) => r.sql)).toEqual([
      expect.stringContaining('INFORMATION_SCHEMA'),
      starts('CREATE OR REPLACE TABLE `ads`.`campaigns__staged` (`day` DATE NOT'),
      'SELECT COUNT(*) AS n FROM `ads`.`campaigns__staged`',
      expect.stringContaining('INFORMATION_SCHEMA'),
      starts('CREATE OR REPLACE TABLE `ads`.`campaigns` (`day` DATE NOT NULL, '),
      'DROP TABLE IF EXISTS `ads`.`campaigns__staged`',
    ]);
    expect(runs[1]?.sql).toMatch(/WHERE \(`campaign_id` = @c1\) IS NOT TRUE$/);
    expect(runs[1]?.params).toEqual([
      { name: 'c1', parameterType: { type: 'STRING' }, parameterValue: { value: 'a' } },
    ]);
    expect(runs[3]?.params).toEqual([
      { name: 'table', parameterType: { type: 'STRING' }, parameterValue: { value: 'campaigns__staged' } },
    ]);
  });

  it('refuses to swap in a staged table that does not exist, touching nothing', async () => {
    const fake = fakeClient([[DESCRIBE, result([], [])]]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client });
    await expectWarehouseError(wh.swap('ads', 'campaigns__staged', 'campaigns'), 'schema_mismatch');
    await expectWarehouseError(wh.swap('ads', 'campaigns', 'campaigns'), 'schema_mismatch');
    expect(fake.statements()).toHaveLength(1);
  });

  it('materializes through a staged twin, and leaves live alone when the key repeats', async () => {
    const select =
      'SELECT day, sum(clicks) AS clicks FROM ads.campaigns WHERE campaign_id = $id GROUP BY day;';
    const fake = fakeClient([
      [/^SELECT day/, { statementType: 'SELECT' }],
      [/^INSERT INTO/, { affectedRows: 4 }],
      [/^SELECT COUNT/, { ...result(['n'], [['0']]), fields: [{ name: 'n', type: 'INT64' }] }],
    ]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client });
    expect(await wh.materialize('ads', daily, select, { id: 'a' })).toEqual({ rows: 4 });
    expect(fake.statements()).toEqual([
      'DRY SELECT day, sum(clicks) AS clicks FROM ads.campaigns WHERE campaign_id = @id GROUP BY day',
      starts('CREATE OR REPLACE TABLE `ads`.`daily__staged` (`day` DATE NOT '),
      starts('INSERT INTO `ads`.`daily__staged` (`day`, `clicks`) SELECT CAS'),
      starts('SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM `ads`.`daily__staged` GROUP BY `day`'),
      starts('CREATE OR REPLACE TABLE `ads`.`daily` (`day` DATE NOT NULL, `c'),
      'DROP TABLE IF EXISTS `ads`.`daily__staged`',
    ]);
    const insert = fake.sent[2];
    expect(insert?.kind === 'run' && insert.request.sql).toContain(
      'WHERE campaign_id = @id GROUP BY day\n) AS q',
    );
    expect(insert?.kind === 'run' && insert.request.params).toEqual([
      { name: 'id', parameterType: { type: 'STRING' }, parameterValue: { value: 'a' } },
    ]);

    const duplicated = fakeClient([
      [/^SELECT day/, { statementType: 'SELECT' }],
      [/^SELECT COUNT/, { ...result(['n'], [['3']]), fields: [{ name: 'n', type: 'INT64' }] }],
    ]);
    const wh2 = await openBigQueryWarehouse(config, { client: duplicated.client });
    await expectWarehouseError(wh2.materialize('ads', daily, select, { id: 'a' }), 'schema_mismatch');
    expect(duplicated.statements().some((s) => s.startsWith('CREATE OR REPLACE TABLE `ads`.`daily` '))).toBe(
      false,
    );
    expect(duplicated.statements().at(-1)).toBe('DROP TABLE IF EXISTS `ads`.`daily__staged`');

    const writes = fakeClient([[/^DELETE/, { statementType: 'DELETE' }]]);
    const wh3 = await openBigQueryWarehouse(config, { client: writes.client });
    await expectWarehouseError(
      wh3.materialize('ads', daily, 'DELETE FROM ads.campaigns'),
      'read_only_violation',
    );
    await expectWarehouseError(
      wh3.materialize('ads', daily, 'WITH x AS (SELECT 1) DELETE FROM ads.c'),
      'read_only_violation',
    );
    expect(writes.statements().filter((s) => !s.startsWith('DRY'))).toEqual([]);
  });

  it('runs a query only when the dry run says SELECT, with the time limit and the row cap', async () => {
    const fake = fakeClient([
      [
        /^SELECT/,
        (r) =>
          r.dryRun
            ? { statementType: 'SELECT' }
            : { ...result(['id'], [['a'], ['b'], ['c']]), totalRows: 10 },
      ],
      [/^WITH/, { statementType: 'SCRIPT' }],
    ]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client });
    const answer = await wh.query('SELECT id FROM ads.c WHERE day = $1;', ['2024-01-01'], {
      timeoutMs: 5_000,
      maxRows: 2,
    });
    expect(answer).toEqual({
      columns: [{ name: 'id', type: 'string' }],
      rows: [{ id: 'a' }, { id: 'b' }],
      truncated: true,
    });
    const [dry, real] = fake.sent.flatMap((s) => (s.kind === 'run' ? [s.request] : []));
    expect(dry).toMatchObject({ sql: 'SELECT id FROM ads.c WHERE day = @p1', dryRun: true });
    expect(real).toMatchObject({ sql: 'SELECT id FROM ads.c WHERE day = @p1', timeoutMs: 5_000, maxRows: 3 });
    expect(real?.params).toEqual([
      { name: 'p1', parameterType: { type: 'STRING' }, parameterValue: { value: '2024-01-01' } },
    ]);
    await expectWarehouseError(
      wh.query('WITH a AS (SELECT 1) SELECT 1; DROP TABLE x', [], { timeoutMs: 1_000 }),
      'read_only_violation',
    );
    await expectWarehouseError(
      wh.query('DELETE FROM ads.c', [], { timeoutMs: 1_000 }),
      'read_only_violation',
    );
    await expectWarehouseError(wh.query('SELECT $1', [], { timeoutMs: 1_000 }), 'invalid_parameter');
    expect(fake.sent).toHaveLength(3);
  });

  it('cancels a query at its time limit, and running queries when closed', async () => {
    const hang = (request: BigQueryJobRequest) =>
      request.dryRun
        ? { statementType: 'SELECT' }
        : new Promise<Answer>((_, reject) =>
            request.signal?.addEventListener('abort', () => reject(new Error('Job execution was cancelled'))),
          );
    const fake = fakeClient([[/^SELECT/, hang]]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client });
    await expectWarehouseError(wh.query('SELECT 1', [], { timeoutMs: 20 }), 'query_timeout');
    const running = wh.query('SELECT 2', [], { timeoutMs: 60_000 });
    await new Promise((resolve) => setImmediate(resolve));
    await wh.close();
    const error = await expectWarehouseError(running, 'engine_error');
    expect(error.message).toContain('closed');
    await expectWarehouseError(wh.listTables('ads'), 'engine_error');
  });

  it('lists tables, an absent dataset as none, and reports other failures with their type', async () => {
    const fake = fakeClient([
      [/`ads`\.INFORMATION_SCHEMA\.TABLES/, result(['table_name'], [['campaigns'], ['campaigns__staged']])],
      [/`gone`\.INFORMATION_SCHEMA/, notFound],
      [
        /`denied`/,
        Object.assign(new Error('Access Denied: Dataset maya-test:denied'), {
          code: 403,
          errors: [{ reason: 'accessDenied' }],
        }),
      ],
    ]);
    const wh = await openBigQueryWarehouse(config, { client: fake.client });
    expect(await wh.listTables('ads')).toEqual(['campaigns', 'campaigns__staged']);
    expect(await wh.listTables('gone')).toEqual([]);
    expect(await wh.listColumns('gone', 'campaigns')).toEqual([]);
    const denied = await expectWarehouseError(wh.listTables('denied'), 'engine_error');
    expect(denied.message).toMatch(/may not do this/);
    await expectWarehouseError(wh.listTables('Ads'), 'invalid_identifier');
  });

  it('maps BigQuery errors to the interface types', () => {
    const cases: [unknown, 'query' | 'write', string][] = [
      [
        Object.assign(new Error('Job timed out'), { errors: [{ reason: 'timeout' }] }),
        'query',
        'query_timeout',
      ],
      [new Error("Query parameter 'x' not found at [1:8]"), 'query', 'invalid_parameter'],
      [new Error("Invalid date: '2024-13-45'"), 'write', 'schema_mismatch'],
      [new Error('Required field name cannot be null'), 'write', 'schema_mismatch'],
      [
        new Error('UPDATE/MERGE must match at most one source row for each target row'),
        'write',
        'schema_mismatch',
      ],
      [new Error('invalid_grant: Invalid JWT Signature.'), 'write', 'engine_error'],
      [new Error('Syntax error: Unexpected keyword FROM'), 'query', 'engine_error'],
      [new Error("Invalid date: '2024-13-45'"), 'query', 'engine_error'],
    ];
    for (const [error, context, type] of cases) {
      expect([String(error), mapBigQueryError(error, context).type]).toEqual([String(error), type]);
    }
    expect(mapBigQueryError(new Error('invalid_grant'), 'write').message).toMatch(/service account key/);
  });
});
