import type { Organization } from '@maya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { getUserIdCookie } from '../../../shared/auth/userIdCookie';
import { getCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { json } from '../../../test/api';
import {
  accountRoutes,
  demoOrganization,
  mockRoutes,
  organizationFixture,
  recordLocations,
  renderApp,
  signIn,
} from '../../../test/organizationFixtures';

const acme = organizationFixture({ slug: 'acme', has_dashboard: true });

async function renderPage() {
  const rendered = renderApp('/create-organization');
  const visited = recordLocations(rendered.router);
  await screen.findByRole('button', { name: 'Continue' });
  return { ...rendered, visited };
}

describe('create organization page', () => {
  it('shows the name field, the one-organization-per-brand tip, Continue and Cancel', async () => {
    signIn();
    mockRoutes(accountRoutes());
    await renderPage();
    expect(screen.getByLabelText('Organization name')).toBeInTheDocument();
    expect(screen.getByText(/one organization per brand, website or country/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it.each([[''], ['   ']])(
    'refuses the name %j with Please enter a valid organization name',
    async (name) => {
      signIn();
      const calls = mockRoutes(accountRoutes());
      await renderPage();
      if (name) await userEvent.type(screen.getByLabelText('Organization name'), name);
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Please enter a valid organization name')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    },
  );

  it('creates the organization, makes it current and opens its destinations settings through /', async () => {
    signIn();
    let organizations: Organization[] = [demoOrganization];
    const created = organizationFixture({ slug: 'new-brand', name: 'New Brand' });
    const calls = mockRoutes({
      ...accountRoutes(),
      'GET /api/organizations': () => json(200, { organizations }),
      'POST /api/organizations': () => {
        organizations = [demoOrganization, created];
        return json(201, { id: created.id, slug: created.slug, name: created.name });
      },
    });
    const { router, visited } = await renderPage();
    await userEvent.type(screen.getByLabelText('Organization name'), '  New Brand ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/organization/new-brand/settings/destinations?refresh_destinations=1',
      ),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'New Brand' });
    expect(visited[0]).toEqual({ path: '/', state: { destinations: true } });
    expect(getCurrentOrganizationSlug()).toBe('new-brand');
  });

  it('says Failed creating organization when the server refuses', async () => {
    signIn();
    mockRoutes({
      ...accountRoutes(),
      'POST /api/organizations': () => json(500, { detail: { type: 'internal_error' } }),
    });
    const { router } = await renderPage();
    await userEvent.type(screen.getByLabelText('Organization name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed creating organization')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-organization');
  });

  it('Cancel goes to / when the user has organizations', async () => {
    signIn();
    const calls = mockRoutes(accountRoutes({ organizations: [demoOrganization, acme] }));
    const { router, visited } = await renderPage();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/organizations'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/dashboard/-maya'));
    expect(visited[0]).toEqual({ path: '/', state: null });
    expect(tokenStore.get()).not.toBeNull();
  });

  it('Cancel without organizations clears the user cookie and goes to / with the destinations flag', async () => {
    signIn();
    const calls = mockRoutes(accountRoutes({ organizations: [demoOrganization] }));
    const { router, visited } = await renderPage();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/organizations'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(visited[0]).toEqual({ path: '/', state: { destinations: true } });
    expect(getUserIdCookie()).toBeNull();
    expect(tokenStore.get()).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout');
  });
});
