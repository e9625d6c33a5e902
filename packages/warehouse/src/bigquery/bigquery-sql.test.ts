import { describe, expect, it } from 'vitest';
import { campaigns } from '../testing/fixtures';
import { CAMPAIGNS_NAMES, daily, thrownWarehouseError } from '../testing/remote-fixtures';
import { COLUMN_TYPES, type ColumnType, type TableSchema } from '../warehouse';
import * as sql from './bigquery-sql';
import { INTEGER_MARKER, columnTypeFromBigQuery } from './bigquery-types';
import { bigQueryType } from '../sql-types';
import { bigQueryParameter, loadLine, queryColumns, resultRows, timestampText } from './bigquery-values';

const CAMPAIGNS_COLUMNS =
  "(`day` DATE NOT NULL, `campaign_id` STRING NOT NULL, `name` STRING NOT NULL, `clicks` INT64 OPTIONS (description = 'maya:integer'), " +
  '`impressions` INT64, `ctr` FLOAT64, `cost` NUMERIC, `active` BOOL, `updated_at` TIMESTAMP, `labels` JSON, ' +
  'PRIMARY KEY (`day`, `campaign_id`) NOT ENFORCED)';

describe('BigQuery types', () => {
  it('maps every column type to BigQuery and back, integer through its column description', () => {
    const back = COLUMN_TYPES.map((type) =>
      columnTypeFromBigQuery(bigQueryType(type), type === 'integer' ? INTEGER_MARKER : null),
    );
    expect(back).toEqual(COLUMN_TYPES);
    expect(COLUMN_TYPES.map(bigQueryType)).toEqual([
      'STRING',
      'INT64',
      'INT64',
      'FLOAT64',
      'NUMERIC',
      'BOOL',
      'DATE',
      'TIMESTAMP',
      'JSON',
    ]);
  });

  it('reads the types BigQuery reports that the product does not create', () => {
    const seen: [string, ColumnType][] = [
      ['BIGNUMERIC(76, 38)', 'decimal'],
      ['NUMERIC(10, 2)', 'decimal'],
      ['INTEGER', 'bigint'],
      ['FLOAT', 'double'],
      ['BOOLEAN', 'boolean'],
      ['DATETIME', 'timestamp'],
      ['ARRAY<STRING>', 'json'],
      ['STRUCT<a INT64>', 'json'],
      ['RECORD', 'json'],
      ['GEOGRAPHY', 'string'],
      ['BYTES', 'string'],
      ['TIME', 'string'],
    ];
    for (const [name, type] of seen) expect([name, columnTypeFromBigQuery(name)]).toEqual([name, type]);
  });
});

describe('BigQuery DDL', () => {
  it('creates a table with backtick-quoted names, NOT NULL, the integer marker and the key', () => {
    expect(sql.tableChangeSql('ads', campaigns, null)).toEqual([
      `CREATE TABLE \`ads\`.\`campaigns\` ${CAMPAIGNS_COLUMNS}`,
    ]);
    expect(sql.tableChangeSql('ads', campaigns, campaigns)).toEqual([]);
  });

  it('adds the declared nullable columns in one ALTER TABLE and refuses other differences', () => {
    const wider: TableSchema = {
      ...campaigns,
      columns: [
        ...campaigns.columns,
        { name: 'notes', type: 'string', nullable: true },
        { name: 'n', type: 'integer', nullable: true },
      ],
    };
    expect(sql.tableChangeSql('ads', wider, campaigns)).toEqual([
      "ALTER TABLE `ads`.`campaigns` ADD COLUMN `notes` STRING, ADD COLUMN `n` INT64 OPTIONS (description = 'maya:integer')",
    ]);
    const retyped = {
      ...campaigns,
      columns: campaigns.columns.map((c) => ({ ...c, type: 'string' as const })),
    };
    expect(thrownWarehouseError(() => sql.tableChangeSql('ads', retyped, campaigns)).type).toBe(
      'schema_mismatch',
    );
  });

  it('creates datasets in the configured location and refuses a location that is not a name', () => {
    expect(sql.createDatasetSql('ads', 'europe-west3')).toBe(
      "CREATE SCHEMA IF NOT EXISTS `ads` OPTIONS (location = 'europe-west3')",
    );
    expect(thrownWarehouseError(() => sql.createDatasetSql('ads', "EU') --")).type).toBe('invalid_parameter');
    expect(sql.dropTableSql('ads', 'campaigns__staged')).toBe(
      'DROP TABLE IF EXISTS `ads`.`campaigns__staged`',
    );
  });

  it('never puts an unvalidated identifier between backticks', () => {
    for (const bad of ['a`b', 'Ads', 'x; DROP', '1a', 'a'.repeat(64)]) {
      expect(thrownWarehouseError(() => sql.bigQueryTableName(bad, 'campaigns')).type).toBe(
        'invalid_identifier',
      );
      expect(thrownWarehouseError(() => sql.bigQueryTableName('ads', bad)).type).toBe('invalid_identifier');
    }
  });
});

