import { z } from 'zod/mini';
import { operations } from './constants';

/**
 * Destinations (spec 002 Destination wizard, §3 Destination, Organization destination, Destination
 * status and credentials, §5, §6, §7 Destinations, §8): where an organization's data is loaded,
 * the managed default or the organization's own database.
 */

export const DestinationsErrorType = {
  /** No destination in the catalogue has that id. */
  destinationNotFound: 'destination_not_found',
  /** spec 002 §8: 404 'Organization has no configured destination' (it uses the managed default). */
  organizationDestinationNotFound: 'organization_destination_not_found',
  /** spec 002 §6: only admins and owners may change the destination. */
  configurationForbidden: 'destination_configuration_forbidden',
  /** spec 002 Destination wizard: once a data source is connected the destination cannot change. */
  lockedBySources: 'destination_locked_by_sources',
  /**
   * The connection check with the submitted settings failed. Nothing is saved. `message` is
   * always DESTINATION_CONNECTION_FAILED, whatever the cause: naming it (port closed, password
   * wrong, database unknown) would let anyone probe hosts through the server.
   */
  connectionFailed: 'destination_connection_failed',
  /**
   * The host is, or resolves to, a loopback, link-local or private address, which production
   * does not connect to. Nothing is saved. Said plainly: it tells nothing about the remote side.
   */
  addressNotAllowed: 'destination_address_not_allowed',
} as const;

/** The one message of every failed connection check (DestinationsErrorType.connectionFailed). */
export const DESTINATION_CONNECTION_FAILED =
  'Could not connect with these settings. Check the host, port, database name and credentials.';
/** The message of DestinationsErrorType.addressNotAllowed. */
export const DESTINATION_ADDRESS_NOT_ALLOWED =
  'This address is on a private network. Use a publicly reachable host.';

/** The hint of a credential that does not match its field's pattern (spec 002 §5), then the field's help. */
export const DESTINATION_FORMAT_HINT = 'Match the following format';
/** An uploaded json lacking a field or with a field that does not match (spec 002 §5). */
export const DESTINATION_INVALID_FILE = 'The file has invalid format';

/** One field of a destination's credentials form (spec 002 §3: label, pattern, help, optional default). */
export const DestinationFieldSchema = z.object({
  /** The credentials key the value is sent under. */
  name: z.string(),
  label: z.string(),
  /** A JavaScript regular expression the whole value must match (anchored with ^ and $). */
  pattern: z.string(),
  help: z.string(),
  default: z.nullable(z.string()),
  /** A secret (password, key): typed hidden and never answered back. */
  secret: z.boolean(),
  /** The only values allowed, offered as a choice; null for free text. */
  options: z.nullable(z.array(z.string())),
});
export type DestinationField = z.infer<typeof DestinationFieldSchema>;

/** spec 002 §3 Destination: the managed default, or a kind of on-premise database. */
export const DestinationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A path under the web app (`/logos/destinations/{id}.svg`). */
  logo: z.string(),
  description: z.string(),
  managed: z.boolean(),
  /** Credentials come as an uploaded json (a service-account key) whose keys are the form's fields. */
  is_upload: z.boolean(),
  form: z.array(DestinationFieldSchema),
});
export type Destination = z.infer<typeof DestinationSchema>;

export const DestinationListResponseSchema = z.object({ destinations: z.array(DestinationSchema) });
export type DestinationListResponse = z.infer<typeof DestinationListResponseSchema>;

export const DestinationIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * Where the data lives (spec 002 §9: default eu; managed data is hosted in the EU): the two
 * multi-regions and common single regions, as cloud providers name them. A BigQuery destination
 * creates its datasets there; for the other kinds it records where the user's database is.
 */
export const DESTINATION_LOCATIONS = [
  { value: 'eu', label: 'European Union (multi-region)' },
  { value: 'us', label: 'United States (multi-region)' },
  { value: 'europe-west1', label: 'Belgium (europe-west1)' },
  { value: 'europe-west2', label: 'London (europe-west2)' },
  { value: 'europe-west3', label: 'Frankfurt (europe-west3)' },
  { value: 'europe-west4', label: 'Netherlands (europe-west4)' },
  { value: 'europe-north1', label: 'Finland (europe-north1)' },
  { value: 'us-central1', label: 'Iowa (us-central1)' },
  { value: 'us-east1', label: 'South Carolina (us-east1)' },
  { value: 'us-west1', label: 'Oregon (us-west1)' },
  { value: 'northamerica-northeast1', label: 'Montréal (northamerica-northeast1)' },
  { value: 'asia-southeast1', label: 'Singapore (asia-southeast1)' },
  { value: 'asia-northeast1', label: 'Tokyo (asia-northeast1)' },
  { value: 'australia-southeast1', label: 'Sydney (australia-southeast1)' },
] as const;
export type DestinationLocation = (typeof DESTINATION_LOCATIONS)[number]['value'];

