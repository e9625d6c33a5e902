import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { navigateExternal } from '../../../shared/lib/browser';
import { json, mockApi } from '../../../test/api';
import { bodiesSentTo, callsTo, renderAuth, tokenBody } from '../test/renderAuth';

vi.mock('../../../shared/lib/browser', () => ({ navigateExternal: vi.fn() }));

const EMAIL = 'ada@acme.io';
const query = (params: Record<string, string>) =>
  `?${new URLSearchParams({ email: EMAIL, ...params }).toString()}`;

/** check_merge_accounts answers false `notMergedFor` times, then true. */
function mergeApi(notMergedFor: number, overrides: Record<string, () => Response> = {}) {
  let checks = 0;
  return mockApi((url) => {
    const path = url.split('?')[0] ?? url;
    const override = overrides[path];
    if (override) return override();
    switch (path) {
      case '/api/auth/request_merge_accounts_email':
        return json(200, { success: true });
      case '/api/auth/check_merge_accounts':
        checks += 1;
        return json(200, { is_merged: checks > notMergedFor });
      case '/api/auth/merge_accounts':
        return json(200, { success: true, is_merged: false });
      case '/api/auth/merge_request':
        return json(200, {
          email: EMAIL,
          provider: 'google',
          identity: {
            email: EMAIL,
            name: 'Ada Lovelace',
            email_verified: true,
            requested_at: '2026-11-28T09:00:00.000Z',
          },
        });
      case '/api/auth/login':
        return json(200, tokenBody);
      case '/api/auth/google/auth_uri':
        return json(200, { auth_uri: 'https://accounts.example/consent' });
      default:
        return json(404, { detail: { type: 'not_found' } });
    }
  });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Waits for `check` to pass a millisecond of the fake clock at a time, the real event loop
 * turning between: a request's response is read on the real one, so when it settles is not a
 * number of fake milliseconds. The clock stops the moment it passes.
 */
async function settle(check: () => void): Promise<void> {
  for (let turn = 0; turn < 2_000; turn += 1) {
    try {
      check();
      return;
    } catch {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
        await new Promise((resolve) => setImmediate(resolve));
      });
    }
  }
  check();
}
const useFakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });

afterEach(() => {
  vi.useRealTimers();
  tokenStore.clear();
});

