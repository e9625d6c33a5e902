export { getCurrentUser } from './api';
export { userKeys } from './keys';
export { currentUserQuery, useCurrentUser, useVerifiedUser, verifyEmailUrl } from './useCurrentUser';
export type { VerifiedUserState } from './useCurrentUser';
