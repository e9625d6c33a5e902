import type { Organization } from '@maya/contracts';
import { createContext, useContext, type ReactNode } from 'react';

const CurrentOrganizationContext = createContext<Organization | null>(null);

/** Provided by the organization shell to every page under /organization/{slug}/. */
export function CurrentOrganizationProvider({
  organization,
  children,
}: {
  organization: Organization;
  children: ReactNode;
}) {
  return <CurrentOrganizationContext value={organization}>{children}</CurrentOrganizationContext>;
}

/** The organization of the page being shown; null outside the organization shell. */
export function useCurrentOrganization(): Organization | null {
  return useContext(CurrentOrganizationContext);
}
