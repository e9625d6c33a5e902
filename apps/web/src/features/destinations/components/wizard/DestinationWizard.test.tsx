import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import { configured, renderDestinations, type DestinationsApi } from '../../test/destinationsFixtures';

const SOURCES = '/organization/acme/sources';
const noContent = () => new Response(null, { status: 204 });

async function openWizard(api: DestinationsApi = {}) {
  const rendered = renderDestinations(undefined, api);
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Modify' }));
  const wizard = await screen.findByRole('region', { name: 'Destination setup' });
  return { ...rendered, user, wizard };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function fillPostgres(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Host/ }), 'db.example.com');
  await user.type(screen.getByLabelText(/Password/), 's3cret');
}

describe('destination wizard', () => {
  it('goes back one step, and closes at step 1', async () => {
    const { user } = await openWizard();
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await user.click(continueButton());
    expect(await screen.findByRole('textbox', { name: /Host/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'PostgreSQL' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Destination setup' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Destination' })).toBeInTheDocument();
  });

  it('removes the organization destination when the managed one is chosen, then goes to sources', async () => {
    const { user, calls, router } = await openWizard({
      current: configured,
      routes: { 'DELETE /api/destinations/organization': noContent },
    });
    expect(screen.getByRole('radio', { name: 'PostgreSQL' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Maya managed (EU)' }));
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(SOURCES));
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        path: '/api/destinations/organization',
        search: expect.stringContaining('organization_id='),
      }),
    );
  });

  it("validates each field against its pattern: 'Match the following format' and the help", async () => {
    const { user } = await openWizard();
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await user.click(continueButton());
    const port = await screen.findByRole('textbox', { name: /Port/ });
    expect(port).toHaveValue('5432');
    await user.clear(port);
    await user.type(port, 'abc');
    await user.tab();
    expect(port).toHaveAccessibleDescription(/A number from 1 to 65535/);
    expect(screen.getByText('Match the following format')).toBeInTheDocument();
    await fillPostgres(user);
    expect(continueButton()).toBeDisabled();
    await user.clear(port);
    await user.type(port, '6543');
    expect(screen.queryByText('Match the following format')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it('finishes at step 3 with the credentials and location (default eu), then goes to sources', async () => {
    const { user, calls, router } = await openWizard({
      routes: { 'PUT /api/destinations/organization': () => json(200, configured) },
    });
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await user.click(continueButton());
    await fillPostgres(user);
    await user.click(continueButton());
    expect(await screen.findByRole('combobox', { name: /^Location/ })).toHaveValue(
      'European Union (multi-region)',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SOURCES));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      organization_id: expect.any(String),
      destinationId: 'postgresql',
      destinationName: 'PostgreSQL',
      credentials: { host: 'db.example.com', port: '5432', password: 's3cret', ssl: 'require' },
      location: 'eu',
    });
  });

  it('goes to sources after Finish in the wizard a new organization arrives at', async () => {
    let current: typeof configured | null = null;
    const { calls, router } = renderDestinations(
      '/organization/acme/settings/destinations?refresh_destinations=1',
      {
        routes: {
          'GET /api/destinations/organization': () =>
            current === null
              ? json(404, { detail: { type: 'organization_destination_not_found' } })
              : json(200, current),
          'PUT /api/destinations/organization': () => {
            current = configured;
            return json(200, configured);
          },
        },
      },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: 'PostgreSQL' }));
    await user.click(continueButton());
    await fillPostgres(user);
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SOURCES));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows an alert of the error when Finish fails, and stays', async () => {
    const { user, router } = await openWizard({
      routes: {
        'PUT /api/destinations/organization': () =>
          json(400, {
            detail: {
              type: 'destination_connection_failed',
              message:
                'Could not connect with these settings. Check the host, port, database name and credentials.',
            },
          }),
      },
    });
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await user.click(continueButton());
    await fillPostgres(user);
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Error updating destinations for organization: destination_connection_failed',
    );
    expect(alert).toHaveTextContent(
      'Could not connect with these settings. Check the host, port, database name and credentials.',
    );
    expect(router.state.location.pathname).toBe('/organization/acme/settings/destinations');
  });

  it('says plainly when the host is on a private network', async () => {
    const { user } = await openWizard({
      routes: {
        'PUT /api/destinations/organization': () =>
          json(400, { detail: { type: 'destination_address_not_allowed', message: 'anything' } }),
      },
    });
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await user.click(continueButton());
    await fillPostgres(user);
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Error updating destinations for organization: destination_address_not_allowed',
    );
    expect(alert).toHaveTextContent('This address is on a private network. Use a publicly reachable host.');
  });

  it("takes a key file for an upload destination, refusing one without the fields: 'The file has invalid format'", async () => {
    const { user } = await openWizard();
    await user.click(screen.getByRole('radio', { name: 'Google BigQuery' }));
    await user.click(continueButton());
    const input = await screen.findByLabelText('Service account key (JSON)');
    const bad = new File([JSON.stringify({ type: 'authorized_user' })], 'user.json', {
      type: 'application/json',
    });
    await user.upload(input, bad);
    expect(await screen.findByText('The file has invalid format')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    const key = {
      type: 'service_account',
      project_id: 'acme-analytics',
      client_email: 'loader@acme-analytics.iam.gserviceaccount.com',
      private_key_id: 'ignored by this form',
    };
    await user.upload(input, new File([JSON.stringify(key)], 'key.json', { type: 'application/json' }));
    const accepted = await screen.findByRole('status');
    expect(accepted).toHaveTextContent(
      'key.json: loader@acme-analytics.iam.gserviceaccount.com (project acme-analytics)',
    );
    expect(screen.queryByText('The file has invalid format')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    await user.click(continueButton());
    expect(
      within(screen.getByRole('region', { name: 'Destination setup' })).getByRole('button', {
        name: 'Finish',
      }),
    ).toBeEnabled();
  });
});