describe('BigQuery loads, stage, swap, materialize', () => {
  it('creates a text load table that expires, and merges it by key keeping the last row', () => {
    expect(sql.createLoadTableSql('ads', '__maya_load_x', campaigns)).toBe(
      'CREATE TABLE `ads`.`__maya_load_x` (`day` STRING, `campaign_id` STRING, `name` STRING, `clicks` STRING, ' +
        '`impressions` STRING, `ctr` STRING, `cost` STRING, `active` STRING, `updated_at` STRING, `labels` STRING, ' +
        '`__maya_order` INT64) OPTIONS (expiration_timestamp = TIMESTAMP_ADD(CURRENT_TIMESTAMP(), INTERVAL 1 DAY))',
    );
    expect(sql.mergeSql('ads', 'campaigns', '__maya_load_x', campaigns)).toBe(
      `MERGE INTO \`ads\`.\`campaigns\` AS target USING (SELECT ${CAMPAIGNS_NAMES} FROM (SELECT CAST(\`day\` AS DATE) AS \`day\`, ` +
        '`campaign_id` AS `campaign_id`, `name` AS `name`, CAST(`clicks` AS INT64) AS `clicks`, ' +
        'CAST(`impressions` AS INT64) AS `impressions`, CAST(`ctr` AS FLOAT64) AS `ctr`, CAST(`cost` AS NUMERIC) AS `cost`, ' +
        'CAST(`active` AS BOOL) AS `active`, CAST(`updated_at` AS TIMESTAMP) AS `updated_at`, ' +
        "PARSE_JSON(`labels`, wide_number_mode => 'round') AS `labels`, `__maya_order` FROM `ads`.`__maya_load_x`) AS typed " +
        'WHERE TRUE QUALIFY ROW_NUMBER() OVER (PARTITION BY `day`, `campaign_id` ORDER BY `__maya_order` DESC) = 1) AS source ' +
        'ON target.`day` = source.`day` AND target.`campaign_id` = source.`campaign_id` WHEN MATCHED THEN UPDATE SET ' +
        '`name` = source.`name`, `clicks` = source.`clicks`, `impressions` = source.`impressions`, `ctr` = source.`ctr`, ' +
        '`cost` = source.`cost`, `active` = source.`active`, `updated_at` = source.`updated_at`, `labels` = source.`labels` ' +
        `WHEN NOT MATCHED THEN INSERT (${CAMPAIGNS_NAMES}) VALUES (source.\`day\`, source.\`campaign_id\`, source.\`name\`, ` +
        'source.`clicks`, source.`impressions`, source.`ctr`, source.`cost`, source.`active`, source.`updated_at`, source.`labels`)',
    );
    const keysOnly: TableSchema = {
      name: 'k',
      primaryKey: ['id'],
      columns: [{ name: 'id', type: 'string', nullable: false }],
    };
    expect(sql.mergeSql('ads', 'k', 'l', keysOnly)).not.toContain('WHEN MATCHED');
  });

  it('sends each row as JSON text with its order number', () => {
    const line = loadLine(
      campaigns,
      ['2024-01-01', 'a', 'A', 10, 9007199254740993n, Infinity, '1.5', true, null, '{"a":1}'],
      7,
    );
    expect(JSON.parse(line)).toEqual({
      day: '2024-01-01',
      campaign_id: 'a',
      name: 'A',
      clicks: '10',
      impressions: '9007199254740993',
      ctr: 'inf',
      cost: '1.5',
      active: 'true',
      updated_at: null,
      labels: '{"a":1}',
      __maya_order: 7,
    });
    expect(sql.loadTableFields(campaigns).at(-1)).toEqual({
      name: '__maya_order',
      type: 'INT64',
      mode: 'REQUIRED',
    });
  });

  it('stages a copy of live without the excepted rows, values bound as text and cast', () => {
    const statement = sql.stageSql('ads', campaigns, 'campaigns__staged', [
      { column: 'campaign_id', equals: 'a' },
      { column: 'day', from: '2024-01-02', to: '2024-01-03' },
    ]);
    expect(statement.sql).toBe(
      `CREATE OR REPLACE TABLE \`ads\`.\`campaigns__staged\` ${CAMPAIGNS_COLUMNS} AS SELECT ${CAMPAIGNS_NAMES} FROM \`ads\`.\`campaigns\` ` +
        'WHERE (`campaign_id` = @c1 AND `day` BETWEEN CAST(@c2 AS DATE) AND CAST(@c3 AS DATE)) IS NOT TRUE',
    );
    expect(statement.params.map((p) => [p.name, p.parameterType.type, p.parameterValue.value])).toEqual([
      ['c1', 'STRING', 'a'],
      ['c2', 'STRING', '2024-01-02'],
      ['c3', 'STRING', '2024-01-03'],
    ]);
    expect(sql.stageSql('ads', campaigns, 'campaigns__staged', []).sql).toMatch(/FROM `ads`\.`campaigns`$/);
    expect(
      thrownWarehouseError(() => sql.stageSql('ads', campaigns, 's', [{ column: 'nope', equals: 1 }])).type,
    ).toBe('schema_mismatch');
    expect(
      thrownWarehouseError(() => sql.stageSql('ads', campaigns, 's', [{ column: 'day', equals: null }])).type,
    ).toBe('invalid_parameter');
  });

  it('swaps by replacing live with a copy of staged in one statement', () => {
    expect(sql.swapSql('ads', { ...campaigns, name: 'campaigns__staged' }, 'campaigns')).toBe(
      `CREATE OR REPLACE TABLE \`ads\`.\`campaigns\` ${CAMPAIGNS_COLUMNS} AS SELECT ${CAMPAIGNS_NAMES} FROM \`ads\`.\`campaigns__staged\``,
    );
  });

  it('materializes by inserting the query columns by name, cast to the declared types', () => {
    const table: TableSchema = {
      ...daily,
      columns: [...daily.columns, { name: 'extra', type: 'json', nullable: true }],
    };
    expect(sql.createEmptySql('ads', { ...table, name: 'daily__staged' })).toBe(
      'CREATE OR REPLACE TABLE `ads`.`daily__staged` (`day` DATE NOT NULL, `clicks` INT64, `extra` JSON, PRIMARY KEY (`day`) NOT ENFORCED)',
    );
    expect(
      sql.materializeInsertSql(
        'ads',
        'daily__staged',
        table,
        'SELECT day, sum(clicks) AS clicks FROM ads.c -- note',
      ),
    ).toBe(
      'INSERT INTO `ads`.`daily__staged` (`day`, `clicks`, `extra`) SELECT CAST(q.`day` AS DATE) AS `day`, ' +
        'CAST(q.`clicks` AS INT64) AS `clicks`, q.`extra` AS `extra` FROM (SELECT day, sum(clicks) AS clicks FROM ads.c -- note\n) AS q',
    );
  });
});

