import { Navigate } from 'react-router';
import { useCurrentOrganization } from '../../../organizations';
import { clustersTabPath, DEFAULT_CATEGORY } from '../../navigation';

/** /clusters: to the ad groups tab once the organization has loaded (spec 001 §2). */
export function ClustersIndexRedirect() {
  const organization = useCurrentOrganization();
  if (organization === null) return null;
  return <Navigate to={clustersTabPath(organization.slug, DEFAULT_CATEGORY)} replace />;
}
