import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUserIdCookie } from '../../../shared/auth/userIdCookie';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { json, mockApi, requestUrl } from '../../../test/api';
import { findElsewhere, renderMona } from '../test/renderMona';
import { monaMergeUrl } from './MonaRedirectPage';

const USER_ID = '8b0a6c1e-1d1f-4c43-9a53-1f7e8d3c2b10';

afterEach(() => {
  tokenStore.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const created = {
  success: true,
  data: {
    sub_id: 'sub-1',
    access_token: 'jwt-mona',
    access_token_expires_at: '2030-01-01T00:00:00Z',
    user_id: USER_ID,
  },
};

function bodiesSent(fetchMock: ReturnType<typeof mockApi>): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input) === '/api/subscriptions/mona/create')
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

describe('/microsoft/mona/redirect', () => {
  it('creates the subscription once, starts the session and goes to /', async () => {
    const fetchMock = mockApi(() => json(200, created));
    renderMona('/microsoft/mona/redirect?code=c-1&state=mkt-token');
    expect(screen.getByText('Setting up your subscription…')).toBeInTheDocument();
    expect(await findElsewhere()).toBe('/');
    expect(bodiesSent(fetchMock)).toEqual([{ state: 'mkt-token', code: 'c-1' }]);
    expect(tokenStore.get()).toEqual({
      accessToken: 'jwt-mona',
      accessTokenExpiresAt: '2030-01-01T00:00:00Z',
      userId: USER_ID,
    });
    expect(getUserIdCookie()).toBe(USER_ID);
  });

  it('merge_required goes to the merge screen with is_mona=1 and the Microsoft token in state', async () => {
    mockApi(() =>
      json(400, {
        detail: {
          type: 'merge_required',
          email: 'ada@acme.io',
          provider: 'microsoft',
          is_google_signin: false,
          is_microsoft_signin: false,
          is_password_signin: true,
          microsoft_access_token: 'ms-token',
        },
      }),
    );
    const { router } = renderMona('/microsoft/mona/redirect?code=c-1&state=mkt-token');
    expect(await findElsewhere()).toBe(
      '/merge-account?email=ada%40acme.io&provider=microsoft&is_google_signin=0&is_microsoft_signin=0&is_password_signin=1&is_mona=1',
    );
    expect(router.state.location.state).toEqual({
      providerToken: { provider: 'microsoft', token: 'ms-token' },
    });
    expect(await screen.findByText('Merge Required')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it('the merge address names microsoft when the detail does not', () => {
    expect(monaMergeUrl({ type: 'merge_required', email: 'a@b.co' })).toBe(
      '/merge-account?email=a%40b.co&provider=microsoft&is_mona=1',
    );
  });

  it('no_such_user goes to /sign-up?redirect_error=no_such_user', async () => {
    mockApi(() => json(400, { detail: { type: 'no_such_user' } }));
    renderMona('/microsoft/mona/redirect?code=c-1&state=s');
    expect(await findElsewhere()).toBe('/sign-up?redirect_error=no_such_user');
  });

  it('Microsoft sending back error=no_such_user also goes to sign-up, calling nothing', async () => {
    const fetchMock = mockApi(() => json(200, created));
    renderMona('/microsoft/mona/redirect?error=no_such_user');
    expect(await findElsewhere()).toBe('/sign-up?redirect_error=no_such_user');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('404: something went wrong while creating subscription, with the unknown-error toast', async () => {
    const toast = vi.spyOn(notifications, 'show');
    mockApi(() => json(404, { detail: { type: 'not_found' } }));
    renderMona('/microsoft/mona/redirect?code=c-1&state=s');
    expect(await screen.findByText('Something went wrong while creating subscription')).toBeInTheDocument();
    expect(screen.getByText('An unknown error occurred. Please try again later.')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'An unknown error occurred. Please try again later.',
        autoClose: 5000,
      }),
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
    expect(tokenStore.get()).toBeNull();
  });

  it('subscription_does_not_exist: the error type and the spec toast', async () => {
    mockApi(() => json(400, { detail: { type: 'subscription_does_not_exist' } }));
    renderMona('/microsoft/mona/redirect?code=c-1&state=s');
    expect(
      await screen.findByText('Error while creating subscription: subscription_does_not_exist'),
    ).toBeInTheDocument();
    expect(screen.getByText('This subscription does not exist. Please contact support.')).toBeInTheDocument();
  });

  it('other errors: Error while creating subscription: {type}', async () => {
    mockApi(() => json(409, { detail: { type: 'subscription_already_linked' } }));
    renderMona('/microsoft/mona/redirect?code=c-1&state=s');
    expect(
      await screen.findByText('Error while creating subscription: subscription_already_linked'),
    ).toBeInTheDocument();
  });

  it('a provider error or a missing code shows the unknown error without calling the API', async () => {
    const fetchMock = mockApi(() => json(200, created));
    renderMona('/microsoft/mona/redirect?error=access_denied');
    expect(await screen.findAllByText('An unknown error occurred. Please try again later.')).not.toHaveLength(
      0,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('error=subscription_does_not_exist shows its spec text', async () => {
    mockApi(() => json(200, created));
    renderMona('/microsoft/mona/redirect?error=subscription_does_not_exist');
    expect(
      await screen.findAllByText('This subscription does not exist. Please contact support.'),
    ).not.toHaveLength(0);
  });
});
