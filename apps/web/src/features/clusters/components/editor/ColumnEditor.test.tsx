import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import { COLLAPSED_STORAGE_KEY } from '../../model/collapsed';
import {
  callsTo,
  newColumnRoute,
  clusteringState,
  columnFixture,
  ORG,
  renderClusters,
  saveRoute,
  uuid,
  wordGroupFixture,
} from '../../test/clustersFixtures';

const NOT_FOUND = 'We could not find the page you are looking for.';

function existing() {
  const column = columnFixture({
    name: 'Product',
    values: [
      {
        id: uuid(),
        name: 'Shoes',
        rules: [
          { field: 'ad_group_name', operator: 'contains', value: 'shoe' },
          { field: 'campaign_name', operator: 'contains', value: 'foot', condition: 'or' },
        ],
      },
      { id: uuid(), name: 'Bags', rules: [{ field: 'ad_group_name', operator: 'contains', value: 'bag' }] },
    ],
  });
  const state = clusteringState({
    columns: [columnFixture({ name: 'Brand' }), column],
    wordGroups: [wordGroupFixture({ name: 'Brand terms' }), wordGroupFixture({ name: 'Competitors' })],
  });
  return { column, state, path: `${ORG}/clusters/adgroups/${column.id}` };
}

async function ruleSet(n: number) {
  const sets = within(await screen.findByRole('list', { name: 'Rule sets' })).getAllByRole('listitem');
  return within(sets[n] ?? document.body);
}

