import { describe, expect, it } from 'vitest';
import { campaigns } from '../testing/fixtures';
import { CAMPAIGNS_NAMES, daily, thrownWarehouseError } from '../testing/remote-fixtures';
import { COLUMN_TYPES, type ColumnType, type TableSchema } from '../warehouse';
import * as sql from './databricks-sql';
import { columnTypeFromDatabricks } from './databricks-types';
import { databricksType } from '../sql-types';
import { databricksParam, isoFromDate, loadRecord, resultRows } from './databricks-values';

const names: sql.Names = { catalog: sql.checkCatalog('main-prod') };
const T = '`main-prod`.`ads`';
const CAMPAIGNS_COLUMNS =
  '(`day` DATE NOT NULL, `campaign_id` STRING NOT NULL, `name` STRING NOT NULL, `clicks` INT, `impressions` BIGINT, ' +
  '`ctr` DOUBLE, `cost` DECIMAL(38,9), `active` BOOLEAN, `updated_at` TIMESTAMP, `labels` VARIANT, ' +
  'PRIMARY KEY (`day`, `campaign_id`))';

describe('Databricks types', () => {
  it('maps every column type to Databricks and back', () => {
    expect(COLUMN_TYPES.map(databricksType)).toEqual([
      'STRING',
      'INT',
      'BIGINT',
      'DOUBLE',
      'DECIMAL(38,9)',
      'BOOLEAN',
      'DATE',
      'TIMESTAMP',
      'VARIANT',
    ]);
    expect(COLUMN_TYPES.map((t) => columnTypeFromDatabricks(databricksType(t)))).toEqual(COLUMN_TYPES);
    const seen: [string, ColumnType][] = [
      ['decimal(10,2)', 'decimal'],
      ['smallint', 'integer'],
      ['long', 'bigint'],
      ['float', 'double'],
      ['timestamp_ntz', 'timestamp'],
      ['array<string>', 'json'],
      ['struct<a:int>', 'json'],
      ['map<string,int>', 'json'],
      ['binary', 'string'],
      ['interval day', 'string'],
    ];
    for (const [name, type] of seen) expect([name, columnTypeFromDatabricks(name)]).toEqual([name, type]);
  });
});

describe('Databricks DDL', () => {
  it('creates Delta tables in Unity Catalog with backtick-quoted three-part names and the key', () => {
    expect(sql.tableChangeSql(names, 'ads', campaigns, null)).toEqual([
      `CREATE TABLE ${T}.\`campaigns\` ${CAMPAIGNS_COLUMNS}`,
    ]);
    expect(sql.tableChangeSql(names, 'ads', campaigns, campaigns)).toEqual([]);
    const wider = {
      ...campaigns,
      columns: [...campaigns.columns, { name: 'notes', type: 'string' as const, nullable: true }],
    };
    expect(sql.tableChangeSql(names, 'ads', wider, campaigns)).toEqual([
      `ALTER TABLE ${T}.\`campaigns\` ADD COLUMNS (\`notes\` STRING)`,
    ]);
    expect(
      thrownWarehouseError(() =>
        sql.tableChangeSql(names, 'ads', { ...campaigns, primaryKey: ['day'] }, campaigns),
      ).type,
    ).toBe('schema_mismatch');
    expect(sql.createSchemaSql(names, 'ads')).toBe(`CREATE SCHEMA IF NOT EXISTS ${T}`);
    expect(sql.dropTableSql(names, 'ads', 'x')).toBe(`DROP TABLE IF EXISTS ${T}.\`x\``);
  });

  it('validates catalog, schema and table names before quoting them', () => {
    for (const bad of ['a`b', 'a.b', '', 'x y'])
      expect(thrownWarehouseError(() => sql.checkCatalog(bad)).type).toBe('invalid_parameter');
    for (const bad of ['a`b', 'Ads', '1a']) {
      expect(thrownWarehouseError(() => sql.tableName(names, bad, 't')).type).toBe('invalid_identifier');
      expect(thrownWarehouseError(() => sql.tableName(names, 'ads', bad)).type).toBe('invalid_identifier');
    }
  });
});