describe('BigQuery catalog', () => {
  it('lists base tables without load tables and describes columns with their key position', () => {
    expect(sql.listTablesSql('ads')).toBe(
      "SELECT table_name FROM `ads`.INFORMATION_SCHEMA.TABLES WHERE table_type = 'BASE TABLE' " +
        "AND NOT STARTS_WITH(table_name, '__maya_load_') ORDER BY table_name",
    );
    const describe = sql.describeTableSql('ads', 'campaigns');
    expect(describe.sql).toContain('FROM `ads`.INFORMATION_SCHEMA.COLUMNS AS c');
    expect(describe.sql).toContain("t.constraint_type = 'PRIMARY KEY'");
    expect(describe.sql).toContain('WHERE c.table_name = @table ORDER BY c.ordinal_position');
    expect(describe.params).toEqual([
      { name: 'table', parameterType: { type: 'STRING' }, parameterValue: { value: 'campaigns' } },
    ]);
    const rows = [
      { column_name: 'id', data_type: 'STRING', is_nullable: 'NO', description: null, key_position: 1 },
      {
        column_name: 'n',
        data_type: 'INT64',
        is_nullable: 'YES',
        description: INTEGER_MARKER,
        key_position: null,
      },
      {
        column_name: 'b',
        data_type: 'INT64',
        is_nullable: 'YES',
        description: 'user text',
        key_position: null,
      },
    ];
    expect(sql.columnsFromDescription(rows)).toEqual([
      { name: 'id', type: 'string', nullable: false, engineType: 'STRING', primaryKey: true },
      { name: 'n', type: 'integer', nullable: true, engineType: 'INT64', primaryKey: false },
      { name: 'b', type: 'bigint', nullable: true, engineType: 'INT64', primaryKey: false },
    ]);
    expect(sql.tableFromDescription('t', rows)?.primaryKey).toEqual(['id']);
    expect(sql.tableFromDescription('t', [])).toBeNull();
  });
});