describe('merge account, after a refused sign-in', () => {
  const googleEntry = {
    pathname: '/merge-account',
    search: query({
      provider: 'google',
      is_password_signin: '1',
      is_google_signin: '0',
      is_microsoft_signin: '0',
    }),
    state: { providerToken: { provider: 'google', token: 'google-id-token' } },
  };

  it('sends nothing on arrival; e-mails the link when asked, polls every 3 s and signs in with the Google token', async () => {
    useFakeTimers();
    const fetchMock = mergeApi(2);
    renderAuth(googleEntry);
    await advance(50);
    expect(bodiesSentTo(fetchMock, '/api/auth/request_merge_accounts_email')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send the merge e-mail' }));
    await settle(() => expect(screen.getByText('Merge email sent!')).toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, '/api/auth/request_merge_accounts_email')).toEqual([
      { email: EMAIL, provider: 'google' },
    ]);
    const methods = screen.getByRole('list', { name: 'Sign-in methods of this email' });
    expect(methods).toHaveTextContent('Email and passwordvalid');
    expect(methods).toHaveTextContent('Googleinvalid');
    expect(methods).toHaveTextContent('Microsoftinvalid');
    expect(screen.getByText(/expires after 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/sign-in');

    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toEqual([
      '/api/auth/check_merge_accounts?email=ada%40acme.io&provider=google',
    ]);
    await advance(2_900);
    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toHaveLength(1);
    await advance(100);
    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toHaveLength(2);
    expect(bodiesSentTo(fetchMock, '/api/auth/login')).toEqual([]);
    await advance(3_000);
    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toHaveLength(3);
    expect(bodiesSentTo(fetchMock, '/api/auth/login')).toEqual([{ google_id_token: 'google-id-token' }]);
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/');
    expect(tokenStore.get()?.accessToken).toBe('jwt-1');
    await advance(9_000);
    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toHaveLength(3);
  });

  it("shows 'Merge email sent!' for 5 seconds after Resend", async () => {
    useFakeTimers();
    const fetchMock = mergeApi(Number.POSITIVE_INFINITY);
    renderAuth(googleEntry);
    await advance(50);
    fireEvent.click(screen.getByRole('button', { name: 'Send the merge e-mail' }));
    await settle(() => expect(screen.getByText('Merge email sent!')).toBeInTheDocument());
    await advance(6_000);
    expect(screen.queryByText('Merge email sent!')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await settle(() => expect(screen.getByText('Merge email sent!')).toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, '/api/auth/request_merge_accounts_email')).toHaveLength(2);
    await advance(4_900);
    expect(screen.getByText('Merge email sent!')).toBeInTheDocument();
    await advance(100);
    expect(screen.queryByText('Merge email sent!')).not.toBeInTheDocument();
  });

  it('I merged the accounts checks at once and says when the merge is not done', async () => {
    mergeApi(Number.POSITIVE_INFINITY);
    renderAuth(googleEntry);
    await userEvent.click(await screen.findByRole('button', { name: 'Send the merge e-mail' }));
    await screen.findByText('Merge email sent!');
    await userEvent.click(screen.getByRole('button', { name: 'I merged the accounts' }));
    expect(await screen.findByText(/The accounts are not merged yet/)).toBeInTheDocument();
  });

  it('sends to sign-in with a notice when it holds nothing to sign in with', async () => {
    mergeApi(0);
    renderAuth({ pathname: '/merge-account', search: query({ provider: 'maya', is_google_signin: '1' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the merge e-mail' }));
    expect(await screen.findByText('Your accounts are merged. Sign in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('merge account, set-password link (provider=maya)', () => {
  const entry = `/merge-account${query({ request_id: 'req-9', provider: 'maya' })}`;

  it("refuses passwords that do not match: 'Passwords do not match'", async () => {
    const fetchMock = mergeApi(0);
    renderAuth(entry);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), 'long enough one');
    await user.type(screen.getByLabelText('Repeat password'), 'long enough two');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/merge_accounts')).toEqual([]);
  });

  it('sets the password, polls every 5 s and signs in with email and that password', async () => {
    const fetchMock = mergeApi(1);
    renderAuth(entry);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), 'long enough one');
    await user.type(screen.getByLabelText('Repeat password'), 'long enough one');
    useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await advance(50);
    expect(bodiesSentTo(fetchMock, '/api/auth/merge_accounts')).toEqual([
      { request_id: 'req-9', email: EMAIL, new_password: 'long enough one' },
    ]);
    expect(screen.getByText('Finishing the merge of your accounts…')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toHaveLength(1);
    await advance(3_500);
    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toHaveLength(1);
    await advance(1_500);
    expect(callsTo(fetchMock, '/api/auth/check_merge_accounts')).toHaveLength(2);
    expect(bodiesSentTo(fetchMock, '/api/auth/login')).toEqual([
      { email: EMAIL, password: 'long enough one' },
    ]);
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/');
  });
});

describe('merge account, provider link', () => {
  const entry = `/merge-account${query({ request_id: 'req-3', provider: 'google' })}`;

  it('shows the Google account, links it only when confirmed, then signs in through Google', async () => {
    const fetchMock = mergeApi(0, {
      '/api/auth/merge_accounts': () => json(200, { success: true, is_merged: true }),
    });
    renderAuth(entry);
    const account = await screen.findByRole('region', { name: 'The Google account to link' });
    expect(account).toHaveTextContent('Ada Lovelace');
    expect(account).toHaveTextContent('Verified by Google');
    expect(bodiesSentTo(fetchMock, '/api/auth/merge_accounts')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, link this account' }));
    await vi.waitFor(() => expect(navigateExternal).toHaveBeenCalledWith('https://accounts.example/consent'));
    expect(bodiesSentTo(fetchMock, '/api/auth/merge_accounts')).toEqual([
      { request_id: 'req-3', email: EMAIL, confirm: true },
    ]);
  });

  it('declining links nothing and says so', async () => {
    const fetchMock = mergeApi(0);
    renderAuth(entry);
    await userEvent.click(await screen.findByRole('button', { name: 'No, this is not mine' }));
    expect(await screen.findByText('Nothing was linked')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/merge_accounts')).toEqual([
      { request_id: 'req-3', email: EMAIL, decline: true },
    ]);
    expect(navigateExternal).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'merge_request_does_not_exist', {}, 'The merge link is invalid. Please sign in again.'],
    [400, 'already_merged', { provider: 'google' }, 'Your email has already been merged with Google'],
    [400, 'something_else', {}, 'An error occurred while merging accounts. Please try again later.'],
    [404, 'not_found', {}, 'Something went wrong while merging accounts'],
  ])('answers %i %s with "%s" and a Back button', async (status, type, extra, message) => {
    mergeApi(0, { '/api/auth/merge_accounts': () => json(status, { detail: { type, ...extra } }) });
    renderAuth(entry);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, link this account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/sign-in');
    expect(navigateExternal).not.toHaveBeenCalled();
  });

  it('a link that is no longer valid says so before asking anything', async () => {
    mergeApi(0, {
      '/api/auth/merge_request': () => json(400, { detail: { type: 'merge_request_does_not_exist' } }),
    });
    renderAuth(entry);
    expect(await screen.findByText('The merge link is invalid. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes, link this account' })).not.toBeInTheDocument();
  });
});
