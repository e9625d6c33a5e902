/** Query keys of the billing area: invalidate `billingKeys.all` after any change. */
export const billingKeys = {
  all: ['billing'] as const,
  products: (organizationId: string) => [...billingKeys.all, 'products', organizationId] as const,
  details: (organizationId: string) => [...billingKeys.all, 'details', organizationId] as const,
  countries: () => [...billingKeys.all, 'countries'] as const,
  entitlements: (organizationId: string) => [...billingKeys.all, 'entitlements', organizationId] as const,
};
