import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { json } from '../../../test/api';
import { bodiesSentTo, callsTo, findElsewhere, tokenBody } from '../test/renderAuth';
import { continueButton, pick, progressWidth, renderSignUp, signUpApi } from '../test/signUp';

afterEach(() => tokenStore.clear());

describe('sign-up with a provider token', () => {
  const state = { providerToken: { provider: 'google', token: 'google-id-token' } };

  it('starts at step 2, skips step 1 and signs up through the provider', async () => {
    const fetchMock = signUpApi({
      '/api/user': () =>
        json(201, { id: tokenBody.user_id, email: 'ada@acme.io', is_email_verified: true, token: tokenBody }),
    });
    await renderSignUp({ pathname: '/sign-up', state });
    const user = userEvent.setup({ delay: null });
    expect(progressWidth()).toBe('54%');
    expect(screen.getByText('You are signing up with your Google account.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Company name'), 'Acme');
    await pick(user, 'Position', 'CMO', 'CMO');
    await user.click(continueButton());
    await user.click(await screen.findByLabelText('I have read and agree to the Legal Terms & Conditions'));
    await user.click(continueButton());
    expect(await findElsewhere()).toBe('/');
    expect(bodiesSentTo(fetchMock, '/api/user')).toEqual([
      { google_id_token: 'google-id-token', company_name: 'Acme', company_position: 'CMO' },
    ]);
    expect(callsTo(fetchMock, '/api/auth/check_email_domain')).toEqual([]);
    expect(tokenStore.get()?.accessToken).toBe('jwt-1');
  });

  it('forgets the provider when Back leaves step 2', async () => {
    signUpApi();
    const { router } = await renderSignUp({ pathname: '/sign-up', state });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(progressWidth()).toBe('8%');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.click(continueButton());
    expect(screen.getByText('Please enter your Firstname')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Company info' }));
    expect(screen.queryByText('You are signing up with your Google account.')).not.toBeInTheDocument();
    expect(progressWidth()).toBe('8%');
  });
});
