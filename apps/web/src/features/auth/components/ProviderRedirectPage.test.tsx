import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnUrl } from '../../../shared/auth/returnUrl';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { json, mockApi } from '../../../test/api';
import { bodiesSentTo, findElsewhere, renderAuth, tokenBody } from '../test/renderAuth';
import { redirectProvider } from './ProviderRedirectPage';

afterEach(() => tokenStore.clear());

const location = (router: ReturnType<typeof renderAuth>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('provider redirect', () => {
  it('tells the provider from the path', () => {
    expect(redirectProvider('/google/redirect')).toBe('google');
    expect(redirectProvider('/microsoft/redirect')).toBe('microsoft');
  });

  it.each([
    ['/google/redirect', { google_code: 'c-1', state: 's-1' }],
    ['/microsoft/redirect', { microsoft_code: 'c-1', state: 's-1' }],
  ])(
    '%s exchanges the code once, starts the session and returns to the remembered URL',
    async (path, body) => {
      const fetchMock = mockApi(() => json(200, tokenBody));
      rememberReturnUrl('/organization/acme/sources');
      renderAuth(`${path}?code=c-1&state=s-1`);
      expect(await findElsewhere()).toBe('/organization/acme/sources');
      expect(bodiesSentTo(fetchMock, '/api/auth/login')).toEqual([body]);
      expect(tokenStore.get()?.accessToken).toBe('jwt-1');
    },
  );

  it('goes to / after a sign-in without a remembered URL', async () => {
    mockApi(() => json(200, tokenBody));
    renderAuth('/microsoft/redirect?code=c-1&state=s-1');
    expect(await findElsewhere()).toBe('/');
  });

  it('sends a provider refusal back to sign-in with the error shown', async () => {
    const fetchMock = mockApi(() => json(200, tokenBody));
    const { router } = renderAuth('/google/redirect?error=access_denied&error_description=User+said+no');
    expect(await screen.findByText('Sign-in with Google was cancelled.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the provider description for other provider errors', async () => {
    mockApi(() => json(200, tokenBody));
    renderAuth('/microsoft/redirect?error=server_error&error_description=Try+again+later');
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
  });

  it('no_such_user goes to /sign-up at step 2 with the provider token', async () => {
    mockApi((url) =>
      url === '/api/auth/login'
        ? json(400, { detail: { type: 'no_such_user', access_token: 'google-id-token' } })
        : json(200, ['', 'CEO']),
    );
    const { router } = renderAuth('/google/redirect?code=c-1&state=s-1');
    expect(await screen.findByText('You are signing up with your Google account.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(router.state.location.state).toEqual({
      providerToken: { provider: 'google', token: 'google-id-token' },
    });
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('merge_required goes to the merge screen with the detail and the Microsoft token in state', async () => {
    mockApi((url) =>
      url === '/api/auth/login'
        ? json(400, {
            detail: {
              type: 'merge_required',
              email: 'ada@acme.io',
              provider: 'microsoft',
              is_google_signin: false,
              is_microsoft_signin: false,
              is_password_signin: true,
              microsoft_access_token: 'ms-token',
            },
          })
        : json(200, { success: true, is_merged: false }),
    );
    const { router } = renderAuth('/microsoft/redirect?code=c-1&state=s-1');
    expect(await screen.findByText('Merge Required')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Merge your accounts' })).toBeInTheDocument();
    expect(location(router)).toBe(
      '/merge-account?email=ada%40acme.io&provider=microsoft&is_google_signin=0&is_microsoft_signin=0&is_password_signin=1',
    );
    expect(router.state.location.state).toEqual({
      providerToken: { provider: 'microsoft', token: 'ms-token' },
    });
  });

  it('email_not_verified goes to /verify-email', async () => {
    mockApi(() => json(400, { detail: { type: 'email_not_verified', email: 'ada@acme.io' } }));
    const { router } = renderAuth('/google/redirect?code=c-1&state=s-1');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(location(router)).toBe('/verify-email?email=ada%40acme.io');
  });

  it.each([
    [
      400,
      'invalid_state',
      'This sign-in was not started in this browser, or it expired. Please sign in again.',
    ],
    [
      400,
      'provider_email_not_verified',
      'Google has not verified this e-mail address. Verify it with Google, or use your e-mail and a password.',
    ],
    [400, 'something_unexpected', 'Something went wrong'],
    [422, 'validation_error', 'Validation Error'],
  ])('other failures (%i %s) return to sign-in with "%s"', async (status, type, message) => {
    mockApi(() => json(status, { detail: { type } }));
    const { router } = renderAuth('/google/redirect?code=c-1&state=s-1');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(tokenStore.get()).toBeNull();
  });
});
