import { PRODUCT_NAME, type Destination, type DestinationField } from '@maya/contracts';

/** The managed default: each organization's DuckDB file on the product's servers, in the EU. */
export const MANAGED_DESTINATION_ID = 'managed';

/** The kinds of on-premise destination, one per warehouse adapter. */
export type DestinationKind = 'postgresql' | 'bigquery' | 'databricks';

type FieldInput = Pick<DestinationField, 'name' | 'label' | 'pattern' | 'help'> &
  Partial<Pick<DestinationField, 'default' | 'secret' | 'options'>>;

const field = (input: FieldInput): DestinationField => ({
  default: null,
  secret: false,
  options: null,
  ...input,
});

/** A host name or an IPv4/IPv6 address, without a scheme or a port. */
const HOST =
  '^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:]{2,39})$';
const PORT = '^([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$';
const GUID = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';

const postgresql: Destination = {
  id: 'postgresql',
  name: 'PostgreSQL',
  logo: '/logos/destinations/postgresql.svg',
  description: 'Your own PostgreSQL database, version 12 or later.',
  managed: false,
  is_upload: false,
  form: [
    field({
      name: 'host',
      label: 'Host',
      pattern: HOST,
      help: 'a host name or IP address without scheme or port, e.g. db.example.com',
    }),
    field({ name: 'port', label: 'Port', pattern: PORT, help: 'a number from 1 to 65535', default: '5432' }),
    field({
      name: 'database',
      label: 'Database',
      pattern: '^[A-Za-z0-9_$-]{1,63}$',
      help: 'up to 63 letters, digits, _, $ or -, e.g. analytics',
    }),
    field({
      name: 'user',
      label: 'User',
      pattern: '^[A-Za-z0-9_.@$-]{1,63}$',
      help: 'up to 63 letters, digits, _, ., @, $ or -; the user needs the right to create schemas',
    }),
    field({
      name: 'password',
      label: 'Password',
      pattern: '^[^\\n\\r]{1,1024}$',
      help: 'the password of that user, on one line',
      secret: true,
    }),
    field({
      name: 'ssl',
      label: 'SSL',
      pattern: '^(require|disable)$',
      help: 'require (encrypted) or disable (a database on a private network)',
      default: 'require',
      options: ['require', 'disable'],
    }),
  ],
};

/** The fields of a Google Cloud service-account key file that the destination needs. */
const bigquery: Destination = {
  id: 'bigquery',
  name: 'Google BigQuery',
  logo: '/logos/destinations/bigquery.svg',
  description: 'A Google Cloud project, through the JSON key of a service account.',
  managed: false,
  is_upload: true,
  form: [
    field({ name: 'type', label: 'Type', pattern: '^service_account$', help: 'service_account' }),
    field({
      name: 'project_id',
      label: 'Project ID',
      pattern: '^[a-z][a-z0-9-]{4,28}[a-z0-9]$',
      help: 'a Google Cloud project id: 6 to 30 lowercase letters, digits or hyphens',
    }),
    field({
      name: 'private_key_id',
      label: 'Private key ID',
      pattern: '^[0-9a-f]{40}$',
      help: '40 hexadecimal characters',
    }),
    field({
      name: 'private_key',
      label: 'Private key',
      pattern: '^-----BEGIN PRIVATE KEY-----[A-Za-z0-9+/=\\s]+-----END PRIVATE KEY-----\\s*$',
      help: 'a PEM key: -----BEGIN PRIVATE KEY----- ... -----END PRIVATE KEY-----',
      secret: true,
    }),
    field({
      name: 'client_email',
      label: 'Client email',
      pattern: '^[a-z0-9-]+@[a-z0-9-]+\\.iam\\.gserviceaccount\\.com$',
      help: 'the service account e-mail, e.g. loader@my-project.iam.gserviceaccount.com',
    }),
  ],
};

/** Azure Databricks with a Microsoft Entra ID service principal (the spec's fields, plus the catalog). */
const databricks: Destination = {
  id: 'databricks',
  name: 'Azure Databricks',
  logo: '/logos/destinations/databricks.svg',
  description: 'A Databricks SQL warehouse, signed in with a Microsoft Entra ID service principal.',
  managed: false,
  is_upload: false,
  form: [
    field({
      name: 'host',
      label: 'Host',
      // Only Azure Databricks workspaces: the warehouse package refuses other hosts too.
      pattern:
        '^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.(azuredatabricks\\.net|databricks\\.azure\\.cn|databricks\\.azure\\.us)$',
      help: 'the Azure Databricks workspace host without https://, e.g. adb-1234567890123456.7.azuredatabricks.net',
    }),
    field({
      name: 'http_path',
      label: 'HTTP path',
      pattern: '^/sql/1\\.0/warehouses/[A-Za-z0-9]+$',
      help: "the SQL warehouse's HTTP path, e.g. /sql/1.0/warehouses/abcdef1234567890",
    }),
    field({
      name: 'azure_workspace_resource_id',
      label: 'Azure workspace resource ID',
      pattern:
        '^/subscriptions/[0-9A-Fa-f-]{36}/resourceGroups/[^/\\s]+/providers/Microsoft\\.Databricks/workspaces/[^/\\s]+$',
      help: '/subscriptions/{subscription}/resourceGroups/{group}/providers/Microsoft.Databricks/workspaces/{workspace}',
    }),
    field({
      name: 'azure_client_id',
      label: 'Azure client ID',
      pattern: GUID,
      help: "the service principal's application (client) id, a GUID",
    }),
    field({
      name: 'azure_client_secret',
      label: 'Azure client secret',
      pattern: '^\\S{8,256}$',
      help: 'the client secret value, 8 to 256 characters without spaces',
      secret: true,
    }),
    field({
      name: 'azure_tenant_id',
      label: 'Azure tenant ID',
      pattern: GUID,
      help: 'the directory (tenant) id, a GUID',
    }),
    field({
      name: 'auth_type',
      label: 'Authentication type',
      pattern: '^azure-client-secret$',
      help: 'azure-client-secret',
      default: 'azure-client-secret',
      options: ['azure-client-secret'],
    }),
    field({
      name: 'catalog',
      label: 'Catalog',
      pattern: '^[A-Za-z_][A-Za-z0-9_]{0,254}$',
      help: 'the Unity Catalog catalog to create schemas in: letters, digits and _, e.g. main',
      default: 'main',
    }),
  ],
};

const managed: Destination = {
  id: MANAGED_DESTINATION_ID,
  name: `${PRODUCT_NAME} managed (EU)`,
  logo: '/logos/destinations/managed.svg',
  description: `Hosted by ${PRODUCT_NAME} in the EU. Nothing to set up.`,
  managed: true,
  is_upload: false,
  form: [],
};

/** spec 002 §7 Destinations, get all: the managed default first. */
export const destinationCatalog: readonly Destination[] = [managed, postgresql, bigquery, databricks];

export function findDestination(id: string): Destination | null {
  return destinationCatalog.find((destination) => destination.id === id) ?? null;
}

/** The adapter kind of an on-premise destination; null for the managed one. */
export function kindOf(destination: Destination): DestinationKind | null {
  switch (destination.id) {
    case 'postgresql':
    case 'bigquery':
    case 'databricks':
      return destination.id;
    default:
      return null;
  }
}
