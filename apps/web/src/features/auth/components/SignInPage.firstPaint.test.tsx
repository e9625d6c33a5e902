import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createAppRoutes } from '../../../app/router';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { json, mockApi, requestUrl } from '../../../test/api';
import { createTestRouter } from '../../../test/memoryRouter';

// TanStack Query never arrives: its chunk fails to load (decision 700).
vi.mock('../../../shared/api/queryClient', () => ({
  createQueryClient: () => {
    throw new Error('TanStack Query is not loaded on the sign-in page');
  },
}));

afterEach(() => tokenStore.clear());

describe('the sign-in page without TanStack Query (decision 700)', () => {
  it('draws and signs in with no query client in the app', async () => {
    const fetchMock = mockApi(() =>
      json(200, { access_token: 'jwt-1', access_token_expires_at: '2030-01-01T00:00:00Z', user_id: '42' }),
    );
    const { element } = createTestRouter(createAppRoutes(), ['/sign-in']);
    render(<AppProviders>{element}</AppProviders>);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(tokenStore.get()?.accessToken).toBe('jwt-1'));
    expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toContain('/api/auth/login');
  });

  it('says a provider sign-in failed, without a query client', async () => {
    mockApi(() => json(503, { detail: { type: 'service_unavailable' } }));
    const { element } = createTestRouter(createAppRoutes(), ['/sign-in']);
    render(<AppProviders>{element}</AppProviders>);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
