import { expect } from 'vitest';
import type { CreatedApiKey } from '@maya/contracts';
import { call, type AccountsApp } from '../support/accounts';

/** Creates an API key as the organization's owner and returns it with its secret. */
export async function createKey(
  t: AccountsApp,
  admin: { token: string; organizationId: string },
  body: { name: string; read_only?: boolean },
): Promise<CreatedApiKey> {
  const created = await call(t.base, 'POST', `/organizations/${admin.organizationId}/api-keys`, {
    token: admin.token,
    body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as CreatedApiKey;
}

/** A call with `Authorization: Bearer <key>`. */
export const withKey = (t: AccountsApp, key: string, method: string, path: string, body?: unknown) =>
  call(t.base, method, path, { token: key, body });
