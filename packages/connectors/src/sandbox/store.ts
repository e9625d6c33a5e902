// In-memory state of one plugin instance: pending consents, codes, tokens and the next fault.
// A dev/test fake: nothing survives a restart and nothing is shared between instances.
import { randomBytes } from 'node:crypto';
import type { Grant, SandboxAccount } from './types';

export const CONSENT_TTL_MS = 10 * 60_000;
export const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_S = 3600;

/** Failures the next token call can be made to return (`POST /_sandbox/faults`). */
export type TokenFault = 'invalid_grant' | 'server_error';
export const TOKEN_FAULTS: readonly TokenFault[] = ['invalid_grant', 'server_error'];

export function isTokenFault(value: unknown): value is TokenFault {
  return TOKEN_FAULTS.some((fault) => fault === value);
}

/** A validated authorize request waiting for the user's choice on the consent page. */
export type PendingConsent = {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  nonce: string | null;
  offline: boolean;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain';
  loginHint: string | null;
  /** The accounts the page offers (Microsoft: those of the tenant in the authorize path). */
  accounts: SandboxAccount[];
  /** Home tenant of a typed-in account (Microsoft). */
  newAccountTenantId: string | null;
  expiresAt: number;
};

export type AuthorizationCode = {
  grant: Grant;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain';
  expiresAt: number;
  redeemed: boolean;
  /** Tokens issued for this code, revoked if the code is presented again. */
  issued: string[];
};

export type AccessToken = { grant: Grant; expiresAt: number };

export function randomToken(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export class SandboxStore {
  readonly consents = new Map<string, PendingConsent>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly accessTokens = new Map<string, AccessToken>();
  readonly refreshTokens = new Map<string, Grant>();
  nextTokenFault: TokenFault | null = null;

  constructor(readonly now: () => number) {}

  /** Returns the fault to answer the current token call with, clearing it. */
  takeTokenFault(): TokenFault | null {
    const fault = this.nextTokenFault;
    this.nextTokenFault = null;
    return fault;
  }

  revoke(tokens: string[]): void {
    for (const token of tokens) {
      this.accessTokens.delete(token);
      this.refreshTokens.delete(token);
    }
  }

  /** Drops expired consents, codes and access tokens so a long dev session does not grow forever. */
  prune(): void {
    const now = this.now();
    for (const map of [this.consents, this.codes, this.accessTokens]) {
      for (const [key, value] of map) if (value.expiresAt <= now) map.delete(key);
    }
  }
}
