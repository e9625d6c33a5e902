import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CredentialsKey } from './config';
import type { Secrets } from './secrets';

/**
 * Secrets at rest (source credentials: OAuth tokens, API keys, private keys), AES-256-GCM.
 * A sealed value is `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url): the key id says which key
 * opens it, so keys rotate by putting a new one first in CREDENTIALS_KEYS (new values use it, old
 * ones still open) and re-sealing with `resealed()`. The associated data binds a value to its
 * purpose and owner (e.g. the organization), so a sealed value copied to another row does not open.
 */
export type Vault = {
  seal(value: unknown, context: string): string;
  open<T>(sealed: string, context: string): T;
  /** The value sealed again with the current key, or null when it already is. */
  resealed(sealed: string, context: string): string | null;
};

export class VaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultError';
  }
}

export function createVault(configured: CredentialsKey[] | null, secrets: Secrets): Vault {
  // The key derived from the secret key always opens what it sealed, so an installation that
  // starts setting CREDENTIALS_KEYS keeps reading its existing credentials.
  const derived = { id: 'derived1', key: Buffer.from(secrets.derive('credentials-vault-v1'), 'base64url') };
  const keys: CredentialsKey[] = [...(configured ?? []).filter((k) => k.id !== derived.id), derived];
  const [current = derived] = keys;
  const byId = new Map(keys.map((k) => [k.id, k.key]));

  const seal = (value: unknown, context: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
    return ['v1', current.id, ...parts].join('.');
  };

  const open = <T>(sealed: string, context: string): T => {
    const [version, keyId, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !keyId || !iv || !tag || data === undefined) {
      throw new VaultError('not a sealed value');
    }
    const key = byId.get(keyId);
    if (!key) throw new VaultError(`sealed with key ${keyId}, which CREDENTIALS_KEYS no longer lists`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as T;
    } catch {
      throw new VaultError('the sealed value does not open: tampered, or sealed for another owner');
    }
  };

  return {
    seal,
    open,
    resealed: (sealed, context) =>
      sealed.split('.')[1] === current.id ? null : seal(open(sealed, context), context),
  };
}
