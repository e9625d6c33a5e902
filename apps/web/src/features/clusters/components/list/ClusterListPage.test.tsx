import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../shared/api/queryClient';
import { json } from '../../../../test/api';
import { mockRoutes, signIn } from '../../../../test/organizationFixtures';
import { clustersKeys } from '../../api/keys';
import { useReorderColumns } from '../../hooks/useColumnMutations';
import {
  acme,
  callsTo,
  clusteringRoutes,
  clusteringState,
  columnFixture,
  ORG,
  renderClusters,
} from '../../test/clustersFixtures';

const PAGE = `${ORG}/clusters/adgroups`;

describe('clusters list', () => {
  it('goes from /clusters to the ad groups tab once the organization has loaded; tabs carry the server labels', async () => {
    const { router } = renderClusters(`${ORG}/clusters`, clusteringState());
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    const tabs = await screen.findByRole('tablist', { name: 'Cluster categories' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Ad Groups', 'Conversions', 'URLs', 'Budget', 'Keywords', 'Search Terms', 'Word Groups']);
    expect(within(tabs).getByRole('tab', { name: 'Ad Groups' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Word Groups' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ORG}/clusters/word-groups`));
  });

  it('lists the columns; fixed ones cannot be dragged or deleted, placeholders cannot be deleted', async () => {
    const state = clusteringState({
      columns: [
        columnFixture({ name: 'Is Brand', is_fixed: true }),
        columnFixture({ name: 'Funnel', is_placeholder: true }),
        columnFixture({ name: 'Product' }),
      ],
    });
    renderClusters(PAGE, state);
    const list = await screen.findByRole('list', { name: 'Clusters' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Drag Is Brand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Is Brand' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Drag Funnel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Funnel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Product' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Edit Product\b/ })).toHaveAttribute(
      'href',
      `${PAGE}/${state.columns[2]!.id}`,
    );
  });

  it('Add Cluster opens the editor of a new column, until the category holds the maximum', async () => {
    const { router, unmount } = renderClusters(
      PAGE,
      clusteringState({ maxColumns: 2, columns: [columnFixture()] }),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Add Cluster' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(
        /^\/organization\/acme\/clusters\/adgroups\/[0-9a-f-]{36}$/,
      ),
    );
    unmount();
    renderClusters(PAGE, clusteringState({ maxColumns: 1, columns: [columnFixture()] }));
    expect(await screen.findByRole('button', { name: 'Add Cluster' })).toBeDisabled();
  });

  it("shows a demo organization's clusters without Add Cluster, drag or delete (decision 289)", async () => {
    const state = clusteringState({ columns: [columnFixture({ name: 'Product' })] });
    renderClusters(PAGE, state, {
      'GET /api/organizations': () => json(200, { organizations: [{ ...acme, is_demo: true }] }),
    });
    expect(await screen.findByRole('link', { name: /^Edit Product\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Cluster' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Drag Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Product' })).toBeNull();
  });

  it('deletes a column after confirmation, once the server confirmed; a failure keeps it', async () => {
    const kept = columnFixture({ name: 'Kept' });
    const product = columnFixture({ name: 'Product' });
    const state = clusteringState({ columns: [product, kept] });
    const { calls } = renderClusters(PAGE, state, {
      [`DELETE /api/clustering/adgroups/columns/${kept.id}`]: () =>
        json(500, { detail: { type: 'internal' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete cluster?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Product')).toBeNull());
    expect(callsTo(calls, 'DELETE', `/api/clustering/adgroups/columns/${product.id}`)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Kept' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error: Could not delete column')).toBeInTheDocument();
    expect(screen.getByText('Kept')).toBeInTheDocument();
  });
});

describe('reordering columns (spec 001 §4)', () => {
  function setup(answer: () => Response) {
    signIn();
    const a = columnFixture({ name: 'A' });
    const b = columnFixture({ name: 'B' });
    const state = clusteringState({ columns: [a, b] });
    mockRoutes(clusteringRoutes(state, { 'PUT /api/clustering/adgroups/columns': answer }));
    const queryClient = createQueryClient();
    const key = clustersKeys.category(acme.id, 'adgroups');
    queryClient.setQueryData(key, {
      category: 'adgroups',
      label: 'Ad Groups',
      columns: [a, b],
      fields: [],
      max_columns: 10,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useReorderColumns(acme.id, 'adgroups'), { wrapper });
    const names = () =>
      (queryClient.getQueryData(key) as { columns: { name: string }[] }).columns.map((column) => column.name);
    return { hook, names, ids: [b.id, a.id] };
  }

  it('applies the move at once and undoes it when the server refuses', async () => {
    let release: (response: Response) => void = () => {};
    const { hook, names, ids } = setup(
      () => new Promise<Response>((resolve) => (release = resolve)) as never,
    );
    act(() => hook.result.current.mutate(ids));
    await waitFor(() => expect(names()).toEqual(['B', 'A']));
    release(
      json(422, {
        detail: {
          type: 'invalid_field_reference',
          message: 'no',
          column: { id: ids[0], name: 'B' },
          referenced_column: { id: ids[1], name: 'A' },
        },
      }),
    );
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(names()).toEqual(['A', 'B']);
  });
});
