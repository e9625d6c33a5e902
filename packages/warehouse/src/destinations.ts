import { unreachable } from '@maya/contracts';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { openBigQueryWarehouse } from './bigquery/bigquery-warehouse';
import { openDatabricksWarehouse } from './databricks/databricks-warehouse';
import { resolveDestinationHost, type AddressPolicy, type ResolvedAddress } from './destination-address';
import type {
  DatabricksDestinationConfig,
  DestinationConfig,
  PostgresDestinationConfig,
} from './destination-config';
import { WarehouseError, errorMessage } from './errors';
import { openPostgresWarehouse, type PostgresConnection } from './postgres/postgres-warehouse';
import type { TableSchema, Warehouse } from './warehouse';

/**
 * A destination's warehouse from its connection settings (one adapter per kind), and the check
 * the settings form runs before saving them. Both go through the address policy: a host typed by
 * a customer is resolved and refused when it is not publicly reachable (unless allowed), every
 * time a destination is opened (checks, loads, reports), not only when its settings are saved.
 */
export async function openDestinationWarehouse(
  config: DestinationConfig,
  policy: AddressPolicy,
): Promise<Warehouse> {
  switch (config.kind) {
    case 'postgresql': {
      checkPostgresSettings(config);
      const address = await resolveDestinationHost(config.host, policy);
      return openPostgresWarehouse({ connection: postgresConnection(config, address) });
    }
    case 'bigquery':
      // Google's fixed endpoints: the key file's project and e-mail name no host.
      return openBigQueryWarehouse(config);
    case 'databricks':
      await checkDatabricksHost(config, policy);
      return openDatabricksWarehouse(config);
    default: {
      return unreachable(config);
    }
  }
}

function checkPostgresSettings(config: PostgresDestinationConfig): void {
  const host = config.host.trim();
  if (host === '' || /[\s/@?#]/.test(host)) {
    throw new WarehouseError('invalid_parameter', `"${config.host}" is not a host name or address`);
  }
  if (!Number.isInteger(config.port) || config.port < 1 || config.port > 65_535) {
    throw new WarehouseError('invalid_parameter', `port ${String(config.port)} is not between 1 and 65535`);
  }
}

/**
 * node-postgres settings that connect to `address`, the one the policy checked, so the client
 * never resolves the name again (DNS rebinding). TLS still names the host (SNI), which services
 * routing by name need; `require` encrypts without verifying the certificate.
 */
export function postgresConnection(
  config: PostgresDestinationConfig,
  address: ResolvedAddress,
): PostgresConnection {
  const host = config.host.trim().replace(/^\[(.*)\]$/, '$1');
  const ssl =
    config.ssl === 'require'
      ? { rejectUnauthorized: false, ...(isIP(host) === 0 ? { servername: host } : {}) }
      : false;
  return {
    host: address.address,
    port: config.port,
    database: config.database,
    user: config.user,
    password: config.password,
    ssl,
  };
}

/** The domains of Azure Databricks workspaces: public, commercial China and US government clouds. */
const AZURE_DATABRICKS_DOMAINS = ['.azuredatabricks.net', '.databricks.azure.cn', '.databricks.azure.us'];

/**
 * A Databricks host must be an Azure Databricks workspace, and its addresses public unless
 * allowed. The driver resolves the name itself and takes no address or resolver of ours, so the
 * address cannot be pinned as for PostgreSQL; keeping to Microsoft's domains, whose names a
 * customer cannot point elsewhere, is what stops a rebinding name there, and the check here
 * still catches a workspace name that resolves privately.
 */
async function checkDatabricksHost(
  config: DatabricksDestinationConfig,
  policy: AddressPolicy,
): Promise<void> {
  const host = config.host.trim().toLowerCase();
  if (!AZURE_DATABRICKS_DOMAINS.some((domain) => host.endsWith(domain))) {
    throw new WarehouseError(
      'invalid_parameter',
      `"${config.host}" is not an Azure Databricks workspace host`,
    );
  }
  await resolveDestinationHost(host, policy);
}

/**
 * `postgres://user:password@host:port/database?sslmode=...`, every part URL-encoded. `require`
 * encrypts without verifying the certificate (node-postgres spells that `no-verify`). For tools
 * that take a URL; destinations connect through `postgresConnection` with a checked address.
 */
export function postgresConnectionString(config: PostgresDestinationConfig): string {
  checkPostgresSettings(config);
  const host = config.host.trim();
  const address = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const credentials = `${encodeURIComponent(config.user)}:${encodeURIComponent(config.password)}`;
  const sslmode = config.ssl === 'require' ? 'no-verify' : 'disable';
  return `postgres://${credentials}@${address}:${config.port}/${encodeURIComponent(config.database)}?sslmode=${sslmode}`;
}

/** The schema the check creates (and leaves, empty) to prove the product may create schemas. */
export const CHECK_SCHEMA = 'maya_check';

export type CheckOptions = AddressPolicy & { timeoutMs?: number };

/**
 * Opens the destination, runs `SELECT 1`, creates the `maya_check` schema if missing and a
 * probe table in it (dropped again) — what loads will need — and closes, all within
 * `timeoutMs`. Any failure is a WarehouseError saying what went wrong (`engine_error`,
 * `query_timeout` when the time ran out, `address_not_allowed` before any connection).
 */
export async function checkDestination(config: DestinationConfig, options: CheckOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  let timedOut = false;
  const limited = <T>(task: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          timedOut = true;
          reject(new WarehouseError('query_timeout', 'time limit'));
        },
        Math.max(1, deadline - Date.now()),
      );
      task.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  const opening = openDestinationWarehouse(config, options);
  let warehouse: Warehouse | null = null;
  try {
    warehouse = await limited(opening);
    const wh = warehouse;
    await limited(wh.query('SELECT 1 AS ok', [], { timeoutMs: Math.max(1, deadline - Date.now()) }));
    const probe = probeTable();
    await limited(
      (async () => {
        await wh.ensureSchema(CHECK_SCHEMA);
        await wh.createTable(CHECK_SCHEMA, probe);
        await wh.dropTable(CHECK_SCHEMA, probe.name);
      })(),
    );
  } catch (error) {
    throw destinationFailure(config, timedOut ? null : error, timeoutMs);
  } finally {
    // A handle still busy past the limit is closed in the background: close waits for its work.
    const closing = warehouse?.close() ?? opening.then((wh) => wh.close());
    if (timedOut) void closing.catch(() => undefined);
    else await closing.catch(() => undefined);
  }
}

