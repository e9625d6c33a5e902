// The product's own Google service account in the sandbox (development and tests): one RSA key
// pair per process, generated on first use. sandboxClients() hands its private key to the
// connectors (as clients.googleServiceAccount) and the sandbox Google token endpoint trusts its
// public key for the JWT bearer grant (RFC 7523), as Google trusts a service account's keys.
// Two processes have different keys: the sandbox is a single-process fake.
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export const SANDBOX_SERVICE_ACCOUNT_EMAIL = 'maya-exports@maya-sandbox.iam.gserviceaccount.com';

export type SandboxServiceAccount = {
  clientEmail: string;
  /** PKCS#8 PEM, as in a service account's JSON key file (`private_key`). */
  privateKeyPem: string;
  /** Google's `private_key_id`: 40 hex digits, sent as the assertion's `kid`. */
  privateKeyId: string;
  publicKey: KeyObject;
};

let account: SandboxServiceAccount | null = null;

export function sandboxServiceAccount(): SandboxServiceAccount {
  if (!account) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    account = {
      clientEmail: SANDBOX_SERVICE_ACCOUNT_EMAIL,
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      privateKeyId: createHash('sha1')
        .update(publicKey.export({ type: 'spki', format: 'der' }))
        .digest('hex'),
      publicKey,
    };
  }
  return account;
}

/** The public key the sandbox trusts for assertions of `email` (with `keyId` when the assertion names one). */
export function trustedServiceAccountKey(email: string, keyId: string | null): KeyObject | null {
  const trusted = sandboxServiceAccount();
  if (email !== trusted.clientEmail) return null;
  if (keyId !== null && keyId !== trusted.privateKeyId) return null;
  return trusted.publicKey;
}
