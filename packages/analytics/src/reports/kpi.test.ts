import type { ReportFilter } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { previousPeriodQuery, queryPeriod } from './kpi';
import { THIS_MONTH, performanceQuery } from '../../test/report-fixture';
import { ReportQueryError } from './semantic-model';

// A Wednesday, in the morning UTC.
const NOW = new Date('2024-05-15T08:30:00Z');

const advanced = (
  operator: 'is' | 'is_not' | 'is_before' | 'is_after',
  day: string,
  and: { operator: 'is' | 'is_not' | 'is_before' | 'is_after'; day: string } | null = null,
): ReportFilter => ({
  id: 'date',
  kind: 'advanced_date',
  table: 'performance',
  column: 'date',
  operator,
  value: `${day}T12:00`,
  and: and === null ? null : { operator: and.operator, value: `${and.day}T12:00` },
});

/** Q1 2024 as the AI Builder sets it: after the day before, before the day after. */
const Q1 = advanced('is_after', '2023-12-31', { operator: 'is_before', day: '2024-04-01' });

const period = (filters: ReportFilter[], dateRange: ReportQuery['dateRange'] = null) =>
  queryPeriod(MARKETING_SEMANTIC_MODEL, performanceQuery({ measures: ['spend'], filters, dateRange }), NOW);

describe('the period of an advanced date filter', () => {
  it('is bounded by "is after" and "is before", both days excluded', () => {
    expect(period([Q1])).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    // The same conditions in the other order, or the second one "is".
    expect(
      period([advanced('is_before', '2024-04-01', { operator: 'is_after', day: '2023-12-31' })]),
    ).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(period([advanced('is', '2024-05-14')])).toEqual({ from: '2024-05-14', to: '2024-05-14' });
  });

  it('narrows a date range or a relative date filter, and is narrowed by them', () => {
    expect(period([Q1], { from: '2024-03-10', to: '2024-06-30' })).toEqual({
      from: '2024-03-10',
      to: '2024-03-31',
    });
    // "Is after" alone starts a period that something else ends.
    expect(period([advanced('is_after', '2024-05-09')], { from: '2024-05-01', to: '2024-05-31' })).toEqual({
      from: '2024-05-10',
      to: '2024-05-31',
    });
    expect(period([{ ...THIS_MONTH, id: 'month' }, advanced('is_before', '2024-05-11')])).toEqual({
      from: '2024-05-01',
      to: '2024-05-10',
    });
  });

  it('is no period when open on a side, or when it keeps no day', () => {
    const fails = (filters: ReportFilter[], message: RegExp) => {
      expect(() => period(filters)).toThrow(ReportQueryError);
      expect(() => period(filters)).toThrow(message);
    };
    fails([advanced('is_after', '2024-01-01')], /date filters that start and end it/);
    fails([advanced('is_after', '2024-01-01', { operator: 'is_not', day: '2024-02-01' })], /start and end/);
    fails([advanced('is_before', '2024-01-01', { operator: 'is_after', day: '2023-12-31' })], /share no day/);
    // On another column than the table's time dimension, a date filter bounds nothing.
    fails([{ ...Q1, column: 'campaign' }], /start and end/);
  });

  it('compares with the period before it, the date filters replaced', () => {
    const channel: ReportFilter = {
      id: 'channel',
      kind: 'list',
      table: 'performance',
      column: 'channel',
      mode: 'include',
      values: ['Google Ads'],
    };
    const query = performanceQuery({ measures: ['spend'], filters: [Q1, channel] });
    const { query: before, period, previous } = previousPeriodQuery(MARKETING_SEMANTIC_MODEL, query, NOW);
    expect(period).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    // A quarter: the quarter before.
    expect(previous).toEqual({ from: '2023-10-01', to: '2023-12-31' });
    const compiled = compileReportQuery(MARKETING_SEMANTIC_MODEL, before, 'duckdb', { now: NOW });
    expect(compiled.params).toEqual(['2023-10-01', '2023-12-31', 'Google Ads']);
    // Any other period: 10 March to 9 April (31 days), the data through the 5th, 31 days before.
    const range = performanceQuery({
      measures: ['spend'],
      dateRange: { from: '2024-03-10', to: '2024-04-09' },
    });
    expect(previousPeriodQuery(MARKETING_SEMANTIC_MODEL, range, NOW, '2024-04-05')).toMatchObject({
      period: { from: '2024-03-10', to: '2024-04-05' },
      previous: { from: '2024-02-08', to: '2024-03-05' },
    });
  });
});
