import { StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { WarehouseError, errorMessage } from '../errors';
import { qualifiedName, quoteIdentifier, stagedTableName } from '../identifiers';
import { materializeInsertStatement, materializeSelect } from '../materialize-sql';
import { looksLikeWrite, readOnlyViolation } from '../read-only-sql';
import { createTableStatement } from '../table-schema';
import type { LoadResult, MaterializeOptions, QueryParams, TableSchema } from '../warehouse';
import { bindParams } from './duckdb-query';
import { duckDbSqlType } from '../sql-types';

/**
 * Rebuilds `table` (a validated definition) from the query's rows on the writer connection. The
 * caller owns the surrounding transaction: the staged twin is created, filled and renamed over
 * the live table inside it, so a failure anywhere rolls back to the old table and no twin.
 */
export async function materializeDuckDb(
  conn: DuckDBConnection,
  schema: string,
  table: TableSchema,
  selectSql: string,
  params: QueryParams,
  opts: MaterializeOptions = {},
): Promise<LoadResult> {
  const select = materializeSelect(selectSql);
  await assertSingleSelect(conn, select);
  const staged = stagedTableName(table.name);
  const keyed = opts.rebuiltOnly !== true;
  await conn.run(`DROP TABLE IF EXISTS ${qualifiedName(schema, staged)}`);
  await conn.run(createTableStatement(schema, { ...table, name: staged }, duckDbSqlType, keyed));
  const insert = await conn.prepare(materializeInsertStatement(schema, staged, table, select, duckDbSqlType));
  let inserted: number;
  try {
    bindParams(insert, params);
    inserted = Number((await insert.run()).rowsChanged);
  } finally {
    insert.destroySync();
  }
  if (!keyed) await assertKeyUnique(conn, schema, staged, table.primaryKey);
  await conn.run(`DROP TABLE IF EXISTS ${qualifiedName(schema, table.name)}`);
  await conn.run(`ALTER TABLE ${qualifiedName(schema, staged)} RENAME TO ${quoteIdentifier(table.name)}`);
  return { rows: inserted };
}

/**
 * A key repeated among the staged rows fails the build as the constraint would have: checked by
 * one grouping over the written rows, about a fifth of what building the key's index costs.
 */
async function assertKeyUnique(
  conn: DuckDBConnection,
  schema: string,
  table: string,
  primaryKey: readonly string[],
): Promise<void> {
  const key = primaryKey.map((k) => quoteIdentifier(k)).join(', ');
  const repeated = await conn.runAndReadAll(
    `SELECT ${key} FROM ${qualifiedName(schema, table)} GROUP BY ${key} HAVING count(*) > 1 LIMIT 1`,
  );
  const [row] = repeated.getRowObjectsJson();
  if (row) {
    throw new WarehouseError(
      'schema_mismatch',
      `Constraint Error: duplicate key ${JSON.stringify(row)} in the rows of ${table}`,
    );
  }
}

/** DuckDB's own verdict: exactly one statement, which it prepares as a SELECT. */
async function assertSingleSelect(conn: DuckDBConnection, select: string): Promise<void> {
  const refuseWrites = (error: unknown): never => {
    throw looksLikeWrite(select) ? readOnlyViolation(errorMessage(error)) : error;
  };
  const statements = await conn.extractStatements(select).catch(refuseWrites);
  if (statements.count !== 1) throw readOnlyViolation(`got ${statements.count} statements`);
  const prepared = await statements.prepare(0).catch(refuseWrites);
  const type = prepared.statementType;
  prepared.destroySync();
  if (type !== StatementType.SELECT) throw readOnlyViolation(`statement type ${StatementType[type]}`);
}
