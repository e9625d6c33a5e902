import { describe, expect, it } from 'vitest';
import { reportLimits } from './common';
import { ReportFilterSchema } from './filters';

const on = { id: 'f', table: 'performance', column: 'date' };
const accepts = (filter: object) => expect(ReportFilterSchema.safeParse(filter).success).toBe(true);
const refuses = (filter: object, message?: RegExp) => {
  const result = ReportFilterSchema.safeParse(filter);
  expect(result.success).toBe(false);
  if (message !== undefined) expect(result.error?.message).toMatch(message);
};

describe('filters', () => {
  it('relative dates take a count of 1 to 10000, none for "in this"', () => {
    const relative = { ...on, kind: 'relative_date', operator: 'in_the_last', unit: 'month' };
    accepts({ ...relative, count: reportLimits.relativeDateCountMin });
    accepts({ ...relative, count: reportLimits.relativeDateCountMax });
    accepts({ ...relative, operator: 'in_the_next', unit: 'quarter', count: 2 });
    accepts({ ...relative, operator: 'in_this', count: null });
    accepts({ ...relative, operator: 'in_this', count: 1 });
    refuses({ ...relative, count: null }, /enter a count/);
    refuses({ ...relative, operator: 'in_this', count: 3 }, /enter a count/);
    refuses({ ...relative, count: 0 });
    refuses({ ...relative, count: 10_001 });
    refuses({ ...relative, count: 1.5 });
    refuses({ ...relative, unit: 'hour', count: 1 });
  });

  it('advanced dates take a date-time', () => {
    const advanced = { ...on, kind: 'advanced_date', operator: 'is_before' };
    accepts({ ...advanced, value: `2024-05-01T${reportLimits.defaultFilterTime}` });
    accepts({ ...advanced, operator: 'is_not', value: '2024-05-01T12:00:00' });
    refuses({ ...advanced, value: '2024-05-01' });
    refuses({ ...advanced, value: '2024-02-30T12:00' });
    refuses({ ...advanced, value: '2024-05-01T12:00Z' });
    refuses({ ...advanced, operator: 'is_on_or_after', value: '2024-05-01T12:00' });
  });

  it('advanced dates take an optional second condition, both met ("and")', () => {
    const q3 = {
      ...on,
      kind: 'advanced_date',
      operator: 'is_after',
      value: '2025-06-30T12:00',
      and: { operator: 'is_before', value: '2025-10-01T12:00' },
    };
    accepts(q3);
    accepts({ ...q3, and: { operator: 'is_not', value: '2025-08-15T09:30:00' } });
    accepts({ ...q3, and: null });
    refuses({ ...q3, and: { operator: 'is_before', value: '2025-10-01' } });
    refuses({ ...q3, and: { operator: 'or', value: '2025-10-01T12:00' } });
    refuses({ ...q3, and: { operator: 'is_before' } });
    refuses({ ...q3, and: [{ operator: 'is_before', value: '2025-10-01T12:00' }] });
    // A filter saved with one condition reads as it was: no second condition added.
    const saved = { ...on, kind: 'advanced_date', operator: 'is', value: '2024-05-01T12:00' };
    expect(ReportFilterSchema.parse(saved)).toEqual(saved);
    expect(ReportFilterSchema.parse(q3)).toEqual(q3);
  });

  it('advanced text needs non-empty text, except for blank checks', () => {
    const text = { ...on, column: 'campaign', kind: 'advanced_text' };
    accepts({ ...text, operator: 'contains', value: 'brand' });
    accepts({ ...text, operator: 'is_blank', value: null });
    refuses({ ...text, operator: 'contains', value: '' }, /non-empty text/);
    refuses({ ...text, operator: 'starts_with', value: '   ' }, /non-empty text/);
    refuses({ ...text, operator: 'is', value: null }, /non-empty text/);
    refuses({ ...text, operator: 'is_not_blank', value: 'x' });
  });

  it('list filters include or exclude values, blank as null', () => {
    const list = { ...on, column: 'channel', kind: 'list', mode: 'exclude' };
    accepts({ ...list, values: ['Google Ads', null, 3] });
    accepts({ ...list, values: [] });
    refuses({ ...list, mode: 'only', values: [] });
    refuses({ ...list, values: [{}] });
    refuses({ ...list, column: 'Channel; DROP', values: [] }, /invalid field name/);
  });
});
