import { unreachable } from '@maya/contracts';
import type { DestinationLocation } from '@maya/contracts';
import type { DestinationConfig } from '@maya/warehouse';
import type { DestinationKind } from './catalog';

/** BigQuery's names of our locations: the multi-regions in capitals, single regions as they are. */
function bigQueryLocation(location: DestinationLocation): string {
  if (location === 'eu') return 'EU';
  if (location === 'us') return 'US';
  return location;
}

/**
 * The warehouse adapter's connection settings from the credentials of a destination's form
 * (already checked against the form's patterns, so every field is there and well formed).
 */
export function toWarehouseConfig(
  kind: DestinationKind,
  credentials: Readonly<Record<string, string>>,
  location: DestinationLocation,
): DestinationConfig {
  const value = (name: string): string => credentials[name] ?? '';
  switch (kind) {
    case 'postgresql':
      return {
        kind,
        host: value('host'),
        port: Number(value('port')),
        database: value('database'),
        user: value('user'),
        password: value('password'),
        ssl: value('ssl') === 'disable' ? 'disable' : 'require',
      };
    case 'bigquery':
      return {
        kind,
        serviceAccount: {
          type: 'service_account',
          project_id: value('project_id'),
          private_key_id: value('private_key_id'),
          private_key: value('private_key'),
          client_email: value('client_email'),
        },
        location: bigQueryLocation(location),
      };
    case 'databricks':
      return {
        kind,
        host: value('host'),
        httpPath: value('http_path'),
        authType: 'azure-client-secret',
        azureWorkspaceResourceId: value('azure_workspace_resource_id'),
        azureClientId: value('azure_client_id'),
        azureClientSecret: value('azure_client_secret'),
        azureTenantId: value('azure_tenant_id'),
        catalog: value('catalog'),
      };
    default: {
      return unreachable(kind);
    }
  }
}