describe('BigQuery parameters', () => {
  it('binds positional and named placeholders as named query parameters', () => {
    const positional = sql.bindQuery('SELECT * FROM ads.c WHERE day >= $1 AND id IN UNNEST($2) AND n = $1', [
      '2024-01-01',
      ['a', 'b'],
    ]);
    expect(positional.sql).toBe('SELECT * FROM ads.c WHERE day >= @p1 AND id IN UNNEST(@p2) AND n = @p1');
    expect(positional.params).toEqual([
      { name: 'p1', parameterType: { type: 'STRING' }, parameterValue: { value: '2024-01-01' } },
      {
        name: 'p2',
        parameterType: { type: 'ARRAY', arrayType: { type: 'STRING' } },
        parameterValue: { arrayValues: [{ value: 'a' }, { value: 'b' }] },
      },
    ]);
    const named = sql.bindQuery('SELECT $id AS a, $when AS b', {
      id: 5,
      when: new Date('2024-01-01T00:00:00Z'),
    });
    expect(named.sql).toBe('SELECT @id AS a, @when AS b');
    expect(named.params.map((p) => [p.parameterType.type, p.parameterValue.value])).toEqual([
      ['INT64', '5'],
      ['TIMESTAMP', '2024-01-01T00:00:00.000Z'],
    ]);
  });

  it('leaves placeholders in literals, quoted names and comments alone', () => {
    const text = "SELECT '$1', \"$1\", '''it's $1''', `$1`, 'a\\'$1' -- $1\n# $1\n/* $1 */ , $1, x$1";
    expect(sql.bindQuery(text, [1]).sql).toBe(
      "SELECT '$1', \"$1\", '''it's $1''', `$1`, 'a\\'$1' -- $1\n# $1\n/* $1 */ , @p1, x$1",
    );
  });

  it('types each value and refuses what BigQuery cannot bind', () => {
    const types = [1.5, 2n, true, null, NaN, [], [1, null]].map(
      (v) => bigQueryParameter('v', v).parameterType,
    );
    expect(types).toEqual([
      { type: 'FLOAT64' },
      { type: 'INT64' },
      { type: 'BOOL' },
      { type: 'STRING' },
      { type: 'FLOAT64' },
      { type: 'ARRAY', arrayType: { type: 'STRING' } },
      { type: 'ARRAY', arrayType: { type: 'INT64' } },
    ]);
    expect(bigQueryParameter('v', null).parameterValue).toEqual({});
    for (const bad of [{ a: 1 }, [[1]], [1, 'a'], 2n ** 64n, new Date('nope'), Symbol('s')]) {
      expect(thrownWarehouseError(() => bigQueryParameter('v', bad)).type).toBe('invalid_parameter');
    }
  });

  it('requires a value for every placeholder and a placeholder for every value', () => {
    for (const [text, params] of [
      ['SELECT $1', []],
      ['SELECT $2', [1]],
      ['SELECT 1', [1]],
      ['SELECT $a', {}],
      ['SELECT 1', { a: 1 }],
      ['SELECT $a', [1]],
      ['SELECT $1', { a: 1 }],
    ] as const) {
      expect([
        text,
        thrownWarehouseError(() => sql.bindQuery(text, params as unknown as unknown[])).type,
      ]).toEqual([text, 'invalid_parameter']);
    }
  });
});