function probeTable(): TableSchema {
  return {
    name: `probe_${randomBytes(6).toString('hex')}`,
    primaryKey: ['id'],
    columns: [{ name: 'id', type: 'string', nullable: false }],
  };
}

/**
 * What went wrong, in words an operator can act on: the engine's own answer is kept at the end
 * when it adds something. `error` null means the time limit ran out. The API does not pass it on
 * (it would tell a prober which ports are open and which passwords are wrong); the server logs it.
 */
export function destinationFailure(
  config: DestinationConfig,
  error: unknown,
  timeoutMs: number,
): WarehouseError {
  if (error === null) {
    return new WarehouseError(
      'query_timeout',
      `${where(config)} did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} seconds`}.`,
    );
  }
  if (error instanceof WarehouseError && error.type === 'invalid_parameter' && error.cause === undefined) {
    return error;
  }
  if (error instanceof WarehouseError && error.type === 'address_not_allowed') return error;
  const codes = causes(error).map((e) => (e as { code?: unknown }).code);
  const detail = errorMessage(innermost(error));
  const say = (message: string) => new WarehouseError('engine_error', message, { cause: error });
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN'))
    return say(`${hostOf(config)} could not be found.`);
  if (codes.includes('ECONNREFUSED')) return say(`${where(config)} refused the connection.`);
  if (codes.some((c) => c === 'ETIMEDOUT' || c === 'EHOSTUNREACH' || c === 'ENETUNREACH')) {
    return say(`${where(config)} could not be reached.`);
  }
  switch (config.kind) {
    case 'postgresql':
      if (codes.includes('28P01'))
        return say(`PostgreSQL did not accept the password of user "${config.user}".`);
      if (codes.includes('28000')) return say(`PostgreSQL did not let user "${config.user}" in: ${detail}`);
      if (codes.includes('3D000'))
        return say(`Database "${config.database}" does not exist on ${config.host}.`);
      if (codes.includes('42501')) {
        return say(
          `User "${config.user}" may not create schemas in database "${config.database}": ${detail}`,
        );
      }
      if (/does not support SSL/i.test(detail))
        return say('The server does not accept encrypted connections; turn SSL off.');
      return say(`PostgreSQL: ${detail}`);
    case 'bigquery':
    case 'databricks':
      // The adapters already say who refused what; an error from elsewhere gets the engine's name.
      return say(
        error instanceof WarehouseError ? error.message : `${where(config)}: ${errorMessage(error)}`,
      );
    default: {
      return unreachable(config);
    }
  }
}

function where(config: DestinationConfig): string {
  switch (config.kind) {
    case 'postgresql':
      return `PostgreSQL at ${config.host}:${config.port}`;
    case 'bigquery':
      return 'BigQuery';
    case 'databricks':
      return `Databricks at ${config.host}`;
    default: {
      return unreachable(config);
    }
  }
}

function hostOf(config: DestinationConfig): string {
  switch (config.kind) {
    case 'postgresql':
    case 'databricks':
      return `Host "${config.host}"`;
    case 'bigquery':
      return 'Google BigQuery';
    default: {
      return unreachable(config);
    }
  }
}

/** The error and its causes, outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 10) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function innermost(error: unknown): unknown {
  return causes(error).at(-1) ?? error;
}
