import type { DBSQLParameter, DBSQLParameterType } from '@databricks/sql';
import type IOperation from '@databricks/sql/dist/contracts/IOperation';
import type { DatabricksDestinationConfig } from '../destination-config';
import { azureClientSecretAuth, type FetchLike } from './databricks-auth';
import type { DatabricksParam, DatabricksParamType } from './databricks-values';

/**
 * The little the adapter needs from Databricks, so that tests can stand in for it: run one
 * statement with named parameters and read (at most `maxRows` of) its rows; close.
 * `openDatabricksClient` implements it over `@databricks/sql` on one session.
 */
export type DatabricksRequest = {
  sql: string;
  params: Record<string, DatabricksParam>;
  maxRows?: number;
  /** Aborting cancels the statement. */
  signal?: AbortSignal;
};

export type DatabricksResult = { rows: Record<string, unknown>[] };

export interface DatabricksClient {
  execute(request: DatabricksRequest): Promise<DatabricksResult>;
  close(): Promise<void>;
}

/**
 * The default client: the SQL warehouse at `host` + `httpPath`, signed in as the Azure service
 * principal through the driver's `custom` authentication (see databricks-auth.ts), one session
 * whose default catalog is the configured one. Exact decimals and 64-bit integers are kept
 * (`preserveBigNumericPrecision`); the driver's telemetry is off.
 */
export async function openDatabricksClient(
  config: DatabricksDestinationConfig,
  deps: { fetch?: FetchLike } = {},
): Promise<DatabricksClient> {
  const driver = await import('@databricks/sql');
  const kinds = driver.DBSQLParameterType;
  const types: Record<DatabricksParamType, DBSQLParameterType> = {
    STRING: kinds.STRING,
    INTEGER: kinds.INTEGER,
    BIGINT: kinds.BIGINT,
    DOUBLE: kinds.DOUBLE,
    BOOLEAN: kinds.BOOLEAN,
    TIMESTAMP: kinds.TIMESTAMP,
    VOID: kinds.VOID,
  };
  const client = new driver.DBSQLClient();
  await client.connect({
    host: config.host,
    path: config.httpPath,
    authType: 'custom',
    provider: azureClientSecretAuth(config, deps),
    preserveBigNumericPrecision: true,
    telemetryEnabled: false,
    userAgentEntry: 'maya-warehouse',
  });
  const session = await client
    .openSession({ initialCatalog: config.catalog })
    .catch(async (error: unknown) => {
      await client.close().catch(() => undefined);
      throw error;
    });

  const toParameters = (params: Record<string, DatabricksParam>): Record<string, DBSQLParameter> =>
    Object.fromEntries(
      Object.entries(params).map(([name, p]) => [
        name,
        new driver.DBSQLParameter({ type: types[p.type], value: p.value }),
      ]),
    );

  return {
    async execute(request: DatabricksRequest): Promise<DatabricksResult> {
      request.signal?.throwIfAborted();
      const operation = await session.executeStatement(request.sql, {
        namedParameters: toParameters(request.params),
      });
      const cancel = () => void operation.cancel().catch(() => undefined);
      if (request.signal?.aborted === true) cancel();
      request.signal?.addEventListener('abort', cancel, { once: true });
      try {
        return { rows: await readRows(operation, request.maxRows) };
      } finally {
        request.signal?.removeEventListener('abort', cancel);
        await operation.close().catch(() => undefined);
      }
    },
    async close(): Promise<void> {
      await session.close().catch(() => undefined);
      await client.close();
    },
  };
}

async function readRows(
  operation: IOperation,
  maxRows: number | undefined,
): Promise<Record<string, unknown>[]> {
  if (maxRows === undefined) return (await operation.fetchAll()) as Record<string, unknown>[];
  const rows: Record<string, unknown>[] = [];
  while (rows.length < maxRows) {
    const chunk = (await operation.fetchChunk({ maxRows: maxRows - rows.length })) as Record<
      string,
      unknown
    >[];
    rows.push(...chunk);
    if (!(await operation.hasMoreRows())) break;
  }
  return rows.slice(0, maxRows);
}