describe('Databricks loads, stage, swap, materialize', () => {
  it('loads chunks as one JSON parameter into a text load table, then merges by key', () => {
    expect(sql.createLoadTableSql(names, 'ads', '__maya_load_x', campaigns)).toBe(
      `CREATE TABLE ${T}.\`__maya_load_x\` (\`day\` STRING, \`campaign_id\` STRING, \`name\` STRING, \`clicks\` STRING, ` +
        '`impressions` STRING, `ctr` STRING, `cost` STRING, `active` STRING, `updated_at` STRING, `labels` STRING, `__maya_order` BIGINT)',
    );
    expect(sql.insertChunkSql(names, 'ads', '__maya_load_x', campaigns)).toBe(
      `INSERT INTO ${T}.\`__maya_load_x\` SELECT inline(from_json(:rows, 'ARRAY<STRUCT<\`day\`: STRING, \`campaign_id\`: STRING, ` +
        '`name`: STRING, `clicks`: STRING, `impressions`: STRING, `ctr`: STRING, `cost`: STRING, `active`: STRING, ' +
        "`updated_at`: STRING, `labels`: STRING, `__maya_order`: BIGINT>>'))",
    );
    expect(sql.mergeSql(names, 'ads', 'campaigns', '__maya_load_x', campaigns)).toBe(
      `MERGE INTO ${T}.\`campaigns\` AS target USING (SELECT ${CAMPAIGNS_NAMES} FROM (SELECT CAST(\`day\` AS DATE) AS \`day\`, ` +
        '`campaign_id` AS `campaign_id`, `name` AS `name`, CAST(`clicks` AS INT) AS `clicks`, CAST(`impressions` AS BIGINT) AS `impressions`, ' +
        'CAST(`ctr` AS DOUBLE) AS `ctr`, CAST(`cost` AS DECIMAL(38,9)) AS `cost`, CAST(`active` AS BOOLEAN) AS `active`, ' +
        'CAST(`updated_at` AS TIMESTAMP) AS `updated_at`, PARSE_JSON(`labels`) AS `labels`, `__maya_order` ' +
        `FROM ${T}.\`__maya_load_x\`) AS typed WHERE TRUE QUALIFY ROW_NUMBER() OVER (PARTITION BY \`day\`, \`campaign_id\` ` +
        'ORDER BY `__maya_order` DESC) = 1) AS source ON target.`day` = source.`day` AND target.`campaign_id` = source.`campaign_id` ' +
        'WHEN MATCHED THEN UPDATE SET `name` = source.`name`, `clicks` = source.`clicks`, `impressions` = source.`impressions`, ' +
        '`ctr` = source.`ctr`, `cost` = source.`cost`, `active` = source.`active`, `updated_at` = source.`updated_at`, ' +
        `\`labels\` = source.\`labels\` WHEN NOT MATCHED THEN INSERT (${CAMPAIGNS_NAMES}) VALUES (source.\`day\`, source.\`campaign_id\`, ` +
        'source.`name`, source.`clicks`, source.`impressions`, source.`ctr`, source.`cost`, source.`active`, source.`updated_at`, source.`labels`)',
    );
    expect(
      loadRecord(campaigns, ['2024-01-01', 'a', 'A', 1, 2n ** 62n, NaN, '1.5', false, null, '[1]'], 3),
    ).toEqual({
      day: '2024-01-01',
      campaign_id: 'a',
      name: 'A',
      clicks: '1',
      impressions: '4611686018427387904',
      ctr: 'NaN',
      cost: '1.5',
      active: 'false',
      updated_at: null,
      labels: '[1]',
      __maya_order: 3,
    });
  });

  it('stages with text parameters cast to the column type, and swaps with CREATE OR REPLACE', () => {
    const statement = sql.stageSql(names, 'ads', campaigns, 'campaigns__staged', [
      { column: 'campaign_id', equals: 'a' },
      { column: 'day', from: '2024-01-02', to: '2024-01-03' },
    ]);
    expect(statement.sql).toBe(
      `CREATE OR REPLACE TABLE ${T}.\`campaigns__staged\` ${CAMPAIGNS_COLUMNS} AS SELECT ${CAMPAIGNS_NAMES} FROM ${T}.\`campaigns\` ` +
        'WHERE (`campaign_id` = :c1 AND `day` BETWEEN CAST(:c2 AS DATE) AND CAST(:c3 AS DATE)) IS NOT TRUE',
    );
    expect(statement.params).toEqual({
      c1: { type: 'STRING', value: 'a' },
      c2: { type: 'STRING', value: '2024-01-02' },
      c3: { type: 'STRING', value: '2024-01-03' },
    });
    expect(sql.swapSql(names, 'ads', { ...campaigns, name: 'campaigns__staged' }, 'campaigns')).toBe(
      `CREATE OR REPLACE TABLE ${T}.\`campaigns\` ${CAMPAIGNS_COLUMNS} AS SELECT ${CAMPAIGNS_NAMES} FROM ${T}.\`campaigns__staged\``,
    );
  });

  it('materializes the query columns by name, cast to the declared types', () => {
    const table: TableSchema = {
      ...daily,
      columns: [...daily.columns, { name: 'extra', type: 'json', nullable: true }],
    };
    expect(
      sql.materializeInsertSql(names, 'ads', 'daily__staged', table, 'SELECT day, clicks, extra FROM ads.c'),
    ).toBe(
      `INSERT INTO ${T}.\`daily__staged\` (\`day\`, \`clicks\`, \`extra\`) SELECT CAST(q.\`day\` AS DATE) AS \`day\`, ` +
        'CAST(q.`clicks` AS BIGINT) AS `clicks`, q.`extra` AS `extra` FROM (SELECT day, clicks, extra FROM ads.c\n) AS q',
    );
  });
});

