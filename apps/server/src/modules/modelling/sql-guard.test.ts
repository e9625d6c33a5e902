import { describe, expect, it } from 'vitest';
import { checkReadOnlySql } from './sql-guard';

const OTHER = '0b4c7a52-8d1e-4f3a-9c2b-5e6f7a8b9c0d';

describe('checkReadOnlySql', () => {
  it.each([
    ['CREATE TABLE analytics.pwned AS SELECT 1', 'SELECT'],
    ['SELECT 1 AS x FROM (SELECT 1) CREATE', 'CREATE'],
    ['SELECT 1; DROP TABLE analytics.marketing_performance', 'one statement'],
    ["ATTACH '/tmp/x.duckdb' AS x", 'SELECT'],
    [
      "WITH a AS (SELECT 1) SELECT * FROM a, (SELECT 1) b WHERE 1 = 1 UNION SELECT 1 FROM read_csv('x')",
      'read_csv',
    ],
    ["SELECT * FROM '/etc/passwd'", 'file'],
    ['SELECT * FROM "data.parquet"', 'quoted name'],
    ["SELECT * FROM read_text('/etc/hostname')", 'read_text'],
    ["SELECT * FROM parquet_scan('s3://bucket/x')", 'parquet_scan'],
    ["SELECT 'https://example.com/data.csv' AS u", 'URL'],
    ["SELECT * FROM glob('/*')", 'glob'],
    ["SELECT getenv('HOME')", 'getenv'],
    ["SELECT pg_read_file('postgresql.conf')", 'pg_read_file'],
    ["SELECT lo_import('/etc/passwd')", 'lo_import'],
    ["SELECT * FROM dblink('host=other', 'SELECT 1') AS t(x int)", 'dblink'],
    ['WITH x AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM x', 'INSERT'],
    [`SELECT * FROM "${OTHER}".analytics.marketing_performance`, 'organization'],
    ['SELECT * FROM prj_other_db.analytics.marketing_performance', 'organization'],
    ['SELECT * FROM information_schema.tables', 'schemas'],
    ['SELECT * FROM duckdb_databases()', 'duckdb_databases'],
    ['PRAGMA database_list', 'SELECT'],
    ['', 'empty'],
  ])('refuses %s', (sql, reason) => {
    const verdict = checkReadOnlySql(sql);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(reason);
  });

  it.each([
    'SELECT campaign, sum(clicks) FROM analytics.marketing_performance GROUP BY 1;',
    "SELECT * FROM analytics.marketing_performance WHERE campaign LIKE '%set%' -- update later",
    "WITH t AS (SELECT date, clicks FROM analytics.marketing_performance) SELECT * FROM t WHERE date > '2026-01-01'",
    "SELECT landing_page FROM analytics.seo WHERE landing_page = '/blog/post'",
  ])('lets through %s', (sql) => {
    expect(checkReadOnlySql(sql)).toMatchObject({ ok: true });
  });
});
