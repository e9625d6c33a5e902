import { unreachable } from '@maya/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Organization } from '@maya/contracts';
import { PageLoader } from '../../../shared/ui/PageLoader';
import type { UserOrganizationsState } from '../hooks/useUserOrganizations';
import { organizationMessages } from '../messages';
import { LoadFailure } from './LoadFailure';

/**
 * The states every organization redirect shares: loading, an unverified user sent to verify
 * first, and the two load failures. `ready` renders with the user's organizations.
 */
export function UserOrganizationsGate({
  state,
  ready,
}: {
  state: UserOrganizationsState;
  ready: (organizations: Organization[]) => ReactNode;
}) {
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
    case 'ready':
      return ready(state.organizations);
    default: {
      return unreachable(state);
    }
  }
}
