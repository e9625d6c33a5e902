/**
 * Where an organization's data goes when it is not the managed DuckDB file: the connection
 * settings of an on-premise destination, as the destinations module hands them to
 * `openDestinationWarehouse` (one adapter per kind). Secrets arrive here already unsealed and
 * never leave the process.
 */
export type PostgresDestinationConfig = {
  kind: 'postgresql';
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** `require` verifies nothing but encrypts; `disable` for a local database. */
  ssl: 'require' | 'disable';
};

/** A Google Cloud service account key (the JSON file a user downloads from the console). */
export type BigQueryServiceAccount = {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id?: string;
  token_uri?: string;
};

export type BigQueryDestinationConfig = {
  kind: 'bigquery';
  serviceAccount: BigQueryServiceAccount;
  /** The dataset location (`EU`, `US`, or a region such as `europe-west3`). */
  location: string;
};

export type DatabricksDestinationConfig = {
  kind: 'databricks';
  /** The workspace host, e.g. `adb-1234567890123456.7.azuredatabricks.net`. */
  host: string;
  /** The SQL warehouse's HTTP path, e.g. `/sql/1.0/warehouses/abcdef1234567890`. */
  httpPath: string;
  authType: 'azure-client-secret';
  azureWorkspaceResourceId: string;
  azureClientId: string;
  azureClientSecret: string;
  azureTenantId: string;
  /** The Unity Catalog catalog the product's schemas are created in. */
  catalog: string;
};

export type DestinationConfig =
  PostgresDestinationConfig | BigQueryDestinationConfig | DatabricksDestinationConfig;
