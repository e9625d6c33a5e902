// The RS256 key a plugin instance signs ID tokens with, generated when the plugin starts.
import { createHash } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { JWK } from 'jose';

export type SigningKey = {
  kid: string;
  /** The public key as served in the JWKS. */
  jwk: JWK;
  sign(claims: Record<string, unknown>): Promise<string>;
};

export async function createSigningKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  const jwk: JWK = { ...exported, kid, use: 'sig', alg: 'RS256' };
  return {
    kid,
    jwk,
    sign: (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey),
  };
}

/** OpenID Connect `at_hash`: the left half of the SHA-256 of the access token, base64url. */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
}
