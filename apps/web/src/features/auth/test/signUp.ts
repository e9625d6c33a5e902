import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { json, mockApi, type ApiHandler } from '../../../test/api';
import { renderAuth, tokenBody } from './renderAuth';

/** Helpers of the sign-up page tests. */
export const positions = ['', 'CEO', 'CMO', 'Data Scientist', 'Product Manager', 'Scrum Master', 'Other'];

type Overrides = Partial<Record<string, () => Response>>;

export function signUpApi(overrides: Overrides = {}) {
  const handler: ApiHandler = (url) => {
    const path = url.split('?')[0] ?? url;
    const override = overrides[path];
    if (override) return override();
    if (path === '/data/company-positions.json') return json(200, positions);
    if (path === '/api/auth/check_email_domain') {
      return json(200, { domain: 'acme.io', is_free_email_provider: false, company_name: 'acme' });
    }
    if (path === '/api/user') {
      return json(201, {
        id: tokenBody.user_id,
        email: 'ada@acme.io',
        is_email_verified: false,
        token: null,
      });
    }
    return json(404, { detail: { type: 'not_found' } });
  };
  return mockApi(handler);
}

export const progressWidth = () => screen.getByTestId('sign-up-progress-fill').style.width;
export const continueButton = () => screen.getByRole('button', { name: 'Continue' });

export async function fillAccount(user: UserEvent, email = 'ada@acme.io') {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.clear(screen.getByLabelText('Work email'));
  await user.type(screen.getByLabelText('Work email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
}

export async function pick(user: UserEvent, label: string, typed: string, option: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

export async function renderSignUp(entry: Parameters<typeof renderAuth>[0] = '/sign-up') {
  const rendered = renderAuth(entry);
  await screen.findByRole('button', { name: 'Continue' });
  return rendered;
}
