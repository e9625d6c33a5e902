import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { forgetReturnUrl, peekReturnUrl } from '../../../shared/auth';
import { getCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { useUserOrganizations } from '../hooks/useUserOrganizations';
import { UserOrganizationsGate } from './UserOrganizationsGate';
import { hasDestinationsFlag, landingPath } from '../navigation';

/**
 * `/` (spec 000 §2 Landing redirect): an unverified user verifies first; without an organization
 * of their own the user creates one; otherwise the saved current organization (else the first)
 * opens on its destinations settings when asked, else on its dashboard.
 */
export function LandingRedirect() {
  const location = useLocation();
  const state = useUserOrganizations();
  const ready = state.status === 'ready';
  // Read during render, forgotten once used: a component may render more than once.
  const remembered = ready ? peekReturnUrl() : null;
  useEffect(() => {
    if (remembered) forgetReturnUrl();
  }, [remembered]);
  return (
    <UserOrganizationsGate
      state={state}
      ready={(organizations) => {
        // A path remembered before signing in (an invitation, say) comes first: the visitor who
        // signed up or verified on the way is brought back to it (spec 000 §2).
        if (remembered && remembered !== '/') return <Navigate to={remembered} replace />;
        const destinations = hasDestinationsFlag(location.state);
        return (
          <Navigate to={landingPath(organizations, getCurrentOrganizationSlug(), destinations)} replace />
        );
      }}
    />
  );
}
