import { randomBytes } from 'node:crypto';
import { openBigQueryWarehouse } from './bigquery/bigquery-warehouse';
import { openDatabricksWarehouse } from './databricks/databricks-warehouse';
import type { DestinationConfig, PostgresDestinationConfig } from './destination-config';
import { WarehouseError, errorMessage } from './errors';
import { openPostgresWarehouse } from './postgres/postgres-warehouse';
import type { TableSchema, Warehouse } from './warehouse';

/**
 * A destination's warehouse from its connection settings (one adapter per kind), and the check
 * the settings form runs before saving them.
 */
export async function openDestinationWarehouse(config: DestinationConfig): Promise<Warehouse> {
  switch (config.kind) {
    case 'postgresql':
      return openPostgresWarehouse({ connectionString: postgresConnectionString(config) });
    case 'bigquery':
      return openBigQueryWarehouse(config);
    case 'databricks':
      return openDatabricksWarehouse(config);
    default: {
      const unreachable: never = config;
      throw new Error(String(unreachable));
    }
  }
}

/**
 * `postgres://user:password@host:port/database?sslmode=...`, every part URL-encoded. `require`
 * encrypts without verifying the certificate (node-postgres spells that `no-verify`).
 */
export function postgresConnectionString(config: PostgresDestinationConfig): string {
  const host = config.host.trim();
  if (host === '' || /[\s/@?#]/.test(host)) {
    throw new WarehouseError('invalid_parameter', `"${config.host}" is not a host name or address`);
  }
  if (!Number.isInteger(config.port) || config.port < 1 || config.port > 65_535) {
    throw new WarehouseError('invalid_parameter', `port ${String(config.port)} is not between 1 and 65535`);
  }
  const address = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const credentials = `${encodeURIComponent(config.user)}:${encodeURIComponent(config.password)}`;
  const sslmode = config.ssl === 'require' ? 'no-verify' : 'disable';
  return `postgres://${credentials}@${address}:${config.port}/${encodeURIComponent(config.database)}?sslmode=${sslmode}`;
}

/** The schema the check creates (and leaves, empty) to prove the product may create schemas. */
export const CHECK_SCHEMA = 'maya_check';

/**
 * Opens the destination, runs `SELECT 1`, creates the `maya_check` schema if missing and a
 * probe table in it (dropped again) — what loads will need — and closes, all within
 * `timeoutMs`. Any failure is a WarehouseError whose message a user can act on (`engine_error`,
 * or `query_timeout` when the time ran out).
 */
export async function checkDestination(config: DestinationConfig, timeoutMs = 15_000): Promise<void> {
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
  const opening = openDestinationWarehouse(config);
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
 * What went wrong, said for the person filling in the form: the engine's own answer is kept at
 * the end when it adds something. `error` null means the time limit ran out.
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
      const unreachable: never = config;
      throw new Error(String(unreachable));
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
      const unreachable: never = config;
      throw new Error(String(unreachable));
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
      const unreachable: never = config;
      throw new Error(String(unreachable));
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
