import {
  LIST,
  StatementType,
  TIMESTAMP,
  VARCHAR,
  jsToDuckDBValue,
  listValue,
  type DuckDBConnection,
  type DuckDBInstance,
  type DuckDBPreparedStatement,
  type DuckDBResultReader,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { checkQueryOptions, leadingKeyword, looksLikeWrite, readOnlyViolation } from '../read-only-sql';
import type { QueryOptions, QueryParams, QueryResult, Row } from '../warehouse';
import { columnTypeFromDuckDbType, resultValueConverter } from './duckdb-types';

/** Connections with a query running, so that closing the warehouse can interrupt them. */
export type ActiveQueries = Set<DuckDBConnection>;

/**
 * Runs one read-only statement on its own connection: exactly one statement, of type SELECT
 * (checked on the prepared statement), inside a READ ONLY transaction, parameters bound, and
 * interrupted after `timeoutMs`.
 */
export async function runDuckDbQuery(
  instance: DuckDBInstance,
  active: ActiveQueries,
  sql: string,
  params: QueryParams,
  opts: QueryOptions,
): Promise<QueryResult> {
  const { timeoutMs, maxRows } = checkQueryOptions(opts);
  if (typeof sql !== 'string' || leadingKeyword(sql) === '') throw readOnlyViolation('no statement');
  const conn = await instance.connect();
  active.add(conn);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    conn.interrupt();
  }, timeoutMs);
  try {
    const statements = await conn.extractStatements(sql).catch((error: unknown) => {
      throw unpreparable(sql, error);
    });
    if (statements.count !== 1) throw readOnlyViolation(`got ${statements.count} statements`);
    await conn.run('BEGIN TRANSACTION READ ONLY');
    const prepared = await statements.prepare(0).catch((error: unknown) => {
      throw unpreparable(sql, error);
    });
    if (prepared.statementType !== StatementType.SELECT) {
      throw readOnlyViolation(`statement type ${StatementType[prepared.statementType]}`);
    }
    bindParams(prepared, params);
    const reader =
      maxRows === null ? await prepared.runAndReadAll() : await prepared.streamAndReadUntil(maxRows + 1);
    return toQueryResult(reader, maxRows);
  } catch (error) {
    if (timedOut) {
      throw new WarehouseError('query_timeout', `query did not finish within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    if (error instanceof WarehouseError) throw error;
    if (/read-only mode|read-only transaction/i.test(errorMessage(error))) {
      throw readOnlyViolation(errorMessage(error));
    }
    throw engineError(error);
  } finally {
    clearTimeout(timer);
    active.delete(conn);
    await conn.run('ROLLBACK').catch(() => undefined);
    conn.closeSync();
  }
}

function toQueryResult(reader: DuckDBResultReader, maxRows: number | null): QueryResult {
  const types = reader.columnTypes();
  const fields = reader.deduplicatedColumnNames().map((name, c) => {
    const type = types[c] ?? VARCHAR;
    return { name, type: columnTypeFromDuckDbType(type), convert: resultValueConverter(type) };
  });
  const all = reader.getRowsJson();
  const truncated = maxRows !== null && all.length > maxRows;
  const kept = truncated ? all.slice(0, maxRows) : all;
  const rows = kept.map((values) => {
    const row: Row = {};
    fields.forEach((field, c) => {
      const value = values[c] ?? null;
      row[field.name] = value === null ? null : field.convert(value);
    });
    return row;
  });
  const columns = fields.map(({ name, type }) => ({ name, type }));
  return { columns, rows, truncated };
}

export function bindParams(prepared: DuckDBPreparedStatement, params: QueryParams): void {
  const expected = prepared.parameterCount;
  if (Array.isArray(params)) {
    if (params.length !== expected) {
      throw invalidParameter(`the statement takes ${expected} parameters, ${params.length} were given`);
    }
    params.forEach((value, i) => bindOne(prepared, i + 1, `$${i + 1}`, value));
    return;
  }
  if (typeof params !== 'object' || params === null) {
    throw invalidParameter('parameters must be an array or an object');
  }
  for (let i = 1; i <= expected; i += 1) {
    const name = prepared.parameterName(i);
    if (!Object.hasOwn(params, name)) throw invalidParameter(`no value for parameter $${name}`);
    bindOne(prepared, i, `$${name}`, params[name]);
  }
  const extra = Object.keys(params).length - expected;
  if (extra > 0) throw invalidParameter(`${extra} parameters are not used by the statement`);
}

function bindOne(prepared: DuckDBPreparedStatement, index: number, label: string, value: unknown): void {
  const [converted, type] = toDuckDbValue(value, label);
  try {
    prepared.bindValue(index, converted, type);
  } catch (error) {
    throw invalidParameter(`${label}: ${errorMessage(error)}`);
  }
}

function toDuckDbValue(value: unknown, label: string): [DuckDBValue, DuckDBType | undefined] {
  if (value === null || value === undefined) return [null, undefined];
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'bigint':
    case 'number':
      return [value, undefined];
    case 'object':
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw invalidParameter(`${label} is an invalid date`);
        return [jsToDuckDBValue(value, TIMESTAMP), TIMESTAMP];
      }
      if (Array.isArray(value)) {
        const items = value.map((item, i) => toDuckDbValue(item, `${label}[${i}]`)[0]);
        return items.length === 0 ? [listValue([]), LIST(VARCHAR)] : [listValue(items), undefined];
      }
      throw invalidParameter(`${label} must be a string, number, bigint, boolean, Date, array or null`);
    case 'undefined':
      return [null, undefined];
    case 'symbol':
    case 'function':
    default:
      throw invalidParameter(`${label} must be a string, number, bigint, boolean, Date, array or null`);
  }
}

function invalidParameter(message: string): WarehouseError {
  return new WarehouseError('invalid_parameter', message);
}

/** A statement DuckDB could not parse or bind: refused as a write when it reads like one. */
function unpreparable(sql: string, error: unknown): WarehouseError {
  return looksLikeWrite(sql) ? readOnlyViolation(errorMessage(error)) : engineError(error);
}

function engineError(error: unknown): WarehouseError {
  if (error instanceof WarehouseError) return error;
  return new WarehouseError('engine_error', errorMessage(error), { cause: error });
}
