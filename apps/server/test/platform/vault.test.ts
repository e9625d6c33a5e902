import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVault, VaultError } from '../../src/platform/vault';
import type { Secrets } from '../../src/platform/secrets';

const secrets: Secrets = {
  derive: (purpose) => Buffer.from(`key-for-${purpose}`.padEnd(32, '.')).toString('base64url'),
};
const key = (id: string) => ({ id, key: randomBytes(32) });

describe('vault', () => {
  it('opens what it sealed, for the same context only', () => {
    const vault = createVault(null, secrets);
    const sealed = vault.seal({ access_token: 'ya29.secret', n: 1 }, 'org-a:cred-1');
    expect(sealed).not.toContain('ya29.secret');
    expect(sealed.startsWith('v1.derived1.')).toBe(true);
    expect(vault.open(sealed, 'org-a:cred-1')).toEqual({ access_token: 'ya29.secret', n: 1 });
    expect(() => vault.open(sealed, 'org-b:cred-1')).toThrow(VaultError);
  });

  it('refuses a tampered value', () => {
    const vault = createVault(null, secrets);
    const parts = vault.seal('api-key', 'ctx').split('.');
    const data = Buffer.from(parts[4]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[4] = data.toString('base64url');
    expect(() => vault.open(parts.join('.'), 'ctx')).toThrow(/does not open/);
    expect(() => vault.open('not sealed', 'ctx')).toThrow(/not a sealed value/);
  });

  it('rotates: new values use the first key, old ones still open and re-seal', () => {
    const old = key('k1');
    const before = createVault([old], secrets);
    const sealed = before.seal({ api_key: 'moosend' }, 'ctx');
    const after = createVault([key('k2'), old], secrets);
    expect(after.open(sealed, 'ctx')).toEqual({ api_key: 'moosend' });
    const resealed = after.resealed(sealed, 'ctx');
    expect(resealed?.split('.')[1]).toBe('k2');
    expect(after.resealed(resealed!, 'ctx')).toBeNull();
    // Once the old key is dropped, values still sealed with it fail clearly.
    expect(() => createVault([key('k3')], secrets).open(sealed, 'ctx')).toThrow(/k1/);
  });
});

describe('vault key derivation', () => {
  it('keeps opening values sealed with the derived key once CREDENTIALS_KEYS is set', () => {
    const sealed = createVault(null, secrets).seal('token', 'ctx');
    const rotated = createVault([key('k2')], secrets);
    expect(rotated.open(sealed, 'ctx')).toBe('token');
    expect(rotated.seal('x', 'ctx').split('.')[1]).toBe('k2');
  });
});
