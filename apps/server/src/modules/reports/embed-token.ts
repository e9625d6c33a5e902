// The signed embed token: `payload.signature`, both base64url. The payload is 37 bytes, a version,
// the embed grant's id, the organization's id and the expiry in whole seconds; the signature is
// HMAC-SHA256 of it with a key derived from the installation's secret. Binary and compact so the
// token fits a path segment (Fastify's parameters are at most 100 characters; this is 94).
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 + 16 + 4;
const SIGNATURE_BYTES = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The purpose the signing key is derived for (Secrets.derive). */
export const EMBED_TOKEN_KEY_PURPOSE = 'report-embed-token-v1';

export type EmbedClaims = { grantId: string; organizationId: string; expiresAt: Date };

export type EmbedTokenCheck =
  { ok: true; claims: EmbedClaims } | { ok: false; reason: 'invalid' | 'expired' };

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const sign = (key: string, payload: Buffer) => createHmac('sha256', key).update(payload).digest();

export function signEmbedToken(key: string, claims: EmbedClaims): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  uuidBytes(claims.grantId).copy(payload, 1);
  uuidBytes(claims.organizationId).copy(payload, 17);
  payload.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000), 33);
  return `${payload.toString('base64url')}.${sign(key, payload).toString('base64url')}`;
}

/** The token's claims when its signature holds and it has not expired at `now`. */
export function verifyEmbedToken(key: string, token: string, now: Date): EmbedTokenCheck {
  const [encoded, signature, ...rest] = token.split('.');
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (encoded === undefined || signature === undefined || rest.length > 0)
    return { ok: false, reason: 'invalid' };
  if (!base64url.test(encoded) || !base64url.test(signature)) return { ok: false, reason: 'invalid' };
  const payload = Buffer.from(encoded, 'base64url');
  const given = Buffer.from(signature, 'base64url');
  // Node decodes base64url leniently: only the canonical spelling of the bytes is the token.
  const canonical = payload.toString('base64url') === encoded && given.toString('base64url') === signature;
  if (!canonical || payload.length !== PAYLOAD_BYTES || given.length !== SIGNATURE_BYTES) {
    return { ok: false, reason: 'invalid' };
  }
  if (!timingSafeEqual(given, sign(key, payload)) || payload.readUInt8(0) !== VERSION) {
    return { ok: false, reason: 'invalid' };
  }
  const expiresAt = new Date(payload.readUInt32BE(33) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    claims: {
      grantId: uuidOf(payload.subarray(1, 17)),
      organizationId: uuidOf(payload.subarray(17, 33)),
      expiresAt,
    },
  };
}
