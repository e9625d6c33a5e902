import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RENDER_TOKEN_TTL_MS, signRenderToken, verifyRenderToken, type RenderClaims } from './render-token';

const KEY = 'a-key-derived-for-render-tokens';
const NOW = new Date('2026-11-29T08:00:00Z');
const claims: RenderClaims = {
  organizationId: '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02',
  report: '-maya',
  page: 'overview',
  state: null,
  demo: false,
  expiresAt: NOW.getTime() + RENDER_TOKEN_TTL_MS,
};

/** The token with its payload re-encoded as `change` says, the signature kept. */
function forged(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [payload = '', signature = ''] = token.split('.');
  const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(json);
  return `${Buffer.from(JSON.stringify(json)).toString('base64url')}.${signature}`;
}

describe('a render token', () => {
  it('opens its one page of one report of one organization while it lives', () => {
    const token = signRenderToken(KEY, claims);
    expect(verifyRenderToken(KEY, token, NOW)).toEqual(claims);
  });

  it('lives five minutes: refused from its expiry on', () => {
    const token = signRenderToken(KEY, claims);
    expect(RENDER_TOKEN_TTL_MS).toBe(5 * 60_000);
    const justBefore = new Date(claims.expiresAt - 1);
    expect(verifyRenderToken(KEY, token, justBefore)).toEqual(claims);
    expect(verifyRenderToken(KEY, token, new Date(claims.expiresAt))).toBeNull();
    expect(verifyRenderToken(KEY, token, new Date(claims.expiresAt + 60_000))).toBeNull();
  });

  it('cannot be turned to another organization, report, page or state, nor have its life extended', () => {
    const token = signRenderToken(KEY, claims);
    const changes: ((p: Record<string, unknown>) => void)[] = [
      (p) => (p.o = '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01'),
      (p) => (p.r = '-seo-v1'),
      (p) => (p.p = 'campaigns'),
      (p) => (p.s = 'eyJ2ZXJzaW9uIjoxfQ'),
      (p) => (p.d = true),
      (p) => (p.e = claims.expiresAt + 3_600_000),
    ];
    for (const change of changes) expect(verifyRenderToken(KEY, forged(token, change), NOW)).toBeNull();
  });

  it('is refused with another key (an embed token is not one) and when malformed', () => {
    const token = signRenderToken(KEY, claims);
    const [payload = '', signature = ''] = token.split('.');
    expect(verifyRenderToken('another key', token, NOW)).toBeNull();
    for (const bad of [
      '',
      '.',
      'abc',
      `${token}.x`,
      `${payload}.`,
      `.${signature}`,
      `${payload}.${signature}=`,
    ]) {
      expect(verifyRenderToken(KEY, bad, NOW), bad).toBeNull();
    }
    // Signed with the right key, but not a token's payload (another version, no organization).
    for (const json of [
      { v: 2, o: claims.organizationId, r: '-maya', p: 'x', s: null, d: false, e: 9e15 },
      { v: 1 },
    ]) {
      const encoded = Buffer.from(JSON.stringify(json)).toString('base64url');
      const signed = `${encoded}.${createHmac('sha256', KEY).update(encoded).digest('base64url')}`;
      expect(verifyRenderToken(KEY, signed, NOW)).toBeNull();
    }
  });
});
