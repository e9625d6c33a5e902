import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { getUserIdCookie } from '../../../shared/auth/userIdCookie';
import { json, mockApi } from '../../../test/api';
import { bodiesSentTo, findElsewhere, renderAuth, tokenBody } from '../test/renderAuth';

afterEach(() => {
  vi.useRealTimers();
  tokenStore.clear();
});

describe('verify email, with the e-mailed link', () => {
  it('verifies automatically, starts the session and goes to / with the destinations flag', async () => {
    const fetchMock = mockApi(() => json(200, { success: true, token: tokenBody }));
    const { router } = renderAuth('/verify-email?request_id=req-7&email=ada%40acme.io');
    expect(await findElsewhere()).toBe('/');
    expect(router.state.location.state).toEqual({ destinations: true });
    expect(bodiesSentTo(fetchMock, '/api/auth/verify_email')).toEqual([
      { request_id: 'req-7', email: 'ada@acme.io' },
    ]);
    expect(tokenStore.get()?.accessToken).toBe('jwt-1');
    expect(getUserIdCookie()).toBe(tokenBody.user_id);
  });

  it('goes to / without a session when the answer has no token', async () => {
    mockApi(() => json(200, { success: true, token: null }));
    const { router } = renderAuth('/verify-email?request_id=req-7&email=ada%40acme.io');
    expect(await findElsewhere()).toBe('/');
    expect(router.state.location.state).toEqual({ destinations: true });
    expect(tokenStore.get()).toBeNull();
  });

  it('in another browser than the sign-up, leads to choosing a password (the old one was dropped)', async () => {
    mockApi(() => json(200, { success: true, token: null, set_password_request_id: 'reset-9' }));
    const { router } = renderAuth('/verify-email?request_id=req-7&email=ada%40acme.io');
    expect(await screen.findByText('Choose your password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      id: 'reset-9',
      email: 'ada@acme.io',
      verified: '1',
    });
    // The link is checked on arrival (decision 240): the form shows once it answers.
    expect(await screen.findByText(/the password chosen when the account was created/)).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it.each([
    ['already_used', 'The verification has already been used. Please request a new verification email.'],
    ['does_not_exist', 'The verification link is invalid. Please sign in again.'],
    ['already_verified', 'Your email has already been verified.'],
    ['something_else', 'An error occurred while verifying your email. Please try again later.'],
  ])('shows %s as "%s" with a Back button to /sign-in', async (type, message) => {
    mockApi(() => json(400, { detail: { type } }));
    renderAuth('/verify-email?request_id=req-7&email=ada%40acme.io');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/sign-in');
  });
});

describe('verify email, waiting for the user', () => {
  it('tells the user to verify and offers Back and I verified my E-mail', async () => {
    mockApi(() => json(200, { success: true }));
    const { router } = renderAuth('/verify-email?email=ada%40acme.io');
    expect(await screen.findByTitle('ada@acme.io')).toHaveTextContent('ada@acme.io');
    expect(screen.getByText(/expires after 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/sign-in');
    await userEvent.click(screen.getByRole('button', { name: 'I verified my E-mail' }));
    expect(await findElsewhere()).toBe('/');
    expect(router.state.location.state).toEqual({ destinations: true });
  });

  it("resends, and shows 'Verification email sent!' for 5 seconds", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = mockApi(() => json(200, { success: true }));
    renderAuth('/verify-email?email=ada%40acme.io');
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.click(screen.getByRole('button', { name: 'resend' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Verification email sent!')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/auth/request_verification_email')).toEqual([
      { email: 'ada@acme.io' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText('Verification email sent!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Verification email sent!')).not.toBeInTheDocument();
  });
});
