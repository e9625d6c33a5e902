import { describe, expect, it } from 'vitest';
import { signEmbedToken, verifyEmbedToken } from './embed-token';

const KEY = 'a-key-derived-from-the-installation-secret';
const claims = {
  grantId: '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01',
  organizationId: '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02',
  expiresAt: new Date('2030-01-01T10:00:00Z'),
};
const before = new Date('2030-01-01T09:59:59Z');

/** The token with one character of `part` (0 payload, 1 signature) changed. */
function tampered(token: string, part: 0 | 1, at: number): string {
  const parts = token.split('.');
  const text = parts[part] ?? '';
  const swapped = text[at] === 'A' ? 'B' : 'A';
  parts[part] = `${text.slice(0, at)}${swapped}${text.slice(at + 1)}`;
  return parts.join('.');
}

describe('embed token', () => {
  it('round-trips its claims and fits a path parameter (100 characters)', () => {
    const token = signEmbedToken(KEY, claims);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyEmbedToken(KEY, token, before)).toEqual({ ok: true, claims });
  });

  it('is expired from its expiry on', () => {
    const token = signEmbedToken(KEY, claims);
    expect(verifyEmbedToken(KEY, token, claims.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any changed character, another key and malformed text', () => {
    const token = signEmbedToken(KEY, claims);
    const [payload = '', signature = ''] = token.split('.');
    for (let at = 0; at < payload.length; at += 1) {
      expect(verifyEmbedToken(KEY, tampered(token, 0, at), before).ok, `payload ${at}`).toBe(false);
    }
    for (let at = 0; at < signature.length; at += 1) {
      expect(verifyEmbedToken(KEY, tampered(token, 1, at), before).ok, `signature ${at}`).toBe(false);
    }
    expect(verifyEmbedToken('another key', token, before)).toEqual({ ok: false, reason: 'invalid' });
    for (const bad of ['', '.', 'abc', `${token}.x`, `${payload}.`, `${payload}.${signature}=`, 'a b.c']) {
      expect(verifyEmbedToken(KEY, bad, before), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('cannot be extended: a later expiry breaks the signature', () => {
    const token = signEmbedToken(KEY, claims);
    const later = signEmbedToken(KEY, { ...claims, expiresAt: new Date('2031-01-01T00:00:00Z') });
    const [payload] = later.split('.');
    const [, signature] = token.split('.');
    expect(verifyEmbedToken(KEY, `${payload}.${signature}`, before)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
