import {
  LIST,
  StatementType,
  TIMESTAMP,
  VARCHAR,
  jsToDuckDBValue,
  listValue,
  type DuckDBConnection,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { checkQueryOptions, leadingKeyword, looksLikeWrite, readOnlyViolation } from '../read-only-sql';
import type { QueryOptions, QueryParams, QueryResult } from '../warehouse';
import type { DuckDbReaders } from './duckdb-readers';
import { materializedAnswer, readDuckDbResult } from './duckdb-result';

/** Connections with a query running, so that closing the warehouse can interrupt them. */
export type ActiveQueries = Set<DuckDBConnection>;

/**
 * Runs one read-only statement on a connection of its own: exactly one statement (DuckDB
 * prepares no more), of type SELECT (checked on the prepared statement), inside a READ ONLY
 * transaction, parameters bound, and interrupted after `timeoutMs`. The connection, its
 * transaction and the prepared statement are kept for the next query (duckdb-readers.ts);
 * after a failure they are closed.
 */
export async function runDuckDbQuery(
  readers: DuckDbReaders,
  active: ActiveQueries,
  sql: string,
  params: QueryParams,
  opts: QueryOptions,
): Promise<QueryResult> {
  const { timeoutMs, maxRows } = checkQueryOptions(opts);
  if (typeof sql !== 'string' || leadingKeyword(sql) === '') throw readOnlyViolation('no statement');
  const reader = await readers.take();
  const { conn } = reader;
  active.add(conn);
  let timedOut = false;
  let answered = false;
  const timer = setTimeout(() => {
    timedOut = true;
    conn.interrupt();
  }, timeoutMs);
  try {
    const prepared = await readers.prepare(reader, sql).catch((error: unknown) => {
      if (SEVERAL_STATEMENTS.test(errorMessage(error))) throw readOnlyViolation('got several statements');
      throw unpreparable(sql, error);
    });
    if (prepared.statementType !== StatementType.SELECT) {
      throw readOnlyViolation(`statement type ${StatementType[prepared.statementType]}`);
    }
    bindParams(prepared, params);
    const read =
      maxRows === null
        ? materializedAnswer(await prepared.run())
        : await prepared.streamAndReadUntil(maxRows + 1);
    const result = readDuckDbResult(read, maxRows);
    answered = !timedOut;
    return result;
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
    // A failed statement may have aborted the transaction, an interrupted one the connection.
    if (answered) readers.give(reader);
    else readers.discard(reader);
  }
}

/** DuckDB's words when `prepare` is given more than one statement. */
const SEVERAL_STATEMENTS = /Cannot prepare multiple statements/i;

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
