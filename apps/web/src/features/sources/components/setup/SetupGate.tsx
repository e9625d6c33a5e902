import type { Organization, Service } from '@maya/contracts';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCurrentOrganization } from '../../../organizations';
import { useServices } from '../../hooks/useServices';
import { sourcesMessages } from '../../messages';
import { addSourcePath, sourcesPath } from '../../navigation';
import { ConnectStatus } from '../connect/ConnectStatus';

type SetupGateProps = {
  /** The service's uuid from the path; null where the path has none (the Google Play return). */
  serviceUuid: string | null;
  /** The screen's service id: another service's uuid is not found. */
  serviceId: string;
  children: (organization: Organization, service: Service) => ReactNode;
};

/**
 * What every setup screen needs first: the organization (demo organizations have no setup, they
 * go to sources) and the service named by the path.
 */
export function SetupGate({ serviceUuid, serviceId, children }: SetupGateProps) {
  const organization = useCurrentOrganization();
  const services = useServices();
  if (organization === null) return null;
  if (organization.is_demo) return <Navigate to={sourcesPath(organization.slug)} replace />;
  if (services.isPending) return <ConnectStatus kind="progress" label="Loading" />;
  const service = services.data?.find(
    (candidate) => (serviceUuid === null || candidate.uuid === serviceUuid) && candidate.id === serviceId,
  );
  if (service === undefined) {
    return (
      <ConnectStatus
        kind="failure"
        message={services.isError ? sourcesMessages.loadFailed : sourcesMessages.unknownService}
        back={{ to: addSourcePath(organization.slug), label: sourcesMessages.backToAddSource }}
      />
    );
  }
  return children(organization, service);
}

export type SetupFormProps = { organization: Organization; service: Service };

/** The page of a setup screen whose path ends with the service's `:uuid`: the gate, then the form. */
export function setupScreen(serviceId: string, Form: ComponentType<SetupFormProps>) {
  function SetupScreen() {
    const { uuid = '' } = useParams();
    return (
      <SetupGate serviceUuid={uuid} serviceId={serviceId}>
        {(organization, service) => <Form organization={organization} service={service} />}
      </SetupGate>
    );
  }
  return SetupScreen;
}
