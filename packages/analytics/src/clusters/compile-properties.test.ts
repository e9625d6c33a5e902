// Property tests (issue 24, done-when): for random rules and rows, the compiled SQL gives the
// reference evaluator's labels on DuckDB and on PostgreSQL, and no value, however hostile,
// reaches the SQL text.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnArb, rowsArb, wordGroupsArb, NUMERIC_FIELDS, TEXT_FIELDS } from '../../test/arbitraries';
import { labels, openEngines, rowsTable, type Engine } from '../../test/engines';
import { compileClusterColumn } from './compile';
import { isClusterRuleError } from './errors';
import { clusterEvaluator } from './evaluate';
import type { ClusterContext, WordGroup } from './types';

const SCHEMA = 'rules_properties';
const FIELDS = [
  ...TEXT_FIELDS.map((c) => ({ id: c, column: c, type: 'other' as const })),
  ...NUMERIC_FIELDS.map((c) => ({ id: c, column: c, type: 'numeric' as const })),
];
const TABLE = rowsTable('items', TEXT_FIELDS, NUMERIC_FIELDS);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

const caseArb = wordGroupsArb().chain((wordGroups: WordGroup[]) =>
  fc.record({ wordGroups: fc.constant(wordGroups), column: columnArb(wordGroups.length), rows: rowsArb }),
);

/** The fixed spellings the compiler writes; anything else in quotes would be a value. */
function withoutFixedLiterals(sql: string): string {
  return sql.replaceAll("''", '').replaceAll("'is'", '');
}

describe('compiled rules against the reference evaluator', () => {
  let engines: Engine[] = [];
  beforeAll(async () => {
    engines = await openEngines();
    for (const { warehouse } of engines) await warehouse.ensureSchema(SCHEMA);
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
  });

  it('DuckDB and PostgreSQL label random rows as the evaluator does', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ wordGroups, column, rows }) => {
        const context: ClusterContext = { fields: FIELDS, wordGroups };
        let evaluate: ReturnType<typeof clusterEvaluator>;
        try {
          evaluate = clusterEvaluator(column, context);
        } catch (error) {
          // The evaluator and the compiler refuse the same rules, with the same error.
          expect(isClusterRuleError(error)).toBe(true);
          expect(() => compileClusterColumn(column, { ...context, dialect: 'duckdb', offset: 0 })).toThrow(
            (error as Error).message,
          );
          return;
        }
        const expected = rows.map(evaluate);
        for (const { name, warehouse } of engines) {
          await warehouse.dropTable(SCHEMA, 'items');
          await warehouse.createTable(SCHEMA, TABLE);
          await warehouse.loadBatch(SCHEMA, 'items', [rows]);
          expect([name, await labels(warehouse, SCHEMA, 'items', column, context)]).toEqual([name, expected]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('binds every value: the SQL text holds placeholders, never a value', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.constantFrom('duckdb', 'postgres', 'bigquery', 'databricks'),
        fc.nat(20),
        (c, dialect, offset) => {
          let compiled;
          try {
            compiled = compileClusterColumn(c.column, {
              fields: FIELDS,
              wordGroups: c.wordGroups,
              dialect,
              offset,
            });
          } catch (error) {
            expect(isClusterRuleError(error)).toBe(true);
            return;
          }
          const { sql, params } = compiled;
          expect(withoutFixedLiterals(sql)).not.toContain("'");
          const placeholders = [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
          expect(new Set(placeholders)).toEqual(new Set(params.map((_, i) => offset + i + 1)));
          // Identifiers are the only other words: the field columns, quoted.
          const quote = dialect === 'duckdb' || dialect === 'postgres' ? '"' : '`';
          const identifiers = [...sql.matchAll(new RegExp(`\\${quote}([^\\${quote}]*)\\${quote}`, 'g'))].map(
            (m) => m[1],
          );
          for (const id of identifiers) expect([...TEXT_FIELDS, ...NUMERIC_FIELDS]).toContain(id);
        },
      ),
      { numRuns: 500 },
    );
  });
});
