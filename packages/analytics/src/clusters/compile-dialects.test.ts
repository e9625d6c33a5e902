// The spellings of the engines these machines cannot run (BigQuery, Databricks) and the shape
// every dialect shares; DuckDB and PostgreSQL are run for real by the property tests.
import { describe, expect, it } from 'vitest';
import { compileClusterColumn } from './compile';
import { parsePortableRegex, writeRegex } from './regex';
import type { ClusterColumn, ClusterContext } from './types';

const context: ClusterContext = {
  fields: [
    { id: 'n', column: 'name', type: 'other' },
    { id: 'c', column: 'cost_micros', type: 'money' },
  ],
  wordGroups: [{ id: 'w', name: 'W', terms: ['a.b', 'c'], excludeTerms: ['d'] }],
};
const column: ClusterColumn = {
  id: 'x',
  name: 'X',
  dbName: 'x',
  ruleSets: [
    {
      id: 'one',
      name: 'One',
      rules: [
        { field: 'n', operator: 'ends_with', value: 'z' },
        { field: 'c', operator: 'gte', value: '12.34', condition: 'and' },
        { field: 'n', operator: 'matches', value: '^a\\d$', condition: 'or' },
      ],
    },
    { id: 'two', name: 'Two', rules: [{ field: 'n', operator: 'not_matches_wordgroup', value: 'w' }] },
  ],
};

describe('compileClusterColumn per dialect', () => {
  it('BigQuery: STRING casts, ENDS_WITH, REGEXP_CONTAINS with inline flags, backticks', () => {
    const { sql, params } = compileClusterColumn(column, { ...context, dialect: 'bigquery', offset: 3 });
    expect(sql).toBe(
      "CASE WHEN (ends_with(LOWER(COALESCE(CAST(`name` AS STRING), '')), LOWER(CAST($4 AS STRING)))" +
        ' AND `cost_micros` >= CAST($5 AS FLOAT64))' +
        " OR REGEXP_CONTAINS(COALESCE(CAST(`name` AS STRING), ''), CAST($6 AS STRING)) THEN CAST($7 AS STRING)" +
        " WHEN NOT ((REGEXP_CONTAINS(COALESCE(CAST(`name` AS STRING), ''), CAST($8 AS STRING))" +
        " AND NOT REGEXP_CONTAINS(COALESCE(CAST(`name` AS STRING), ''), CAST($9 AS STRING)))) THEN CAST($10 AS STRING) END",
    );
    expect(params).toEqual(['z', 12_340_000, '(?is)^a[0-9]$', 'One', '(?is)a\\.b|c', '(?is)d', 'Two']);
  });

  it('Databricks: endswith, RLIKE with Java flags and \\z for the end', () => {
    const { sql, params } = compileClusterColumn(column, { ...context, dialect: 'databricks', offset: 0 });
    expect(sql).toContain("endswith(LOWER(COALESCE(CAST(`name` AS STRING), '')), LOWER(CAST($1 AS STRING)))");
    expect(sql).toContain("COALESCE(CAST(`name` AS STRING), '') RLIKE CAST($3 AS STRING)");
    expect(params[2]).toBe('(?isu)^a[0-9]\\z');
  });

  it('PostgreSQL: RIGHT for ends_with, ~* for regexes', () => {
    const { sql } = compileClusterColumn(column, { ...context, dialect: 'postgres', offset: 0 });
    expect(sql).toContain(
      `RIGHT(LOWER(COALESCE(CAST("name" AS TEXT), '')), LENGTH(LOWER(CAST($1 AS TEXT)))) = LOWER(CAST($1 AS TEXT))`,
    );
    expect(sql).toContain(`COALESCE(CAST("name" AS TEXT), '') ~* CAST($3 AS TEXT)`);
  });

  it('a caller may place the columns (inside a join) and a column without rules is NULL', () => {
    const { sql } = compileClusterColumn(column, {
      ...context,
      dialect: 'duckdb',
      offset: 0,
      columnSql: (c) => `"m"."${c}"`,
    });
    expect(sql).toContain(`"m"."cost_micros" >= CAST($2 AS DOUBLE)`);
    const empty = { ...column, ruleSets: [{ id: 'e', name: 'E', rules: [] }] };
    expect(compileClusterColumn(empty, { ...context, dialect: 'duckdb', offset: 0 })).toEqual({
      sql: 'CAST(NULL AS VARCHAR)',
      params: [],
    });
  });

  it('refuses a field column that is not an identifier', () => {
    const bad = { ...context, fields: [{ id: 'n', column: 'name; drop', type: 'other' as const }] };
    expect(() => compileClusterColumn(column, { ...bad, dialect: 'duckdb', offset: 0 })).toThrow();
  });
});

describe('the portable regex subset', () => {
  it.each([
    ['a.b', 'a.b'],
    ['\\d+\\.\\d{2}', '[0-9]{1,}\\.[0-9]{2}'],
    ['(x|y)*?z', '(?:x|y){0,}z'],
    ['[^\\]a-c&]', '[^\\]a-c&]'],
    ['\\S\\W', '[^ \\t\\n\\r\\f\\x0B][^A-Za-z0-9_]'],
  ])('%s is written for JavaScript as %s', (pattern, js) => {
    const parsed = parsePortableRegex(pattern);
    expect(parsed.ok && writeRegex(parsed.node, 'js')).toBe(js);
  });

  it('escapes & in Java classes, where && would intersect', () => {
    const parsed = parsePortableRegex('[a&&b]');
    expect(parsed.ok && writeRegex(parsed.node, 'java')).toBe('[a\\&\\&b]');
  });

  it('says where and what is wrong', () => {
    expect(parsePortableRegex('ab(c')).toEqual({ ok: false, error: "missing ')' at position 5" });
    expect(parsePortableRegex('a{300}')).toEqual({
      ok: false,
      error: 'a repeat count above 255 at position 2',
    });
  });
});
