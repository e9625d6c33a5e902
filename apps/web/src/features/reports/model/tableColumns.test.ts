import { describe, expect, it } from 'vitest';
import { shownColumns } from './tableColumns';

const columns = [
  { name: 'date', format: null },
  { name: 'spend', format: 'currency' as const },
  { name: 'account_spend', format: 'account_currency' as const },
];

describe('the columns a table shows', () => {
  it('leaves out an amount in each account’s currency that is blank on every row', () => {
    const rows = [
      { date: '2026-11-01', spend: 10, account_spend: null },
      { date: '2026-11-02', spend: 12, account_spend: null },
    ];
    expect(shownColumns(columns, rows).map((c) => c.name)).toEqual(['date', 'spend']);
  });

  it('keeps it once a row has it (the rows share a currency), and keeps other blank columns', () => {
    const rows = [
      { date: '2026-11-01', spend: null, account_spend: null },
      { date: '2026-11-02', spend: null, account_spend: 1200 },
    ];
    expect(shownColumns(columns, rows).map((c) => c.name)).toEqual(['date', 'spend', 'account_spend']);
  });
});
