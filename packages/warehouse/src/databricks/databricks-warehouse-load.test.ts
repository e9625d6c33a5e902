import { describe, expect, it } from 'vitest';
import { campaigns, expectWarehouseError, row } from '../testing/fixtures';
import { daily, starts } from '../testing/remote-fixtures';
import { DESCRIBE, config, described, fakeClient } from './databricks-fixture';
import { openDatabricksWarehouse } from './databricks-warehouse';

/**
 * The adapter's writes through a stand-in for the official driver: which statements loads,
 * stage, swap and materialize send, in which order, with which parameters, and what they leave
 * behind when one of them fails.
 */

describe('Databricks adapter', () => {
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
});
