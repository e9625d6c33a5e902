import { Navigate, useLocation } from 'react-router';
import { getCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { useUserOrganizations } from '../hooks/useUserOrganizations';
import { organizationMessages } from '../messages';
import { organizationPath, resolveCurrentOrganization } from '../navigation';
import { LoadFailure } from './LoadFailure';

const LATEST_PREFIX = /^\/organization\/0(?=\/|$)/;

/**
 * `/organization/0` (spec 000 §2): the latest (saved current) or first organization, or `/` when
 * the user has none. Deeper paths such as `/organization/0/sources` keep their rest.
 */
export function LatestOrganizationRedirect() {
  const location = useLocation();
  const state = useUserOrganizations();
  switch (state.status) {
    case 'loading':
      return <PageLoader />;
    case 'unverified':
      return <Navigate to={state.verifyUrl} replace />;
    case 'user-error':
      return (
        <LoadFailure title={organizationMessages.userLoadFailed} error={state.error} onRetry={state.retry} />
      );
    case 'organizations-error':
      return (
        <LoadFailure title={organizationMessages.loadFailed} error={state.error} onRetry={state.retry} />
      );
    case 'ready': {
      const organization = resolveCurrentOrganization(state.organizations, getCurrentOrganizationSlug());
      if (organization === null) return <Navigate to="/" replace />;
      const rest = location.pathname.replace(LATEST_PREFIX, '');
      const target = `${organizationPath(organization.slug, rest)}${location.search}${location.hash}`;
      return <Navigate to={target} replace />;
    }
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}
