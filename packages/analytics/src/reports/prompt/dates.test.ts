import { describe, expect, it } from 'vitest';
import { calendarUnitOf, currentUnitOf, findDate, type DateIntent } from './dates';
import { tokenize } from './text';

// A Saturday in Q4.
const TODAY = '2026-11-21';

const date = (prompt: string, today = TODAY): DateIntent | null =>
  findDate(tokenize(prompt), today).match?.intent ?? null;
const last = (count: number, unit: string) => ({ kind: 'relative', operator: 'in_the_last', count, unit });
const thisUnit = (unit: string) => ({ kind: 'relative', operator: 'in_this', count: null, unit });
const period = (from: string | null, to: string | null): DateIntent => ({ kind: 'period', from, to });

describe('relative periods', () => {
  it.each([
    ['spend last 30 days', last(30, 'day')],
    ['clicks in the last 2 weeks', last(2, 'week')],
    ['over the past three months', last(3, 'month')],
    ['previous 7 days', last(7, 'day')],
    ['past month', last(1, 'month')],
    ['last 1 month', last(1, 'month')],
    ['last 3 months', last(3, 'month')],
    ['past year', last(1, 'year')],
    ['trailing 12 months', last(12, 'month')],
    ['this month', thisUnit('month')],
    ['this year', thisUnit('year')],
    ['current quarter', thisUnit('quarter')],
    ['this week', thisUnit('week')],
    ['today', thisUnit('day')],
    ['month to date', thisUnit('month')],
    ['YTD', thisUnit('year')],
    ['next 2 weeks', { kind: 'relative', operator: 'in_the_next', count: 2, unit: 'week' }],
  ])('%s', (prompt, expected) => {
    expect(date(prompt)).toEqual(expected);
  });

  it('keeps counts within the relative filter’s 1-10000', () => {
    expect(date('last 10000 days')).toEqual(last(10_000, 'day'));
    expect(date('last 10001 days')).toBeNull();
    expect(date('last 0 days')).toBeNull();
  });
});

describe('last month, last week: the calendar unit before the current one', () => {
  it.each([
    ['last month', period('2026-10-01', '2026-10-31')],
    ['spend previous month', period('2026-10-01', '2026-10-31')],
    // Weeks start on Monday: Saturday 21 November is in the week of 16 November.
    ['last week', period('2026-11-09', '2026-11-15')],
    ['last quarter', period('2026-07-01', '2026-09-30')],
    ['prior year', period('2025-01-01', '2025-12-31')],
    ['last day', { kind: 'day', day: '2026-11-20' }],
  ])('%s', (prompt, expected) => {
    expect(date(prompt)).toEqual(expected);
  });

  it('crosses the year in January', () => {
    expect(date('last month', '2027-01-15')).toEqual(period('2026-12-01', '2026-12-31'));
    expect(date('last quarter', '2027-01-15')).toEqual(period('2026-10-01', '2026-12-31'));
  });
});

describe('the phrases of the AI Builder’s help', () => {
  it.each([
    ['last 30 days', last(30, 'day')],
    ['this month', thisUnit('month')],
    ['last month', period('2026-10-01', '2026-10-31')],
    ['Q3 2025', period('2025-07-01', '2025-09-30')],
    // Q3 2026 has begun (and ended): Q3 alone is this year's.
    ['Q3', period('2026-07-01', '2026-09-30')],
    ['in 2025', period('2025-01-01', '2025-12-31')],
    ['March 2026', period('2026-03-01', '2026-03-31')],
    // From 1 March of this year, March 2026 having begun.
    ['since March', period('2026-03-01', null)],
  ])('%s', (prompt, expected) => {
    expect(date(prompt)).toEqual(expected);
  });

  it('reads a month or quarter without a year as the latest one begun', () => {
    // Before March, "since March" is since the March of the year before: a start in the future
    // would show nothing.
    expect(date('since March', '2026-02-10')).toEqual(period('2025-03-01', null));
    expect(date('since March', '2026-03-01')).toEqual(period('2026-03-01', null));
    expect(date('Q3', '2026-05-01')).toEqual(period('2025-07-01', '2025-09-30'));
    expect(date('Q3', '2026-08-15')).toEqual(period('2026-07-01', '2026-09-30'));
  });
});

