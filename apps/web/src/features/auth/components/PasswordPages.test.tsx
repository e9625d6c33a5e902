import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api';
import { bodiesSentTo, callsTo, renderAuth } from '../test/renderAuth';

describe('forgot password', () => {
  async function send(email: string) {
    const user = userEvent.setup({ delay: null });
    if (email !== '') await user.type(await screen.findByLabelText('Email'), email);
    await user.click(await screen.findByRole('button', { name: 'Send email' }));
  }

  it('validates the email before calling the API', async () => {
    const fetchMock = mockApi(() => json(200, { success: true }));
    renderAuth('/forgot-password');
    await send('');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await send('nobody');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/reset_password_request')).toEqual([]);
  });

  it('sends the email and shows the check mark, with a link back to sign-in', async () => {
    const fetchMock = mockApi(() => json(200, { success: true }));
    renderAuth('/forgot-password');
    await send(' Ada@Acme.io ');
    expect(await screen.findByRole('img', { name: 'Email sent' })).toBeInTheDocument();
    expect(screen.getByTitle('Ada@Acme.io')).toHaveTextContent('Ada@Acme.io');
    expect(bodiesSentTo(fetchMock, '/api/auth/reset_password_request')).toEqual([{ email: 'Ada@Acme.io' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it.each([
    [
      '422',
      () => json(422, { detail: [{ loc: ['body', 'email'], msg: 'bad', type: 'invalid_format' }] }),
      'Validation Error',
    ],
    ['500', () => json(500, { detail: { type: 'internal_error' } }), 'Something went wrong'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      "Can't connect to the server",
    ],
  ])('answers %s with the spec message', async (_case, answer, message) => {
    mockApi(answer);
    renderAuth('/forgot-password');
    await send('ada@acme.io');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Email sent' })).not.toBeInTheDocument();
  });
});

/** The resets posted (the page's check of the link on arrival is a GET without a body). */
const resetsSent = (fetchMock: Parameters<typeof bodiesSentTo>[0]) =>
  bodiesSentTo(fetchMock, '/api/auth/reset_password').filter((body) => body !== undefined);

describe('reset password', () => {
  it.each(['/reset-password', '/reset-password?id=abc', '/reset-password?email=ada%40acme.io'])(
    'says Wrong url without both id and email: %s',
    async (entry) => {
      const fetchMock = mockApi(() => json(200, { success: true }));
      renderAuth(entry);
      expect(await screen.findByRole('heading', { name: 'Wrong url' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('validates, resets the password with the link id and email, and shows the check mark', async () => {
    const fetchMock = mockApi(() => json(200, { success: true }));
    renderAuth('/reset-password?id=req-1&email=ada%40acme.io');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Please enter a valid password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(resetsSent(fetchMock)).toEqual([]);

    await user.type(screen.getByLabelText('New password'), ' and longer');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('img', { name: 'Password reset' })).toBeInTheDocument();
    expect(resetsSent(fetchMock)).toEqual([
      { new_password: 'short and longer', request_id: 'req-1', email: 'ada@acme.io' },
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it.each([
    [422, { detail: [{ loc: ['body', 'email'], msg: 'bad', type: 'invalid_format' }] }, 'Validation Error'],
    [
      400,
      { detail: { type: 'weak_password', message: 'This password is too common' } },
      'This password is too common',
    ],
  ])('answers %i %j with "%s"', async (status, body, message) => {
    mockApi(() => json(status, body));
    renderAuth('/reset-password?id=req-1&email=ada%40acme.io');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Password reset' })).not.toBeInTheDocument();
  });

  it('replaces the form of a used or bogus link with the offer to send a new one', async () => {
    const fetchMock = mockApi((url) =>
      url.endsWith('/auth/reset_password')
        ? json(404, { detail: { type: 'reset_request_does_not_exist' } })
        : json(200, { success: true }),
    );
    renderAuth('/reset-password?id=used-1&email=ada-lovelace%40acme.io');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { name: 'Could not reset password' })).toBeInTheDocument();
    expect(screen.getByText(/already been used, has expired or is not valid/)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('img', { name: 'Email sent' })).toBeInTheDocument();
    expect(screen.getByText(/we have sent it a new link to reset the password/)).toBeInTheDocument();
    expect(screen.getByTitle('ada-lovelace@acme.io')).toHaveTextContent('ada-lovelace@acme.io');
    expect(bodiesSentTo(fetchMock, '/api/auth/reset_password_request')).toEqual([
      { email: 'ada-lovelace@acme.io' },
    ]);
  });

  it('finds a used or bogus link on arrival and offers a new one before a password is typed', async () => {
    const fetchMock = mockApi((url) =>
      url.includes('/auth/reset_password?')
        ? json(404, { detail: { type: 'reset_request_does_not_exist' } })
        : json(200, { success: true }),
    );
    renderAuth('/reset-password?id=used-1&email=ada%40acme.io');

    expect(await screen.findByRole('heading', { name: 'Could not reset password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    const [check] = callsTo(fetchMock, '/api/auth/reset_password');
    expect(new URL(check ?? '', 'http://app.test').searchParams.get('request_id')).toBe('used-1');
    expect(new URL(check ?? '', 'http://app.test').searchParams.get('email')).toBe('ada@acme.io');
    expect(resetsSent(fetchMock)).toEqual([]);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('img', { name: 'Email sent' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/reset_password_request')).toEqual([{ email: 'ada@acme.io' }]);
  });

  it('says why a new link could not be requested', async () => {
    mockApi((url) =>
      url.endsWith('/auth/reset_password')
        ? json(404, { detail: { type: 'reset_request_does_not_exist' } })
        : json(422, { detail: [{ loc: ['body', 'email'], msg: 'bad', type: 'invalid_format' }] }),
    );
    renderAuth('/reset-password?id=used-1&email=ada%40acme.io');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
  });
});
