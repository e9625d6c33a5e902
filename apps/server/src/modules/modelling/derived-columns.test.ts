import type { TableSchema } from '@maya/warehouse';
import { describe, expect, it } from 'vitest';
import {
  acceptedColumns,
  derivedLookup,
  derivedSelect,
  derivedTable,
  type DerivedColumn,
} from './derived-columns';

const TABLE: TableSchema = {
  name: 'marketing_performance',
  columns: [
    { name: 'date', type: 'date', nullable: false },
    { name: 'campaign_name', type: 'string', nullable: true },
  ],
  primaryKey: ['date'],
};

/** `$n` placeholders from the offset it is given, and the dialect it was asked for. */
const column = (name: string, reads: string): DerivedColumn => ({
  table: TABLE.name,
  column: name,
  label: name,
  reads: [reads],
  expression: (dialect, offset) => ({
    sql: `CASE WHEN ${reads} = $${offset + 1} THEN $${offset + 2} END /* ${dialect} */`,
    params: [`${name}-when`, `${name}-then`],
  }),
});

describe('derived columns', () => {
  it('nest in order over the table, numbering parameters across the expressions', () => {
    const select = derivedSelect('bigquery', 'analytics', TABLE, [
      column('first', 'campaign_name'),
      column('second', 'first'),
    ]);
    expect(select.sql).toBe(
      [
        'SELECT t.*, (CASE WHEN first = $3 THEN $4 END /* bigquery */) AS `second` FROM (',
        'SELECT t.*, (CASE WHEN campaign_name = $1 THEN $2 END /* bigquery */) AS `first` FROM (',
        'SELECT `date`, `campaign_name` FROM `analytics`.`marketing_performance`',
        ') AS t',
        ') AS t',
      ].join('\n'),
    );
    expect(select.params).toEqual(['first-when', 'first-then', 'second-when', 'second-then']);
    expect(derivedSelect('postgres', 'analytics', TABLE, []).sql).toBe(
      'SELECT "date", "campaign_name" FROM "analytics"."marketing_performance"',
    );
  });

  it('refuse bad and taken names, keeping the first of two; the rest become nullable text', () => {
    const { accepted, refused } = acceptedColumns(TABLE, [
      column('Bad Name', 'x'),
      column('campaign_name', 'x'),
      column('cluster', 'x'),
      column('cluster', 'y'),
    ]);
    expect(accepted.map((c) => c.column)).toEqual(['cluster']);
    expect(refused).toEqual([
      { table: TABLE.name, column: 'Bad Name', reason: 'the column name is not an identifier' },
      {
        table: TABLE.name,
        column: 'campaign_name',
        reason: 'marketing_performance already has a column campaign_name',
      },
      { table: TABLE.name, column: 'cluster', reason: 'marketing_performance already has a column cluster' },
    ]);
    expect(derivedTable(TABLE, accepted).columns.at(-1)).toEqual({
      name: 'cluster',
      type: 'string',
      nullable: true,
    });
  });

  it('run once per distinct value of the own columns they read, later ones over earlier ones', () => {
    const lookup = derivedLookup('duckdb', 'analytics', TABLE, [
      column('first', 'campaign_name'),
      column('second', 'first'),
    ]);
    expect(lookup.keys).toEqual(['campaign_name']);
    expect(lookup.sql).toBe(
      [
        'SELECT t.*, (CASE WHEN first = $3 THEN $4 END /* duckdb */) AS "second" FROM (',
        'SELECT t.*, (CASE WHEN campaign_name = $1 THEN $2 END /* duckdb */) AS "first" FROM (',
        'SELECT DISTINCT "campaign_name" FROM "analytics"."marketing_performance"',
        ') AS t',
        ') AS t',
      ].join('\n'),
    );
    expect(lookup.params).toEqual(['first-when', 'first-then', 'second-when', 'second-then']);
    // Reading none of the table's columns: one row, set on every row.
    const constant = derivedLookup('duckdb', 'analytics', TABLE, [column('third', 'no_such_column')]);
    expect(constant.keys).toEqual([]);
    expect(constant.sql).toContain('SELECT 1 AS "__maya_no_key"');
  });
});