// Each test renders the whole editor and types into it: generous on a busy two-core machine.
describe('cluster editor', { timeout: 45_000 }, () => {
  it('shows the not-found page for an id that is not a UUID or an unknown category', async () => {
    const { unmount } = renderClusters(`${ORG}/clusters/adgroups/not-a-uuid`, clusteringState());
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    unmount();
    renderClusters(`${ORG}/clusters/campaigns/${uuid()}`, clusteringState());
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it("reads 'Saved' when clean and 'Save' after an edit; a save makes it clean and refreshes the preview", async () => {
    const { column, state, path } = existing();
    const { calls } = renderClusters(path, state, saveRoute(state, column.id));
    const save = await screen.findByRole('button', { name: 'Saved' });
    expect(save).toBeDisabled();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/clustering/adgroups/coverage')).toHaveLength(1));
    const refresh = screen.getByRole('button', { name: 'Refresh preview' });
    expect(refresh).toBeDisabled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Then, rule set 2' }), '!');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(refresh).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    const [put] = callsTo(calls, 'PUT', `/api/clustering/adgroups/columns/${column.id}`);
    expect(put?.body).toMatchObject({
      name: 'Product',
      values: [
        {
          name: 'Shoes',
          rules: [
            { field: 'ad_group_name', operator: 'contains', value: 'shoe' },
            { field: 'campaign_name', operator: 'contains', value: 'foot', condition: 'or' },
          ],
        },
        { name: 'Bags!' },
      ],
    });
    expect(put?.body).not.toHaveProperty('values.0.rules.0.condition');
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/clustering/adgroups/coverage')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Refresh preview' })).toBeDisabled();
  });

  it('counts a save whose error says saved as saved, and says why', async () => {
    const { column, state, path } = existing();
    renderClusters(path, state, {
      [`PUT /api/clustering/adgroups/columns/${column.id}`]: () =>
        json(503, {
          detail: { type: 'cluster_apply_failed', message: 'Saved; reports will follow', saved: true },
        }),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Cluster name' }), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved; reports will follow')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it("refuses a name another column has ('Duplicate column name', 'Please fix the rule errors.') and a non-number for a numeric field", async () => {
    const { column, state, path } = existing();
    const { calls } = renderClusters(path, state, saveRoute(state, column.id));
    const name = await screen.findByRole('textbox', { name: 'Cluster name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'bRand');
    expect(await screen.findByText('Duplicate column name')).toBeInTheDocument();
    expect(screen.getByText('Please fix the rule errors.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(name, '2');
    expect(screen.queryByText('Duplicate column name')).toBeNull();

    const bags = await ruleSet(1);
    await userEvent.selectOptions(bags.getByRole('combobox', { name: 'Field, rule 1' }), 'Clicks');
    expect(bags.getByRole('combobox', { name: 'Operator, rule 1' })).toHaveValue('eq');
    expect(await bags.findByText('Please enter a number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(bags.getByRole('textbox', { name: 'Value, rule 1' }));
    await userEvent.type(bags.getByRole('textbox', { name: 'Value, rule 1' }), '10');
    expect(bags.queryByText('Please enter a number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(callsTo(calls, 'PUT', `/api/clustering/adgroups/columns/${column.id}`)).toEqual([]);
  });

  it('deleting the first rule drops the condition of the new first; a word-group operator takes the first group', async () => {
    const { state, path } = existing();
    renderClusters(path, state);
    const shoes = await ruleSet(0);
    expect(shoes.getByRole('combobox', { name: 'Condition, rule 2' })).toHaveValue('or');
    await userEvent.click(shoes.getByRole('button', { name: 'Delete rule 1' }));
    expect(shoes.queryByRole('combobox', { name: /^Condition/ })).toBeNull();
    expect(shoes.getByRole('combobox', { name: 'Field, rule 1' })).toHaveValue('campaign_name');

    await userEvent.selectOptions(
      shoes.getByRole('combobox', { name: 'Operator, rule 1' }),
      'matches word group',
    );
    expect(shoes.getByRole('combobox', { name: 'Value, rule 1' })).toHaveDisplayValue('Brand terms');
  });

  it('adds, duplicates (new id) and deletes rule sets; collapse is remembered in this browser', async () => {
    const { column, state, path } = existing();
    const { calls, unmount } = renderClusters(path, state, saveRoute(state, column.id));
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate rule set Shoes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete rule set Bags' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add rule set' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Then, rule set 3' }), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Saved' });
    const body = callsTo(calls, 'PUT', `/api/clustering/adgroups/columns/${column.id}`)[0]?.body as {
      values: { id: string; name: string }[];
    };
    expect(body.values.map((set) => set.name)).toEqual(['Shoes', 'Shoes', 'X']);
    expect(new Set(body.values.map((set) => set.id)).size).toBe(3);
    expect(body.values[0]?.id).toBe(column.values[0]?.id);

    await userEvent.click(screen.getAllByRole('button', { name: 'Collapse rule set Shoes' })[0]!);
    expect(screen.getByText('2 rules')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(COLLAPSED_STORAGE_KEY) ?? '[]')).toEqual([
      column.values[0]?.id,
    ]);
    unmount();
    renderClusters(path, state);
    expect(await screen.findByRole('button', { name: 'Expand rule set Shoes' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('asks before leaving with unsaved changes; Stay keeps the edits', async () => {
    const { state, path } = existing();
    const { router } = renderClusters(path, state);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Cluster name' }), 's');
    await userEvent.click(screen.getByRole('link', { name: 'Back to clusters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByText('Stay'));
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('textbox', { name: 'Cluster name' })).toHaveValue('Products');
    await userEvent.click(screen.getByRole('link', { name: 'Back to clusters' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByText('Leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ORG}/clusters/adgroups`));
  });

  it("a new column has no preview until it has a name ('Not enough data for the preview.')", async () => {
    const id = uuid();
    const { calls } = renderClusters(`${ORG}/clusters/adgroups/${id}`, clusteringState(), newColumnRoute(id));
    expect(await screen.findByText('Not enough data for the preview.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: 'SQL' }));
    expect(await screen.findByText('Not enough data for the sql preview.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/clustering/adgroups/sql')).toEqual([]);
    expect(callsTo(calls, 'POST', '/api/clustering/adgroups/coverage')).toEqual([]);
  });
});
