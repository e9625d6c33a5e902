import { unreachable } from '@maya/contracts';
import type { Organization, User } from '@maya/contracts';
import { isApiError } from '../../../shared/api/ApiError';
import { useVerifiedUser, verifyEmailUrl } from '../../../shared/user/useCurrentUser';
import { useOrganizations } from './useOrganizations';

/** What a page that works on the user's organizations can show. */
export type UserOrganizationsState =
  | { status: 'loading' }
  | { status: 'unverified'; verifyUrl: string }
  | { status: 'user-error'; error: unknown; retry: () => void }
  | { status: 'organizations-error'; error: unknown; retry: () => void }
  | { status: 'ready'; user: User; organizations: Organization[] };

/**
 * The user, then their organizations. An unverified user never gets the list (organization calls
 * answer 403 email_not_verified); that answer, should it come anyway, also means "verify first".
 */
export function useUserOrganizations(): UserOrganizationsState {
  const gate = useVerifiedUser();
  const organizations = useOrganizations({ enabled: gate.status === 'verified' });
  switch (gate.status) {
    case 'loading':
      return { status: 'loading' };
    case 'error':
      return { status: 'user-error', error: gate.error, retry: gate.retry };
    case 'unverified':
      return { status: 'unverified', verifyUrl: gate.verifyUrl };
    case 'verified':
      break;
    default: {
      return unreachable(gate);
    }
  }
  if (organizations.isPending) return { status: 'loading' };
  if (organizations.isError) {
    if (isApiError(organizations.error) && organizations.error.type === 'email_not_verified') {
      return { status: 'unverified', verifyUrl: verifyEmailUrl(gate.user.email) };
    }
    return {
      status: 'organizations-error',
      error: organizations.error,
      retry: () => void organizations.refetch(),
    };
  }
  return { status: 'ready', user: gate.user, organizations: organizations.data };
}