describe('Databricks catalog and queries', () => {
  it('reads tables and columns from the catalog information_schema with bound names', () => {
    expect(sql.listTablesSql(names, 'ads')).toEqual({
      sql:
        "SELECT table_name FROM `main-prod`.information_schema.tables WHERE table_schema = :schema AND table_type NOT IN ('VIEW', " +
        "'MATERIALIZED_VIEW', 'METRIC_VIEW') AND NOT startswith(table_name, '__maya_load_') ORDER BY table_name",
      params: { schema: { type: 'STRING', value: 'ads' } },
    });
    const describe = sql.describeTableSql(names, 'ads', 'campaigns');
    expect(describe.sql).toContain('FROM `main-prod`.information_schema.columns AS c');
    expect(describe.sql).toContain("t.constraint_type = 'PRIMARY KEY'");
    expect(describe.params).toEqual({
      schema: { type: 'STRING', value: 'ads' },
      table: { type: 'STRING', value: 'campaigns' },
    });
    const rows = [
      {
        column_name: 'b',
        data_type: 'STRING',
        full_data_type: 'string',
        is_nullable: 'NO',
        key_position: 2n,
      },
      {
        column_name: 'a',
        data_type: 'DECIMAL',
        full_data_type: 'decimal(38,9)',
        is_nullable: 'NO',
        key_position: 1,
      },
      {
        column_name: 'j',
        data_type: 'VARIANT',
        full_data_type: 'variant',
        is_nullable: 'YES',
        key_position: null,
      },
    ];
    expect(sql.columnsFromDescription(rows)).toEqual([
      { name: 'b', type: 'string', nullable: false, engineType: 'string', primaryKey: true },
      { name: 'a', type: 'decimal', nullable: false, engineType: 'decimal(38,9)', primaryKey: true },
      { name: 'j', type: 'json', nullable: true, engineType: 'variant', primaryKey: false },
    ]);
    expect(sql.tableFromDescription('t', rows)?.primaryKey).toEqual(['a', 'b']);
  });

  it('binds placeholders as named parameters and checks queries with DESCRIBE QUERY', () => {
    const statement = sql.bindQuery(
      "SELECT * FROM ads.c WHERE day >= $1 AND id = $2 AND note <> '$1' -- $2\n AND n = $1",
      ['2024-01-01', 7],
    );
    expect(statement).toEqual({
      sql: "SELECT * FROM ads.c WHERE day >= :p1 AND id = :p2 AND note <> '$1' -- $2\n AND n = :p1",
      params: { p1: { type: 'STRING', value: '2024-01-01' }, p2: { type: 'INTEGER', value: '7' } },
    });
    expect(sql.describeQuerySql(statement).sql).toBe(`DESCRIBE QUERY ${statement.sql}`);
    expect(sql.bindQuery('SELECT $id, `$id`, "$id"', { id: null })).toEqual({
      sql: 'SELECT :id, `$id`, "$id"',
      params: { id: { type: 'VOID', value: null } },
    });
    expect(sql.describedQueryColumns([{ col_name: 'n', data_type: 'bigint', comment: null }])).toEqual([
      { name: 'n', type: 'bigint', dataType: 'bigint' },
    ]);
  });

  it('types parameters as the driver sends them and refuses arrays and objects', () => {
    expect([1, 2 ** 40, 1.5, 2n, true, new Date(0), undefined].map((v) => databricksParam('v', v))).toEqual([
      { type: 'INTEGER', value: '1' },
      { type: 'BIGINT', value: '1099511627776' },
      { type: 'DOUBLE', value: '1.5' },
      { type: 'BIGINT', value: '2' },
      { type: 'BOOLEAN', value: 'true' },
      { type: 'TIMESTAMP', value: '1970-01-01T00:00:00.000Z' },
      { type: 'VOID', value: null },
    ]);
    for (const bad of [['a'], { a: 1 }, 2n ** 63n, new Date('x')]) {
      expect(thrownWarehouseError(() => databricksParam('v', bad)).type).toBe('invalid_parameter');
    }
  });

  it('turns the driver values of every type into JSON-safe values', () => {
    const columns = (
      [
        ['i', 'integer'],
        ['b', 'bigint'],
        ['small', 'bigint'],
        ['d', 'double'],
        ['m', 'decimal'],
        ['t', 'boolean'],
        ['day', 'date'],
        ['day2', 'date'],
        ['ts', 'timestamp'],
        ['ts2', 'timestamp'],
        ['j', 'json'],
        ['arr', 'json'],
        ['s', 'string'],
        ['bin', 'string'],
        ['nul', 'string'],
      ] as const
    ).map(([name, type]) => ({ name, type, dataType: type }));
    const driverRow = {
      i: 3,
      b: 9007199254740993n,
      small: 5n,
      d: 0.25,
      m: '12.345000000',
      t: true,
      day: new Date('2024-01-31T00:00:00Z'),
      day2: '2024-02-01',
      ts: new Date('2024-01-31T10:00:00.120Z'),
      ts2: '2024-01-31 10:00:00.123456',
      j: '{"a":[1]}',
      arr: [1n, new Date('2024-01-01T00:00:00Z')],
      s: 'x',
      bin: Buffer.from('hi'),
      nul: null,
    };
    expect(resultRows(columns, [driverRow])).toEqual([
      {
        i: 3,
        b: '9007199254740993',
        small: 5,
        d: 0.25,
        m: 12.345,
        t: true,
        day: '2024-01-31',
        day2: '2024-02-01',
        ts: '2024-01-31T10:00:00.12Z',
        ts2: '2024-01-31T10:00:00.123456Z',
        j: { a: [1] },
        arr: [1, '2024-01-01T00:00:00Z'],
        s: 'x',
        bin: 'aGk=',
        nul: null,
      },
    ]);
    expect(isoFromDate(new Date('2024-01-31T10:00:00Z'))).toBe('2024-01-31T10:00:00Z');
  });
});
