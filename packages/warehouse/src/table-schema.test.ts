import { describe, expect, it } from 'vitest';
import { WarehouseError } from './errors';
import { assertIdentifier, stagedTableName } from './identifiers';
import { leadingKeyword, looksLikeWrite } from './read-only-sql';
import { planTableChange, validateTableSchema } from './table-schema';
import type { TableSchema } from './warehouse';

const table: TableSchema = {
  name: 'spend',
  primaryKey: ['day'],
  columns: [
    { name: 'day', type: 'date', nullable: true },
    { name: 'cost', type: 'decimal', nullable: true },
  ],
};

function typeOf(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    return error instanceof WarehouseError ? error.type : 'other';
  }
}

describe('identifiers', () => {
  it('accepts lower-case names of at most 63 characters', () => {
    expect(assertIdentifier('_a1')).toBe('_a1');
    expect(
      ['A', '1a', 'a-b', 'a b', '', 'x'.repeat(64), 'é'].map((n) => typeOf(() => assertIdentifier(n))),
    ).toEqual(Array(7).fill('invalid_identifier'));
    expect(stagedTableName('spend')).toBe('spend__staged');
    expect(typeOf(() => stagedTableName('x'.repeat(60)))).toBe('invalid_identifier');
  });
});

describe('validateTableSchema', () => {
  it('makes primary-key columns NOT NULL and refuses broken definitions', () => {
    expect(validateTableSchema(table).columns[0]).toEqual({ name: 'day', type: 'date', nullable: false });
    const broken: TableSchema[] = [
      { ...table, columns: [] },
      { ...table, primaryKey: [] },
      { ...table, primaryKey: ['nope'] },
      { ...table, primaryKey: ['day', 'day'] },
      { ...table, columns: [...table.columns, table.columns[1] as TableSchema['columns'][number]] },
      { ...table, columns: [{ name: 'day', type: 'money' as never, nullable: false }] },
    ];
    expect(broken.map((t) => typeOf(() => validateTableSchema(t)))).toEqual(Array(6).fill('schema_mismatch'));
  });
});

describe('planTableChange', () => {
  const declared = validateTableSchema(table);
  it('creates, keeps, or adds nullable columns', () => {
    expect(planTableChange(declared, null)).toEqual({ kind: 'create' });
    expect(planTableChange(declared, declared)).toEqual({ kind: 'none' });
    const narrower = { ...declared, columns: declared.columns.slice(0, 1) };
    expect(planTableChange(declared, narrower)).toEqual({
      kind: 'alter',
      add: [declared.columns[1]],
      widen: [],
    });
    const wider = {
      ...declared,
      columns: [...declared.columns, { name: 'note', type: 'string' as const, nullable: true }],
    };
    expect(planTableChange(declared, wider)).toEqual({ kind: 'none' });
  });

  it('widens a whole-number column declared double, never a key', () => {
    const counted = {
      name: 'keyed',
      columns: [
        { name: 'day', type: 'bigint' as const, nullable: false },
        { name: 'key_events', type: 'double' as const, nullable: true },
      ],
      primaryKey: ['day'],
    };
    const wide = validateTableSchema(counted);
    const whole = { ...wide, columns: [wide.columns[0]!, { ...wide.columns[1]!, type: 'bigint' as const }] };
    expect(planTableChange(wide, whole)).toEqual({ kind: 'alter', add: [], widen: [wide.columns[1]] });
    // Never narrowed back, nor a key retyped.
    expect(typeOf(() => planTableChange(whole, wide))).toBe('schema_mismatch');
    const doubleKey = {
      ...wide,
      columns: [{ ...wide.columns[0]!, type: 'double' as const }, wide.columns[1]!],
    };
    expect(typeOf(() => planTableChange(doubleKey, wide))).toBe('schema_mismatch');
  });

  it('refuses a different key, type or nullability', () => {
    const retyped = {
      ...declared,
      columns: [declared.columns[0]!, { name: 'cost', type: 'double' as const, nullable: true }],
    };
    const required = {
      ...declared,
      columns: [...declared.columns, { name: 'note', type: 'string' as const, nullable: false }],
    };
    const rekeyed = { ...declared, primaryKey: ['cost'] };
    expect([retyped, required, rekeyed].map((e) => typeOf(() => planTableChange(declared, e)))).toEqual(
      Array(3).fill('schema_mismatch'),
    );
  });
});

describe('read-only SQL checks', () => {
  it('finds the leading keyword past comments and spots writes outside literals', () => {
    expect(leadingKeyword('  -- hi\n /* x */ WITH a AS (SELECT 1) SELECT * FROM a')).toBe('with');
    expect(leadingKeyword('(SELECT 1)')).toBe('(');
    expect(looksLikeWrite('SELECT \'insert into x\' AS text, "delete" FROM t')).toBe(false);
    expect(looksLikeWrite('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d')).toBe(true);
    expect(looksLikeWrite('PRAGMA threads=1')).toBe(true);
  });
});