describe('BigQuery results', () => {
  it('turns the REST form of every type into JSON-safe values', () => {
    const fields = [
      { name: 'i', type: 'INTEGER' },
      { name: 'big', type: 'INT64' },
      { name: 'f', type: 'FLOAT' },
      { name: 'inf', type: 'FLOAT64' },
      { name: 'num', type: 'NUMERIC' },
      { name: 'b', type: 'BOOLEAN' },
      { name: 'd', type: 'DATE' },
      { name: 'ts', type: 'TIMESTAMP' },
      { name: 'dt', type: 'DATETIME' },
      { name: 'j', type: 'JSON' },
      { name: 's', type: 'STRING' },
      { name: 'arr', type: 'INT64', mode: 'REPEATED' },
      {
        name: 'rec',
        type: 'RECORD',
        fields: [
          { name: 'x', type: 'TIMESTAMP' },
          { name: 'y', type: 'STRING' },
        ],
      },
      { name: 'nul', type: 'STRING' },
    ];
    const row = {
      f: [
        { v: '42' },
        { v: '9007199254740993' },
        { v: '0.25' },
        { v: '-Infinity' },
        { v: '12.345' },
        { v: 'true' },
        { v: '2024-01-31' },
        { v: '1706695200123456' },
        { v: '2024-01-31T10:00:00' },
        { v: '{"tags":["x"]}' },
        { v: 'text' },
        { v: [{ v: '1' }, { v: '2' }] },
        { v: { f: [{ v: '1706695200000000' }, { v: 'y' }] } },
        { v: null },
      ],
    };
    expect(resultRows(fields, [row])).toEqual([
      {
        i: 42,
        big: '9007199254740993',
        f: 0.25,
        inf: -Infinity,
        num: 12.345,
        b: true,
        d: '2024-01-31',
        ts: '2024-01-31T10:00:00.123456Z',
        dt: '2024-01-31T10:00:00Z',
        j: { tags: ['x'] },
        s: 'text',
        arr: [1, 2],
        rec: { x: '2024-01-31T10:00:00Z', y: 'y' },
        nul: null,
      },
    ]);
    expect(queryColumns(fields).map((c) => c.type)).toEqual([
      'bigint',
      'bigint',
      'double',
      'double',
      'decimal',
      'boolean',
      'date',
      'timestamp',
      'timestamp',
      'json',
      'string',
      'json',
      'json',
      'string',
    ]);
  });
  it('reads timestamps in microseconds or floating seconds, before 1970 too', () => {
    expect(timestampText('-1')).toBe('1969-12-31T23:59:59.999999Z');
    expect(timestampText('1.7066952E9')).toBe('2024-01-31T10:00:00Z');
    expect(timestampText('0')).toBe('1970-01-01T00:00:00Z');
  });
});
