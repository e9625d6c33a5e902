// A cluster column read from its side table (decision 500): the report compiler joins the side
// table, null-safe, only when a query groups or filters by one of its columns, in each dialect.
// DuckDB and PostgreSQL run these joins in apps/server's side-tables test; BigQuery and
// Databricks are checked by their SQL text here.
import type { ReportFilter } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { performanceQuery } from '../../test/report-fixture';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { compileFilterValues } from './filter-values';
import { checkSemanticModel, type SemanticModel } from './semantic-model';
import { sideTableName } from './side-tables';

const NOW = new Date('2024-05-15T08:30:00Z');
type Dialect = 'duckdb' | 'postgres' | 'bigquery' | 'databricks';

/** The marketing model with a cluster column of marketing_performance read from its side table. */
const MODEL: SemanticModel = {
  ...MARKETING_SEMANTIC_MODEL,
  tables: MARKETING_SEMANTIC_MODEL.tables.map((table) =>
    table.name !== 'performance'
      ? table
      : {
          ...table,
          dimensions: [
            ...table.dimensions,
            {
              name: 'cluster_theme',
              label: 'Theme',
              type: 'string',
              sql: { column: 'cluster_theme' },
              grains: [],
            },
          ],
          sideTables: [
            {
              table: sideTableName('marketing_performance'),
              keys: [
                { column: 'campaign_name', type: 'string' },
                { column: 'clicks', type: 'bigint' },
              ],
              columns: ['cluster_theme'],
            },
          ],
        },
  ),
};

const themeIn: ReportFilter = {
  id: 'cluster_theme',
  kind: 'list',
  table: 'performance',
  column: 'cluster_theme',
  mode: 'include',
  values: ['Brand'],
};

const compile = (q: Partial<ReportQuery>, dialect: Dialect) =>
  compileReportQuery(MODEL, performanceQuery(q), dialect, { now: NOW }).sql;

const FROM: Record<Dialect, string> = {
  duckdb:
    '(SELECT maya_source.*, maya_side_0."cluster_theme" FROM "analytics"."marketing_performance" AS maya_source ' +
    'LEFT JOIN "analytics"."marketing_performance__derived" AS maya_side_0 ' +
    'ON maya_source."campaign_name" IS NOT DISTINCT FROM maya_side_0."campaign_name" ' +
    'AND maya_source."clicks" IS NOT DISTINCT FROM maya_side_0."clicks") AS "marketing_performance"',
  postgres:
    '(SELECT maya_source.*, maya_side_0."cluster_theme" FROM "analytics"."marketing_performance" AS maya_source ' +
    'LEFT JOIN "analytics"."marketing_performance__derived" AS maya_side_0 ' +
    `ON COALESCE(maya_source."campaign_name", '') = COALESCE(maya_side_0."campaign_name", '') ` +
    'AND (maya_source."campaign_name" IS NULL) = (maya_side_0."campaign_name" IS NULL) ' +
    'AND COALESCE(maya_source."clicks", 0) = COALESCE(maya_side_0."clicks", 0) ' +
    'AND (maya_source."clicks" IS NULL) = (maya_side_0."clicks" IS NULL)) AS "marketing_performance"',
  bigquery:
    '(SELECT maya_source.*, maya_side_0.`cluster_theme` FROM `analytics`.`marketing_performance` AS maya_source ' +
    'LEFT JOIN `analytics`.`marketing_performance__derived` AS maya_side_0 ' +
    "ON COALESCE(maya_source.`campaign_name`, '') = COALESCE(maya_side_0.`campaign_name`, '') " +
    'AND (maya_source.`campaign_name` IS NULL) = (maya_side_0.`campaign_name` IS NULL) ' +
    'AND COALESCE(maya_source.`clicks`, 0) = COALESCE(maya_side_0.`clicks`, 0) ' +
    'AND (maya_source.`clicks` IS NULL) = (maya_side_0.`clicks` IS NULL)) AS `marketing_performance`',
  databricks:
    '(SELECT maya_source.*, maya_side_0.`cluster_theme` FROM `analytics`.`marketing_performance` AS maya_source ' +
    'LEFT JOIN `analytics`.`marketing_performance__derived` AS maya_side_0 ' +
    'ON maya_source.`campaign_name` <=> maya_side_0.`campaign_name` ' +
    'AND maya_source.`clicks` <=> maya_side_0.`clicks`) AS `marketing_performance`',
};

describe('a side table column in report queries', () => {
  it('is a valid semantic model', () => {
    expect(() => checkSemanticModel(MODEL)).not.toThrow();
    const bad = {
      ...MODEL,
      tables: MODEL.tables.map((t) => ({ ...t, sideTables: [{ table: 'x y', keys: [], columns: [] }] })),
    };
    expect(() => checkSemanticModel(bad)).toThrow(/side table/);
  });

  it.each(Object.keys(FROM) as Dialect[])('%s: joined, null-safe, when grouped by', (dialect) => {
    const sql = compile(
      { measures: ['clicks'], dimensions: [{ name: 'cluster_theme', grain: null }] },
      dialect,
    );
    expect(sql).toContain(` FROM ${FROM[dialect]} GROUP BY `);
    const q = dialect === 'duckdb' || dialect === 'postgres' ? '"' : '`';
    expect(sql.startsWith(`SELECT ${q}cluster_theme${q} AS ${q}cluster_theme${q}, SUM(`)).toBe(true);
  });

  it.each(Object.keys(FROM) as Dialect[])('%s: joined when filtered by, and not otherwise', (dialect) => {
    const filtered = compile({ measures: ['clicks'], filters: [themeIn] }, dialect);
    expect(filtered).toContain(` FROM ${FROM[dialect]} WHERE `);
    const plain = compile({ measures: ['clicks'], dimensions: [{ name: 'campaign', grain: null }] }, dialect);
    expect(plain).not.toContain('__derived');
  });

  it.each(Object.keys(FROM) as Dialect[])("%s: a list filter's values come through the join", (dialect) => {
    const request = { table: 'performance', column: 'cluster_theme', cursor: null, limit: 10 };
    expect(compileFilterValues(MODEL, request, dialect).sql).toContain(` FROM ${FROM[dialect]} GROUP BY `);
    const other = { ...request, column: 'campaign', filters: [themeIn] };
    expect(compileFilterValues(MODEL, other, dialect).sql).toContain(` FROM ${FROM[dialect]} WHERE `);
  });
});
