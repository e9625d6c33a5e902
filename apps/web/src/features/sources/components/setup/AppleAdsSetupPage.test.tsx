import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import { acme, appleAds, callsTo, renderSources } from '../../test/sourcesFixtures';

const PAGE = `/organization/acme/sources/setup/apple_ads/${appleAds.uuid}`;
const KEY = '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----';

function renderApple(routes = {}) {
  return renderSources(PAGE, {
    routes: {
      'GET /api/services/apple_ads/public_key': () => json(200, { public_key: KEY }),
      ...routes,
    },
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(await screen.findByRole('textbox', { name: label }), value);
  }
}

describe('Apple Ads setup', () => {
  it('shows the public key read-only, prefilled from the server', async () => {
    const { calls } = renderApple();
    const key = await screen.findByRole('textbox', { name: 'Public Key' });
    await waitFor(() => expect(key).toHaveValue(KEY));
    expect(key).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy public key' })).toBeInTheDocument();
    const [call] = callsTo(calls, 'GET', '/api/services/apple_ads/public_key');
    expect(Object.fromEntries(new URLSearchParams(call!.search))).toEqual({
      serviceUUID: appleAds.uuid,
      organization_id: acme.id,
    });
  });

  it("requires all four fields: 'Please fill all fields'", async () => {
    const { calls } = renderApple();
    const user = userEvent.setup({ delay: null });
    await fill(user, { 'Client ID': 'SEARCHADS.abc', 'Team ID': 'SEARCHADS.def' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill all fields')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/services/apple_ads/apple_ads_accounts')).toHaveLength(0);
  });

  it('connects the accounts and goes back to sources', async () => {
    const { calls, router } = renderApple({
      'POST /api/services/apple_ads/apple_ads_accounts': () => json(201, { service_accounts: [] }),
    });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Public Key' })).toHaveValue(KEY));
    await fill(user, { 'Client ID': 'SEARCHADS.abc', 'Team ID': 'SEARCHADS.def', 'Key ID': 'key-1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    expect(await screen.findByText('Apple Ads connected succesfully.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/services/apple_ads/apple_ads_accounts')[0]?.body).toEqual({
      serviceUuid: appleAds.uuid,
      organization_id: acme.id,
      clientId: 'SEARCHADS.abc',
      teamId: 'SEARCHADS.def',
      keyId: 'key-1',
      publicKey: KEY,
    });
  });

  it("says 'Error {status}: {detail}' when Apple refuses", async () => {
    renderApple({
      'POST /api/services/apple_ads/apple_ads_accounts': () =>
        json(400, { detail: { type: 'provider_error', message: 'invalid_client' } }),
    });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Public Key' })).toHaveValue(KEY));
    await fill(user, { 'Client ID': 'a', 'Team ID': 'b', 'Key ID': 'c' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error 400: invalid_client')).toBeInTheDocument();
  });
});
