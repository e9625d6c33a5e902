// The signed embed token: `payload.signature`, both base64url. The payload is 33 bytes, a version,
// the embed grant's id and the organization's id; the signature is HMAC-SHA256 of it with a key
// derived from the installation's secret. Binary and compact so the token fits a path segment
// (Fastify's parameters are at most 100 characters; this is 88). The token carries no expiry: the
// grant it names does (or none), and is read on every request, so revoking it works at once.
// Version 1 tokens carried an expiry of one hour and are no longer accepted.
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 2;
const PAYLOAD_BYTES = 1 + 16 + 16;
const SIGNATURE_BYTES = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The purpose the signing key is derived for (Secrets.derive). */
export const EMBED_TOKEN_KEY_PURPOSE = 'report-embed-token-v1';

export type EmbedClaims = { grantId: string; organizationId: string };

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const sign = (key: string, payload: Buffer) => createHmac('sha256', key).update(payload).digest();

/** The token of a grant: the same claims always sign to the same token (it can be shown again). */
export function signEmbedToken(key: string, claims: EmbedClaims): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  uuidBytes(claims.grantId).copy(payload, 1);
  uuidBytes(claims.organizationId).copy(payload, 17);
  return `${payload.toString('base64url')}.${sign(key, payload).toString('base64url')}`;
}

/** The token's claims when its signature holds; null for anything else. */
export function verifyEmbedToken(key: string, token: string): EmbedClaims | null {
  const [encoded, signature, ...rest] = token.split('.');
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (encoded === undefined || signature === undefined || rest.length > 0) return null;
  if (!base64url.test(encoded) || !base64url.test(signature)) return null;
  const payload = Buffer.from(encoded, 'base64url');
  const given = Buffer.from(signature, 'base64url');
  // Node decodes base64url leniently: only the canonical spelling of the bytes is the token.
  const canonical = payload.toString('base64url') === encoded && given.toString('base64url') === signature;
  if (!canonical || payload.length !== PAYLOAD_BYTES || given.length !== SIGNATURE_BYTES) return null;
  if (!timingSafeEqual(given, sign(key, payload)) || payload.readUInt8(0) !== VERSION) return null;
  return {
    grantId: uuidOf(payload.subarray(1, 17)),
    organizationId: uuidOf(payload.subarray(17, 33)),
  };
}
