import type { ErrorDetail } from '@maya/contracts';
import { takeReturnUrl } from '../../shared/auth/returnUrl';

/**
 * Where a successful sign-in leads (spec 000 §2): the assistant authorization flow when the query
 * carries mcp_auth_token and next, else the URL remembered before sign-in, else /.
 */
export function signInDestination(search: URLSearchParams): string {
  const mcpAuthToken = search.get('mcp_auth_token');
  const next = search.get('next');
  if (mcpAuthToken && next) {
    return `/organization-select?${new URLSearchParams({ mcp_auth_token: mcpAuthToken, next }).toString()}`;
  }
  return takeReturnUrl() ?? '/';
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
