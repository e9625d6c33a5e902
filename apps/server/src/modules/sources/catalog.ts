import { connectorFor, type Connector } from '@maya/connectors';
import { SourcesErrorType, type Service } from '@maya/contracts';
import { AppError } from '../../platform/errors';

/** The connector of a catalogued service; every listed service has one. */
export function connectorOf(service: Service): Connector {
  const connector = connectorFor(service.id);
  if (!connector) throw new AppError(400, SourcesErrorType.serviceNotConfigured, { service: service.id });
  return connector;
}

/** The path the provider sends the browser back to (spec 001 §2). */
export function redirectPathFor(serviceId: string): string {
  if (serviceId === 'google_play') return '/sources/setup/google_play/oauth';
  // The callback's service id: search_console is the alias the web maps back (spec 001 §2).
  const callbackId = serviceId === 'google_search_console' ? 'search_console' : serviceId;
  return `/oauth/${callbackId}/callback`;
}
