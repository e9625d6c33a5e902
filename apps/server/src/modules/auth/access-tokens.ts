import { jwtVerify, SignJWT } from 'jose';
import { createExpiringMap } from '../../platform/expiring-map';
import type { Secrets } from '../../platform/secrets';

/** Short-lived access tokens (DESIGN.md Sessions): kept in the SPA's memory, sent as Bearer. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'maya-api';
/** Tokens verified lately, kept until they expire: a dashboard's visuals each send the same one. */
const VERIFIED_KEPT = 10_000;

export type AccessClaims = {
  userId: string;
  email: string;
  emailVerified: boolean;
  isStaff: boolean;
  /** The session family the token was minted for (a password change keeps this one). */
  sessionId: string | null;
};

export function createAccessTokens(secrets: Secrets, issuer: string) {
  const key = new TextEncoder().encode(secrets.derive('jwt-access-token'));
  // A token's verification depends on nothing but the token, the key and the clock, and a
  // token cannot be revoked before it expires: remembering the answer until then changes
  // nothing but its cost (jose's HMAC check and claim parsing, about 0.2 ms a request).
  const verified = createExpiringMap<AccessClaims>({
    ttlMs: ACCESS_TOKEN_TTL_SECONDS * 1000,
    maxEntries: VERIFIED_KEPT,
  });
  return {
    async issue(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
      const token = await new SignJWT({
        email: claims.email,
        ev: claims.emailVerified,
        st: claims.isStaff,
        ...(claims.sessionId === null ? {} : { sid: claims.sessionId }),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    /** The claims of a valid token, or null (bad signature, expired, wrong issuer or audience). */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        const claims: AccessClaims = {
          userId: payload.sub,
          email: payload.email,
          emailVerified: payload.ev === true,
          isStaff: payload.st === true,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        };
        if (typeof payload.exp === 'number') verified.set(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
