// A whole-number column declared double (a provider now declaring a metric a float) is widened in
// place, each engine its own way and atomically; DuckDB and PostgreSQL run it for real in
// apps/server/test/etl/widened-columns.test.ts, BigQuery and Databricks are checked by their SQL.
import { describe, expect, it } from 'vitest';
import * as bigquery from './bigquery/bigquery-sql';
import * as databricks from './databricks/databricks-sql';
import { campaigns } from './testing/fixtures';
import type { TableSchema } from './warehouse';

const fractional = (...names: string[]): TableSchema => ({
  ...campaigns,
  columns: campaigns.columns.map((c) => (names.includes(c.name) ? { ...c, type: 'double' as const } : c)),
});

describe('widening whole-number columns', () => {
  it('BigQuery: one ALTER TABLE, FLOAT64 being INT64’s supertype', () => {
    expect(bigquery.tableChangeSql('ads', fractional('clicks', 'impressions'), campaigns)).toEqual([
      'ALTER TABLE `ads`.`campaigns` ALTER COLUMN `clicks` SET DATA TYPE FLOAT64, ALTER COLUMN `impressions` SET DATA TYPE FLOAT64',
    ]);
  });

  it('Databricks: the table replaced by itself with the column cast, in one statement', () => {
    const names: databricks.Names = { catalog: databricks.checkCatalog('main-prod') };
    const [rewrite, ...more] = databricks.tableChangeSql(names, 'ads', fractional('clicks'), campaigns);
    expect(more).toEqual([]);
    const table = '`main-prod`.`ads`.`campaigns`';
    expect(rewrite?.startsWith(`CREATE OR REPLACE TABLE ${table} (`)).toBe(true);
    expect(rewrite).toContain('`clicks` DOUBLE');
    expect(rewrite).toContain(
      ' AS SELECT `day`, `campaign_id`, `name`, CAST(`clicks` AS DOUBLE) AS `clicks`, `impressions`,',
    );
    expect(rewrite?.endsWith(` FROM ${table}`)).toBe(true);
  });
});
