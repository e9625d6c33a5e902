import { unreachable } from '@maya/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import {
  CurrentOrganizationProvider,
  LATEST_ORGANIZATION_SLUG,
  LatestOrganizationRedirect,
  LoadFailure,
  useUserOrganizations,
} from '../../features/organizations';
import { SubscriptionLinkModal } from '../../features/subscriptions';
import {
  cacheOrganization,
  setCurrentOrganizationSlug,
} from '../../shared/organizations/currentOrganization';
import { PageLoader } from '../../shared/ui/PageLoader';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { shellMessages } from './messages';
import { ShellLayout } from './ShellLayout';

/**
 * The layout route of every `/organization/{slug}/...` page (spec 002 §2). It loads the user and
 * the organizations; an unverified user goes to /verify-email and never sees the shell; an
 * organization the user cannot open is not found. The shown organization becomes the current one.
 */
export function OrganizationShell() {
  const { organizationSlug = '' } = useParams();
  // `/organization/0/...`: the latest organization, the rest of the path kept (spec 000 §2).
  if (organizationSlug === LATEST_ORGANIZATION_SLUG) return <LatestOrganizationRedirect />;
  return <LoadedShell slug={organizationSlug} />;
}

function LoadedShell({ slug }: { slug: string }) {
  const state = useUserOrganizations();
  const organization =
    state.status === 'ready' ? (state.organizations.find((o) => o.slug === slug) ?? null) : null;

  useEffect(() => {
    if (organization === null) return;
    setCurrentOrganizationSlug(organization.slug);
    cacheOrganization(organization.slug, organization);
  }, [organization]);

  switch (state.status) {
    case 'loading':
      return <PageLoader />;
    case 'unverified':
      return <Navigate to={state.verifyUrl} replace />;
    case 'user-error':
      return <LoadFailure title={shellMessages.userLoadFailed} error={state.error} onRetry={state.retry} />;
    case 'organizations-error':
      return (
        <LoadFailure
          title={shellMessages.organizationsLoadFailed}
          error={state.error}
          onRetry={state.retry}
        />
      );
    case 'ready':
      if (organization === null) return <NotFoundPage />;
      return (
        <CurrentOrganizationProvider organization={organization}>
          <ShellLayout user={state.user} organizations={state.organizations} organization={organization}>
            <Outlet />
            <SubscriptionLinkModal />
          </ShellLayout>
        </CurrentOrganizationProvider>
      );
    default: {
      return unreachable(state);
    }
  }
}
