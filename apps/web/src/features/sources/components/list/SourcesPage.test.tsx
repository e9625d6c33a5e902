import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api';
import {
  accountFixture,
  callsTo,
  demo,
  featuresFixture,
  ga4,
  googleAds,
  moosend,
  renderSources,
  searchConsole,
  acme,
} from '../../test/sourcesFixtures';

const PAGE = '/organization/acme/sources';

async function category(name: string) {
  return screen.findByRole('region', { name });
}

describe('sources page', () => {
  it('groups the connected services by category; a row expands to its accounts with their date', async () => {
    const account = accountFixture(googleAds, { name: 'Acme Search', id_label: '123-456-7890' });
    renderSources(PAGE, {
      accounts: () => [
        account,
        accountFixture(searchConsole),
        accountFixture(ga4, { sync_status: 'running' }),
      ],
    });
    const advertising = await category('Advertising');
    expect(await category('Analytics')).toBeInTheDocument();
    expect(await category('Search')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Email' })).toBeNull();
    const headers = within(advertising)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(0, 3)).toEqual(['Source Account', 'Status', 'Date']);

    const row = within(advertising).getByRole('button', { name: 'Google Ads, 1 account' });
    expect(row).toHaveAttribute('aria-expanded', 'false');
    expect(within(advertising).getByText('Finished')).toBeInTheDocument();
    expect(screen.queryByText('Acme Search')).toBeNull();
    await userEvent.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    const accountRow = screen.getByText('Acme Search').closest('tr')!;
    expect(accountRow).toHaveTextContent('123-456-7890');
    expect(accountRow).toHaveTextContent('Finished');
    expect(accountRow).toHaveTextContent('04/03/2025');
    expect(within(await category('Analytics')).getByText('Running')).toBeInTheDocument();
  });

  it("shows an account's backfill of its older history, and follows it until it is complete", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let percent: number | null = 45;
      renderSources(PAGE, {
        accounts: () => [accountFixture(googleAds, { name: 'Acme Search', backfill_percent: percent })],
      });
      const advertising = await category('Advertising');
      await userEvent.click(within(advertising).getByRole('button', { name: 'Google Ads, 1 account' }));
      expect(await within(advertising).findByText('Backfilling history: 45%')).toBeInTheDocument();
      percent = null;
      await vi.advanceTimersByTimeAsync(5_000);
      await waitFor(() => expect(within(advertising).queryByText(/Backfilling history/)).toBeNull());
      expect(within(advertising).getAllByText('Finished').length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows a load: the list is read again while an account is running, until it has finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: 'running' | 'finished' = 'running';
      renderSources(PAGE, { accounts: () => [accountFixture(googleAds, { sync_status: status })] });
      const advertising = await category('Advertising');
      expect(await within(advertising).findByText('Running')).toBeInTheDocument();
      status = 'finished';
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await within(advertising).findByText('Finished')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows failed first with the count of failed accounts, their errors and the Reconnect hint', async () => {
    renderSources(PAGE, {
      accounts: () => [
        accountFixture(googleAds, { sync_status: 'pending' }),
        accountFixture(googleAds, { sync_status: 'failed', sync_error: 'Customer not enabled' }),
        accountFixture(googleAds, {
          sync_status: 'failed',
          sync_error: 'Token expired',
          needs_reconnect: true,
        }),
        accountFixture(searchConsole, { sync_status: 'running' }),
        accountFixture(searchConsole, { sync_status: 'pending' }),
      ],
    });
    const advertising = await category('Advertising');
    expect(within(advertising).getByText('Failed (2)')).toBeInTheDocument();
    // A service with problems starts expanded.
    expect(
      within(advertising).getByRole('button', { name: 'Google Ads, 3 accounts, 1 needs reconnecting' }),
    ).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Customer not enabled')).toBeInTheDocument();
    expect(screen.getByText('Token expired')).toBeInTheDocument();
    expect(screen.getByText('Access was revoked at the provider.')).toBeInTheDocument();
    // The service row says so too, for when it is collapsed.
    expect(within(advertising).getByText('1 needs reconnecting')).toBeInTheDocument();
    expect(within(advertising).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(within(await category('Search')).getByText('Pending')).toBeInTheDocument();
  });

  it("shows the empty state 'Connect sources' with Add source", async () => {
    renderSources(PAGE);
    expect(await screen.findByText('Connect sources')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add source' })).toHaveAttribute(
      'href',
      '/organization/acme/sources/add',
    );
  });

  it("replaces Add source with 'Upgrade plan for more accounts' without can_add_accounts", async () => {
    renderSources(PAGE, {
      accounts: () => [accountFixture(googleAds)],
      features: featuresFixture({ can_add_accounts: false }),
    });
    const upgrade = await screen.findByRole('link', { name: 'Upgrade plan for more accounts' });
    expect(upgrade).toHaveAttribute('href', '/organization/acme/billing/products');
    expect(screen.queryByRole('link', { name: 'Add source' })).toBeNull();
  });

  it('asks "Are you sure?" before deleting an account, then refreshes the list', async () => {
    const newsletter = accountFixture(moosend, { name: 'Newsletter' });
    let accounts = [newsletter];
    const { calls } = renderSources(PAGE, {
      accounts: () => accounts,
      routes: {
        'DELETE /api/service_accounts': () => {
          const [deleted] = accounts;
          accounts = [];
          return json(200, { deleted: deleted!.uuid });
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Moosend/ }));
    await user.click(screen.getByRole('button', { name: 'Actions for Newsletter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Connect sources')).toBeInTheDocument();
    const [call] = callsTo(calls, 'DELETE', '/api/service_accounts');
    const query = new URLSearchParams(call!.search);
    expect(query.get('organization_id')).toBe(acme.id);
    expect(query.get('uuid')).toBe(newsletter.uuid);
  });

  it('shows the message of a failed delete', async () => {
    renderSources(PAGE, {
      accounts: () => [accountFixture(moosend, { name: 'Newsletter' })],
      routes: {
        'DELETE /api/service_accounts': () =>
          json(404, { detail: { type: 'service_account_not_found', message: 'Service account not found' } }),
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Moosend/ }));
    await user.click(screen.getByRole('button', { name: 'Actions for Newsletter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error 404: Service account not found')).toBeInTheDocument();
  });

  it.each([
    [
      'an OAuth service to its authorization',
      googleAds,
      `/organization/acme/sources/${googleAds.uuid}/redirect`,
    ],
    ['Moosend to its setup screen', moosend, `/organization/acme/sources/setup/moosend/${moosend.uuid}`],
  ])('Reconnect takes %s', async (_, service, target) => {
    // The authorization page it opens is not answered here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderSources(PAGE, {
      accounts: () => [accountFixture(service, { name: 'The account' })],
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(service.name) }));
    await user.click(screen.getByRole('button', { name: 'Actions for The account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reconnect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it("toasts '{service} connected succesfully.' after a connection, once", async () => {
    const { router } = renderSources({ pathname: PAGE, state: { connected: 'Google Ads' } });
    expect(await screen.findByText('Google Ads connected succesfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it("toasts 'Payment completed successfully.' with ?payment=success and drops the parameter", async () => {
    const { router } = renderSources(`${PAGE}?payment=success`);
    expect(await screen.findByText('Payment completed successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('hides every setup entry for a demo organization', async () => {
    const { calls } = renderSources(`/organization/${demo.slug}/sources`, {
      accounts: () => [accountFixture(googleAds, { name: 'Demo account' })],
    });
    await user_expand(/Google Ads/);
    expect(screen.getByText('Demo account')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add source' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Demo account' })).toBeNull();
    expect(callsTo(calls, 'POST', '/api/features')).toHaveLength(0);
  });

  it('says when the sources cannot be loaded', async () => {
    renderSources(PAGE, {
      routes: { 'GET /api/service_accounts': () => json(500, { detail: { type: 'boom' } }) },
    });
    expect(await screen.findByText('Failed loading sources')).toBeInTheDocument();
    expect(screen.getByText('Error 500: boom')).toBeInTheDocument();
  });
});

async function user_expand(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
}
