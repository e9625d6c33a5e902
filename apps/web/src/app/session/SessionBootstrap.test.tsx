import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/queryClient';
import { endSession } from '../../shared/auth/session';
import { tokenStore } from '../../shared/auth/tokenStore';
import { getUserIdCookie, setUserIdCookie } from '../../shared/auth/userIdCookie';
import { json } from '../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  USER_ID,
  type RouteHandler,
} from '../../test/organizationFixtures';
import { AppProviders } from '../AppProviders';
import { createAppRoutes } from '../router';
import { refreshSession } from './refreshSession';
import { SessionBootstrap } from './SessionBootstrap';

const tokenAnswer: RouteHandler = () =>
  json(200, {
    access_token: 'fresh-jwt',
    access_token_expires_at: '2999-01-01T00:00:00.000Z',
    user_id: USER_ID,
  });

function renderBootstrap(intervalMs?: number, signedOut?: boolean) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <SessionBootstrap intervalMs={intervalMs} signedOut={signedOut}>
        <p>The app</p>
      </SessionBootstrap>
    </AppProviders>,
  );
}

/** What the server sets beside the refresh cookie (decision 175). */
function setSessionHint(): void {
  document.cookie = 'maya_session=1; Path=/';
}

beforeEach(setSessionHint);
afterEach(() => {
  endSession();
  document.cookie = 'maya_session=; Path=/; Max-Age=0';
});

describe('session bootstrap', () => {
  it('refreshes the token on load and shows the app only afterwards', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockRoutes({
      'POST /api/auth/refresh_token': async (call) => {
        await gate;
        return tokenAnswer(call);
      },
    });
    renderBootstrap();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('The app')).toBeNull();
    release();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/refresh_token']);
    expect(tokenStore.get()).toEqual({
      accessToken: 'fresh-jwt',
      accessTokenExpiresAt: '2999-01-01T00:00:00.000Z',
      userId: USER_ID,
    });
    expect(getUserIdCookie()).toBe(USER_ID);
  });

  it('a refused refresh ends the loading without a session, quietly for a 401', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockRoutes({ 'POST /api/auth/refresh_token': () => json(401, { detail: { type: 'unauthorized' } }) });
    renderBootstrap();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not ask a signed-out visitor (no session hint, no user_id cookie) and shows the app', async () => {
    document.cookie = 'maya_session=; Path=/; Max-Age=0';
    const calls = mockRoutes({ 'POST /api/auth/refresh_token': tokenAnswer });
    renderBootstrap();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(tokenStore.get()).toBeNull();
  });

  it("draws a signed-out visitor's page in its first render, as the build drew it (decision 815)", () => {
    document.cookie = 'maya_session=; Path=/; Max-Age=0';
    const calls = mockRoutes({ 'POST /api/auth/refresh_token': tokenAnswer });
    renderBootstrap(undefined, true);
    // Synchronously: the markup the browser hydrates is the app's, not the loader's.
    expect(screen.getByText('The app')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('restores a session from before the hint by its user_id cookie, and forgets that cookie on a 401', async () => {
    document.cookie = 'maya_session=; Path=/; Max-Age=0';
    setUserIdCookie(USER_ID);
    const calls = mockRoutes({
      'POST /api/auth/refresh_token': () => json(401, { detail: { type: 'unauthorized' } }),
    });
    renderBootstrap();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(getUserIdCookie()).toBeNull();
  });

  it('reports any other refresh failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockRoutes({
      'POST /api/auth/refresh_token': () => json(503, { detail: { type: 'service_unavailable' } }),
    });
    renderBootstrap();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Token refresh failed', expect.anything());
  });

  it('refreshes again on every interval', async () => {
    const calls = mockRoutes({ 'POST /api/auth/refresh_token': tokenAnswer });
    renderBootstrap(30);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3));
  });

  it('shares one request between concurrent refreshes (the refresh token is single-use)', async () => {
    const calls = mockRoutes({ 'POST /api/auth/refresh_token': tokenAnswer });
    const [first, second] = await Promise.all([refreshSession(), refreshSession()]);
    expect(first).toBe(second);
    expect(first.status).toBe('refreshed');
    expect(calls).toHaveLength(1);
  });

  it('keeps a signed-in user signed in across a reload of a protected page', async () => {
    mockRoutes({
      ...accountRoutes({ organizations: [organizationFixture({ slug: 'acme' })] }),
      'POST /api/auth/refresh_token': tokenAnswer,
    });
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: ['/organization/acme/sources'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SessionBootstrap>
          <RouterProvider router={router} />
        </SessionBootstrap>
      </AppProviders>,
    );
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organization/acme/sources');
  });
});
