import type { ReportFilter } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { performanceQuery } from '../../test/report-fixture';
import { ReportQueryError, type SemanticModel } from './semantic-model';

const NOW = new Date('2024-05-15T08:30:00Z');

const compile = (
  q: Partial<ReportQuery>,
  dialect: 'duckdb' | 'postgres' | 'bigquery' | 'databricks' = 'duckdb',
) => compileReportQuery(MARKETING_SEMANTIC_MODEL, performanceQuery(q), dialect, { now: NOW });

function rejects(q: Partial<ReportQuery>, type: ReportQueryError['type'], message: RegExp): void {
  let caught: unknown;
  try {
    compile(q);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ReportQueryError);
  expect((caught as ReportQueryError).type).toBe(type);
  expect((caught as ReportQueryError).message).toMatch(message);
}

const channelIn: ReportFilter = {
  id: 'channel',
  kind: 'list',
  table: 'performance',
  column: 'channel',
  mode: 'include',
  values: ['Google Ads', 'Meta Ads'],
};

describe('compileReportQuery in each dialect', () => {
  const representative: Partial<ReportQuery> = {
    measures: ['clicks', 'ctr'],
    dimensions: [
      { name: 'date', grain: 'month' },
      { name: 'channel', grain: null },
    ],
    filters: [channelIn],
    dateRange: { from: '2024-01-01', to: '2024-03-31' },
    sort: [{ field: 'clicks', direction: 'desc' }],
    limit: 50,
  };
  const params = ['2024-01-01', '2024-03-31', 'Google Ads', 'Meta Ads'];

  it('duckdb', () => {
    const { sql, params: values } = compile(representative, 'duckdb');
    const month = `CAST(DATE_TRUNC('month', "date") AS DATE)`;
    expect(sql).toBe(
      `SELECT ${month} AS "date", "channel" AS "channel", SUM("clicks") AS "clicks", ` +
        `CAST(SUM("clicks") AS DOUBLE) / NULLIF(CAST(SUM("impressions") AS DOUBLE), 0) AS "ctr" ` +
        `FROM "analytics"."marketing_performance" ` +
        `WHERE "date" >= CAST($1 AS DATE) AND "date" <= CAST($2 AS DATE) ` +
        `AND "channel" IN (CAST($3 AS VARCHAR), CAST($4 AS VARCHAR)) ` +
        `GROUP BY ${month}, "channel" ` +
        `ORDER BY SUM("clicks") DESC NULLS LAST, ${month} ASC NULLS LAST, "channel" ASC NULLS LAST LIMIT 50`,
    );
    expect(values).toEqual(params);
  });

  it('postgres', () => {
    const { sql, params: values } = compile(representative, 'postgres');
    const month = `CAST(DATE_TRUNC('month', CAST("date" AS TIMESTAMP)) AS DATE)`;
    expect(sql).toBe(
      `SELECT ${month} AS "date", "channel" AS "channel", SUM("clicks") AS "clicks", ` +
        `CAST(SUM("clicks") AS double precision) / NULLIF(CAST(SUM("impressions") AS double precision), 0) AS "ctr" ` +
        `FROM "analytics"."marketing_performance" ` +
        `WHERE "date" >= CAST($1 AS date) AND "date" <= CAST($2 AS date) ` +
        `AND "channel" IN (CAST($3 AS text), CAST($4 AS text)) ` +
        `GROUP BY ${month}, "channel" ` +
        `ORDER BY SUM("clicks") DESC NULLS LAST, ${month} ASC NULLS LAST, "channel" ASC NULLS LAST LIMIT 50`,
    );
    expect(values).toEqual(params);
  });

  it.each([
    ['bigquery', 'DATE_TRUNC(`date`, MONTH)', 'FLOAT64'],
    ['databricks', "CAST(DATE_TRUNC('month', `date`) AS DATE)", 'DOUBLE'],
  ] as const)('%s', (dialect, month, double) => {
    const { sql, params: values } = compile(representative, dialect);
    expect(sql).toBe(
      `SELECT ${month} AS \`date\`, \`channel\` AS \`channel\`, SUM(\`clicks\`) AS \`clicks\`, ` +
        `CAST(SUM(\`clicks\`) AS ${double}) / NULLIF(CAST(SUM(\`impressions\`) AS ${double}), 0) AS \`ctr\` ` +
        'FROM `analytics`.`marketing_performance` ' +
        'WHERE `date` >= CAST($1 AS DATE) AND `date` <= CAST($2 AS DATE) ' +
        'AND `channel` IN (CAST($3 AS STRING), CAST($4 AS STRING)) ' +
        `GROUP BY ${month}, \`channel\` ` +
        `ORDER BY SUM(\`clicks\`) DESC NULLS LAST, ${month} ASC NULLS LAST, \`channel\` ASC NULLS LAST LIMIT 50`,
    );
    expect(values).toEqual(params);
  });

  it('truncates to ISO weeks in BigQuery and to quarters elsewhere', () => {
    expect(compile({ dimensions: [{ name: 'date', grain: 'week' }] }, 'bigquery').sql).toContain(
      'DATE_TRUNC(`date`, ISOWEEK) AS `date`',
    );
    expect(compile({ dimensions: [{ name: 'date', grain: 'quarter' }] }, 'duckdb').sql).toContain(
      `CAST(DATE_TRUNC('quarter', "date") AS DATE) AS "date"`,
    );
  });

  it('matches text with the engine’s own functions', () => {
    const startsWith: ReportFilter = {
      id: 't',
      kind: 'advanced_text',
      table: 'performance',
      column: 'campaign',
      operator: 'starts_with',
      value: 'Brand',
    };
    const contains: ReportFilter = { ...startsWith, operator: 'contains' };
    const where = (f: ReportFilter, d: 'duckdb' | 'databricks') =>
      compile({ measures: ['clicks'], filters: [f] }, d).sql.split(' WHERE ')[1];
    expect(where(startsWith, 'duckdb')).toBe(
      'STARTS_WITH(LOWER("campaign_name"), LOWER(CAST($1 AS VARCHAR)))',
    );
    expect(where(startsWith, 'databricks')).toBe(
      'STARTSWITH(LOWER(`campaign_name`), LOWER(CAST($1 AS STRING)))',
    );
    expect(where(contains, 'databricks')).toBe(
      'INSTR(LOWER(`campaign_name`), LOWER(CAST($1 AS STRING))) > 0',
    );
  });
});

