import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api';
import { acme, callsTo, demo, moosend, renderSources } from '../../test/sourcesFixtures';

// Toasts live in a module-level store: start each test without the previous one's.
afterEach(() => notifications.clean());

const PAGE = `/organization/acme/sources/setup/moosend/${moosend.uuid}`;

describe('Moosend setup', () => {
  it('opens with the guide; Save stays disabled until an API Key is typed', async () => {
    renderSources(PAGE);
    const guide = await screen.findByRole('complementary', { name: 'Guide' });
    expect(within(guide).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Guide' })).toHaveAttribute('aria-expanded', 'true');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'API Key' }), '   ');
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Guide' }));
    expect(screen.queryByRole('complementary', { name: 'Guide' })).toBeNull();
  });

  it('verifies the key, then goes to sources with the toast', async () => {
    const { calls, router } = renderSources(PAGE, {
      routes: { 'POST /api/services/moosend/api_credentials': () => json(201, { service_accounts: [] }) },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'API Key' }), ' key-123 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    expect(await screen.findByText('Moosend connected succesfully.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/services/moosend/api_credentials')[0]?.body).toEqual({
      serviceUuid: moosend.uuid,
      organization_id: acme.id,
      apiCreds: { apiKey: 'key-123' },
    });
  });

  it('goes to sources whatever the result: a refused key sets the message without showing it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderSources(PAGE, {
      routes: {
        'POST /api/services/moosend/api_credentials': () =>
          json(400, { detail: { type: 'provider_error', message: 'Invalid API key' } }),
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'API Key' }), 'bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    expect(logged).toHaveBeenCalledWith('Error 400: Invalid API key');
    expect(screen.queryByText(/connected succesfully/)).toBeNull();
    logged.mockRestore();
  });

  it('is not found for another service and hidden for demo organizations', async () => {
    const { unmount } = renderSources(`/organization/acme/sources/setup/moosend/${acme.id}`);
    expect(await screen.findByText('This service is not available.')).toBeInTheDocument();
    unmount();
    const demoRender = renderSources(`/organization/${demo.slug}/sources/setup/moosend/${moosend.uuid}`);
    await waitFor(() =>
      expect(demoRender.router.state.location.pathname).toBe(`/organization/${demo.slug}/sources`),
    );
  });
});
