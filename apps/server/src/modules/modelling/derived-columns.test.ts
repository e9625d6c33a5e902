import type { TableSchema } from '@maya/warehouse';
import { describe, expect, it } from 'vitest';
import { acceptedColumns, derivedSelectOver, sideTableBuild, type DerivedColumn } from './derived-columns';

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
  it('nest in order over a select, numbering parameters across the expressions', () => {
    const select = derivedSelectOver(
      'bigquery',
      'SELECT `date`, `campaign_name` FROM `analytics`.`marketing_performance`',
      [column('first', 'campaign_name'), column('second', 'first')],
    );
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
    expect(derivedSelectOver('postgres', 'SELECT 1', []).sql).toBe('SELECT 1');
  });

  it("refuse bad and taken names (the side table's row key too), keeping the first of two", () => {
    const { accepted, refused } = acceptedColumns(TABLE, [
      column('Bad Name', 'x'),
      column('campaign_name', 'x'),
      column('cluster', 'x'),
      column('cluster', 'y'),
      column('maya_row', 'x'),
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
      {
        table: TABLE.name,
        column: 'maya_row',
        reason: 'marketing_performance already has a column maya_row',
      },
    ]);
  });

  it('fill a side table once per distinct tuple of the own columns they read, later over earlier', () => {
    const side = sideTableBuild('duckdb', 'analytics', TABLE, [
      column('first', 'campaign_name'),
      column('second', 'first'),
    ]);
    expect(side.keys).toEqual(['campaign_name']);
    expect(side.table).toEqual({
      name: 'marketing_performance__derived',
      columns: [
        { name: 'maya_row', type: 'bigint', nullable: false },
        { name: 'campaign_name', type: 'string', nullable: true },
        { name: 'first', type: 'string', nullable: true },
        { name: 'second', type: 'string', nullable: true },
      ],
      primaryKey: ['maya_row'],
    });
    expect(side.sql).toBe(
      [
        'SELECT ROW_NUMBER() OVER () AS "maya_row", t."campaign_name", t."first", t."second" FROM (',
        'SELECT t.*, (CASE WHEN first = $3 THEN $4 END /* duckdb */) AS "second" FROM (',
        'SELECT t.*, (CASE WHEN campaign_name = $1 THEN $2 END /* duckdb */) AS "first" FROM (',
        'SELECT DISTINCT "campaign_name" FROM "analytics"."marketing_performance"',
        ') AS t',
        ') AS t',
        ') AS t',
      ].join('\n'),
    );
    expect(side.params).toEqual(['first-when', 'first-then', 'second-when', 'second-then']);
    // Reading none of the table's columns: one row, joined to every row.
    const constant = sideTableBuild('duckdb', 'analytics', TABLE, [column('third', 'no_such_column')]);
    expect(constant.keys).toEqual([]);
    expect(constant.sql).toContain('SELECT 1 AS "__maya_no_key"');
    expect(constant.table.columns.map((c) => c.name)).toEqual(['maya_row', 'third']);
  });
});
