import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import {
  acme,
  developersRoutes,
  features,
  findSettingsHeading,
  renderSettings,
} from '../test/settingsFixtures';

const key = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Reporting script',
  prefix: 'mk_AbCdEfGh',
  read_only: true,
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  created_by: 'ada@example.com',
};

describe('Settings → Developers', () => {
  it('opens shared-dataset by default and sends an unknown category there', async () => {
    const { router } = renderSettings('/organization/acme/settings/developers/nope', {
      routes: developersRoutes,
    });
    await findSettingsHeading();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organization/acme/settings/developers/shared-dataset'),
    );
    expect(
      screen
        .getAllByRole('tab')
        .slice(4)
        .map((tab) => tab.textContent),
    ).toEqual(['Shared dataset', 'API key', 'Notification token', 'GA4']);
    expect(await screen.findByText('The dataset is not shared with anyone yet.')).toBeInTheDocument();
  });

  it("shows 'Upgrade plan for dataset access' without has_database_access", async () => {
    renderSettings('/organization/acme/settings/developers/shared-dataset', {
      routes: {
        ...developersRoutes,
        'POST /api/features': () => json(200, { ...features, has_database_access: false }),
      },
    });
    expect(await screen.findByRole('link', { name: 'Upgrade plan for dataset access' })).toHaveAttribute(
      'href',
      '/organization/acme/billing/products',
    );
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('creates a key, shows its secret once, and lists it', async () => {
    let keys: (typeof key)[] = [];
    renderSettings('/organization/acme/settings/developers/api-key', {
      routes: {
        ...developersRoutes,
        [`GET /api/organizations/${acme.id}/api-keys`]: () => json(200, { keys }),
        [`POST /api/organizations/${acme.id}/api-keys`]: () => {
          keys = [key];
          return json(201, { ...key, key: `mk_AbCdEfGh${'x'.repeat(35)}${'0'.repeat(32)}` });
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Reporting script');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Copy it now: it is shown only this once.')).toBeInTheDocument();
    expect(screen.getByTestId('secret').textContent).toMatch(/^mk_AbCdEfGh/);
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('Reporting script')).toBeInTheDocument();
    expect(within(list).getByText('Read-only')).toBeInTheDocument();
  });

  it("shows 'Error loading api key: {type}' when the keys fail to load, and empty on 404", async () => {
    renderSettings('/organization/acme/settings/developers/api-key', {
      routes: {
        ...developersRoutes,
        [`GET /api/organizations/${acme.id}/api-keys`]: () =>
          json(500, { detail: { type: 'internal_error' } }),
      },
    });
    expect(await screen.findByText('Error loading api key: internal_error')).toBeInTheDocument();
  });

  it('shows no token yet on 404 and the GA4 fallback e-mail when there are none', async () => {
    renderSettings('/organization/acme/settings/developers/notification-token', { routes: developersRoutes });
    expect(await screen.findByText('No notification token yet.')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'GA4' }));
    expect(await screen.findByText('maya-analytics@maya-data.iam.gserviceaccount.com')).toBeInTheDocument();
  });
});
