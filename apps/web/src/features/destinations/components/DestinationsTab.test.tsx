import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { organizationFixture } from '../../../test/organizationFixtures';
import { configured, renderDestinations } from '../test/destinationsFixtures';

const GUIDE = /Once a data source is set, the destination cannot be changed\./;

describe('destinations tab', () => {
  it("shows the managed default when nothing is configured: 'Organization has no configured destination'", async () => {
    renderDestinations();
    const preview = await screen.findByRole('region', { name: 'Destination' });
    expect(within(preview).getByRole('heading', { name: 'Maya managed (EU)' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('Organization has no configured destination');
    expect(screen.getByText(GUIDE)).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: 'Modify' })).toBeInTheDocument();
  });

  it('previews the configured destination with its location and dates, and checks its connection', async () => {
    const { calls } = renderDestinations(undefined, {
      current: configured,
      routes: {
        'POST /api/destinations/organization/check': () =>
          json(200, { reachable: false, message: 'password authentication failed for user "loader"' }),
      },
    });
    const preview = await screen.findByRole('region', { name: 'Destination' });
    expect(within(preview).getByRole('heading', { name: 'PostgreSQL' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('Frankfurt (europe-west3)');
    expect(preview).toHaveTextContent('04/03/2025');
    expect(preview).toHaveTextContent('06/03/2025');
    expect(
      await within(preview).findByText('Your own PostgreSQL database, version 12 or later.'),
    ).toBeInTheDocument();

    await userEvent.click(within(preview).getByRole('button', { name: 'Check connection' }));
    const alert = await within(preview).findByRole('alert');
    expect(alert).toHaveTextContent('The destination could not be reached');
    expect(alert).toHaveTextContent('password authentication failed for user "loader"');
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/destinations/organization/check' }),
    );
  });

  it('hides Modify without can_configure_destination and says why', async () => {
    renderDestinations(undefined, {
      current: configured,
      status: { can_configure_destination: false, reason: 'sources_connected' },
    });
    const preview = await screen.findByRole('region', { name: 'Destination' });
    expect(within(preview).queryByRole('button', { name: 'Modify' })).not.toBeInTheDocument();
    expect(
      screen.getByText('A data source is connected, so the destination cannot be changed.'),
    ).toBeInTheDocument();
  });

  it('tells a member that only admins can change it', async () => {
    renderDestinations(undefined, {
      organization: organizationFixture({ slug: 'acme', role: 'member' }),
      status: { can_configure_destination: false, reason: 'admin_required' },
    });
    await screen.findByRole('region', { name: 'Destination' });
    expect(screen.getByText('Only admins can change the destination.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modify' })).not.toBeInTheDocument();
  });

  it("shows 'Error getting destinations for organization: {type}' when a load fails", async () => {
    renderDestinations(undefined, {
      routes: { 'GET /api/destinations/status': () => json(500, { detail: { type: 'internal_error' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error getting destinations for organization: internal_error',
    );
  });

  it('opens the wizard for a new organization arriving with refresh_destinations', async () => {
    renderDestinations('/organization/acme/settings/destinations?refresh_destinations=1');
    expect(await screen.findByRole('region', { name: 'Destination setup' })).toBeInTheDocument();
  });

  it('does not open the wizard with refresh_destinations when a destination is configured', async () => {
    renderDestinations('/organization/acme/settings/destinations?refresh_destinations=1', {
      current: configured,
    });
    await screen.findByRole('region', { name: 'Destination' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Destination setup' })).not.toBeInTheDocument(),
    );
  });
});
