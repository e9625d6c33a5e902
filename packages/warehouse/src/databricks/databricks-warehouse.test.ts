import { describe, expect, it } from 'vitest';
import type { DatabricksDestinationConfig } from '../destination-config';
import { campaigns, expectWarehouseError, row } from '../testing/fixtures';
import { daily, starts } from '../testing/remote-fixtures';
import type { TableSchema } from '../warehouse';
import { AZURE_DATABRICKS_RESOURCE, azureClientSecretAuth, type FetchLike } from './databricks-auth';
import type { DatabricksClient, DatabricksRequest } from './databricks-client';
import { mapDatabricksError } from './databricks-errors';
import { openDatabricksWarehouse } from './databricks-warehouse';

/**
 * The adapter's flow through a stand-in for the official driver: which statements it sends, in
 * which order, with which parameters, and what it leaves behind when one of them fails.
 */

const config: DatabricksDestinationConfig = {
  kind: 'databricks',
  host: 'adb-1234567890123456.7.azuredatabricks.net',
  httpPath: '/sql/1.0/warehouses/abcdef1234567890',
  authType: 'azure-client-secret',
  azureWorkspaceResourceId: '/subscriptions/s/resourceGroups/g/providers/Microsoft.Databricks/workspaces/w',
  azureClientId: 'client-id',
  azureClientSecret: 'secret',
  azureTenantId: 'tenant-id',
  catalog: 'main',
};

type Answer = Record<string, unknown>[] | Error;

function fakeClient(
  rules: [RegExp, Answer | ((request: DatabricksRequest) => Promise<Answer> | Answer)][] = [],
) {
  const sent: DatabricksRequest[] = [];
  let closed = 0;
  const client: DatabricksClient = {
    async execute(request) {
      sent.push(request);
      const rule = rules.find(([pattern]) => pattern.test(request.sql));
      const answer = typeof rule?.[1] === 'function' ? await rule[1](request) : (rule?.[1] ?? []);
      if (answer instanceof Error) throw answer;
      return { rows: answer };
    },
    async close() {
      closed += 1;
    },
  };
  return { client, sent, statements: () => sent.map((r) => r.sql), closedTimes: () => closed };
}

const DESCRIBE = /information_schema\.columns/;
const TYPES = {
  string: 'STRING',
  integer: 'INT',
  bigint: 'BIGINT',
  double: 'DOUBLE',
  decimal: 'DECIMAL',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
  json: 'VARIANT',
};

function described(table: TableSchema): Record<string, unknown>[] {
  return table.columns.map((c) => ({
    column_name: c.name,
    data_type: TYPES[c.type],
    full_data_type: TYPES[c.type].toLowerCase(),
    is_nullable: c.nullable ? 'YES' : 'NO',
    key_position: table.primaryKey.includes(c.name) ? table.primaryKey.indexOf(c.name) : null,
  }));
}

