import type { EtlSettings } from '@maya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type RouteHandler,
} from '../../../test/organizationFixtures';

const acme = organizationFixture({ slug: 'acme', name: 'Acme', is_etl_enabled: true });

const settings = (canEdit: boolean): EtlSettings => ({
  lookbacks: [
    { service: 'google_ads', name: 'Google Ads', default_days: 30, days: null },
    { service: 'google_search_console', name: 'Google Search Console', default_days: 4, days: 7 },
  ],
  can_edit: canEdit,
});

function renderPage(routes: Record<string, RouteHandler>) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [acme] }),
    'GET /api/user/subscriptions/check': () =>
      json(200, { has_unlinked_subscription: false, subscriptions: [] }),
    'GET /api/service_accounts/warnings': () => json(200, { count: 0, accounts: [] }),
    'GET /api/etl/progress': () => json(200, { running: false, description: '', points: 0 }),
    'GET /api/etl/next': () => json(200, { next_etl_time: null }),
    'GET /api/etl/logs': () => json(200, { latest_etl_date: null, all_logs: [] }),
    'GET /api/etl/tables': () => json(200, { tables: [] }),
    ...routes,
  });
  renderApp('/organization/acme/data-load');
  return calls;
}

describe('look-back days on the data load page', () => {
  it("shows each service's default and the organization's choice, and saves only what changed", async () => {
    let saved = settings(true);
    const calls = renderPage({
      'GET /api/etl/settings': () => json(200, saved),
      'PUT /api/etl/settings': () => {
        saved = {
          ...saved,
          lookbacks: saved.lookbacks.map((l) => (l.service === 'google_ads' ? { ...l, days: 90 } : l)),
        };
        return json(200, saved);
      },
    });
    const googleAds = await screen.findByRole('textbox', { name: 'Look-back days: Google Ads' });
    expect(googleAds).toHaveValue('');
    expect(googleAds).toHaveAttribute('placeholder', '30');
    expect(screen.getByRole('textbox', { name: 'Look-back days: Google Search Console' })).toHaveValue('7');
    const button = screen.getByRole('button', { name: 'Save look-back days' });
    expect(button).toBeDisabled();

    await userEvent.type(googleAds, '90');
    await userEvent.click(button);
    expect(await screen.findByText('Look-back days saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      organization_id: acme.id,
      lookbacks: [{ service: 'google_ads', days: 90 }],
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Look-back days: Google Ads' })).toHaveValue('90'),
    );
  }, 30_000);

  it('shows members the days without letting them change them', async () => {
    renderPage({ 'GET /api/etl/settings': () => json(200, settings(false)) });
    expect(await screen.findByRole('textbox', { name: 'Look-back days: Google Ads' })).toBeDisabled();
    expect(screen.getByText('Only administrators can change the look-back days.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save look-back days' })).toBeNull();
  });
});
