import { Navigate } from 'react-router';
import { organizationHomePath } from '../navigation';
import { useCurrentOrganization } from './CurrentOrganization';

/**
 * `/organization/{slug}`: the organization's dashboard, chosen as the landing redirect chooses
 * (spec 000 §2). Rendered inside the organization shell, which has already found the organization.
 */
export function OrganizationHome() {
  const organization = useCurrentOrganization();
  if (organization === null) return <Navigate to="/" replace />;
  return <Navigate to={organizationHomePath(organization)} replace />;
}
