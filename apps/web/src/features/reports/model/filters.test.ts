import type { ReportFilter } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import {
  advancedDateFilter,
  advancedTextProblem,
  blankLabel,
  columnLabel,
  dateConditionInput,
  filterSummary,
  inListOrder,
  listSummary,
  relativeDateCountProblem,
  relativeDateFilter,
  secondOperatorAfter,
  valueLabel,
} from './filters';

const base = { id: 'f', table: 'performance', column: 'channel' };

describe('columnLabel', () => {
  it('reads snake_case as words, capitals for acronyms', () => {
    expect(columnLabel('campaign_type')).toBe('Campaign type');
    expect(columnLabel('url')).toBe('URL');
    expect(columnLabel('landing_page_url')).toBe('Landing page URL');
    expect(columnLabel('data_source')).toBe('Data source');
  });
});

describe('nulls of a cluster column (issue 24)', () => {
  it("read '(none)' for a derived column of the report's labels, '(Blank)' for any other", () => {
    const labels = { cluster_theme: 'Theme' };
    expect(blankLabel('cluster_theme', labels)).toBe('(none)');
    expect(blankLabel('channel', labels)).toBe('(Blank)');
    expect(blankLabel('toString', {})).toBe('(Blank)');
    expect(valueLabel(null, 'cluster_theme', blankLabel('cluster_theme', labels))).toBe('(none)');
    const filter: ReportFilter = {
      ...base,
      column: 'cluster_theme',
      kind: 'list',
      mode: 'exclude',
      values: [null, 'Search'],
    };
    expect(filterSummary(filter, blankLabel(filter.column, labels))).toBe('Not (none) or Search');
    expect(filterSummary({ ...filter, column: 'channel' })).toBe('Not (Blank) or Search');
  });
});

describe('filter summary (spec 002 Filters, §9)', () => {
  it('joins up to 5 values with "or", then adds "..."', () => {
    expect(listSummary(['Search'], 'channel')).toBe('Search');
    expect(listSummary(['a', 'b', 'c', 'd', 'e'], 'channel')).toBe('a or b or c or d or e');
    expect(listSummary(['a', 'b', 'c', 'd', 'e', 'f'], 'channel')).toBe('a or b or c or d or e...');
    expect(listSummary(['2026-11-20', null, 3], 'channel')).toBe('20/11/2026 or (Blank) or 3');
    // Search Console's countries by name; a code we do not know as it is.
    expect(listSummary(['grc', 'deu', 'zzz', 'xyz'], 'country')).toBe(
      'Greece or Germany or Unknown region or xyz',
    );
    expect(listSummary(['grc'], 'channel')).toBe('grc');
  });

  it('reads every kind of filter', () => {
    const filters: [ReportFilter, string][] = [
      [{ ...base, kind: 'list', mode: 'include', values: [] }, 'All'],
      [{ ...base, kind: 'list', mode: 'include', values: ['Search', 'Display'] }, 'Search or Display'],
      [{ ...base, kind: 'list', mode: 'exclude', values: ['Video'] }, 'Not Video'],
      [
        { ...base, kind: 'relative_date', operator: 'in_the_last', count: 30, unit: 'day' },
        'In the last 30 days',
      ],
      [
        { ...base, kind: 'relative_date', operator: 'in_the_next', count: 1, unit: 'week' },
        'In the next 1 week',
      ],
      [{ ...base, kind: 'relative_date', operator: 'in_this', count: null, unit: 'month' }, 'In this month'],
      [
        { ...base, kind: 'advanced_date', operator: 'is_before', value: '2026-11-20T12:00' },
        'Is before 20/11/2026 12:00',
      ],
      [
        {
          ...base,
          kind: 'advanced_date',
          operator: 'is_after',
          value: '2025-06-30T12:00',
          and: { operator: 'is_before', value: '2025-10-01T12:00' },
        },
        'Is after 30/06/2025 12:00 and is before 01/10/2025 12:00',
      ],
      [
        { ...base, kind: 'advanced_date', operator: 'is_not', value: '2025-12-25T12:00', and: null },
        'Is not 25/12/2025 12:00',
      ],
      [{ ...base, kind: 'advanced_text', operator: 'contains', value: 'shoes' }, 'Contains "shoes"'],
      [{ ...base, kind: 'advanced_text', operator: 'is_blank', value: null }, 'Is blank'],
    ];
    for (const [filter, summary] of filters) expect(filterSummary(filter)).toBe(summary);
  });
});

