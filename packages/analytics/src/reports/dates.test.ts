import type { RelativeDateFilter, ReportFilter } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { addMonths, comparedPeriods, isIsoDay, resolveRelativeDate, startOf } from './dates';
import { previousPeriodQuery, queryPeriod } from './kpi';
import { THIS_MONTH, performanceQuery } from '../../test/report-fixture';
import { ReportQueryError } from './semantic-model';

// A Wednesday, in the morning UTC.
const NOW = new Date('2024-05-15T08:30:00Z');

type Relative = Pick<RelativeDateFilter, 'operator' | 'count' | 'unit'>;
const resolve = (operator: Relative['operator'], count: number | null, unit: Relative['unit'], now = NOW) =>
  resolveRelativeDate({ operator, count, unit }, now);

describe('relative dates', () => {
  it('in the last N units ends today', () => {
    expect(resolve('in_the_last', 1, 'day')).toEqual({ from: '2024-05-15', to: '2024-05-15' });
    expect(resolve('in_the_last', 7, 'day')).toEqual({ from: '2024-05-09', to: '2024-05-15' });
    expect(resolve('in_the_last', 2, 'week')).toEqual({ from: '2024-05-02', to: '2024-05-15' });
    expect(resolve('in_the_last', 1, 'month')).toEqual({ from: '2024-04-16', to: '2024-05-15' });
    expect(resolve('in_the_last', 1, 'quarter')).toEqual({ from: '2024-02-16', to: '2024-05-15' });
    expect(resolve('in_the_last', 1, 'year')).toEqual({ from: '2023-05-16', to: '2024-05-15' });
  });

  it('in this unit is the calendar period containing today', () => {
    expect(resolve('in_this', null, 'day')).toEqual({ from: '2024-05-15', to: '2024-05-15' });
    expect(resolve('in_this', null, 'week')).toEqual({ from: '2024-05-13', to: '2024-05-19' });
    expect(resolve('in_this', 1, 'month')).toEqual({ from: '2024-05-01', to: '2024-05-31' });
    expect(resolve('in_this', null, 'quarter')).toEqual({ from: '2024-04-01', to: '2024-06-30' });
    expect(resolve('in_this', null, 'year')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    // Weeks start on Monday: a Sunday is the week's last day.
    expect(resolve('in_this', null, 'week', new Date('2024-05-19T23:59:59Z'))).toEqual({
      from: '2024-05-13',
      to: '2024-05-19',
    });
    expect(resolve('in_this', null, 'month', new Date('2024-02-10T00:00:00Z'))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(resolve('in_this', null, 'quarter', new Date('2023-12-31T12:00:00Z'))).toEqual({
      from: '2023-10-01',
      to: '2023-12-31',
    });
  });

  it('in the next N units starts today', () => {
    expect(resolve('in_the_next', 3, 'day')).toEqual({ from: '2024-05-15', to: '2024-05-17' });
    expect(resolve('in_the_next', 1, 'week')).toEqual({ from: '2024-05-15', to: '2024-05-21' });
    expect(resolve('in_the_next', 1, 'month')).toEqual({ from: '2024-05-15', to: '2024-06-14' });
    expect(resolve('in_the_next', 1, 'quarter')).toEqual({ from: '2024-05-15', to: '2024-08-14' });
    expect(resolve('in_the_next', 2, 'year')).toEqual({ from: '2024-05-15', to: '2026-05-14' });
  });

  it('takes the day in UTC', () => {
    expect(resolve('in_the_last', 1, 'day', new Date('2024-05-15T23:59:59.999Z'))).toEqual({
      from: '2024-05-15',
      to: '2024-05-15',
    });
    expect(resolve('in_the_last', 1, 'day', new Date('2024-05-16T00:30:00+02:00'))).toEqual({
      from: '2024-05-15',
      to: '2024-05-15',
    });
  });

  it('clamps months to their last day and the largest counts to the calendar', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(resolve('in_the_last', 1, 'month', new Date('2024-03-31T10:00:00Z'))).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
    });
    const far = resolve('in_the_last', 10_000, 'year');
    expect(far.to).toBe('2024-05-15');
    expect(far.from).toBe('0001-01-01');
    expect(resolve('in_the_next', 10_000, 'year').to).toBe('9999-12-31');
  });

  it('knows real days', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
    expect(isIsoDay('2024-13-01')).toBe(false);
    expect(isIsoDay('2024-1-01')).toBe(false);
    expect(startOf('0050-06-15', 'year')).toBe('0050-01-01');
  });
});

