import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { getCurrentOrganizationSlug } from '../../../../shared/organizations';
import { PageLoader } from '../../../../shared/ui/PageLoader';
import { LATEST_ORGANIZATION_SLUG } from '../../../organizations';
import { useServices } from '../../hooks/useServices';
import { sourcesMessages } from '../../messages';
import { addSourcePath, canonicalServiceId, selectAccountsPath } from '../../navigation';
import { storeAuthorization } from '../../redirectStorage';

/** The organization the user works in: the saved current one, else the latest (`/organization/0`). */
function currentSlug(): string {
  return getCurrentOrganizationSlug() ?? LATEST_ORGANIZATION_SLUG;
}

/**
 * /oauth/:serviceId/callback (spec 001 §2): where providers send the browser back. An error goes
 * to sources/add with the provider's description; otherwise state, code, service id and uuid are
 * kept for the account selection (integrations/add).
 */
export function OAuthCallbackPage() {
  const { serviceId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const services = useServices();
  const error = searchParams.get('error_description') || searchParams.get('error');
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    if (error !== null && error !== '') {
      done.current = true;
      void navigate(addSourcePath(currentSlug(), error), { replace: true });
      return;
    }
    if (services.isPending) return;
    done.current = true;
    const id = canonicalServiceId(serviceId);
    storeAuthorization({
      state: searchParams.get('state') ?? undefined,
      code: searchParams.get('code') ?? undefined,
      serviceId: id,
      serviceUuid: services.data?.find((service) => service.id === id)?.uuid,
    });
    void navigate(selectAccountsPath(currentSlug()), { replace: true });
  }, [error, navigate, searchParams, serviceId, services.data, services.isPending]);

  return <PageLoader label={sourcesMessages.connecting} />;
}
