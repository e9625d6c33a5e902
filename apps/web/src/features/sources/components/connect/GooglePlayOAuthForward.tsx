import { Navigate, useLocation } from 'react-router';
import { getCurrentOrganizationSlug } from '../../../../shared/organizations';
import { LATEST_ORGANIZATION_SLUG, organizationPath } from '../../../organizations';

/**
 * /sources/setup/google_play/oauth (spec 001 §2): Google returns outside the organization prefix;
 * this forwards to the current organization's Google Play screen, query string kept.
 */
export function GooglePlayOAuthForward() {
  const { search } = useLocation();
  const slug = getCurrentOrganizationSlug() ?? LATEST_ORGANIZATION_SLUG;
  return <Navigate to={`${organizationPath(slug, 'sources/setup/google_play/oauth')}${search}`} replace />;
}