describe('days and calendar periods', () => {
  it.each([
    ['yesterday', { kind: 'day', day: '2026-11-20' }],
    ['on 2025-03-05', { kind: 'day', day: '2025-03-05' }],
    ['5 March', { kind: 'day', day: '2026-03-05' }],
    ['March 5th 2024', { kind: 'day', day: '2024-03-05' }],
    // A day not begun yet this year is last year's.
    ['December 24', { kind: 'day', day: '2025-12-24' }],
    ['Q3 2025', period('2025-07-01', '2025-09-30')],
    ['2025 Q1', period('2025-01-01', '2025-03-31')],
    ['Q4', period('2026-10-01', '2026-12-31')],
    // Q1 2027 has not begun: Q1 alone is the latest Q1.
    ['q1', period('2026-01-01', '2026-03-31')],
    ['in March', period('2026-03-01', '2026-03-31')],
    ['February 2024', period('2024-02-01', '2024-02-29')],
    ['December', period('2025-12-01', '2025-12-31')],
    ['in 2024', period('2024-01-01', '2024-12-31')],
    ['since March', period('2026-03-01', null)],
    ['since March 2025', period('2025-03-01', null)],
    ['from 2025-06-15', period('2025-06-15', null)],
    ['after Q2', period('2026-07-01', null)],
    ['before June', period(null, '2026-05-31')],
    ['until 2025', period(null, '2025-12-31')],
    ['from May to July 2025', period('2025-05-01', '2025-07-31')],
    ['from November to February 2026', period('2025-11-01', '2026-02-28')],
    ['between 2025-01-01 and 2025-01-31', period('2025-01-01', '2025-01-31')],
  ])('%s', (prompt, expected) => {
    expect(date(prompt)).toEqual(expected);
  });

  it('reads "may" as a month only where it cannot be the verb', () => {
    expect(date('may I see spend')).toBeNull();
    expect(date('spend in may')).toEqual(period('2026-05-01', '2026-05-31'));
    expect(date('May 2025')).toEqual(period('2025-05-01', '2025-05-31'));
  });

  it('finds nothing in prompts without a period', () => {
    expect(date('spend by campaign for Google Ads')).toBeNull();
    expect(date('top 10 campaigns')).toBeNull();
    expect(date('from Google Ads')).toBeNull();
    expect(date('on 2025-02-30')).toBeNull();
  });

  it('uses the longest of several periods and counts the others', () => {
    const found = findDate(tokenize('this month vs from May to July 2025'), TODAY);
    expect(found.match?.intent).toEqual(period('2025-05-01', '2025-07-31'));
    expect(found.others).toBe(1);
    expect(found.match?.span).toEqual({ start: 3, end: 8 });
  });
});

describe('calendar units', () => {
  it('tells a period that is one whole week, month, quarter or year', () => {
    expect(calendarUnitOf('2026-11-09', '2026-11-15')).toBe('week');
    expect(calendarUnitOf('2026-02-01', '2026-02-28')).toBe('month');
    expect(calendarUnitOf('2025-07-01', '2025-09-30')).toBe('quarter');
    expect(calendarUnitOf('2024-01-01', '2024-12-31')).toBe('year');
    expect(calendarUnitOf('2025-05-01', '2025-07-31')).toBeNull();
    expect(calendarUnitOf('2026-11-10', '2026-11-16')).toBeNull();
  });

  it('tells a named period that is the one containing today', () => {
    expect(currentUnitOf(period('2026-10-01', '2026-12-31'), TODAY)).toBe('quarter');
    expect(currentUnitOf(period('2026-11-01', '2026-11-30'), TODAY)).toBe('month');
    expect(currentUnitOf(period('2026-01-01', '2026-12-31'), TODAY)).toBe('year');
    expect(currentUnitOf(period('2025-07-01', '2025-09-30'), TODAY)).toBeNull();
    expect(currentUnitOf(period('2026-03-01', null), TODAY)).toBeNull();
  });
});

// Phrasings the AI Builder bench (bench/ai-builder-prompts.ts) does not hold.
describe('ranges, weeks and halves', () => {
  it.each([
    // Ranges without "from", a day alone at the start taking the month of the end.
    ['between 5 and 20 September', period('2026-09-05', '2026-09-20')],
    ['from 10 to 12 March 2025', period('2025-03-10', '2025-03-12')],
    ['3-9 Aug', period('2026-08-03', '2026-08-09')],
    ['Sep 2 – Sep 30', period('2026-09-02', '2026-09-30')],
    ['March 3 to March 9 2025', period('2025-03-03', '2025-03-09')],
    ['2025-12-01 - 2025-12-24', period('2025-12-01', '2025-12-24')],
    ['between August and October', period('2026-08-01', '2026-10-31')],
    // Weeks of a month are its days by sevens; the last one its final seven.
    ['second week of October', period('2026-10-08', '2026-10-14')],
    ['the 3rd week of September 2025', period('2025-09-15', '2025-09-21')],
    ['final week of february', period('2026-02-22', '2026-02-28')],
    // Halves of a year.
    ['H1', period('2026-01-01', '2026-06-30')],
    ['h2 of last year', period('2025-07-01', '2025-12-31')],
    ['first half of 2024', period('2024-01-01', '2024-06-30')],
    ['second half of the year', period('2026-07-01', '2026-12-31')],
  ])('%s', (prompt, expected) => {
    expect(date(prompt)).toEqual(expected);
  });

  it('leaves words with dashes and counts that are no dates alone', () => {
    expect(date('top 10 campaigns')).toBeNull();
    expect(date('e-commerce spend')).toBeNull();
    expect(date('year-to-date clicks')).toEqual(thisUnit('year'));
    // A day range across months is no bare day: the end must be a day.
    expect(date('1 - October')).toEqual(period('2026-10-01', '2026-10-31'));
  });

  it('reads no range that ends before it starts: only the day named in full is left', () => {
    expect(date('between 20 and 5 September')).toEqual({ kind: 'day', day: '2026-09-05' });
    expect(date('31-30 Nov')).toEqual({ kind: 'day', day: '2025-11-30' });
  });
});
