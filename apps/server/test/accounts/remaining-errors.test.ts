import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestDatabase, testConfig } from '../support/database';
import { call, signUpBody, startAccountsApp, type AccountsApp } from '../support/accounts';

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

describe('the remaining errors of spec 000 §8', () => {
  it('merging into an account that does not exist answers exactly as a bad link does (no oracle)', async () => {
    const unknown = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: 'whatever', email: 'nobody-here@acme.example' },
    });
    await call(t.base, 'POST', '/user', { body: signUpBody('somebody-here@acme.example') });
    const known = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: 'whatever', email: 'somebody-here@acme.example' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ detail: { type: 'merge_request_does_not_exist' } });
    expect(known.body).toEqual(unknown.body);
  });

  it('an empty new password on reset is refused with the spec message', async () => {
    const answer = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: 'x', email: 'a@acme.example', new_password: '' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({
      loc: ['body', 'new_password'],
      msg: 'Please enter a valid password',
    });
  });

  it('an unknown provider sign-in state is refused with invalid_state', async () => {
    const answer = await call(t.base, 'POST', '/auth/login', {
      body: { microsoft_code: 'code', state: 'made-up' },
    });
    expect([answer.status, answer.body.detail.type]).toEqual([400, 'invalid_state']);
  });
});

describe('without a Microsoft sign-in configured (production without MICROSOFT_*)', () => {
  it('the Microsoft auth address answers 404, which the client shows as "Microsoft account not connected"', async () => {
    const config = { ...(await testConfig({ DATABASE_URL: await createTestDatabase() })), microsoft: null };
    const app = await buildApp(config);
    try {
      const answer = await app.inject('/api/auth/microsoft/auth_uri');
      expect(answer.statusCode).toBe(404);
      expect(answer.json().detail.type).toBe('microsoft_not_configured');
    } finally {
      await app.close();
    }
  });
});
