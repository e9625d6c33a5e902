import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { rememberReturnUrl } from '../../../shared/auth/returnUrl';
import { startSession } from '../../../shared/auth/session';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { getUserIdCookie } from '../../../shared/auth/userIdCookie';
import { navigateExternal } from '../../../shared/lib/browser';
import { calledUrls, json, mockApi, requestUrl } from '../../../test/api';
import { renderRoutes } from '../../../test/render';

vi.mock('../../../shared/lib/browser', () => ({ navigateExternal: vi.fn() }));

async function renderSignIn(entry = '/sign-in') {
  const rendered = renderRoutes(createAppRoutes(), entry);
  await screen.findByRole('button', { name: 'Sign in' });
  return rendered;
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => tokenStore.clear());

describe('sign-in page', () => {
  it('shows the providers, the form and the links', async () => {
    await renderSignIn();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
  });

  it('validates email and password before calling the API', async () => {
    const fetchMock = mockApi(() => json(200, {}));
    await renderSignIn();
    // The form's rules load after first paint (decision 410): a submit waits for them.
    await submit('', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid password')).toBeInTheDocument();
    await submit('not an email', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in: stores the token in memory, sets user_id and returns to the remembered URL', async () => {
    const fetchMock = mockApi(() =>
      json(200, { access_token: 'jwt-1', access_token_expires_at: '2030-01-01T00:00:00Z', user_id: 42 }),
    );
    rememberReturnUrl('/organization/acme/sources');
    const { router } = await renderSignIn();
    await submit('ada@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    const [url, init] = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/auth/login') ?? [];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
    expect(tokenStore.get()).toEqual({
      accessToken: 'jwt-1',
      accessTokenExpiresAt: '2030-01-01T00:00:00Z',
      userId: '42',
    });
    expect(getUserIdCookie()).toBe('42');
  });

  it('goes to / after sign-in when no URL was remembered', async () => {
    mockApi(() =>
      json(200, { access_token: 'jwt', access_token_expires_at: '2030-01-01T00:00:00Z', user_id: '1' }),
    );
    const { router } = await renderSignIn();
    await submit('ada@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    [400, { detail: { type: 'invalid_credentials' } }, 'Incorrect credentials'],
    [400, { detail: { type: 'no_such_user' } }, 'No such user'],
    [400, { detail: { type: 'account_locked' } }, 'Something went wrong'],
    [422, { detail: [{ loc: ['body', 'email'], msg: 'bad', type: 'invalid_format' }] }, 'Validation Error'],
    [500, { detail: { type: 'internal_error' } }, 'Something went wrong'],
    [
      429,
      { detail: { type: 'rate_limited', message: 'Too many attempts. Please try again in 9 minutes.' } },
      'Too many attempts. Please try again in 9 minutes.',
    ],
  ])('answers %i %j with "%s"', async (status, body, message) => {
    mockApi(() => json(status, body));
    const { router } = await renderSignIn();
    await submit('ada@example.com', 'secret');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(tokenStore.get()).toBeNull();
  });

  it("says Can't connect to the server when the network fails", async () => {
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    await renderSignIn();
    await submit('ada@example.com', 'secret');
    expect(await screen.findByText("Can't connect to the server")).toBeInTheDocument();
  });

  it.each([
    ['merge_required', 'Merge Required'],
    ['no_password_set', 'No password set'],
  ])('%s leads to the merge-account screen with the detail as query', async (type, message) => {
    mockApi(() =>
      json(400, {
        detail: {
          type,
          email: 'ada@example.com',
          provider: 'google',
          is_google_signin: true,
          is_microsoft_signin: false,
          is_password_signin: false,
        },
      }),
    );
    const { router } = await renderSignIn();
    await submit('ada@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merge-account'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      email: 'ada@example.com',
      provider: 'google',
      is_google_signin: '1',
      is_microsoft_signin: '0',
      is_password_signin: '0',
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('email_not_verified leads to /verify-email with the email', async () => {
    mockApi(() => json(400, { detail: { type: 'email_not_verified' } }));
    const { router } = await renderSignIn();
    await submit('ada@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
  });

  it('redirects a visitor who is already signed in', async () => {
    startSession({ accessToken: 'jwt', accessTokenExpiresAt: '2030-01-01T00:00:00Z', userId: '9' });
    const { router } = renderRoutes(
      createAppRoutes(),
      '/sign-in?mcp_auth_token=abc&next=https%3A%2F%2Fai.example%2Fcb',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization-select'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('mcp_auth_token')).toBe('abc');
    expect(query.get('next')).toBe('https://ai.example/cb');
  });
});

describe('provider sign-in', () => {
  it.each([
    ['Google', '/api/auth/google/auth_uri'],
    ['Microsoft', '/api/auth/microsoft/auth_uri'],
  ])('Sign in with %s leaves for the auth_uri', async (provider, path) => {
    const fetchMock = mockApi(() => json(200, { auth_uri: 'https://login.example/consent?x=1' }));
    await renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: `Sign in with ${provider}` }));
    await waitFor(() => expect(navigateExternal).toHaveBeenCalledWith('https://login.example/consent?x=1'));
    expect(calledUrls(fetchMock)).toContain(path);
  });

  it.each([
    ['Microsoft', 404, { detail: { type: 'not_found' } }, 'Microsoft account not connected'],
    [
      'Microsoft',
      503,
      { detail: { type: 'service_unavailable' } },
      'Error getting Microsoft auth URI: service_unavailable',
    ],
    ['Google', 503, { detail: { type: 'service_unavailable' } }, 'Something went wrong'],
  ])('%s failure %i shows "%s"', async (provider, status, body, message) => {
    mockApi(() => json(status, body));
    await renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: `Sign in with ${provider}` }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(navigateExternal).not.toHaveBeenCalled();
  });
});
