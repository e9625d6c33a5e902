import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './access-tokens';

const secrets = { derive: (purpose: string) => `test-secret-of-at-least-32-bytes:${purpose}` };
const claims = {
  userId: '6f1c2b8e-4a3d-4e6f-9a1b-2c3d4e5f6a7b',
  email: 'a@acme.example',
  emailVerified: true,
  isStaff: false,
  sessionId: 'a1b2c3d4-0000-4000-8000-000000000001',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies a token again from memory, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const tokens = createAccessTokens(secrets, 'https://maya.example');
    const { token } = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token changed by one character, or signed by another key or issuer', async () => {
    const tokens = createAccessTokens(secrets, 'https://maya.example');
    const { token } = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await tokens.verify(`${token.slice(0, -2)}${last}${token.slice(-1)}`)).toBeNull();
    const otherKey = createAccessTokens(
      { derive: (p) => `another-secret-of-32-bytes-or-more:${p}` },
      'https://maya.example',
    );
    expect(await otherKey.verify(token)).toBeNull();
    expect(await createAccessTokens(secrets, 'https://other.example').verify(token)).toBeNull();
  });
});
