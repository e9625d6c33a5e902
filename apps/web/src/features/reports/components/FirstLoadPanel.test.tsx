import type { ServiceAccount } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { demoOrganization, organizationFixture } from '../../../test/organizationFixtures';
import { sourcesKeys } from '../../sources';
import { accessFixture, embedReportFixture, serviceAccountFixture } from '../testFixtures';
import { acme, renderDashboard } from './dashboardTestRoutes';

const PAGE = '/organization/acme/dashboard/-maya';
const marketingPerformance = accessFixture({ report: embedReportFixture({ name: 'Marketing Performance' }) });
const notSetUp = () => json(404, { detail: { type: 'workspace_not_setup' } });

/** Connected just now, unless told otherwise. */
const account = (overrides: Partial<ServiceAccount> = {}) =>
  serviceAccountFixture({ connected_at: new Date().toISOString(), organization_id: acme.id, ...overrides });

function withAccounts(accounts: () => ServiceAccount[], access: () => Response = notSetUp) {
  return renderDashboard(PAGE, {
    access,
    extra: { 'GET /api/service_accounts': () => json(200, { service_accounts: accounts() }) },
  });
}

describe('the dashboard before the first load (decision 172)', () => {
  it('with no source yet, calls to connect one and leads to Sources', async () => {
    const { router } = withAccounts(() => []);
    expect(
      await screen.findByRole('heading', { name: 'Connect your first data source' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Dashboard not ready')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Connect a data source' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
  });

  it('while loading, shows the progress, the account loading now and an estimate; opens once an account loads', async () => {
    const tookFourMinutes = {
      sync_status: 'finished' as const,
      connected_at: new Date(Date.now() - 4 * 60_000).toISOString(),
      last_synced_at: new Date().toISOString(),
    };
    let accounts = [
      account({ name: 'Acme Search', sync_status: 'running' }),
      account(),
      account(tookFourMinutes),
    ];
    let ready = false;
    const { queryClient } = withAccounts(
      () => accounts,
      () => (ready ? json(200, marketingPerformance) : notSetUp()),
    );
    expect(await screen.findByRole('heading', { name: 'Loading your data' })).toBeInTheDocument();
    expect(screen.getAllByText('1 of 3 accounts loaded').length).toBeGreaterThan(0);
    expect(screen.getByRole('progressbar', { name: '1 of 3 accounts loaded' })).toBeInTheDocument();
    expect(screen.getByText('Loading now: Acme Search')).toBeInTheDocument();
    expect(screen.getByText(/^About \d+ minutes left$/)).toBeInTheDocument();

    // The next reading of the accounts finds another one loaded: the report is asked again.
    accounts = accounts.map((a) => (a.name === 'Acme Search' ? { ...a, ...tookFourMinutes } : a));
    ready = true;
    await queryClient.invalidateQueries({ queryKey: sourcesKeys.accounts(acme.id) });
    // The report by its display name, in the heading and the browser tab (decision 173).
    expect(
      await screen.findByRole('heading', { name: 'Marketing Performance', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Marketing Performance - Maya'));
  });

  it('says a first load usually takes a few minutes before any account has loaded', async () => {
    withAccounts(() => [account({ sync_status: 'running' })]);
    expect(
      await screen.findByText('A first load usually takes a few minutes for each account.'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 of 1 account loaded')).toBeInTheDocument();
  });

  it('after a failed load, gives each reason and the way to fix it', async () => {
    const { router } = withAccounts(() => [
      account({
        name: 'Acme Ads',
        sync_status: 'failed',
        sync_error: 'The Google Ads API refused the request.',
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'The first data load failed' })).toBeInTheDocument();
    const failure = within(screen.getByRole('list', { name: 'Accounts that failed to load' })).getByRole(
      'listitem',
    );
    expect(within(failure).getByText('Acme Ads')).toBeInTheDocument();
    expect(within(failure).getByText('The Google Ads API refused the request.')).toBeInTheDocument();
    expect(
      within(failure).getByText('Check the account on the Sources page, then load the data again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Load data again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/data-load'));
  });

  it('sends a revoked account to Sources to reconnect it', async () => {
    withAccounts(() => [account({ name: 'Acme Ads', sync_status: 'failed', needs_reconnect: true })]);
    expect(
      await screen.findByText(
        'Access was revoked at the provider: reconnect the account on the Sources page.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Load data again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Sources' })).toHaveAttribute(
      'href',
      '/organization/acme/sources',
    );
  });

  it("keeps the spec's message in the demo organization", async () => {
    renderDashboard('/organization/demo/dashboard/-maya', {
      organization: demoOrganization,
      access: notSetUp,
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard not ready' })).toBeInTheDocument();
    expect(screen.getByText('Data not yet available. Please try again later.')).toBeInTheDocument();
  });
});

describe('an unknown report', () => {
  it('shows the not-found page, not "Please try again later"', async () => {
    renderDashboard('/organization/acme/dashboard/-maya', {
      organization: organizationFixture({ slug: 'acme' }),
      access: () => json(404, { detail: { type: 'report_not_found', message: 'there is no report -nope' } }),
    });
    expect(
      await screen.findByRole('heading', { name: 'We could not find the page you are looking for.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Please try again later/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Page Not Found - Maya'));
  });
});
