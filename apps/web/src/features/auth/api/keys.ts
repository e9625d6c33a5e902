import type { Provider } from '@maya/contracts';

/** The auth area's query keys: one factory, so invalidation is never a hand-typed array. */
export const authKeys = {
  all: ['auth'] as const,
  companyPositions: () => [...authKeys.all, 'company-positions'] as const,
  mergeStatus: (email: string, provider: Provider) =>
    [...authKeys.all, 'merge-status', email, provider] as const,
  mergeRequest: (requestId: string, email: string) =>
    [...authKeys.all, 'merge-request', requestId, email] as const,
  resetLink: (requestId: string, email: string) => [...authKeys.all, 'reset-link', requestId, email] as const,
};
