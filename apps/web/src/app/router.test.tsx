import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, startSession, takeReturnUrl, tokenStore } from '../shared/auth';
import { accountRoutes, mockRoutes, organizationFixture } from '../test/organizationFixtures';
import { renderRoutes } from '../test/render';
import { createAppRoutes, isShellRoute } from './router';
import { appRoutes, ORGANIZATION_PREFIX, type AppRoute } from './routes';

const NOT_FOUND_TEXT = 'We could not find the page you are looking for.';

describe('router', () => {
  afterEach(() => endSession());

  it('shows the not-found page for an unknown path, titled Page Not Found', async () => {
    renderRoutes(createAppRoutes(), '/some/unknown/path');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found - Maya'));
  });

  it('Go Home navigates to /, which sends a signed-out visitor to sign in', async () => {
    const { router } = renderRoutes(createAppRoutes(), '/some/unknown/path');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await userEvent.click(await screen.findByRole('button', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(visited).toContain('/');
  });

  it('sends a signed-out visitor of a protected route to sign in and remembers the path', async () => {
    const { router } = renderRoutes(createAppRoutes(), '/organization/acme/sources?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(takeReturnUrl()).toBe('/organization/acme/sources?tab=1');
  });

  it('ends a session whose user_id cookie names someone else', async () => {
    startSession({ accessToken: 't', accessTokenExpiresAt: '2999-01-01T00:00:00Z', userId: 'u1' });
    document.cookie = 'user_id=u2; path=/';
    const { router } = renderRoutes(createAppRoutes(), '/organization/acme/sources');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(tokenStore.get()).toBeNull();
  });

  it('shows the not-found page for a competition report id that is not a UUID (spec 001 §2)', async () => {
    startSession({ accessToken: 't', accessTokenExpiresAt: '2999-01-01T00:00:00Z', userId: 'u1' });
    mockRoutes(accountRoutes({ organizations: [organizationFixture({ slug: 'acme' })] }));
    const { router } = renderRoutes(createAppRoutes(), '/organization/acme/competitors/not-a-uuid');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(router.state.matches.map((m) => m.route.path)).toContain(
      '/organization/:organizationSlug/competitors/:competitorsId',
    );
    await waitFor(() => expect(document.title).toBe('Page Not Found - Maya'));
  });

  it('lazy-loads a built page and titles the document from the route table', async () => {
    renderRoutes(createAppRoutes(), '/sign-in');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign In - Maya'));
  });

  it('keeps the page drawn when the address moves between two routes of one loader', async () => {
    let mounts = 0;
    function Shared() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return (
        <>
          <p>at {useLocation().pathname}</p>
          <Link to="/shared/second">Second</Link>
        </>
      );
    }
    const load = () => Promise.resolve(Shared);
    const route = (path: string, title: string): AppRoute => ({
      path,
      access: 'public',
      title,
      spec: '002-operations',
      page: load,
    });
    const { router } = renderRoutes(
      createAppRoutes([route('/shared', 'First'), route('/shared/second', 'Second')]),
      '/shared',
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Second' }));
    // Drawn at the new address: by the same page, or by a second one that mounted.
    expect(await screen.findByText('at /shared/second')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Second - Maya'));
    expect(router.state.location.pathname).toBe('/shared/second');
    expect(mounts).toBe(1);
  });

  it('renders the top-level error page when a page throws', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    const table: AppRoute[] = [
      {
        path: '/broken',
        access: 'public',
        title: 'Broken',
        spec: '000-accounts',
        page: () => Promise.resolve(Broken),
      },
    ];
    const originalError = console.error;
    console.error = () => {};
    try {
      renderRoutes(createAppRoutes(table), '/broken');
      expect(await screen.findByText('An error has occured')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
      await waitFor(() => expect(document.title).toBe('An error has occured - Maya'));
    } finally {
      console.error = originalError;
    }
  });

  it('nests every protected organization route in the shell layout, and nothing else', () => {
    const [root] = createAppRoutes();
    const shell = root?.children?.find((route) => route.id === 'organization-shell');
    expect(shell?.path).toBe(ORGANIZATION_PREFIX);
    const nested = shell?.children?.map((route) => (route.index ? ORGANIZATION_PREFIX : route.path)) ?? [];
    const expected = appRoutes.filter(isShellRoute).map((route) => route.path);
    expect(nested).toEqual([...expected, '*']);
    expect(expected).toContain(`${ORGANIZATION_PREFIX}/sources`);
    expect(expected).not.toContain(`${ORGANIZATION_PREFIX}/invite/:inviteId`);
    expect(expected).not.toContain('/organization/0');
    const topLevel = root?.children?.map((route) => route.path) ?? [];
    expect(topLevel).toContain(`${ORGANIZATION_PREFIX}/invite/:inviteId`);
    expect(topLevel).toContain('/organization/0');
  });

  it('shows an unknown path of a known organization as not found inside the shell', async () => {
    startSession({ accessToken: 't', accessTokenExpiresAt: '2999-01-01T00:00:00Z', userId: 'u1' });
    mockRoutes(accountRoutes({ organizations: [organizationFixture({ slug: 'acme' })] }));
    renderRoutes(createAppRoutes(), '/organization/acme/no/such/page');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found - Maya'));
  });
});
