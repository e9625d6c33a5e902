import type { ErrorDetail, Provider } from '@maya/contracts';
import { takeReturnUrl } from '../../shared/auth/returnUrl';
import type { ProviderToken } from './api/login';
import type { AuthProvider } from './messages';

/**
 * Where a successful sign-in leads (spec 000 §2): the assistant authorization flow when the query
 * carries mcp_auth_token and next, else the URL remembered before sign-in, else /.
 */
export function signInDestination(search: URLSearchParams): string {
  return assistantDestination(search) ?? takeReturnUrl() ?? '/';
}

/** The assistant authorization flow's next screen when the query carries mcp_auth_token and next. */
export function assistantDestination(search: URLSearchParams): string | null {
  const mcpAuthToken = search.get('mcp_auth_token');
  const next = search.get('next');
  if (!mcpAuthToken || !next) return null;
  return `/organization-select?${new URLSearchParams({ mcp_auth_token: mcpAuthToken, next }).toString()}`;
}

const MERGE_FLAGS = ['is_google_signin', 'is_microsoft_signin', 'is_password_signin'] as const;

function isSet(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/** The merge-account screen for a merge_required or no_password_set answer; flags are 1 or 0. */
export function mergeAccountUrl(detail: ErrorDetail | null, fallbackEmail: string): string {
  const params = new URLSearchParams();
  params.set('email', typeof detail?.email === 'string' ? detail.email : fallbackEmail);
  if (typeof detail?.provider === 'string') params.set('provider', detail.provider);
  for (const flag of MERGE_FLAGS) {
    const value = detail?.[flag];
    if (value !== undefined && value !== null) params.set(flag, isSet(value) ? '1' : '0');
  }
  return `/merge-account?${params.toString()}`;
}

export function verifyEmailUrl(email: string): string {
  return `/verify-email?${new URLSearchParams({ email }).toString()}`;
}

/** Sign-up and the other entry screens return to the remembered URL, else / (spec 000 §2). */
export function returnDestination(): string {
  return takeReturnUrl() ?? '/';
}

/** Navigation state with the provider token a failed provider sign-in handed back (spec 000 §2). */
export type ProviderTokenState = { providerToken: ProviderToken };

export function providerTokenState(providerToken: ProviderToken): ProviderTokenState {
  return { providerToken };
}

/** Reads the provider token from navigation state; null when there is none (or it is malformed). */
export function readProviderToken(state: unknown): ProviderToken | null {
  if (typeof state !== 'object' || state === null) return null;
  const candidate = (state as { providerToken?: unknown }).providerToken;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const { provider, token } = candidate as { provider?: unknown; token?: unknown };
  if ((provider !== 'google' && provider !== 'microsoft') || typeof token !== 'string' || token === '') {
    return null;
  }
  return { provider, token };
}

/** The provider token in a sign-in error detail: `access_token` for Google, `microsoft_access_token`. */
export function providerTokenFromDetail(
  provider: AuthProvider,
  detail: ErrorDetail | null,
): ProviderToken | null {
  const value = provider === 'google' ? detail?.access_token : detail?.microsoft_access_token;
  return typeof value === 'string' && value !== '' ? { provider, token: value } : null;
}

/** Navigation state of the landing redirect: go to the destinations settings (spec 000 §2). */
export const DESTINATIONS_STATE = { destinations: true } as const;

/** Navigation state of /sign-in carrying a message to show (a provider refusal, a finished merge). */
export type SignInNoticeState = { notice: { kind: 'error' | 'info'; message: string } };

export function readSignInNotice(state: unknown): SignInNoticeState['notice'] | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as { notice?: unknown }).notice;
  if (typeof notice !== 'object' || notice === null) return null;
  const { kind, message } = notice as { kind?: unknown; message?: unknown };
  if ((kind !== 'error' && kind !== 'info') || typeof message !== 'string') return null;
  return { kind, message };
}

/** The merge-account screen's query (spec 000 §2 Account merge). */
export type MergeQuery = {
  email: string;
  requestId: string;
  provider: Provider | null;
  isMona: boolean;
  methods: { password: boolean; google: boolean; microsoft: boolean };
};

export function readMergeQuery(search: URLSearchParams): MergeQuery {
  const provider = search.get('provider');
  return {
    email: search.get('email')?.trim() ?? '',
    requestId: search.get('request_id')?.trim() ?? '',
    provider: provider === 'maya' || provider === 'google' || provider === 'microsoft' ? provider : null,
    isMona: isSet(search.get('is_mona')),
    methods: {
      password: isSet(search.get('is_password_signin')),
      google: isSet(search.get('is_google_signin')),
      microsoft: isSet(search.get('is_microsoft_signin')),
    },
  };
}
