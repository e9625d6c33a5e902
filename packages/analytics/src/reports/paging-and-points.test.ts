import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL, SEARCH_SEMANTIC_MODEL } from './builtin-models';
import { compileFilterValues, encodeFilterCursor, filterValuesPage } from './filter-values';
import { ReportQueryError } from './semantic-model';
import { chooseGrain, coarserGrains, compileGrainCounts, thinSeries } from './time-series';

const NOW = new Date('2024-05-15T08:30:00Z');

describe('grain planning', () => {
  it('counts the periods at the asked grain and every coarser one', () => {
    const { sql, params, grains } = compileGrainCounts(
      MARKETING_SEMANTIC_MODEL,
      { table: 'performance', filters: [], dateRange: { from: '2020-01-01', to: '2024-12-31' } },
      { name: 'date', grain: 'week' },
      'postgres',
      { now: NOW },
    );
    const trunc = (g: string) => `CAST(DATE_TRUNC('${g}', CAST("date" AS TIMESTAMP)) AS DATE)`;
    expect(grains).toEqual(['week', 'month', 'quarter', 'year']);
    expect(sql).toBe(
      `SELECT COUNT(DISTINCT ${trunc('week')}) AS "week", COUNT(DISTINCT ${trunc('month')}) AS "month", ` +
        `COUNT(DISTINCT ${trunc('quarter')}) AS "quarter", COUNT(DISTINCT ${trunc('year')}) AS "year", ` +
        `MAX("date") AS "data_through" FROM "analytics"."marketing_performance" ` +
        `WHERE "date" >= CAST($1 AS date) AND "date" <= CAST($2 AS date)`,
    );
    expect(params).toEqual(['2020-01-01', '2024-12-31']);
  });

  it('refuses an axis that is not a date', () => {
    expect(() =>
      compileGrainCounts(
        MARKETING_SEMANTIC_MODEL,
        { table: 'performance', filters: [], dateRange: null },
        { name: 'channel', grain: null },
        'duckdb',
        { now: NOW },
      ),
    ).toThrow(/must be a date/);
  });

  it('keeps the finest grain within the limit', () => {
    expect(coarserGrains('day', ['day', 'week', 'month'])).toEqual(['day', 'week', 'month']);
    expect(chooseGrain(['day', 'week', 'month'], { day: 2000, week: 286, month: 66 }, 2000)).toEqual({
      grain: 'day',
      coarsened: false,
      overLimit: false,
    });
    expect(chooseGrain(['day', 'week', 'month'], { day: 2001, week: 286, month: 66 }, 2000)).toEqual({
      grain: 'week',
      coarsened: true,
      overLimit: false,
    });
    expect(chooseGrain(['day', 'week'], { day: 90_000, week: 12_000 }, 2000)).toEqual({
      grain: 'week',
      coarsened: true,
      overLimit: true,
    });
  });

  it('samples a series evenly, keeping its ends, when even the coarsest grain has too many points', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ i, series: i % 2 === 0 ? 'a' : 'b' }));
    const { rows: kept, thinned } = thinSeries(rows, (r) => r.series, 2000);
    expect(thinned).toBe(true);
    const a = kept.filter((r) => r.series === 'a').map((r) => r.i);
    expect(a).toHaveLength(2000);
    expect(a[0]).toBe(0);
    expect(a.at(-1)).toBe(4998);
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    expect(thinSeries(rows.slice(0, 10), (r) => r.series, 2000)).toEqual({
      rows: rows.slice(0, 10),
      thinned: false,
    });
  });
});

