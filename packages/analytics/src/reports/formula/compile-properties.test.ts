// Property tests for calculated metrics (issue 32, done-when): random formulas over random rows
// give on DuckDB and on PostgreSQL the values the TypeScript evaluator gives, division by zero
// and missing values included; and a formula printed and parsed again is the same tree.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableSchema } from '@maya/warehouse';
import { openEngines, type Engine } from '../../../test/engines';
import { compileReportQuery } from '../compile-query';
import type { SemanticModel, SemanticTable } from '../semantic-model';
import { evaluateFormula } from './evaluate';
import { calculatedMeasure } from './measures';
import { parseFormula, type FormulaNode } from './parse';

const SCHEMA = 'formula_properties';
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const GROUPS = ['north', 'south', 'east'] as const;

const TABLE: TableSchema = {
  name: 'items',
  columns: [
    { name: 'id', type: 'integer', nullable: false },
    { name: 'grp', type: 'string', nullable: false },
    { name: 'a', type: 'integer', nullable: true },
    { name: 'b', type: 'integer', nullable: true },
  ],
  primaryKey: ['id'],
};

const SEMANTIC: SemanticTable = {
  name: 'items',
  label: 'Items',
  source: { schema: SCHEMA, table: 'items' },
  timeDimension: null,
  dimensions: [{ name: 'grp', label: 'Group', type: 'string', sql: { column: 'grp' }, grains: [] }],
  measures: [
    {
      name: 'a_sum',
      label: 'A',
      format: 'number',
      kind: 'aggregate',
      aggregation: 'sum',
      sql: { column: 'a' },
      divisor: null,
    },
    {
      name: 'b_sum',
      label: 'B',
      format: 'number',
      kind: 'aggregate',
      aggregation: 'sum',
      sql: { column: 'b' },
      divisor: null,
    },
    {
      name: 'rows',
      label: 'Rows',
      format: 'number',
      kind: 'aggregate',
      aggregation: 'count',
      sql: null,
      divisor: null,
    },
    {
      name: 'a_per_b',
      label: 'A per B',
      format: 'number',
      kind: 'ratio',
      numerator: 'a_sum',
      denominator: 'b_sum',
    },
  ],
};

type Row = { id: number; grp: string; a: number | null; b: number | null };

/** What the engines aggregate, in TypeScript: SUM of no value is NULL, as in SQL. */
function aggregates(rows: readonly Row[]): (name: string) => number | null {
  const sum = (values: (number | null)[]) => {
    const present = values.filter((v): v is number => v !== null);
    return present.length === 0 ? null : present.reduce((x, y) => x + y, 0);
  };
  const a = sum(rows.map((r) => r.a));
  const b = sum(rows.map((r) => r.b));
  const byName: Record<string, number | null> = {
    a_sum: a,
    b_sum: b,
    rows: rows.length,
    a_per_b: a === null || b === null || b === 0 ? null : a / b,
  };
  return (name) => byName[name] ?? null;
}

const leaf: fc.Arbitrary<FormulaNode> = fc.oneof(
  fc
    .constantFrom('a_sum', 'b_sum', 'rows', 'a_per_b')
    .map((name) => ({ kind: 'measure' as const, name, position: 0 })),
  fc.constantFrom(0, 1, 2, 2.5, 100, 0.001).map((value) => ({ kind: 'number' as const, value })),
);
const formulaArb: fc.Arbitrary<FormulaNode> = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ kind: fc.constant('negate' as const), operand: tie('node') }),
    fc.record({
      kind: fc.constant('binary' as const),
      operator: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const),
      left: tie('node'),
      right: tie('node'),
    }),
  ),
})).node;

const rowsArb = fc.array(
  fc.record({
    grp: fc.constantFrom(...GROUPS),
    a: fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }),
    b: fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }),
  }),
  { maxLength: 30 },
);

/** The formula as a user could write it, every operation in parentheses. */
function print(node: FormulaNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'measure':
      return node.name;
    case 'negate':
      return `-(${print(node.operand)})`;
    case 'binary':
      return `(${print(node.left)} ${node.operator} ${print(node.right)})`;
  }
}

function withoutPositions(node: FormulaNode): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value)));
}

function close(actual: number | null, expected: number | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

describe('calculated metrics against the reference evaluator', () => {
  let engines: Engine[] = [];
  beforeAll(async () => {
    engines = await openEngines();
    for (const { warehouse } of engines) await warehouse.ensureSchema(SCHEMA);
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
  });

  it('a printed formula parses back to the same tree', () => {
    fc.assert(
      fc.property(formulaArb, (node) => {
        expect(withoutPositions(parseFormula(print(node)))).toEqual(withoutPositions(node));
      }),
      { numRuns: RUNS * 5 },
    );
  });

  it('DuckDB and PostgreSQL give the evaluator’s value for each group', async () => {
    await fc.assert(
      fc.asyncProperty(formulaArb, rowsArb, async (node, generated) => {
        const rows: Row[] = generated.map((r, id) => ({ id, ...r }));
        const formula = print(node);
        const calc = calculatedMeasure(SEMANTIC, { name: 'calc', label: 'Calc', format: 'number', formula });
        const model: SemanticModel = {
          name: 'formulas',
          label: 'Formulas',
          tables: [{ ...SEMANTIC, measures: [...SEMANTIC.measures, calc] }],
        };
        const expected = new Map(
          GROUPS.filter((g) => rows.some((r) => r.grp === g)).map((g) => [
            g,
            evaluateFormula(parseFormula(formula), aggregates(rows.filter((r) => r.grp === g))),
          ]),
        );
        for (const { name, warehouse } of engines) {
          await warehouse.dropTable(SCHEMA, 'items');
          await warehouse.createTable(SCHEMA, TABLE);
          if (rows.length > 0) await warehouse.loadBatch(SCHEMA, 'items', [rows]);
          const query = compileReportQuery(
            model,
            {
              table: 'items',
              dimensions: [{ name: 'grp', grain: null }],
              measures: ['calc'],
              filters: [],
              dateRange: null,
              sort: [],
              limit: null,
              offset: null,
            },
            warehouse.engine,
            { now: new Date(0) },
          );
          const { rows: answered } = await warehouse.query(query.sql, query.params, { timeoutMs: 60_000 });
          const actual = new Map(
            answered.map((r) => [r.grp as string, r.calc === null ? null : Number(r.calc)]),
          );
          expect([name, [...actual.keys()].sort()]).toEqual([name, [...expected.keys()].sort()]);
          for (const [group, value] of expected) {
            if (!close(actual.get(group) ?? null, value)) {
              expect({ engine: name, formula, group, value: actual.get(group) }).toEqual({
                engine: name,
                formula,
                group,
                value,
              });
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
