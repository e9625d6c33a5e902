import { unreachable } from '@maya/contracts';
// Deterministic test accounts and the stable ids derived from an email, so a typed-in address
// signs in as the same user every time and across restarts.
import { createHash } from 'node:crypto';
import type { SandboxAccount, SandboxAccountInput, SandboxProvider } from './types';

/** The sandbox's own Entra ID tenant ("Contoso"): the default home of Microsoft test accounts. */
export const MICROSOFT_SANDBOX_TENANT_ID = '7d1f3c2a-5b4e-4c8d-9a6f-0e2b1c3d4e5f';
/** A second tenant ("Fabrikam") holding a user with the same email as one in the sandbox tenant. */
export const MICROSOFT_SECOND_TENANT_ID = 'b8e4a1d0-2c6f-4e3a-8b5d-7f9c0a1e2d3b';

export const MICROSOFT_TENANT_NAMES: Readonly<Record<string, string>> = {
  [MICROSOFT_SANDBOX_TENANT_ID]: 'Contoso (sandbox)',
  [MICROSOFT_SECOND_TENANT_ID]: 'Fabrikam (sandbox)',
};

export const DEFAULT_ACCOUNTS: Readonly<Record<SandboxProvider, readonly SandboxAccountInput[]>> = {
  google: [
    { email: 'ada@example.com', name: 'Ada Lovelace' },
    { email: 'grace@gmail.com', name: 'Grace Hopper' },
    { email: 'charles@example.org', name: 'Charles Babbage', emailVerified: false },
  ],
  microsoft: [
    { email: 'alan@contoso.example', name: 'Alan Turing', tenantId: MICROSOFT_SANDBOX_TENANT_ID },
    { email: 'katherine@contoso.example', name: 'Katherine Johnson', tenantId: MICROSOFT_SANDBOX_TENANT_ID },
    // Same email as Alan in the sandbox tenant, but another tenant: a different oid and tid.
    { email: 'alan@contoso.example', name: 'Alan Turing', tenantId: MICROSOFT_SECOND_TENANT_ID },
  ],
  meta: [
    { email: 'ada@example.com', name: 'Ada Lovelace' },
    // Signs in fine but has no ad accounts: the Meta Ads connector's empty state.
    { email: 'edith@example.com', name: 'Edith Clarke' },
  ],
};

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Google's `sub`: a 21-digit decimal string, stable per email. */
export function googleSubject(email: string): string {
  const n = BigInt(`0x${sha256(`google:${email.toLowerCase()}`).toString('hex')}`) % 10n ** 20n;
  return `1${n.toString().padStart(20, '0')}`;
}

/** Microsoft's `oid`: a GUID, stable per tenant and email. */
export function microsoftObjectId(tenantId: string, email: string): string {
  const b = sha256(`microsoft:${tenantId}:${email.toLowerCase()}`).subarray(0, 16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Microsoft's `sub`: pairwise, i.e. different for each app (client id) a user signs in to. */
export function microsoftPairwiseSubject(clientId: string, tenantId: string, objectId: string): string {
  return sha256(`pairwise:${clientId}:${tenantId}:${objectId}`).toString('base64url').slice(0, 43);
}

/** Meta's app-scoped user id: 16 digits, stable per email. */
export function metaUserId(email: string): string {
  const n = BigInt(`0x${sha256(`meta:${email.toLowerCase()}`).toString('hex')}`) % 10n ** 15n;
  return `1${n.toString().padStart(15, '0')}`;
}

/** "jane.doe@x" → "Jane Doe": the display name of a typed-in email when no name is given. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

export function resolveAccount(provider: SandboxProvider, input: SandboxAccountInput): SandboxAccount {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim() || nameFromEmail(email);
  const space = name.indexOf(' ');
  const base = {
    email,
    name,
    givenName: space === -1 ? name : name.slice(0, space),
    familyName: space === -1 ? '' : name.slice(space + 1),
    emailVerified: input.emailVerified ?? true,
  };
  switch (provider) {
    case 'google':
      return { ...base, key: email, userId: googleSubject(email), tenantId: null };
    case 'microsoft': {
      const tenantId = input.tenantId ?? MICROSOFT_SANDBOX_TENANT_ID;
      return { ...base, key: `${tenantId}/${email}`, userId: microsoftObjectId(tenantId, email), tenantId };
    }
    case 'meta':
      return { ...base, key: email, userId: metaUserId(email), tenantId: null };
    default: {
      return unreachable(provider);
    }
  }
}
