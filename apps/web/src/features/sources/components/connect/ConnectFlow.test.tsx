import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateExternal } from '../../../../shared/lib/browser';
import { setCurrentOrganizationSlug } from '../../../../shared/organizations';
import { json } from '../../../../test/api';
import { acme, callsTo, googleAds, moosend, renderSources, searchConsole } from '../../test/sourcesFixtures';

vi.mock('../../../../shared/lib/browser', () => ({ navigateExternal: vi.fn() }));

afterEach(() => vi.mocked(navigateExternal).mockReset());

const CONSENT = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=maya';

describe('authorization redirect (sources/:serviceUuid/redirect)', () => {
  it('starts the authorization once and leaves for the consent page', async () => {
    const { calls } = renderSources(`/organization/acme/sources/${googleAds.uuid}/redirect`, {
      routes: {
        'POST /api/services/google_ads/oauth/start': () => json(200, { authorization_url: CONSENT }),
      },
    });
    expect(await screen.findByText('Connecting to Google Ads…')).toBeInTheDocument();
    await waitFor(() => expect(navigateExternal).toHaveBeenCalledWith(CONSENT));
    expect(callsTo(calls, 'POST', '/api/services/google_ads/oauth/start')).toEqual([
      expect.objectContaining({ body: { serviceUuid: googleAds.uuid, organization_id: acme.id } }),
    ]);
  });

  it("says 'Could not start the authentication process.' when the start fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSources(`/organization/acme/sources/${googleAds.uuid}/redirect`, {
      routes: {
        'POST /api/services/google_ads/oauth/start': () =>
          json(400, { detail: { type: 'service_not_configured' } }),
      },
    });
    expect(await screen.findByText('Could not start the authentication process.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to add source' })).toHaveAttribute(
      'href',
      '/organization/acme/sources/add',
    );
    expect(navigateExternal).not.toHaveBeenCalled();
  });

  it('fails the same way for a service that does not connect through OAuth', async () => {
    renderSources(`/organization/acme/sources/${moosend.uuid}/redirect`);
    expect(await screen.findByText('Could not start the authentication process.')).toBeInTheDocument();
  });
});

describe('OAuth callback (/oauth/:serviceId/callback)', () => {
  it('keeps state, code, service id (search_console mapped) and uuid, then opens the account selection', async () => {
    setCurrentOrganizationSlug('acme');
    const { router } = renderSources('/oauth/search_console/callback?code=c-1&state=s-1&scope=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/integrations/add'));
    expect(window.localStorage.getItem('redirectCode')).toBe('c-1');
    expect(window.localStorage.getItem('redirectState')).toBe('s-1');
    expect(window.localStorage.getItem('redirectServiceId')).toBe('google_search_console');
    expect(window.localStorage.getItem('redirectServiceUuid')).toBe(searchConsole.uuid);
  });

  it('goes to sources/add with the error description on error', async () => {
    setCurrentOrganizationSlug('acme');
    const { router } = renderSources(
      '/oauth/google_ads/callback?error=access_denied&error_description=The+user+denied+access',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources/add'));
    expect(new URLSearchParams(router.state.location.search).get('error')).toBe('The user denied access');
    expect(
      await screen.findByText(
        'Something went wrong, please try again later or try again with a different account. (The user denied access)',
      ),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('redirectCode')).toBeNull();
  });

  it('uses the error itself without a description', async () => {
    setCurrentOrganizationSlug('acme');
    const { router } = renderSources('/oauth/google_ads/callback?error=access_denied');
    await waitFor(() => expect(router.state.location.search).toBe('?error=access_denied'));
  });
});

describe('Google Play return outside the organization (/sources/setup/google_play/oauth)', () => {
  it("forwards to the current organization's Google Play screen, keeping the query", async () => {
    setCurrentOrganizationSlug('acme');
    const { router } = renderSources('/sources/setup/google_play/oauth?state=s&code=c&scope=sc');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organization/acme/sources/setup/google_play/oauth'),
    );
    expect(router.state.location.search).toBe('?state=s&code=c&scope=sc');
  });
});
