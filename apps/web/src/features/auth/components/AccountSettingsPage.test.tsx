import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api';
import { bodiesSentTo, callsTo, renderAuth } from '../test/renderAuth';

const PAGE = '/organization/acme/account-settings/change-password';

async function fill(user: UserEvent, current: string, next: string, repeat: string) {
  if (current !== '') await user.type(await screen.findByLabelText('Current password'), current);
  if (next !== '') await user.type(screen.getByLabelText('New password'), next);
  if (repeat !== '') await user.type(screen.getByLabelText('Repeat password'), repeat);
}

describe('account settings, change password', () => {
  it('shows the Account title and the Change password tab, and fixes an unknown tab', async () => {
    mockApi(() => json(200, { success: true }));
    const { router } = renderAuth('/organization/acme/account-settings/other');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Change password' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
  });

  it('opens the first tab for account-settings/ with no tab', async () => {
    mockApi(() => json(200, { success: true }));
    const { router } = renderAuth('/organization/acme/account-settings/');
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
  });

  it('keeps Save disabled until the current password is entered', async () => {
    mockApi(() => json(200, { success: true }));
    renderAuth(PAGE);
    const user = userEvent.setup({ delay: null });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await fill(user, '', 'new password 1', 'new password 1');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Current password'), 'old');
    expect(save).toBeEnabled();
  });

  it("refuses a repeat that does not match: 'Passwords do not match'", async () => {
    const fetchMock = mockApi(() => json(200, { success: true }));
    renderAuth(PAGE);
    const user = userEvent.setup({ delay: null });
    await fill(user, 'old password', 'new password 1', 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/user/change_password')).toEqual([]);
  });

  it("changes the password: 'Password changed successfully' and an empty form", async () => {
    const fetchMock = mockApi(() => json(200, { success: true }));
    renderAuth(PAGE);
    const user = userEvent.setup({ delay: null });
    await fill(user, 'old password', 'new password 1', 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/user/change_password')).toEqual([
      { current_password: 'old password', new_password: 'new password 1' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows invalid_credentials as text under the current password', async () => {
    mockApi(() => json(400, { detail: { type: 'invalid_credentials' } }));
    renderAuth(PAGE);
    const user = userEvent.setup({ delay: null });
    await fill(user, 'wrong password', 'new password 1', 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('Incorrect credentials'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other rejections as a generic message', async () => {
    mockApi(() => json(500, { detail: { type: 'internal_error' } }));
    renderAuth(PAGE);
    const user = userEvent.setup({ delay: null });
    await fill(user, 'old password', 'new password 1', 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
