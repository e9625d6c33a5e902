import type { Organization, Service } from '@maya/contracts';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useCurrentOrganization } from '../../../organizations';
import { useServices } from '../../hooks/useServices';
import { useStartAuthorization } from '../../hooks/useStartAuthorization';
import { sourcesMessages } from '../../messages';
import { addSourcePath } from '../../navigation';
import { ConnectStatus } from './ConnectStatus';

/**
 * /organization/:slug/sources/:serviceUuid/redirect (spec 001 §2): starts the service's
 * authorization (POST oauth/start) and leaves for the provider's consent page.
 */
export function AuthorizationRedirectPage() {
  const organization = useCurrentOrganization();
  const { serviceUuid = '' } = useParams();
  const services = useServices();
  if (organization === null) return null;
  const back = { to: addSourcePath(organization.slug), label: sourcesMessages.backToAddSource };
  const service = services.data?.find((candidate) => candidate.uuid === serviceUuid) ?? null;
  if (services.isError || (services.isSuccess && (service === null || service.auth_kind !== 'oauth2'))) {
    return <ConnectStatus kind="failure" message={sourcesMessages.authorizationStartFailed} back={back} />;
  }
  if (service === null) return <ConnectStatus kind="progress" label={sourcesMessages.connecting} />;
  return <StartAuthorization organization={organization} service={service} back={back} />;
}

type StartAuthorizationProps = {
  organization: Organization;
  service: Service;
  back: { to: string; label: string };
};

function StartAuthorization({ organization, service, back }: StartAuthorizationProps) {
  const { mutate, isError } = useStartAuthorization();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ organizationId: organization.id, serviceId: service.id, serviceUuid: service.uuid });
  }, [mutate, organization.id, service.id, service.uuid]);

  if (isError)
    return <ConnectStatus kind="failure" message={sourcesMessages.authorizationStartFailed} back={back} />;
  return <ConnectStatus kind="progress" label={`Connecting to ${service.name}…`} />;
}
