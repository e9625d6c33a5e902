// Hostile values (issue 24, done-when): quotes, backslashes, % and _, regex metacharacters,
// invalid regexes and 10,000-character strings never break or escape the SQL, on DuckDB and
// PostgreSQL, and the tables they run over are untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels, openEngines, rowsTable, type Engine } from '../../test/engines';
import { compileClusterColumn } from './compile';
import { ClusterRuleError } from './errors';
import { clusterEvaluator } from './evaluate';
import type { ClusterColumn, ClusterContext, ClusterRule } from './types';

const SCHEMA = 'rules_hostile';
const LONG = `'"\\%_${'x'.repeat(9_990)}$$`;
const INJECTION = `'); DROP TABLE "${SCHEMA}"."items"; --`;
const ROWS = [
  { id: 1, name: LONG, note: 'plain' },
  { id: 2, name: INJECTION, note: null },
  { id: 3, name: '100% a_b', note: '\\\\server\\share' },
  { id: 4, name: 'a.b*c', note: '$1 $2' },
];
const context: ClusterContext = {
  fields: [
    { id: 'name', column: 'name', type: 'other' },
    { id: 'note', column: 'note', type: 'other' },
  ],
  wordGroups: [{ id: 'long', name: 'Long', terms: [LONG.slice(0, 5000), '% a_'], excludeTerms: [INJECTION] }],
};

function column(rules: ClusterRule[]): ClusterColumn {
  return { id: 'c', name: 'c', dbName: 'c', ruleSets: [{ id: 'r', name: INJECTION, rules }] };
}

const VALID: [string, ClusterRule[]][] = [
  ['a 10,000-character equals', [{ field: 'name', operator: 'equals', value: LONG }]],
  ['a 10,000-character contains', [{ field: 'name', operator: 'contains', value: LONG.slice(1) }]],
  ['an injection attempt', [{ field: 'name', operator: 'equals', value: INJECTION }]],
  [
    '% and _ are not wildcards',
    [
      { field: 'name', operator: 'contains', value: '% a_' },
      { field: 'name', operator: 'contains', value: 'a%b', condition: 'or' },
    ],
  ],
  ['backslashes are plain', [{ field: 'note', operator: 'starts_with', value: '\\\\server' }]],
  ['dollar placeholders in values', [{ field: 'note', operator: 'equals', value: '$1 $2' }]],
  ['metacharacters in plain operators', [{ field: 'name', operator: 'equals', value: 'a.b*c' }]],
  ['an escaped regex', [{ field: 'name', operator: 'matches', value: '^a\\.b\\*c$' }]],
  ['a 10,000-character regex', [{ field: 'name', operator: 'matches', value: `x{255}${'x'.repeat(9_000)}` }]],
  ['a word group of long terms', [{ field: 'name', operator: 'matches_wordgroup', value: 'long' }]],
];

const INVALID = [
  '(',
  'a)',
  '[a',
  'a{2,1}',
  '*a',
  'a**',
  '\\',
  '(?=a)',
  '(?<n>a)',
  '\\1',
  '\\b',
  'a{256}',
  '[z-a]',
  ']',
  '\\p{L}',
  '(?i)a',
];

describe('hostile values', () => {
  let engines: Engine[] = [];
  beforeAll(async () => {
    engines = await openEngines();
    for (const { warehouse } of engines) {
      await warehouse.ensureSchema(SCHEMA);
      await warehouse.createTable(SCHEMA, rowsTable('items', ['name', 'note'], []));
      await warehouse.loadBatch(SCHEMA, 'items', [ROWS]);
    }
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
  });

  it.each(VALID)('%s: runs on both engines with the reference labels', async (_, rules) => {
    const col = column(rules);
    const expected = ROWS.map(clusterEvaluator(col, context));
    expect(expected.some((label) => label !== null)).toBe(true);
    for (const { name, warehouse } of engines) {
      expect([name, await labels(warehouse, SCHEMA, 'items', col, context)]).toEqual([name, expected]);
      const count = await warehouse.query(`SELECT COUNT(*) AS n FROM "${SCHEMA}"."items"`, [], {
        timeoutMs: 10_000,
      });
      expect(count.rows[0]?.n).toBe(ROWS.length);
    }
  });

  it.each(INVALID)('refuses the regex %j before any engine sees it, naming the rule', (pattern) => {
    const col: ClusterColumn = {
      id: 'c',
      name: 'c',
      dbName: 'c',
      ruleSets: [
        { id: 'first', name: 'First', rules: [{ field: 'name', operator: 'contains', value: 'a' }] },
        {
          id: 'second',
          name: 'Second',
          rules: [
            { field: 'name', operator: 'contains', value: 'a' },
            { field: 'note', operator: 'not_matches', value: pattern, condition: 'and' },
          ],
        },
      ],
    };
    for (const dialect of ['duckdb', 'postgres', 'bigquery', 'databricks'] as const) {
      let thrown: unknown;
      try {
        compileClusterColumn(col, { ...context, dialect, offset: 0 });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ClusterRuleError);
      expect(thrown).toMatchObject({
        type: 'invalid_regex',
        location: { ruleSetId: 'second', ruleSetName: 'Second', ruleIndex: 1 },
      });
      expect((thrown as Error).message).toMatch(/^rule set 'Second', rule 2: invalid regular expression: /);
    }
  });
});
