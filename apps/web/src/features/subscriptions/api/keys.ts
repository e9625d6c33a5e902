/** Query keys of the subscriptions area: invalidate `subscriptionKeys.all` after any change. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  monaAuthUri: (marketplaceToken: string) =>
    [...subscriptionKeys.all, 'mona-auth-uri', marketplaceToken] as const,
  userCheck: () => [...subscriptionKeys.all, 'user-check'] as const,
  exists: (subscriptionId: string) => [...subscriptionKeys.all, 'exists', subscriptionId] as const,
  details: (subscriptionId: string) => [...subscriptionKeys.all, 'details', subscriptionId] as const,
};