describe('list filter values', () => {
  const request = { table: 'queries', column: 'country', cursor: null, limit: 2 };

  it('pages distinct values in order, blank first', () => {
    const first = compileFilterValues(SEARCH_SEMANTIC_MODEL, request, 'duckdb');
    expect(first).toEqual({
      sql:
        'SELECT "country" AS "value" FROM "analytics"."search_console_queries" GROUP BY "country" ' +
        'ORDER BY "country" ASC NULLS FIRST LIMIT 3',
      params: [],
    });
    const page = filterValuesPage([{ value: null }, { value: 'aut' }, { value: 'bel' }], request);
    expect(page.data).toEqual([null, 'aut']);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = compileFilterValues(
      SEARCH_SEMANTIC_MODEL,
      { ...request, cursor: page.nextCursor },
      'bigquery',
    );
    expect(second).toEqual({
      sql:
        'SELECT `country` AS `value` FROM `analytics`.`search_console_queries` WHERE `country` > CAST($1 AS STRING) ' +
        'GROUP BY `country` ORDER BY `country` ASC NULLS FIRST LIMIT 3',
      params: ['aut'],
    });
    expect(filterValuesPage([{ value: 'bel' }], request)).toEqual({ data: ['bel'], nextCursor: null });
  });

  it('continues after a blank value with the non-blank ones', () => {
    const after = encodeFilterCursor(request, null);
    expect(
      compileFilterValues(SEARCH_SEMANTIC_MODEL, { ...request, cursor: after }, 'postgres').sql,
    ).toContain('WHERE "country" IS NOT NULL GROUP BY');
  });

  it('keeps to the rows of the filters given (an embedded view), values bound', () => {
    const compiled = compileFilterValues(
      SEARCH_SEMANTIC_MODEL,
      {
        ...request,
        cursor: encodeFilterCursor(request, 'aut'),
        now: NOW,
        filters: [
          {
            id: 'c',
            kind: 'list',
            table: 'queries',
            column: 'country',
            mode: 'include',
            values: ['bel', 'aut'],
          },
          {
            id: 'd',
            kind: 'relative_date',
            table: 'queries',
            column: 'date',
            operator: 'in_the_last',
            count: 7,
            unit: 'day',
          },
        ],
      },
      'postgres',
    );
    expect(compiled.sql).toContain(
      'WHERE "country" > CAST($1 AS text) AND ("country" IN (CAST($2 AS text), CAST($3 AS text))) ' +
        'AND ("date" >= CAST($4 AS date) AND "date" <= CAST($5 AS date)) GROUP BY',
    );
    expect(compiled.params).toEqual(['aut', 'bel', 'aut', '2024-05-09', '2024-05-15']);
  });

  it('binds the cursor value, whatever it holds', () => {
    const attack = encodeFilterCursor(request, "x' OR '1'='1");
    const compiled = compileFilterValues(SEARCH_SEMANTIC_MODEL, { ...request, cursor: attack }, 'duckdb');
    expect(compiled.sql).not.toContain("'1'");
    expect(compiled.params).toEqual(["x' OR '1'='1"]);
  });

  it('refuses cursors it did not make for this column', () => {
    const fails = (cursor: string, column = 'country') => {
      let caught: unknown;
      try {
        compileFilterValues(SEARCH_SEMANTIC_MODEL, { ...request, column, cursor }, 'duckdb');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ReportQueryError);
      expect((caught as ReportQueryError).type).toBe('invalid_cursor');
    };
    fails('not a cursor!');
    fails(Buffer.from('{"v":1').toString('base64url'));
    fails(encodeFilterCursor(request, 'aut'), 'device');
    fails(encodeFilterCursor({ table: 'totals', column: 'country' }, 'aut'));
    fails(Buffer.from(JSON.stringify({ v: 2, t: 'queries', c: 'country', a: 'aut' })).toString('base64url'));
    fails(encodeFilterCursor({ table: 'queries', column: 'date' }, 'yesterday'), 'date');
    fails(encodeFilterCursor(request, 42));
  });

  it('refuses unknown columns', () => {
    expect(() =>
      compileFilterValues(SEARCH_SEMANTIC_MODEL, { ...request, column: 'secret' }, 'duckdb'),
    ).toThrow(/no dimension "secret"/);
  });
});