describe('the previous period', () => {
  it('is a day, a month or a year before a whole day, month or year', () => {
    expect(comparedPeriods({ from: '2024-05-15', to: '2024-05-15' }, null).previous).toEqual({
      from: '2024-05-14',
      to: '2024-05-14',
    });
    expect(comparedPeriods({ from: '2024-01-01', to: '2024-12-31' }, null).previous).toEqual({
      from: '2023-01-01',
      to: '2023-12-31',
    });
  });

  const compared = (from: string, to: string, through: string | null = null) =>
    comparedPeriods({ from, to }, through);

  it('compares this month to date with the same days of last month', () => {
    // "In this month" on 28 November, the data through the 27th.
    expect(compared('2026-11-01', '2026-11-30', '2026-11-27')).toEqual({
      current: { from: '2026-11-01', to: '2026-11-27' },
      previous: { from: '2026-10-01', to: '2026-10-27' },
    });
    // A finished month against the whole month before; days past its end clamp to it.
    expect(compared('2024-03-01', '2024-03-31')).toEqual({
      current: { from: '2024-03-01', to: '2024-03-31' },
      previous: { from: '2024-02-01', to: '2024-02-29' },
    });
    expect(compared('2024-03-01', '2024-03-31', '2024-03-30').previous).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it('compares this year and this quarter to date with the same days a year and a quarter before', () => {
    expect(compared('2026-01-01', '2026-12-31', '2026-11-27')).toEqual({
      current: { from: '2026-01-01', to: '2026-11-27' },
      previous: { from: '2025-01-01', to: '2025-11-27' },
    });
    // 29 February has no twin: the year before ends on the 28th.
    expect(compared('2024-01-01', '2024-12-31', '2024-02-29').previous).toEqual({
      from: '2023-01-01',
      to: '2023-02-28',
    });
    expect(compared('2026-10-01', '2026-12-31', '2026-11-27').previous).toEqual({
      from: '2026-07-01',
      to: '2026-08-27',
    });
  });

  it('compares other periods with the same days one period length before, up to the data', () => {
    // In the last 30 days, today not loaded yet: the same 29 days 30 days before.
    expect(compared('2026-10-30', '2026-11-28', '2026-11-27')).toEqual({
      current: { from: '2026-10-30', to: '2026-11-27' },
      previous: { from: '2026-09-30', to: '2026-10-28' },
    });
    expect(compared('2026-10-30', '2026-11-28').previous).toEqual({ from: '2026-09-30', to: '2026-10-29' });
    // This week to Wednesday against Monday to Wednesday of last week.
    expect(compared('2026-11-23', '2026-11-29', '2026-11-25').previous).toEqual({
      from: '2026-11-16',
      to: '2026-11-18',
    });
    // A range starting mid-month is not whole months.
    expect(compared('2026-01-15', '2026-02-28').previous).toEqual({ from: '2025-12-01', to: '2026-01-14' });
  });

  it('keeps the period whole when the data reaches its end, or ends before it starts', () => {
    expect(compared('2026-10-01', '2026-10-31', '2026-11-27').current).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(compared('2026-12-01', '2026-12-31', '2026-11-27').current).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  const base = performanceQuery({ measures: ['spend'] });
  const channel: ReportFilter = {
    id: 'channel',
    kind: 'list',
    table: 'performance',
    column: 'channel',
    mode: 'include',
    values: ['Google Ads'],
  };

  it('replaces the date filters by the previous period and keeps the others', () => {
    const query = { ...base, filters: [THIS_MONTH, channel] };
    const current = compileReportQuery(MARKETING_SEMANTIC_MODEL, query, 'duckdb', { now: NOW });
    expect(current.params).toEqual(['2024-05-01', '2024-05-31', 'Google Ads']);
    const { query: before, period, previous } = previousPeriodQuery(MARKETING_SEMANTIC_MODEL, query, NOW);
    expect(period).toEqual({ from: '2024-05-01', to: '2024-05-31' });
    expect(previous).toEqual({ from: '2024-04-01', to: '2024-04-30' });
    const compiled = compileReportQuery(MARKETING_SEMANTIC_MODEL, before, 'duckdb', { now: NOW });
    expect(compiled.sql).toBe(
      // Without the organization's currency and rates, an amount only where one currency was spent.
      'SELECT CAST(CASE WHEN MIN("currency") = MAX("currency") THEN SUM("cost_micros") END AS DOUBLE) / 1000000 ' +
        'AS "spend" FROM "analytics"."marketing_performance" ' +
        'WHERE "date" >= CAST($1 AS DATE) AND "date" <= CAST($2 AS DATE) AND "channel" IN (CAST($3 AS VARCHAR))',
    );
    expect(compiled.params).toEqual(['2024-04-01', '2024-04-30', 'Google Ads']);
  });

  it('intersects the date range with the relative date filters', () => {
    const query = { ...base, filters: [THIS_MONTH], dateRange: { from: '2024-05-10', to: '2024-06-30' } };
    expect(queryPeriod(MARKETING_SEMANTIC_MODEL, query, NOW)).toEqual({
      from: '2024-05-10',
      to: '2024-05-31',
    });
  });

  it('needs a bounded period', () => {
    const fails = (query: ReportQuery, message: RegExp) => {
      expect(() => queryPeriod(MARKETING_SEMANTIC_MODEL, query, NOW)).toThrow(ReportQueryError);
      expect(() => queryPeriod(MARKETING_SEMANTIC_MODEL, query, NOW)).toThrow(message);
    };
    fails({ ...base, filters: [channel] }, /needs a date range/);
    fails(
      { ...base, filters: [THIS_MONTH], dateRange: { from: '2023-01-01', to: '2023-01-31' } },
      /share no day/,
    );
  });
});
