import type pg from 'pg';
import { WarehouseError, errorMessage } from '../errors';
import {
  checkQueryOptions,
  leadingKeyword,
  looksLikeWrite,
  looksReadOnly,
  readOnlyViolation,
} from '../read-only-sql';
import type { QueryOptions, QueryParams, QueryResult, Row } from '../warehouse';
import { toPositional } from './postgres-params';
import { columnTypeFromPgOid, pgResultConverter } from './postgres-types';

const CURSOR = 'maya_query';
/** Every value arrives as PostgreSQL's text; pgResultConverter turns it into the result form. */
const RAW_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

/**
 * Runs one read-only statement: a READ ONLY transaction (the engine's guarantee), declared as
 * a cursor (PostgreSQL accepts only a query there, one statement, no data-modifying WITH), with
 * `statement_timeout` as the time limit and FETCH for the row cap.
 */
export async function runPgQuery(
  pool: pg.Pool,
  sql: string,
  params: QueryParams,
  opts: QueryOptions,
): Promise<QueryResult> {
  const { timeoutMs, maxRows } = checkQueryOptions(opts);
  if (typeof sql !== 'string' || leadingKeyword(sql) === '') throw readOnlyViolation('no statement');
  if (!looksReadOnly(sql))
    throw readOnlyViolation(`statement starts with ${leadingKeyword(sql).toUpperCase()}`);
  const { text, values } = toPositional(sql.replace(/[\s;]+$/, ''), params);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.ceil(timeoutMs)}`);
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    // The extended protocol, even without parameters: it refuses a second statement.
    const declare: pg.QueryConfig & { queryMode: 'extended' } = {
      text: `DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${text}`,
      values: values.map(toPgParam),
      queryMode: 'extended',
    };
    await client.query(declare);
    const fetched = await client.query<string[]>({
      text: `FETCH ${maxRows === null ? 'ALL' : maxRows + 1} FROM ${CURSOR}`,
      rowMode: 'array',
      types: RAW_TEXT,
    });
    return toQueryResult(fetched, maxRows);
  } catch (error) {
    throw mapQueryError(error, sql, timeoutMs);
  } finally {
    await client.query('ROLLBACK').catch((error: unknown) => {
      broken = error instanceof Error ? error : new Error(String(error));
    });
    client.release(broken);
  }
}

function toQueryResult(result: pg.QueryResult<string[]>, maxRows: number | null): QueryResult {
  const fields = result.fields.map((f) => ({
    name: f.name,
    type: columnTypeFromPgOid(f.dataTypeID),
    convert: pgResultConverter(f.dataTypeID),
  }));
  const truncated = maxRows !== null && result.rows.length > maxRows;
  const kept = truncated ? result.rows.slice(0, maxRows) : result.rows;
  const rows = kept.map((values) => {
    const row: Row = {};
    fields.forEach((field, c) => {
      const value = values[c];
      row[field.name] = value === null || value === undefined ? null : field.convert(value);
    });
    return row;
  });
  const columns = fields.map(({ name, type }) => ({ name, type }));
  return { columns, rows, truncated };
}

export function toPgParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return value;
  }
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()))
      throw new WarehouseError('invalid_parameter', 'a parameter is an invalid date');
    return value.toISOString();
  }
  if (Array.isArray(value)) return value.map(toPgParam);
  throw new WarehouseError(
    'invalid_parameter',
    'parameters must be strings, numbers, bigints, booleans, Dates, arrays or null',
  );
}

function mapQueryError(error: unknown, sql: string, timeoutMs: number): WarehouseError {
  if (error instanceof WarehouseError) return error;
  const code = (error as { code?: unknown }).code;
  const message = errorMessage(error);
  switch (code) {
    case '57014':
      return new WarehouseError('query_timeout', `query did not finish within ${timeoutMs} ms`, {
        cause: error,
      });
    case '25006': // read_only_sql_transaction
    case '25001': // e.g. turning the transaction read-write from inside the query
      return readOnlyViolation(message);
    case '0A000':
      return /DECLARE CURSOR|data-modifying/i.test(message)
        ? readOnlyViolation(message)
        : new WarehouseError('engine_error', message, { cause: error });
    case '08P01':
    case '42P18':
      return new WarehouseError('invalid_parameter', message, { cause: error });
    case '42601':
      // A syntax error: DECLARE accepts only a query, so a write is one too.
      return /multiple commands/i.test(message) || looksLikeWrite(sql)
        ? readOnlyViolation(message)
        : new WarehouseError('engine_error', message, { cause: error });
    default:
      return new WarehouseError('engine_error', message, { cause: error });
  }
}
