// What the reconciliations do to the app and the sandbox between their comparisons: a triggered
// run of the organization's data load, and a provider's restatement of some days.
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';
import { accountSettled, loadNow } from '../support/sources';
import type { Connected, Owner } from './sandbox-accounts';

/**
 * A triggered run (the Data Load page's Load data now), to its end, every account finished;
 * answers the owner with a fresh access token (the tests outlive one, 15 minutes, and the web
 * app refreshes it the same way).
 */
export async function runLoad(t: AccountsApp, owner: Owner, accounts: readonly Connected[]): Promise<Owner> {
  const refreshed = await call(t.base, 'POST', '/auth/refresh_token', { cookie: owner.cookie });
  expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
  const fresh = {
    ...owner,
    token: refreshed.body.access_token as string,
    cookie: refreshed.cookie ?? owner.cookie,
  };
  await loadNow(t, fresh);
  for (const account of accounts) {
    expect(await accountSettled(t, fresh, account.uuid), account.account.identifier).toMatchObject({
      sync_status: 'finished',
    });
  }
  return fresh;
}

/**
 * Arms a restatement of a sandbox data API (`api`, e.g. `google-ads`): each day of the range's
 * numbers multiplied by `factor` (sandbox/apis/late-conversions.ts); null clears them.
 */
export async function restate(
  t: AccountsApp,
  api: string,
  body: { from: string; to: string; factor: number } | null,
): Promise<void> {
  const url = `${t.base}/sandbox/${api}/_sandbox/late-conversions`;
  const response = body
    ? await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    : await fetch(url, { method: 'DELETE' });
  expect(response.ok, await response.text()).toBe(true);
}
