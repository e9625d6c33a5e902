import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
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
const globex = organizationFixture({ slug: 'globex', has_dashboard: true });

function renderAndRecord(entry: string) {
  const rendered = renderApp(entry);
  const locations = recordLocations(rendered.router);
  return { ...rendered, visited: () => locations.map((entry) => entry.path) };
}

describe('/organization/0', () => {
  it('resolves to the latest (saved) organization, which opens on its dashboard', async () => {
    signIn();
    setCurrentOrganizationSlug('globex');
    mockRoutes(accountRoutes({ organizations: [demoOrganization, acme, globex] }));
    const { router, visited } = renderAndRecord('/organization/0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/globex/dashboard/-maya'));
    expect(visited()[0]).toBe('/organization/globex');
  });

  it('resolves to the first organization of the user when none is saved', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [demoOrganization, acme, globex] }));
    const { router } = renderAndRecord('/organization/0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/dashboard/-maya'));
  });

  it('goes to / when the user has none, which leads to /create-organization', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [demoOrganization] }));
    const { router, visited } = renderAndRecord('/organization/0');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-organization'));
    expect(visited()[0]).toBe('/');
  });

  it('keeps the rest of a deeper path: /organization/0/sources?x=1', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [acme] }));
    const { router } = renderAndRecord('/organization/0/sources?x=1');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/organization/acme/sources?x=1',
      ),
    );
  });
});