const locationValues = DESTINATION_LOCATIONS.map((location) => location.value) as [
  DestinationLocation,
  ...DestinationLocation[],
];
export const DestinationLocationSchema = z.enum(locationValues);
export const DEFAULT_DESTINATION_LOCATION: DestinationLocation = DestinationLocationSchema.parse(
  operations.defaultDestinationLocation,
);

/** spec 002 §3 Organization destination; `name` is the destination's name as chosen. */
export const OrganizationDestinationSchema = z.object({
  destination_id: z.string(),
  name: z.string(),
  location: DestinationLocationSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type OrganizationDestination = z.infer<typeof OrganizationDestinationSchema>;

export const DestinationOrganizationQuerySchema = z.object({ organization_id: z.uuid() });
export const DestinationOrganizationBodySchema = z.object({ organization_id: z.uuid() });

/**
 * spec 002 §3 Destination status. `reason` says why a change is not allowed: the caller is not an
 * admin (or the organization is a demo), or a data source is connected already.
 */
export const DestinationStatusSchema = z.object({
  can_configure_destination: z.boolean(),
  reason: z.nullable(z.enum(['admin_required', 'sources_connected'])),
});
export type DestinationStatus = z.infer<typeof DestinationStatusSchema>;

/** The check of the organization's own database with its stored settings. */
export const DestinationCheckResponseSchema = z.object({
  reachable: z.boolean(),
  /** Why it is not reachable, for people; null when it is. */
  message: z.nullable(z.string()),
});
export type DestinationCheckResponse = z.infer<typeof DestinationCheckResponseSchema>;

/** Values of a credentials form or of an uploaded service-account key (spec 002 §3). */
export const DestinationCredentialsSchema = z
  .record(z.string().check(z.minLength(1), z.maxLength(64)), z.string().check(z.maxLength(8192)))
  .check(z.refine((credentials) => Object.keys(credentials).length <= 50, 'At most 50 credentials'));
export type DestinationCredentials = z.infer<typeof DestinationCredentialsSchema>;

/**
 * spec 002 §7: create or update the organization destination. Choosing a managed destination
 * removes the organization destination instead. The server also checks each credential against
 * its field's pattern (422) and connects with them before saving (400 destination_connection_failed).
 */
export const SaveOrganizationDestinationRequestSchema = z.object({
  organization_id: z.uuid(),
  destinationId: z.string().check(z.minLength(1), z.maxLength(64)),
  destinationName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  credentials: DestinationCredentialsSchema,
  location: z._default(DestinationLocationSchema, DEFAULT_DESTINATION_LOCATION),
});
export type SaveOrganizationDestinationRequest = z.input<typeof SaveOrganizationDestinationRequestSchema>;

export type CredentialIssue = { field: string; message: string };

/**
 * The credentials checked against a destination's form, the same rule in the wizard and on the
 * server: every field must be present (or have a default) and match its pattern. Keys that are not
 * fields of the form are ignored (an uploaded key file carries more than the form needs).
 */
export function credentialIssues(
  form: readonly DestinationField[],
  credentials: Readonly<Record<string, unknown>>,
): CredentialIssue[] {
  return form.flatMap((field) => {
    const value = credentials[field.name] ?? field.default;
    if (typeof value === 'string' && new RegExp(field.pattern).test(value)) return [];
    return [{ field: field.name, message: `${DESTINATION_FORMAT_HINT}: ${field.help}` }];
  });
}

/** The form's values only, each defaulted where missing: what is sent and what is stored. */
export function formCredentials(
  form: readonly DestinationField[],
  credentials: Readonly<Record<string, unknown>>,
): Record<string, string> {
  return Object.fromEntries(
    form.map((field) => {
      const value = credentials[field.name];
      return [field.name, typeof value === 'string' ? value : (field.default ?? '')];
    }),
  );
}
