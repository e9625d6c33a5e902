import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api';
import { organizationFixture } from '../../../../test/organizationFixtures';
import {
  acme,
  alanInvite,
  features,
  invite,
  renderSettings,
  type SettingsApi,
} from '../../test/settingsFixtures';

const PAGE = '/organization/acme/settings/members';
const noContent = () => new Response(null, { status: 204 });

function renderMembers(api: SettingsApi = {}) {
  return renderSettings(PAGE, api);
}

async function invitationsList() {
  return screen.findByRole('list', { name: 'Pending invitations' });
}

afterEach(() => vi.restoreAllMocks());

describe('members tab', () => {
  it('lists the members with their role and the pending invitations with their dates', async () => {
    const { calls } = renderMembers();
    const membersList = await screen.findByRole('list', { name: 'Members' });
    const rows = within(membersList).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ada Lovelace (you)');
    expect(rows[0]).toHaveTextContent('ada@example.com');
    expect(rows[0]).toHaveTextContent('Admin');
    expect(rows[1]).toHaveTextContent('Grace Hopper');
    expect(rows[1]).toHaveTextContent('Member');

    const invitations = await invitationsList();
    const row = within(invitations).getByRole('listitem');
    expect(row).toHaveTextContent('alan@example.com');
    expect(row).toHaveTextContent('Sent 04/03/2025 · Expires 11/03/2025');
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/api/invitations',
        search: `?organization_id=${acme.id}`,
      }),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/features', body: { organization_id: acme.id } }),
    );
  });

  it('invites an e-mail: the pending list refreshes and the field clears', async () => {
    let invitations = [alanInvite];
    const { calls } = renderMembers({
      invitations: () => invitations,
      routes: {
        'POST /api/invitations': () => {
          const created = invite('bob@example.com', '33333333-3333-4333-8333-333333333333');
          invitations = [...invitations, created];
          return json(201, created);
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await invitationsList();
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(field, ' Bob@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/invitations')).toEqual([
      expect.objectContaining({ body: { organization_id: acme.id, email: 'bob@example.com' } }),
    ]);
  });

  it("refuses an invalid e-mail: 'Please enter a valid email address'", async () => {
    const { calls } = renderMembers();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/invitations')).toBe(false);
  });

  it('logs a failed invite and shows already_member under the field', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderMembers({
      routes: {
        'POST /api/invitations': () =>
          json(409, { detail: { type: 'already_member', message: 'grace@example.com is already a member' } }),
      },
    });
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(field, 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('grace@example.com is already a member'));
    expect(log).toHaveBeenCalled();
  });

  it('logs other invite failures only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderMembers({
      routes: { 'POST /api/invitations': () => json(429, { detail: { type: 'rate_limited' } }) },
    });
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(field, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(field).not.toHaveAccessibleDescription();
    expect(within(screen.getByRole('form', { name: 'Invite' })).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("replaces the form with 'Upgrade plan to add more users' without can_add_users", async () => {
    renderMembers({
      routes: { 'POST /api/features': () => json(200, { ...features, can_add_users: false }) },
    });
    const link = await screen.findByRole('link', { name: 'Upgrade plan to add more users' });
    expect(link).toHaveAttribute('href', '/organization/acme/billing/products');
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('deletes an invitation after confirmation', async () => {
    let invitations = [alanInvite];
    const { calls } = renderMembers({
      invitations: () => invitations,
      routes: {
        [`DELETE /api/invitations/${alanInvite.uuid}`]: () => {
          invitations = [];
          return noContent();
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await invitationsList();
    await user.click(screen.getByRole('button', { name: 'Delete the invitation for alan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invitation' });
    expect(dialog).toHaveTextContent('alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({
        path: `/api/invitations/${alanInvite.uuid}`,
        search: `?organization_id=${acme.id}`,
      }),
    ]);
  });

  it('keeps the invitation when the confirmation is cancelled', async () => {
    const { calls } = renderMembers();
    const user = userEvent.setup({ delay: null });
    await invitationsList();
    await user.click(screen.getByRole('button', { name: 'Delete the invitation for alan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invitation' });
    await user.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByText('alan@example.com')).toBeInTheDocument();
  });

  it('shows an error icon on the row when the deletion fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderMembers({
      routes: {
        [`DELETE /api/invitations/${alanInvite.uuid}`]: () =>
          json(500, { detail: { type: 'internal_error' } }),
      },
    });
    const user = userEvent.setup({ delay: null });
    const list = await invitationsList();
    await user.click(screen.getByRole('button', { name: 'Delete the invitation for alan@example.com' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete invitation' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const row = within(list).getByRole('listitem');
    expect(
      await within(row).findByRole('img', { name: 'The invitation could not be deleted. Try again.' }),
    ).toBeInTheDocument();
    expect(row).toHaveTextContent('alan@example.com');
  });

  it("shows 'There was an issue getting the invitations.' when the list fails", async () => {
    renderMembers({
      routes: { 'GET /api/invitations': () => json(500, { detail: { type: 'internal_error' } }) },
    });
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('There was an issue getting the invitations.');
    expect(alert).toHaveTextContent('Error 500: internal_error');
  });

  it('lets a member read only: no invite form, no delete control, a short note', async () => {
    const calls = renderMembers({
      organization: organizationFixture({ slug: 'acme', role: 'member' }),
    }).calls;
    await invitationsList();
    expect(screen.getByText('alan@example.com')).toBeInTheDocument();
    expect(screen.getByText('Only admins can invite people and delete invitations.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete the invitation/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/features')).toBe(false);
  });
});
