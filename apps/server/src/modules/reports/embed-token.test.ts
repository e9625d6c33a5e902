import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signEmbedToken, verifyEmbedToken } from './embed-token';

const KEY = 'a-key-derived-from-the-installation-secret';
const claims = {
  grantId: '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01',
  organizationId: '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02',
};

/** The token with one character of `part` (0 payload, 1 signature) changed. */
function tampered(token: string, part: 0 | 1, at: number): string {
  const parts = token.split('.');
  const text = parts[part] ?? '';
  const swapped = text[at] === 'A' ? 'B' : 'A';
  parts[part] = `${text.slice(0, at)}${swapped}${text.slice(at + 1)}`;
  return parts.join('.');
}

describe('embed token', () => {
  it('round-trips its claims, fits a path parameter (100 characters) and is the same each time', () => {
    const token = signEmbedToken(KEY, claims);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyEmbedToken(KEY, token)).toEqual(claims);
    expect(signEmbedToken(KEY, claims)).toBe(token);
  });

  it('refuses any changed character, another key and malformed text', () => {
    const token = signEmbedToken(KEY, claims);
    const [payload = '', signature = ''] = token.split('.');
    for (let at = 0; at < payload.length; at += 1) {
      expect(verifyEmbedToken(KEY, tampered(token, 0, at)), `payload ${at}`).toBeNull();
    }
    for (let at = 0; at < signature.length; at += 1) {
      expect(verifyEmbedToken(KEY, tampered(token, 1, at)), `signature ${at}`).toBeNull();
    }
    expect(verifyEmbedToken('another key', token)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`, `${payload}.`, `${payload}.${signature}=`, 'a b.c']) {
      expect(verifyEmbedToken(KEY, bad), bad).toBeNull();
    }
  });

  it('refuses the one-hour tokens of version 1, even correctly signed', () => {
    // Version 1: the version, the grant, the organization and an expiry in seconds.
    const payload = Buffer.alloc(37);
    payload.writeUInt8(1, 0);
    Buffer.from(claims.grantId.replace(/-/g, ''), 'hex').copy(payload, 1);
    Buffer.from(claims.organizationId.replace(/-/g, ''), 'hex').copy(payload, 17);
    payload.writeUInt32BE(2_000_000_000, 33);
    const signature = createHmac('sha256', KEY).update(payload).digest();
    expect(
      verifyEmbedToken(KEY, `${payload.toString('base64url')}.${signature.toString('base64url')}`),
    ).toBeNull();
  });
});
