import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../shared/api/queryClient';
import { ChartDataTable } from './ChartDataTable';

describe('a chart shown as a table', () => {
  it('is a named table of headed rows and columns, in a scroll box the keyboard reaches', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <button type="button">Before</button>
        <ChartDataTable
          title="Spend by day"
          table={{
            header: ['Date', 'Spend'],
            rows: [
              ['01/11/2026', '€1,050.00'],
              ['02/11/2026', '€2,000.00'],
            ],
          }}
        />
      </AppProviders>,
    );

    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    const region = screen.getByRole('region', { name: 'Spend by day, as a table' });
    expect(region).toHaveFocus();

    const table = within(region).getByRole('table', { name: 'Spend by day, as a table' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Spend']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '01/11/2026',
      '02/11/2026',
    ]);
    expect(within(rows[1] as HTMLElement).getByRole('cell').textContent).toBe('€2,000.00');
  });
});
