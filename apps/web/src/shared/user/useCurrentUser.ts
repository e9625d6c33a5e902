import type { User } from '@maya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentUser } from './api';
import { userKeys } from './keys';

export const currentUserQuery = () =>
  queryOptions({ queryKey: userKeys.current(), queryFn: () => getCurrentUser() });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/** `/verify-email?email=...`: where an unverified user is sent (spec 000 §2 Verify email). */
export function verifyEmailUrl(email: string): string {
  return `/verify-email?${new URLSearchParams({ email }).toString()}`;
}

/** What a page that needs a verified e-mail knows about the user. */
export type VerifiedUserState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'unverified'; user: User; verifyUrl: string }
  | { status: 'verified'; user: User };

/**
 * Loads the user and says whether organization pages may be shown: they need a verified e-mail
 * (spec 000 §6, 002 §2), otherwise the user goes to /verify-email with the address.
 */
export function useVerifiedUser(): VerifiedUserState {
  const query = useCurrentUser();
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  const user = query.data;
  if (!user.is_email_verified) return { status: 'unverified', user, verifyUrl: verifyEmailUrl(user.email) };
  return { status: 'verified', user };
}