describe('advanced date filters', () => {
  const q3: ReportFilter = {
    id: 'date',
    kind: 'advanced_date',
    table: 'performance',
    column: 'date',
    operator: 'is_after',
    value: '2025-06-30T12:00',
    and: { operator: 'is_before', value: '2025-10-01T12:00' },
  };
  const where = (f: ReportFilter, d: Parameters<typeof compile>[1] = 'duckdb') => {
    const { sql, params } = compile({ measures: ['clicks'], filters: [f] }, d);
    return { where: sql.split(' WHERE ')[1], params };
  };

  it.each([
    ['duckdb', '"date" > CAST($1 AS DATE) AND "date" < CAST($2 AS DATE)'],
    ['postgres', '"date" > CAST($1 AS date) AND "date" < CAST($2 AS date)'],
    ['bigquery', '`date` > CAST($1 AS DATE) AND `date` < CAST($2 AS DATE)'],
    ['databricks', '`date` > CAST($1 AS DATE) AND `date` < CAST($2 AS DATE)'],
  ] as const)('joins two conditions with AND in %s, the days bound', (dialect, sql) => {
    expect(where(q3, dialect)).toEqual({ where: sql, params: ['2025-06-30', '2025-10-01'] });
  });

  it('compares days, the time ignored; a missing or null second condition is none', () => {
    const one: ReportFilter = { ...q3, and: null };
    expect(where(one)).toEqual({ where: '"date" > CAST($1 AS DATE)', params: ['2025-06-30'] });
    // As saved before the second condition existed.
    const saved: ReportFilter = {
      id: 'date',
      kind: 'advanced_date',
      table: 'performance',
      column: 'date',
      operator: 'is',
      value: '2025-07-04T23:59:59',
    };
    expect(where(saved)).toEqual({ where: '"date" = CAST($1 AS DATE)', params: ['2025-07-04'] });
    expect(where({ ...q3, and: { operator: 'is_not', value: '2025-08-15T12:00' } })).toEqual({
      where: '"date" > CAST($1 AS DATE) AND ("date" IS NULL OR "date" <> CAST($2 AS DATE))',
      params: ['2025-06-30', '2025-08-15'],
    });
  });

  it('refuses a second condition that is not a date-time', () => {
    rejects(
      { measures: ['clicks'], filters: [{ ...q3, and: { operator: 'is_before', value: '2025-10-01' } }] },
      'invalid_report_query',
      /invalid filter/,
    );
  });
});

