import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { mockRoutes, signIn } from '../../../test/organizationFixtures';
import { renderRoutes } from '../../../test/render';
import { AuthorizedAssistants } from './AuthorizedAssistants';

const ORG_ID = '5a0e6d8c-2b1f-4e3a-9c7d-1e2f3a4b5c6d';
const LIST = 'GET /api/assistant/authorizations';
const CLAUDE = {
  id: '0f1e2d3c-4b5a-4697-8877-665544332211',
  client_name: 'Claude',
  client_id: 'c1',
  dataset_id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  dataset_name: 'Default',
  user_id: '7d0f4a52-1c3b-4f7e-9a53-2b8c1d9e6f10',
  user_email: 'ada@acme.example',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
};

const render = () =>
  renderRoutes([{ path: '/', element: <AuthorizedAssistants organizationId={ORG_ID} /> }], '/');

describe('authorized assistants', () => {
  it('lists each assistant with its dataset and who authorized it, and revokes after confirming', async () => {
    signIn();
    let items = [CLAUDE];
    const calls = mockRoutes({
      [LIST]: () => json(200, { authorizations: items }),
      [`DELETE /api/assistant/authorizations/${CLAUDE.id}`]: () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    render();
    const row = await screen.findByRole('listitem', { name: 'Claude' });
    expect(within(row).getByText('Default')).toBeInTheDocument();
    expect(
      within(row).getByText(/authorized by ada@acme.example on 20\/11\/2026 · never used/),
    ).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke: Claude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this assistant?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('No AI assistant is authorized for this organization.'),
    ).toBeInTheDocument();
    const revoked = calls.find((c) => c.method === 'DELETE');
    expect(revoked?.search).toBe(`?organization_id=${ORG_ID}`);
  });

  it('says so when the list cannot be loaded, and when revoking fails', async () => {
    signIn();
    mockRoutes({
      [LIST]: () => json(200, { authorizations: [CLAUDE] }),
      [`DELETE /api/assistant/authorizations/${CLAUDE.id}`]: () =>
        json(404, { detail: { type: 'authorization_not_found' } }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke: Claude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this assistant?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The assistant could not be revoked. Try again.')).toBeInTheDocument();

    mockRoutes({ [LIST]: () => json(500, { detail: { type: 'internal' } }) });
    render();
    await waitFor(() =>
      expect(
        screen.getByText('The authorized assistants could not be loaded. Try again later.'),
      ).toBeInTheDocument(),
    );
  });
});
