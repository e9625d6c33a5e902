import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateExternal } from '../../../../shared/lib/browser';
import { json } from '../../../../test/api';
import type { RouteHandler } from '../../../../test/organizationFixtures';
import { acme, callsTo, googlePlay, renderSources, selectable } from '../../test/sourcesFixtures';

vi.mock('../../../../shared/lib/browser', () => ({ navigateExternal: vi.fn() }));

afterEach(() => vi.mocked(navigateExternal).mockReset());

const PAGE = `/organization/acme/sources/setup/google_play/${googlePlay.uuid}`;
const RETURN = '/organization/acme/sources/setup/google_play/oauth';
const BUCKET = 'gs://pubsite_prod_rev_01234567890987654321';
const CONSENT = 'https://accounts.google.com/o/oauth2/v2/auth?scope=devstorage';
const CREDENTIALS = '99999999-9999-4999-8999-999999999999';

describe('Google Play setup', () => {
  it('shows the 2-step guide; Authorize is disabled while the URI is empty', async () => {
    renderSources(PAGE);
    const guide = await screen.findByRole('complementary', { name: 'Guide' });
    expect(within(guide).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
  });

  it("refuses a URI that is not gs:// followed by non-space characters: 'Invalid bucket id'", async () => {
    const { calls } = renderSources(PAGE);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Cloud Storage URI' }), 'pubsite_prod_rev');
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Invalid bucket id')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/services/google_play/oauth/start')).toHaveLength(0);
  });

  it('keeps the bucket, starts the authorization and leaves for Google', async () => {
    const { calls } = renderSources(PAGE, {
      routes: {
        'POST /api/services/google_play/oauth/start': () => json(200, { authorization_url: CONSENT }),
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Cloud Storage URI' }), BUCKET);
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(navigateExternal).toHaveBeenCalledWith(CONSENT));
    expect(window.localStorage.getItem('google_play_bucket')).toBe(BUCKET);
    expect(callsTo(calls, 'POST', '/api/services/google_play/oauth/start')[0]?.body).toEqual({
      serviceUuid: googlePlay.uuid,
      organization_id: acme.id,
    });
  });

  it("says 'Could not start the authentication process.' when the start fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSources(PAGE, {
      routes: { 'POST /api/services/google_play/oauth/start': () => json(500, { detail: { type: 'boom' } }) },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Cloud Storage URI' }), BUCKET);
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Could not start the authentication process.')).toBeInTheDocument();
  });
});

describe('Google Play return (google_play/oauth)', () => {
  function renderReturn(routes: Record<string, RouteHandler>) {
    window.localStorage.setItem('google_play_bucket', BUCKET);
    return renderSources(`${RETURN}?state=s-1&code=c-1&scope=devstorage.read_only`, {
      routes: { 'POST /api/service_accounts': () => json(201, { service_accounts: [] }), ...routes },
    });
  }

  it('shows Authorized; Save verifies with the bucket, connects its apps and goes to sources', async () => {
    const { calls, router } = renderReturn({
      'POST /api/services/google_play/oauth/verify': () =>
        json(200, {
          accounts: [
            selectable(BUCKET, 'Play reports', { selectable: false }),
            selectable('com.acme.outdoor', 'com.acme.outdoor', { parent_id: BUCKET }),
            selectable('com.acme.maps', 'com.acme.maps', { parent_id: BUCKET }),
          ],
          credentials_id: CREDENTIALS,
          single_account: false,
        }),
    });
    expect(await screen.findByText('Authorized')).toBeInTheDocument();
    expect(screen.getByText(BUCKET)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    expect(await screen.findByText('Google Play connected succesfully.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/services/google_play/oauth/verify')[0]?.body).toEqual({
      serviceUuid: googlePlay.uuid,
      organization_id: acme.id,
      code: 'c-1',
      state: 's-1',
      metadata: { bucket: BUCKET },
    });
    expect(callsTo(calls, 'POST', '/api/service_accounts')[0]?.body).toEqual({
      organization_id: acme.id,
      credentialsId: CREDENTIALS,
      accounts: ['com.acme.outdoor', 'com.acme.maps'],
    });
    expect(window.localStorage.getItem('google_play_bucket')).toBeNull();
  });

  it('shows a failed verification as Error {status}: {detail}, then offers to authorize again', async () => {
    renderReturn({
      'POST /api/services/google_play/oauth/verify': () =>
        json(400, { detail: { type: 'invalid_bucket', message: 'The bucket cannot be read' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error 400: The bucket cannot be read')).toBeInTheDocument();
    // The code is spent: only a new authorization helps, from the form with the URI kept.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Authorize again' })).toHaveAttribute('href', PAGE);
    expect(window.localStorage.getItem('google_play_bucket')).toBe(BUCKET);
  });

  it('navigates back without a query string', async () => {
    const { router } = renderSources(PAGE);
    await screen.findAllByRole('textbox', { name: 'Cloud Storage URI' });
    await router.navigate(RETURN);
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
  });
});