describe('measures', () => {
  it('divides safely: NULL when the denominator is 0, never integer division', () => {
    const { sql } = compile({ measures: ['cpa', 'roas'] }, 'postgres');
    // Amounts are doubles already (a division): only the sums of integers are cast. Without the
    // organization's currency, an amount is summed only where the rows share one currency.
    const amount = (column: string) =>
      `CAST(CASE WHEN MIN("currency") = MAX("currency") THEN SUM("${column}") END AS double precision) / 1000000`;
    const spend = amount('cost_micros');
    expect(sql).toBe(
      `SELECT ${spend} / NULLIF(CAST(SUM("conversions") AS double precision), 0) AS "cpa", ` +
        `${amount('conversion_value_micros')} / ` +
        `NULLIF(${spend}, 0) AS "roas" FROM "analytics"."marketing_performance"`,
    );
  });

  it('compiles every aggregation', () => {
    const model: SemanticModel = {
      name: 'm',
      label: 'M',
      tables: [
        {
          name: 't',
          label: 'T',
          source: { schema: 's', table: 't' },
          timeDimension: null,
          dimensions: [
            { name: 'k', label: 'K', type: 'string', sql: { expression: "COALESCE({k}, '')" }, grains: [] },
          ],
          measures: (['sum', 'count', 'count_distinct', 'min', 'max', 'avg'] as const).map((aggregation) => ({
            name: aggregation,
            label: aggregation,
            format: 'number' as const,
            kind: 'aggregate' as const,
            aggregation,
            sql: { column: 'v' },
            divisor: null,
          })),
        },
      ],
    };
    const compiled = compileReportQuery(
      model,
      {
        ...performanceQuery(),
        table: 't',
        measures: ['sum', 'count', 'count_distinct', 'min', 'max', 'avg'],
        dimensions: [{ name: 'k', grain: null }],
      },
      'duckdb',
      { now: NOW },
    );
    expect(compiled.sql).toBe(
      `SELECT (COALESCE("k", '')) AS "k", SUM("v") AS "sum", COUNT("v") AS "count", COUNT(DISTINCT "v") AS "count_distinct", ` +
        `MIN("v") AS "min", MAX("v") AS "max", AVG("v") AS "avg" FROM "s"."t" ` +
        `GROUP BY (COALESCE("k", '')) ORDER BY (COALESCE("k", '')) ASC NULLS LAST`,
    );
    expect(compiled.columns.map((c) => [c.name, c.role])).toEqual([
      ['k', 'dimension'],
      ['sum', 'measure'],
      ['count', 'measure'],
      ['count_distinct', 'measure'],
      ['min', 'measure'],
      ['max', 'measure'],
      ['avg', 'measure'],
    ]);
  });

  it('describes the columns with labels, formats and grains', () => {
    const { columns } = compile({
      measures: ['spend', 'ctr'],
      dimensions: [{ name: 'date', grain: 'week' }],
    });
    expect(columns).toEqual([
      { name: 'date', label: 'Date', role: 'dimension', type: 'date', format: null, grain: 'week' },
      { name: 'spend', label: 'Spend', role: 'measure', type: 'number', format: 'currency', grain: null },
      { name: 'ctr', label: 'CTR', role: 'measure', type: 'number', format: 'percent', grain: null },
    ]);
  });
});

describe('values never reach the SQL text', () => {
  const attacks = [
    `x'; DROP TABLE marketing_performance; --`,
    `" OR 1=1 --`,
    '` OR TRUE #',
    '$secret AND $1',
    "\\'; SELECT 1",
  ];

  it.each(['duckdb', 'postgres', 'bigquery', 'databricks'] as const)('in %s', (dialect) => {
    const filters: ReportFilter[] = [
      { ...channelIn, values: attacks },
      { id: 'x', kind: 'list', table: 'performance', column: 'campaign', mode: 'exclude', values: attacks },
      ...(['contains', 'does_not_contain', 'starts_with', 'is', 'is_not'] as const).map(
        (operator, i): ReportFilter => ({
          id: `t${i}`,
          kind: 'advanced_text',
          table: 'performance',
          column: 'campaign',
          operator,
          value: attacks[i] ?? '',
        }),
      ),
    ];
    const { sql, params } = compile({ measures: ['clicks'], filters }, dialect);
    for (const attack of attacks) expect(sql).not.toContain(attack);
    expect(sql).not.toMatch(/DROP|OR 1=1|OR TRUE|SELECT 1/);
    expect(params).toEqual([...attacks, ...attacks, ...attacks]);
    expect(sql.match(/\$\d+/g)?.length).toBe(params.length);
  });
});