describe('Databricks adapter', () => {
  it('sets the session to UTC, creates schemas and tables only when missing', async () => {
    const fake = fakeClient();
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    await wh.ensureSchema('ads');
    await wh.createTable('ads', campaigns);
    expect(fake.statements()).toEqual([
      "SET TIME ZONE 'UTC'",
      'CREATE SCHEMA IF NOT EXISTS `main`.`ads`',
      expect.stringContaining('FROM `main`.information_schema.columns'),
      starts('CREATE TABLE `main`.`ads`.`campaigns` (`day` DATE NOT NULL'),
    ]);
    const existing = fakeClient([[DESCRIBE, described(campaigns)]]);
    const again = await openDatabricksWarehouse(config, { client: existing.client });
    await again.createTable('ads', campaigns);
    expect(existing.statements()).toHaveLength(2);
    await wh.close();
    await wh.close();
    expect(fake.closedTimes()).toBe(1);
    await expectWarehouseError(
      openDatabricksWarehouse({ ...config, catalog: 'a`b' }, { client: fake.client }),
      'invalid_parameter',
    );
  });

  it('closes the driver when the session cannot be set up', async () => {
    const fake = fakeClient([[/^SET TIME ZONE/, new Error('Request failed with status code 403 Forbidden')]]);
    await expectWarehouseError(openDatabricksWarehouse(config, { client: fake.client }), 'engine_error');
    expect(fake.closedTimes()).toBe(1);
  });

  it('loads in JSON chunks into a load table, merges once and drops the load table', async () => {
    const fake = fakeClient([[DESCRIBE, described(campaigns)]]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client, loadChunkRows: 2 });
    const loaded = await wh.loadBatch('ads', 'campaigns', [
      [row('2024-01-01', 'a', 1), row('2024-01-01', 'a', 2)],
      [row('2024-01-02', 'b', 3, { cost: '1.25' })],
    ]);
    expect(loaded).toEqual({ rows: 3 });
    const statements = fake.statements();
    const load = /`(__maya_load_[0-9a-f]{16})`/.exec(statements[2] ?? '')?.[1] ?? '';
    expect(statements.slice(1)).toEqual([
      expect.stringContaining('information_schema.columns'),
      starts(`CREATE TABLE \`main\`.\`ads\`.\`${load}\` (\`day\` STRING`),
      starts(`INSERT INTO \`main\`.\`ads\`.\`${load}\` SELECT inline(from_json(:rows,`),
      starts(`INSERT INTO \`main\`.\`ads\`.\`${load}\` SELECT inline(from_json(:rows,`),
      starts('MERGE INTO `main`.`ads`.`campaigns` AS target USING'),
      `DROP TABLE IF EXISTS \`main\`.\`ads\`.\`${load}\``,
    ]);
    const chunks = fake.sent
      .filter((r) => r.sql.startsWith('INSERT'))
      .map((r) => JSON.parse(r.params.rows?.value ?? 'null') as unknown);
    expect(chunks).toEqual([
      [
        expect.objectContaining({ day: '2024-01-01', campaign_id: 'a', clicks: '1', __maya_order: 1 }),
        expect.objectContaining({ clicks: '2', __maya_order: 2 }),
      ],
      [expect.objectContaining({ campaign_id: 'b', cost: '1.25', __maya_order: 3 })],
    ]);
    expect(fake.sent.find((r) => r.sql.startsWith('INSERT'))?.params.rows?.type).toBe('STRING');
  });

  it('drops the load table and the staged twin it created when the MERGE fails', async () => {
    const fake = fakeClient([
      [
        /information_schema\.columns/,
        (r) => (r.params.table?.value === 'campaigns' ? described(campaigns) : []),
      ],
      [
        /^MERGE/,
        new Error('[CAST_INVALID_INPUT] The value \'x\' of the type "STRING" cannot be cast to "INT"'),
      ],
    ]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    await expectWarehouseError(
      wh.loadBatch('ads', 'campaigns', [[row('2024-01-01', 'a', 1)]], { staging: true }),
      'schema_mismatch',
    );
    const statements = fake.statements();
    expect(statements[3]).toMatch(/^CREATE TABLE `main`\.`ads`\.`campaigns__staged` \(/);
    expect(statements.slice(-2)).toEqual([
      expect.stringMatching(/^DROP TABLE IF EXISTS `main`\.`ads`\.`__maya_load_/),
      'DROP TABLE IF EXISTS `main`.`ads`.`campaigns__staged`',
    ]);
  });

  it('stages, counts and swaps with CREATE OR REPLACE, then drops staged', async () => {
    const fake = fakeClient([
      [DESCRIBE, described(campaigns)],
      [/^SELECT COUNT/, [{ n: 2n }]],
    ]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    const staged = await wh.stage('ads', 'campaigns', {
      except: [{ column: 'day', from: '2024-01-01', to: '2024-01-31' }],
    });
    expect(staged).toEqual({ rows: 2 });
    await wh.swap('ads', 'campaigns__staged', 'campaigns');
    expect(fake.statements().slice(1)).toEqual([
      expect.stringContaining('information_schema.columns'),
      expect.stringMatching(
        /^CREATE OR REPLACE TABLE `main`\.`ads`\.`campaigns__staged` .* WHERE \(`day` BETWEEN CAST\(:c1 AS DATE\) AND CAST\(:c2 AS DATE\)\) IS NOT TRUE$/,
      ),
      'SELECT COUNT(*) AS n FROM `main`.`ads`.`campaigns__staged`',
      expect.stringContaining('information_schema.columns'),
      expect.stringMatching(
        /^CREATE OR REPLACE TABLE `main`\.`ads`\.`campaigns` .* FROM `main`\.`ads`\.`campaigns__staged`$/,
      ),
      'DROP TABLE IF EXISTS `main`.`ads`.`campaigns__staged`',
    ]);
    expect(fake.sent[2]?.params).toEqual({
      c1: { type: 'STRING', value: '2024-01-01' },
      c2: { type: 'STRING', value: '2024-01-31' },
    });
    const missing = fakeClient();
    const wh2 = await openDatabricksWarehouse(config, { client: missing.client });
    await expectWarehouseError(wh2.swap('ads', 'campaigns__staged', 'campaigns'), 'schema_mismatch');
    expect(missing.statements().some((s) => s.startsWith('CREATE OR REPLACE'))).toBe(false);
  });

  it('materializes through a staged twin, and leaves live alone when the query fails or repeats a key', async () => {
    const select = 'SELECT day, sum(clicks) AS clicks FROM ads.campaigns WHERE campaign_id = $1 GROUP BY day';
    const fake = fakeClient([
      [
        /^DESCRIBE QUERY/,
        [
          { col_name: 'day', data_type: 'date' },
          { col_name: 'clicks', data_type: 'bigint' },
        ],
      ],
      [/^SELECT COUNT\(\*\) AS n FROM \(/, [{ n: 0n }]],
      [/^SELECT COUNT/, [{ n: 5n }]],
    ]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    expect(await wh.materialize('ads', daily, select, ['a'])).toEqual({ rows: 5 });
    expect(fake.statements().slice(1)).toEqual([
      `DESCRIBE QUERY ${select.replace('$1', ':p1')}`,
      starts(
        'CREATE OR REPLACE TABLE `main`.`ads`.`daily__staged` (`day` DATE NOT NULL, `clicks` BIGINT, PRIMARY KEY (`day`))',
      ),
      starts('INSERT INTO `main`.`ads`.`daily__staged` (`day`, `clicks`) SELECT CAST(q.`day` AS DATE)'),
      starts('SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM `main`.`ads`.`daily__staged` GROUP BY `day`'),
      'SELECT COUNT(*) AS n FROM `main`.`ads`.`daily__staged`',
      starts('CREATE OR REPLACE TABLE `main`.`ads`.`daily` ('),
      'DROP TABLE IF EXISTS `main`.`ads`.`daily__staged`',
    ]);
    expect(fake.sent[3]?.params).toEqual({ p1: { type: 'STRING', value: 'a' } });

    const failing = fakeClient([
      [
        /^INSERT/,
        new Error('[DELTA_NOT_NULL_CONSTRAINT_VIOLATED] NOT NULL constraint violated for column: day.'),
      ],
    ]);
    const wh2 = await openDatabricksWarehouse(config, { client: failing.client });
    await expectWarehouseError(wh2.materialize('ads', daily, select, ['a']), 'schema_mismatch');
    expect(
      failing.statements().some((s) => s.startsWith('CREATE OR REPLACE TABLE `main`.`ads`.`daily` ')),
    ).toBe(false);
    expect(failing.statements().at(-1)).toBe('DROP TABLE IF EXISTS `main`.`ads`.`daily__staged`');

    const bad = fakeClient([
      [/^DESCRIBE QUERY/, new Error('[PARSE_SYNTAX_ERROR] Syntax error at or near INSERT')],
    ]);
    const wh3 = await openDatabricksWarehouse(config, { client: bad.client });
    await expectWarehouseError(
      wh3.materialize('ads', daily, 'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x'),
      'read_only_violation',
    );
    await expectWarehouseError(wh3.materialize('ads', daily, 'SELECT nope FROM'), 'engine_error');
    expect(bad.statements().filter((s) => !s.startsWith('DESCRIBE') && !s.startsWith('SET'))).toEqual([]);
  });

  it('runs a query after DESCRIBE QUERY accepts it, typed by its description, capped', async () => {
    const fake = fakeClient([
      [
        /^DESCRIBE QUERY SELECT id/,
        [
          { col_name: 'id', data_type: 'string' },
          { col_name: 'n', data_type: 'bigint' },
          { col_name: 'j', data_type: 'variant' },
        ],
      ],
      [/^DESCRIBE QUERY/, new Error('[PARSE_SYNTAX_ERROR] Syntax error at or near DROP')],
      [
        /^SELECT/,
        [
          { id: 'a', n: 1n, j: '{"k":1}' },
          { id: 'b', n: 2n, j: null },
          { id: 'c', n: 3n, j: null },
        ],
      ],
    ]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    const result = await wh.query(
      'SELECT id, n, j FROM ads.c WHERE day = $day',
      { day: '2024-01-01' },
      { timeoutMs: 5_000, maxRows: 2 },
    );
    expect(result).toEqual({
      columns: [
        { name: 'id', type: 'string' },
        { name: 'n', type: 'bigint' },
        { name: 'j', type: 'json' },
      ],
      rows: [
        { id: 'a', n: 1, j: { k: 1 } },
        { id: 'b', n: 2, j: null },
      ],
      truncated: true,
    });
    const [describeQuery, run] = fake.sent.slice(1);
    expect(describeQuery).toMatchObject({
      sql: 'DESCRIBE QUERY SELECT id, n, j FROM ads.c WHERE day = :day',
    });
    expect(run).toMatchObject({
      sql: 'SELECT id, n, j FROM ads.c WHERE day = :day',
      maxRows: 3,
      params: { day: { type: 'STRING', value: '2024-01-01' } },
    });
    await expectWarehouseError(
      wh.query('SELECT 1; DROP TABLE ads.c', [], { timeoutMs: 1_000 }),
      'read_only_violation',
    );
    await expectWarehouseError(
      wh.query('UPDATE ads.c SET n = 1', [], { timeoutMs: 1_000 }),
      'read_only_violation',
    );
    await expectWarehouseError(wh.query('SELECT $1', [['a']], { timeoutMs: 1_000 }), 'invalid_parameter');
  });

  it('cancels a query at its time limit, and running queries when closed', async () => {
    const hang = (request: DatabricksRequest) =>
      new Promise<Answer>((_, reject) =>
        request.signal?.addEventListener('abort', () => reject(new Error('Operation canceled'))),
      );
    const fake = fakeClient([
      [/^DESCRIBE QUERY/, []],
      [/^SELECT/, hang],
    ]);
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    await expectWarehouseError(wh.query('SELECT 1', [], { timeoutMs: 20 }), 'query_timeout');
    const running = wh.query('SELECT 2', [], { timeoutMs: 60_000 });
    await new Promise((resolve) => setImmediate(resolve));
    await wh.close();
    expect((await expectWarehouseError(running, 'engine_error')).message).toContain('closed');
    await expectWarehouseError(wh.listTables('ads'), 'engine_error');
  });

  it('maps Databricks errors to the interface types', () => {
    const cases: [Error, 'query' | 'write', string][] = [
      [new Error('[UNBOUND_SQL_PARAMETER] Found the unbound parameter: x.'), 'query', 'invalid_parameter'],
      [new Error('[CAST_INVALID_INPUT] The value cannot be cast'), 'write', 'schema_mismatch'],
      [
        new Error('[DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE] Cannot perform Merge'),
        'write',
        'schema_mismatch',
      ],
      [
        new Error('[TABLE_OR_VIEW_NOT_FOUND] The table or view `x` cannot be found.'),
        'query',
        'engine_error',
      ],
      [
        Object.assign(new Error('AADSTS7000215: Invalid client secret provided.'), {
          name: 'AzureSignInError',
        }),
        'write',
        'engine_error',
      ],
    ];
    for (const [error, context, type] of cases) {
      expect([error.message, mapDatabricksError(error, context).type]).toEqual([error.message, type]);
    }
    expect(mapDatabricksError(new Error('Request failed with status code 401'), 'write').message).toMatch(
      /service principal/,
    );
  });
});

describe('Azure client-secret sign-in', () => {
  function fakeFetch(answer: (body: URLSearchParams) => { status: number; body: unknown }) {
    const calls: { url: string; body: URLSearchParams }[] = [];
    const send: FetchLike = async (url, init) => {
      const body = new URLSearchParams(init.body);
      calls.push({ url, body });
      const reply = answer(body);
      return { ok: reply.status < 400, status: reply.status, text: async () => JSON.stringify(reply.body) };
    };
    return { send, calls };
  }

  it('sends the workspace token, the management token and the workspace resource id, reusing tokens', async () => {
    let clock = 1_000_000;
    const fake = fakeFetch((body) => ({
      status: 200,
      body: { access_token: `token-for-${body.get('resource') ?? ''}`, expires_in: '3600' },
    }));
    const auth = azureClientSecretAuth(config, { fetch: fake.send, now: () => clock });
    expect(await auth.authenticate()).toEqual({
      Authorization: `Bearer token-for-${AZURE_DATABRICKS_RESOURCE}`,
      'X-Databricks-Azure-SP-Management-Token': 'token-for-https://management.core.windows.net/',
      'X-Databricks-Azure-Workspace-Resource-Id': config.azureWorkspaceResourceId,
    });
    expect(
      fake.calls.map((c) => [
        c.url,
        c.body.get('grant_type'),
        c.body.get('client_id'),
        c.body.get('client_secret'),
      ]),
    ).toEqual([
      [
        'https://login.microsoftonline.com/tenant-id/oauth2/token',
        'client_credentials',
        'client-id',
        'secret',
      ],
      [
        'https://login.microsoftonline.com/tenant-id/oauth2/token',
        'client_credentials',
        'client-id',
        'secret',
      ],
    ]);
    await auth.authenticate();
    expect(fake.calls).toHaveLength(2);
    clock += 3_600_000;
    await auth.authenticate();
    expect(fake.calls).toHaveLength(4);
  });

  it('reports what Entra ID says when the secret is wrong, and signs in to the cloud of the host', async () => {
    const fake = fakeFetch(() => ({
      status: 401,
      body: {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.\nTrace ID: x',
      },
    }));
    const auth = azureClientSecretAuth(
      { ...config, host: 'adb-1.2.databricks.azure.cn' },
      { fetch: fake.send },
    );
    await expect(auth.authenticate()).rejects.toThrow(
      'Azure sign-in of the service principal failed: AADSTS7000215: Invalid client secret provided.',
    );
    expect(fake.calls[0]?.url).toBe('https://login.chinacloudapi.cn/tenant-id/oauth2/token');
  });
});
