import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import {
  callsTo,
  clusteringState,
  columnFixture,
  ORG,
  renderClusters,
  uuid,
} from '../../test/clustersFixtures';

function column() {
  const shoes = {
    id: uuid(),
    name: 'Shoes',
    rules: [{ field: 'ad_group_name', operator: 'contains' as const, value: 'shoe' }],
  };
  return columnFixture({ name: 'Product', values: [shoes] });
}

describe('cluster preview', { timeout: 45_000 }, () => {
  it('shows the rows and spend each rule set gets and the most frequent values no rule matches', async () => {
    const product = column();
    const state = clusteringState({
      columns: [product],
      coverage: {
        total_rows: 200,
        rule_sets: [
          {
            id: product.values[0]!.id,
            name: 'Shoes',
            rows: 150,
            spend: [{ currency: 'EUR', amount: 123456 }],
          },
        ],
        unmatched: {
          rows: 50,
          spend: [
            { currency: 'EUR', amount: 1000 },
            { currency: 'USD', amount: 250 },
          ],
          top_values: [
            { value: 'Hats', rows: 30 },
            { value: null, rows: 20 },
          ],
        },
      },
    });
    renderClusters(`${ORG}/clusters/adgroups/${product.id}`, state);
    const coverage = await screen.findByRole('table', { name: 'Coverage' });
    const rows = within(coverage)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Shoes15075%€1,234.56', 'No rule set5025%€10.00 + $2.50']);
    const top = screen.getByRole('list', { name: 'Most frequent values no rule set matches' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hats30', '(none)20']);
  });

  it("says 'Server error' or the detail type when the preview fails, and 'No data' for an empty one", async () => {
    const product = column();
    const state = clusteringState({
      columns: [product],
      preview: { headers: [{ name: 'Ad group', type: 'other' }], data: [] },
    });
    const { unmount } = renderClusters(`${ORG}/clusters/adgroups/${product.id}`, state);
    await userEvent.click(await screen.findByRole('radio', { name: 'Data' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
    unmount();

    renderClusters(`${ORG}/clusters/adgroups/${product.id}`, state, {
      'POST /api/clustering/adgroups/preview': () => json(500, { detail: { type: 'warehouse_unavailable' } }),
      'POST /api/clustering/adgroups/sql': () => json(500, { detail: { type: 'internal' } }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Data' }));
    expect(await screen.findByText('warehouse_unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'SQL' }));
    expect(await screen.findByText('Could not get the SQL preview')).toBeInTheDocument();
  });

  it("opens a value's rows from the preview, and says when they cannot be read", async () => {
    const product = column();
    const state = clusteringState({
      columns: [product],
      preview: {
        headers: [
          { name: 'Ad group', type: 'other' },
          { name: 'Product', type: 'other' },
          { name: 'Cost', type: 'money' },
          { name: 'Currency', type: 'other' },
        ],
        data: [['Red shoes', 'Shoes', 1999, 'USD']],
      },
    });
    const { calls } = renderClusters(`${ORG}/clusters/adgroups/${product.id}`, state, {
      'POST /api/clustering/adgroups/preview_value': () => json(500, { detail: { type: 'internal' } }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Data' }));
    expect(await screen.findByText('$19.99')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Shoes' }));
    expect(await screen.findByText('Could not get the preview value for this column')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/clustering/adgroups/preview_value')[0]?.body).toMatchObject({
        value: 'Shoes',
      }),
    );
  });
});