describe('rejections', () => {
  it('rejects names the model does not have, before writing SQL', () => {
    rejects({ table: 'performance; DROP TABLE x', measures: ['clicks'] }, 'unknown_field', /no table/);
    rejects({ measures: ['clicks"; DROP TABLE x; --'] }, 'unknown_field', /no measure/);
    rejects({ measures: ['cost_micros'] }, 'unknown_field', /no measure "cost_micros"/);
    rejects({ dimensions: [{ name: 'campaign_name', grain: null }] }, 'unknown_field', /no dimension/);
    rejects(
      { measures: ['clicks'], sort: [{ field: 'spend', direction: 'asc' }] },
      'unknown_field',
      /not selected/,
    );
    rejects(
      { measures: ['clicks'], filters: [{ ...channelIn, column: 'secret' }] },
      'unknown_field',
      /no dimension "secret"/,
    );
    rejects(
      { measures: ['clicks'], filters: [{ ...channelIn, table: 'other' }] },
      'unknown_field',
      /on table other/,
    );
  });

  it('checks packed pairs: two distinct text dimensions over columns', () => {
    const [table] = MARKETING_SEMANTIC_MODEL.tables;
    if (table === undefined) throw new Error('no table');
    const withPair = (dimensions: [string, string]): SemanticModel => ({
      ...MARKETING_SEMANTIC_MODEL,
      tables: [{ ...table, packed: [{ column: 'channel_campaign', dimensions }] }],
    });
    const compileWith = (model: SemanticModel) =>
      compileReportQuery(model, performanceQuery({ measures: ['clicks'] }), 'duckdb', { now: NOW });
    expect(() => compileWith(withPair(['channel', 'campaign']))).not.toThrow();
    for (const bad of [
      ['channel', 'channel'],
      ['channel', 'date'],
      ['channel', 'nope'],
    ] as const) {
      expect(() => compileWith(withPair([...bad]))).toThrow('packs two text dimensions over columns');
    }
  });

  it('rejects queries the model cannot answer', () => {
    rejects({}, 'invalid_report_query', /needs a dimension or a measure/);
    rejects({ measures: ['clicks', 'clicks'] }, 'invalid_report_query', /selected twice/);
    rejects({ dimensions: [{ name: 'channel', grain: 'month' }] }, 'invalid_report_query', /not a date/);
    rejects({ measures: ['clicks'], offset: 10 }, 'invalid_report_query', /offset needs a limit/);
    rejects({ measures: ['clicks'], limit: 0 }, 'invalid_report_query', /limit must be an integer/);
    rejects({ measures: ['clicks'], limit: 1.5 }, 'invalid_report_query', /limit must be an integer/);
    rejects(
      { measures: ['clicks'], dateRange: { from: '2024-02-30', to: '2024-03-01' } },
      'invalid_report_query',
      /invalid date range/,
    );
    const onChannel = (f: Partial<ReportFilter>) => ({ ...channelIn, ...f }) as ReportFilter;
    rejects(
      {
        measures: ['clicks'],
        filters: [
          onChannel({
            kind: 'relative_date',
            operator: 'in_the_last',
            count: 3,
            unit: 'day',
          }),
        ],
      },
      'invalid_report_query',
      /needs a date dimension/,
    );
    rejects(
      { measures: ['clicks'], filters: [{ ...channelIn, column: 'date', values: ['yesterday'] }] },
      'invalid_report_query',
      /not a value of the date dimension/,
    );
    rejects(
      {
        measures: ['clicks'],
        filters: [
          {
            id: 't',
            kind: 'advanced_text',
            table: 'performance',
            column: 'campaign',
            operator: 'contains',
            value: ' ',
          },
        ],
      },
      'invalid_report_query',
      /non-empty text/,
    );
  });

  it('writes LIMIT and OFFSET as checked integers', () => {
    expect(compile({ measures: ['clicks'], limit: 10, offset: 20 }).sql).toMatch(/ LIMIT 10 OFFSET 20$/);
  });
});
