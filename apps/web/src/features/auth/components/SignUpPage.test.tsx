import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberReturnUrl } from '../../../shared/auth/returnUrl';
import { startSession } from '../../../shared/auth/session';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { json } from '../../../test/api';
import { bodiesSentTo, callsTo, findElsewhere, renderAuth } from '../test/renderAuth';
import { continueButton, fillAccount, pick, progressWidth, renderSignUp, signUpApi } from '../test/signUp';

// Whole sign-ups typed key by key through three steps take a few seconds in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => tokenStore.clear());

describe('sign-up, step 1', () => {
  it('validates the account fields with the spec messages before leaving step 1', async () => {
    const fetchMock = signUpApi();
    await renderSignUp();
    const user = userEvent.setup({ delay: null });
    expect(progressWidth()).toBe('8%');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.click(continueButton());
    expect(screen.getByText('Please enter your Firstname')).toBeInTheDocument();
    expect(screen.getByText('Please enter your Last name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'A1');
    await user.type(screen.getByLabelText('Last name'), 'Lo');
    await user.type(screen.getByLabelText('Work email'), 'ada at acme');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(continueButton());
    expect(screen.getByText('Please enter your Firstname')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your Last name')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(progressWidth()).toBe('8%');
    expect(callsTo(fetchMock, '/api/auth/check_email_domain')).toEqual([]);
    expect(callsTo(fetchMock, '/api/user')).toEqual([]);
  });

  it('prefills the email from the query and links to sign in', async () => {
    signUpApi();
    await renderSignUp('/sign-up?email=invited%40acme.io');
    expect(screen.getByLabelText('Work email')).toHaveValue('invited@acme.io');
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign up with Microsoft' })).toBeEnabled();
  });

  it('shows the marketplace message for redirect_error=no_such_user', async () => {
    signUpApi();
    await renderSignUp('/sign-up?redirect_error=no_such_user');
    expect(
      await screen.findByText("We couldn't find a user with that email address. Please create an account."),
    ).toBeInTheDocument();
  });

  it('sends a signed-in visitor to the remembered URL', async () => {
    signUpApi();
    startSession({ accessToken: 'jwt', accessTokenExpiresAt: '2030-01-01T00:00:00Z', userId: '9' });
    rememberReturnUrl('/organization/acme/invite/42');
    renderAuth('/sign-up');
    expect(await findElsewhere()).toBe('/organization/acme/invite/42');
  });
});

describe('sign-up, moving between steps', () => {
  it('prefills the company name from the email domain, capitalised', async () => {
    const fetchMock = signUpApi();
    await renderSignUp();
    const user = userEvent.setup({ delay: null });
    await fillAccount(user);
    await user.click(continueButton());
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(progressWidth()).toBe('54%');
    expect(bodiesSentTo(fetchMock, '/api/auth/check_email_domain')).toEqual([{ domain: 'acme.io' }]);
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme');
  });

  it('keeps a company name the user typed', async () => {
    signUpApi({
      '/api/auth/check_email_domain': () =>
        json(200, { domain: 'globex.com', is_free_email_provider: false, company_name: 'Globex' }),
    });
    await renderSignUp();
    const user = userEvent.setup({ delay: null });
    await fillAccount(user, 'ada@initech.com');
    await user.click(continueButton());
    const company = await screen.findByLabelText('Company name');
    await user.clear(company);
    await user.type(company, 'My Own Co');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.clear(screen.getByLabelText('Work email'));
    await user.type(screen.getByLabelText('Work email'), 'ada@globex.com');
    await user.click(continueButton());
    expect(await screen.findByLabelText('Company name')).toHaveValue('My Own Co');
  });

  it('validates the earlier steps before a jump forward and lands on the first invalid one', async () => {
    signUpApi();
    await renderSignUp();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Terms' }));
    expect(screen.getByText('Please enter your Firstname')).toBeInTheDocument();
    expect(progressWidth()).toBe('8%');

    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Terms' }));
    expect(await screen.findByText('Please enter a valid position')).toBeInTheDocument();
    expect(progressWidth()).toBe('54%');
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Company name'));
    await user.type(screen.getByLabelText('Company name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Terms' }));
    expect(screen.getByText('Please enter a valid company name')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Company name'), 'cme');
    await pick(user, 'Position', 'Prodct Manger', 'Product Manager');
    await user.click(screen.getByRole('button', { name: 'Terms' }));
    expect(progressWidth()).toBe('100%');
    expect(screen.getByRole('heading', { name: 'Legal Terms & Conditions', level: 1 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account info' }));
    expect(progressWidth()).toBe('8%');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });

  it('refuses a position that is not among the options', async () => {
    signUpApi();
    await renderSignUp();
    const user = userEvent.setup({ delay: null });
    await fillAccount(user);
    await user.click(continueButton());
    await user.type(await screen.findByRole('textbox', { name: 'Position' }), 'Astronaut');
    await user.click(continueButton());
    expect(screen.getByText('Please enter a valid position')).toBeInTheDocument();
    expect(progressWidth()).toBe('54%');
  });
});

async function completeEmailSignUp(user: UserEvent) {
  await fillAccount(user);
  await user.click(continueButton());
  await screen.findByText('Step 2 of 3');
  await pick(user, 'Position', 'data sci', 'Data Scientist');
  await pick(user, 'How did you find us?', 'socal', 'Social media');
  await user.click(continueButton());
  await screen.findByText('Step 3 of 3');
  await user.click(continueButton());
  expect(screen.getByText('You have to accept the Legal Terms & Conditions to continue')).toBeInTheDocument();
  await user.click(screen.getByLabelText('I have read and agree to the Legal Terms & Conditions'));
  await user.click(continueButton());
}

describe('sign-up, submitting', () => {
  it('shows the terms with their figures and an I do not accept link to /', async () => {
    signUpApi();
    await renderSignUp();
    const user = userEvent.setup({ delay: null });
    await fillAccount(user);
    await user.click(continueButton());
    await pick(user, 'Position', 'CEO', 'CEO');
    await user.click(continueButton());
    const terms = await screen.findByLabelText('Legal Terms & Conditions text');
    for (const figure of [/1\.5% per month/, /within 48 hours/, /once every 24 months/, /within 2 weeks/]) {
      expect(within(terms).getAllByText(figure).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('link', { name: 'I do not accept' })).toHaveAttribute('href', '/');
  });

  it('signs up with email and goes to verify the email', async () => {
    const fetchMock = signUpApi();
    const { router } = await renderSignUp();
    const user = userEvent.setup({ delay: null });
    await completeEmailSignUp(user);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/verify-email?email=ada%40acme.io',
    );
    expect(bodiesSentTo(fetchMock, '/api/user')).toEqual([
      {
        email: 'ada@acme.io',
        password: 'correct horse battery',
        first_name: 'Ada',
        last_name: 'Lovelace',
        company_name: 'Acme',
        company_position: 'Data Scientist',
        how_found: 'Social media',
      },
    ]);
    expect(tokenStore.get()).toBeNull();
  });

  it('returns to step 1 with "This email address is already in use" on 409', async () => {
    signUpApi({ '/api/user': () => json(409, { detail: { type: 'email_in_use' } }) });
    await renderSignUp();
    const user = userEvent.setup({ delay: null });
    await completeEmailSignUp(user);
    expect(await screen.findByText('This email address is already in use')).toBeInTheDocument();
    expect(progressWidth()).toBe('8%');
    expect(screen.getByLabelText('Work email')).toHaveValue('ada@acme.io');
  });

  it('shows a weak_password refusal under the password on step 1', async () => {
    signUpApi({ '/api/user': () => json(400, { detail: { type: 'weak_password', message: 'Too common' } }) });
    await renderSignUp();
    const user = userEvent.setup({ delay: null });
    await completeEmailSignUp(user);
    expect(await screen.findByText('Too common')).toBeInTheDocument();
    expect(progressWidth()).toBe('8%');
  });
});