describe('relative date filter (spec 002 §5, §9)', () => {
  it('needs a count of 1-10000 unless the operator is "in this"', () => {
    expect(relativeDateCountProblem('in_the_last', '')).toBe('Enter a count');
    expect(relativeDateCountProblem('in_the_next', '  ')).toBe('Enter a count');
    for (const bad of ['0', '10001', '1.5', '-3', 'ten']) {
      expect(relativeDateCountProblem('in_the_last', bad)).toBe('Enter a whole number from 1 to 10000');
    }
    expect(relativeDateCountProblem('in_the_last', '1')).toBeNull();
    expect(relativeDateCountProblem('in_the_last', '10000')).toBeNull();
    expect(relativeDateCountProblem('in_this', '')).toBeNull();
  });

  it('makes the filter only from a valid input; "in this" carries no count', () => {
    expect(relativeDateFilter(base, { operator: 'in_the_last', count: '', unit: 'day' })).toBeNull();
    expect(relativeDateFilter(base, { operator: 'in_the_last', count: ' 14 ', unit: 'week' })).toEqual({
      ...base,
      kind: 'relative_date',
      operator: 'in_the_last',
      count: 14,
      unit: 'week',
    });
    expect(relativeDateFilter(base, { operator: 'in_this', count: '7', unit: 'year' })).toMatchObject({
      operator: 'in_this',
      count: null,
    });
  });
});

describe('advanced date filter (spec 002 Filters)', () => {
  const date = { id: 'date', table: 'performance', column: 'date' };

  it('makes the filter from one or two complete conditions', () => {
    const first = { operator: 'is_after' as const, date: '2025-06-30', time: '12:00' };
    const second = { operator: 'is_before' as const, date: '2025-10-01', time: '09:30' };
    expect(advancedDateFilter(date, first, null)).toEqual({
      ...date,
      kind: 'advanced_date',
      operator: 'is_after',
      value: '2025-06-30T12:00',
    });
    expect(advancedDateFilter(date, first, second)).toEqual({
      ...date,
      kind: 'advanced_date',
      operator: 'is_after',
      value: '2025-06-30T12:00',
      and: { operator: 'is_before', value: '2025-10-01T09:30' },
    });
    expect(advancedDateFilter(date, first, { ...second, date: '' })).toBeNull();
    expect(advancedDateFilter(date, { ...first, time: '' }, null)).toBeNull();
  });

  it('reads a condition back, and starts a new one at 12:00 without a day', () => {
    expect(dateConditionInput({ operator: 'is', value: '2026-11-20T08:15:00' })).toEqual({
      operator: 'is',
      date: '2026-11-20',
      time: '08:15',
    });
    expect(dateConditionInput(null, 'is_before')).toEqual({ operator: 'is_before', date: '', time: '12:00' });
  });

  it('offers the other bound of a period as the second condition', () => {
    expect(secondOperatorAfter('is_after')).toBe('is_before');
    expect(secondOperatorAfter('is_before')).toBe('is_after');
    expect(secondOperatorAfter('is')).toBe('is_not');
    expect(secondOperatorAfter('is_not')).toBe('is_not');
  });
});

describe('advanced text filter (spec 002 §5)', () => {
  it('needs non-empty text, except for is blank and is not blank', () => {
    expect(advancedTextProblem('contains', '')).toBe('Enter some text');
    expect(advancedTextProblem('is', '   ')).toBe('Enter some text');
    expect(advancedTextProblem('starts_with', 'a')).toBeNull();
    expect(advancedTextProblem('is_blank', '')).toBeNull();
    expect(advancedTextProblem('is_not_blank', '')).toBeNull();
  });
});

describe('inListOrder', () => {
  it('lists countries by their names, a blank first, whatever order the codes came in', () => {
    const codes = ['aut', 'deu', 'esp', 'gbr', 'grc', null, 'zzz'];
    expect(inListOrder(codes, 'country').map((v) => (v === null ? null : valueLabel(v, 'country')))).toEqual([
      null,
      'Austria',
      'Germany',
      'Greece',
      'Spain',
      'United Kingdom',
      'Unknown region',
    ]);
    expect(codes).toEqual(['aut', 'deu', 'esp', 'gbr', 'grc', null, 'zzz']);
  });

  it('keeps the server’s order for any other column', () => {
    expect(inListOrder(['b', 'a', null], 'campaign')).toEqual(['b', 'a', null]);
  });
});
