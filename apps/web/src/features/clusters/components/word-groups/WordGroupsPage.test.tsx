import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, clusteringState, ORG, renderClusters, wordGroupFixture } from '../../test/clustersFixtures';

const PAGE = `${ORG}/clusters/word-groups`;

async function paste(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

describe('word groups', { timeout: 45_000 }, () => {
  it('a new group starts in edit mode; paste splits on newlines and tabs, Enter adds; empty names save as Word group #n', async () => {
    const state = clusteringState({
      wordGroups: [wordGroupFixture({ name: 'Brand terms', terms: ['acme'] })],
    });
    const { calls } = renderClusters(PAGE, state);
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add word group' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    const terms = screen.getByRole('textbox', { name: 'Terms' });
    await paste(terms, 'shoes\n\nboots\tShoes\r\n  sandals ');
    expect(screen.getByRole('button', { name: 'Remove shoes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove boots' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove sandals' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Shoes' })).toBeNull();
    await userEvent.type(terms, 'clogs{Enter}');
    expect(screen.getByRole('button', { name: 'Remove clogs' })).toBeInTheDocument();
    await userEvent.type(terms, 'BOOTS{Enter}');
    expect(screen.getAllByRole('button', { name: /^Remove boots$/i })).toHaveLength(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Exclude terms' }), 'kids{Enter}');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    const [put] = callsTo(calls, 'PUT', '/api/clustering/wordgroups');
    expect(put?.body).toMatchObject({
      delete_references: false,
      wordgroups: [
        { name: 'Brand terms', terms: ['acme'] },
        { name: 'Word group #2', terms: ['shoes', 'boots', 'sandals', 'clogs'], excludeTerms: ['kids'] },
      ],
    });
    expect(screen.getByText('Word group #2')).toBeInTheDocument();
  });

  it("refuses a name another group has in any case ('Duplicate Name'): Save is disabled", async () => {
    const first = wordGroupFixture({ name: 'Brand terms' });
    renderClusters(PAGE, clusteringState({ wordGroups: [first, wordGroupFixture({ name: 'Other' })] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Other' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'brand TERMS');
    expect(await screen.findAllByText('Duplicate Name')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('deleting a group rules read asks first, then saves with delete_references; protected groups cannot be deleted', async () => {
    const state = clusteringState({
      wordGroups: [
        wordGroupFixture({ name: 'Used', has_references: true }),
        wordGroupFixture({ name: 'Product', deletion_protection: true }),
      ],
    });
    const { calls } = renderClusters(PAGE, state);
    expect(await screen.findByRole('button', { name: 'Delete Product' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Used' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'References to this wordgroup will be deleted. Are you sure you want to delete it?',
    );
    await userEvent.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(screen.queryByText('Used')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Saved' });
    expect(callsTo(calls, 'PUT', '/api/clustering/wordgroups')[0]?.body).toMatchObject({
      delete_references: true,
      wordgroups: [{ name: 'Product' }],
    });
  });
});
