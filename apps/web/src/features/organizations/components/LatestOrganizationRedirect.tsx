import { Navigate, useLocation } from 'react-router';
import { getCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { useUserOrganizations } from '../hooks/useUserOrganizations';
import { UserOrganizationsGate } from './UserOrganizationsGate';
import { organizationPath, resolveCurrentOrganization } from '../navigation';

const LATEST_PREFIX = /^\/organization\/0(?=\/|$)/;

/**
 * `/organization/0` (spec 000 §2): the latest (saved current) or first organization, or `/` when
 * the user has none. Deeper paths such as `/organization/0/sources` keep their rest.
 */
export function LatestOrganizationRedirect() {
  const location = useLocation();
  const state = useUserOrganizations();
  return (
    <UserOrganizationsGate
      state={state}
      ready={(organizations) => {
        const organization = resolveCurrentOrganization(organizations, getCurrentOrganizationSlug());
        if (organization === null) return <Navigate to="/" replace />;
        const rest = location.pathname.replace(LATEST_PREFIX, '');
        const target = `${organizationPath(organization.slug, rest)}${location.search}${location.hash}`;
        return <Navigate to={target} replace />;
      }}
    />
  );
}
