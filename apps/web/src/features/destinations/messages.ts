import {
  DESTINATION_ADDRESS_NOT_ALLOWED,
  DESTINATION_CONNECTION_FAILED,
  DESTINATION_FORMAT_HINT,
  DESTINATION_INVALID_FILE,
  DestinationsErrorType,
  OrganizationErrorType,
  PRODUCT_NAME,
} from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible text of the destinations area (spec 002 Destination wizard, §5, §8), verbatim where the spec has one. */
export const destinationsMessages = {
  title: 'Destination',
  /** spec 002 Destination wizard: the guide. */
  guide: `Choose where your data is loaded: the managed destination, hosted by ${PRODUCT_NAME} in the EU, or a database of your own. Once a data source is set, the destination cannot be changed.`,
  /** spec 002 §8: 404. */
  noConfiguredDestination: 'Organization has no configured destination',
  invalidOrganization: 'Invalid organization',
  managedNote: `Data is loaded into the managed destination, hosted by ${PRODUCT_NAME} in the EU.`,
  lockedBySources: 'A data source is connected, so the destination cannot be changed.',
  adminRequired: 'Only admins can change the destination.',
  modify: 'Modify',
  checkConnection: 'Check connection',
  connectionOk: 'Connected: the destination accepts its credentials.',
  connectionFailed: 'The destination could not be reached',
  /** Under the alert of any failed connection: the cause is not told (it would help a prober). */
  connectionFailedDetail: DESTINATION_CONNECTION_FAILED,
  /** Under the alert when the host is on a private network (refused in production). */
  addressNotAllowed: DESTINATION_ADDRESS_NOT_ALLOWED,
  location: 'Location',
  created: 'Created',
  updated: 'Updated',
  retry: 'Try again',
  // The wizard (spec 002 Destination wizard, §5).
  wizardLabel: 'Destination setup',
  steps: [
    { label: 'Destination', description: 'Managed or on premise' },
    { label: 'Credentials', description: 'How to connect' },
    { label: 'Location', description: 'Where data is stored' },
  ],
  managedSection: 'Managed',
  onPremiseSection: 'On premise',
  back: 'Back',
  continue: 'Continue',
  finish: 'Finish',
  formatHint: DESTINATION_FORMAT_HINT,
  invalidFile: DESTINATION_INVALID_FILE,
  credentialsNote:
    'The credentials are checked by connecting when you finish, then stored encrypted. Saved secrets are never shown again, so enter them each time.',
  keyFile: 'Service account key (JSON)',
  keyFileDrop: 'Drop the JSON key file here, or click to choose it',
  keyFileHint:
    'Create a key for a service account with the BigQuery Data Editor and BigQuery Job User roles, and upload the downloaded file.',
  keyFileNeeds: 'The file needs these fields:',
  locationDescription:
    'BigQuery creates its datasets in this location; for a database of your own, say where it runs.',
} as const;

/** The accepted key file's summary, e.g. "key.json: loader@project.iam.gserviceaccount.com (project my-project)". */
export function keyFileSummary(fileName: string, credentials: Record<string, string>): string {
  const account = credentials.client_email ?? '';
  const project = credentials.project_id ?? '';
  return `${fileName}: ${account} (project ${project})`;
}

/** What the wizard or the page was doing when a call failed, as the spec's messages name it. */
export type DestinationAction = 'getting' | 'updating' | 'checking';

/**
 * spec 002 §8 (destinations as notifications): 404 gives 'Organization has no configured
 * destination' or 'Invalid organization'; other errors 'Error {action} destinations for
 * organization: {type}'.
 */
export function destinationErrorMessage(error: unknown, action: DestinationAction): string {
  const type = isApiError(error) ? error.type : 'unknown_error';
  if (isApiError(error) && error.status === 404) {
    if (type === DestinationsErrorType.organizationDestinationNotFound)
      return destinationsMessages.noConfiguredDestination;
    if (type === OrganizationErrorType.organizationNotFound) return destinationsMessages.invalidOrganization;
  }
  return `Error ${action} destinations for organization: ${type}`;
}

/**
 * The detail under the alert of a failed call: ours for a failed connection or a refused
 * address, else the server's message, or each invalid field.
 */
export function destinationErrorDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.type === DestinationsErrorType.connectionFailed)
    return destinationsMessages.connectionFailedDetail;
  if (error.type === DestinationsErrorType.addressNotAllowed) return destinationsMessages.addressNotAllowed;
  const message = error.detail?.message;
  if (typeof message === 'string' && message !== '') return message;
  const issues = error.issues?.map((issue) => `${String(issue.loc.at(-1) ?? '')}: ${issue.msg}`);
  return issues && issues.length > 0 ? issues.join('\n') : null;
}
