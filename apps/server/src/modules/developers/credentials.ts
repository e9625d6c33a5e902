import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets of Settings → Developers: API keys (`mk_`) and notification tokens (`nt_`).
 * A secret is `<kind prefix><43 random base64url characters (256 bits)><organization id, 32 hex>`:
 * it names its organization, as an embed token does, so the server can look it up inside that
 * organization's row-level-secured rows; only its SHA-256 is stored (docs/decisions.md).
 */
export type CredentialKind = 'mk_' | 'nt_';

const SECRET_LENGTH = 43;
const PREFIX_LENGTH = 8;
const SHAPE = /^(mk_|nt_)([A-Za-z0-9_-]{43})([0-9a-f]{32})$/;

export type Credential = { value: string; prefix: string; hash: string };
export type ParsedCredential = { kind: CredentialKind; organizationId: string; prefix: string; hash: string };

export function hashCredential(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The part of a credential shown in lists: its kind and its first random characters. */
const prefixOf = (kind: CredentialKind, secret: string) => `${kind}${secret.slice(0, PREFIX_LENGTH)}`;

export function newCredential(kind: CredentialKind, organizationId: string): Credential {
  const secret = randomBytes(32).toString('base64url');
  if (secret.length !== SECRET_LENGTH) throw new Error('unexpected secret length');
  const value = `${kind}${secret}${organizationId.replaceAll('-', '').toLowerCase()}`;
  return { value, prefix: prefixOf(kind, secret), hash: hashCredential(value) };
}

/** The credential's parts, or null when it is not one (any other text, of any length). */
export function parseCredential(value: string): ParsedCredential | null {
  const match = SHAPE.exec(value);
  if (!match) return null;
  const [, kind, secret, hex] = match as unknown as [string, CredentialKind, string, string];
  const organizationId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { kind, organizationId, prefix: prefixOf(kind, secret), hash: hashCredential(value) };
}

/** Whether a presented credential's hash is the stored one, in constant time. */
export function sameHash(presented: string, stored: string): boolean {
  const a = Buffer.from(presented, 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** The credential of an `Authorization: Bearer <credential>` header, or null when there is none. */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +(\S+) *$/.exec(header);
  return match?.[1] ?? null;
}
