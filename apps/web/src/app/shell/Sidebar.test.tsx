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

/** The shell on a page that asks nothing else (a malformed competition report id: not found). */
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

const report = (slug: string, name: string, isCustom: boolean) => ({
  id: slug,
  slug,
  name,
  embed_url: `https://app.example.com/api/reports/${slug}`,
  access_token: null,
  access_level: 'Edit',
  permission_level: 'admin',
  demo: false,
  is_custom: isCustom,
  dataset_id: 'marketing',
});

describe('sidebar reports (spec 002 §2)', () => {
  function renderWithReports(reports: ReturnType<typeof report>[]) {
    signIn();
    const calls = mockRoutes({
      ...accountRoutes({ organizations: [demoOrganization, acme] }),
      'GET /api/reports': () => json(200, { reports }),
    });
    return { ...renderApp('/organization/acme/competitors/not-a-uuid'), calls };
  }

  it('lists the reports from the API by their display names, and no Custom Reports without any', async () => {
    const { calls } = renderWithReports([
      report('-maya', 'Marketing Performance', false),
      report('-seo-v1', 'SEO', false),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reports' }));
    const list = await screen.findByRole('list', { name: 'Reports' });
    expect(await within(list).findByRole('link', { name: 'Marketing Performance' })).toHaveAttribute(
      'href',
      '/organization/acme/dashboard/-maya',
    );
    expect(within(list).getByRole('link', { name: 'SEO' })).toHaveAttribute(
      'href',
      '/organization/acme/dashboard/-seo-v1',
    );
    expect(screen.queryByRole('button', { name: 'Custom Reports' })).toBeNull();
    expect(calls).toContainEqual(
      expect.objectContaining({ path: '/api/reports', search: `?organization_id=${acme.id}` }),
    );
  });

  it('adds a Custom Reports section that opens exclusively', async () => {
    renderWithReports([report('-maya', '-maya', false), report('weekly', 'Weekly spend', true)]);
    const customToggle = await screen.findByRole('button', { name: 'Custom Reports' });
    await userEvent.click(customToggle);
    await waitFor(() => expect(customToggle).toHaveAttribute('aria-expanded', 'true'));
    expect(
      within(await screen.findByRole('list', { name: 'Custom Reports' })).getByRole('link', {
        name: 'Weekly spend',
      }),
    ).toHaveAttribute('href', '/organization/acme/dashboard/weekly');
    // Opening Reports closes Custom Reports.
    await userEvent.click(screen.getByRole('button', { name: 'Reports' }));
    expect(customToggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('sidebar warning on Sources (spec 001 §2)', () => {
  it('shows a warning icon on Sources when accounts have warnings', async () => {
    const { calls } = renderShell('/organization/acme/competitors/not-a-uuid', WARNINGS);
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
    renderShell('/organization/acme/competitors/not-a-uuid', { count: 0, accounts: [] });
    const sources = await screen.findByRole('link', { name: 'Sources' });
    expect(within(sources).queryByRole('img')).toBeNull();
  });

  it('keeps the warning on the collapsed icon rail', async () => {
    renderShell('/organization/acme/competitors/not-a-uuid', WARNINGS);
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
