import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/api';
import {
  accountRoutes,
  demoOrganization,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
} from '../../test/organizationFixtures';

const acme = organizationFixture({ slug: 'acme', name: 'Acme' });

/** The shell on a page that asks nothing else (competitors is not built yet: not found). */
function renderShell(path: string, warnings: { count: number; accounts: string[] } | null) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [demoOrganization, acme] }),
    ...(warnings === null ? {} : { 'GET /api/service_accounts/warnings': () => json(200, warnings) }),
  });
  return { ...renderApp(path), calls };
}

const WARNINGS = {
  count: 2,
  accounts: ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'],
};

describe('sidebar warning on Sources (spec 001 §2)', () => {
  it('shows a warning icon on Sources when accounts have warnings', async () => {
    const { calls } = renderShell('/organization/acme/competitors', WARNINGS);
    const sources = await screen.findByRole('link', { name: /Sources/ });
    expect(
      await within(sources).findByRole('img', { name: '2 source accounts need attention' }),
    ).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        path: '/api/service_accounts/warnings',
        search: `?organization_id=${acme.id}`,
      }),
    );
    // The other items carry none.
    expect(within(screen.getByRole('link', { name: 'Clusters' })).queryByRole('img')).toBeNull();
  });

  it('shows none without warnings, or when they cannot be loaded', async () => {
    renderShell('/organization/acme/competitors', { count: 0, accounts: [] });
    const sources = await screen.findByRole('link', { name: 'Sources' });
    expect(within(sources).queryByRole('img')).toBeNull();
  });

  it('keeps the warning on the collapsed icon rail', async () => {
    renderShell('/organization/acme/competitors', WARNINGS);
    await screen.findByRole('img', { name: '2 source accounts need attention' });
    await userEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(
      await screen.findByRole('link', { name: 'Sources (2 source accounts need attention)' }),
    ).toHaveAttribute('href', '/organization/acme/sources');
  });

  it('asks nothing for a demo organization, which has no Sources item', async () => {
    const { calls } = renderShell('/organization/demo/dashboard/-demo', WARNINGS);
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/organizations')).toBe(true));
    expect(calls.some((call) => call.path === '/api/service_accounts/warnings')).toBe(false);
  });
});
