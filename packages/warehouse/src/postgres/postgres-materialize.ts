import type pg from 'pg';
import { WarehouseError, errorMessage } from '../errors';
import { qualifiedName, quoteIdentifier, stagedTableName } from '../identifiers';
import { materializeInsertStatement, materializeSelect } from '../materialize-sql';
import { looksLikeWrite, readOnlyViolation } from '../read-only-sql';
import { tableChangeStatements } from '../table-schema';
import type { LoadResult, QueryParams, TableSchema } from '../warehouse';
import { pgPrimaryKeyName } from './postgres-catalog';
import { toPositional } from './postgres-params';
import { toPgParam } from './postgres-query';
import { pgSqlType } from '../sql-types';

/**
 * Rebuilds `table` (a validated definition) from the query's rows. The caller owns the
 * transaction and the table's lock: the staged twin is created, filled and renamed over the live
 * table inside it, so a failure anywhere rolls back to the old table and no twin. The query runs
 * as a subquery through the extended protocol: one statement, and PostgreSQL refuses a
 * data-modifying WITH anywhere but at the top level.
 */
export async function materializePg(
  client: pg.PoolClient,
  schema: string,
  table: TableSchema,
  selectSql: string,
  params: QueryParams,
): Promise<LoadResult> {
  const select = materializeSelect(selectSql);
  const staged = stagedTableName(table.name);
  await client.query(`DROP TABLE IF EXISTS ${qualifiedName(schema, staged)}`);
  for (const statement of tableChangeStatements(schema, { ...table, name: staged }, null, pgSqlType)) {
    await client.query(statement);
  }
  const { text, values } = toPositional(
    materializeInsertStatement(schema, staged, table, select, pgSqlType),
    params,
  );
  const insert: pg.QueryConfig & { queryMode: 'extended' } = {
    text,
    values: values.map(toPgParam),
    queryMode: 'extended',
  };
  const result = await client.query(insert).catch((error: unknown) => {
    throw classified(error, select) ?? error;
  });
  await replaceLiveTable(client, schema, staged, table.name);
  return { rows: result.rowCount ?? 0 };
}

/**
 * Drops `live` and renames `staged` to it, inside the caller's transaction. The primary key's
 * name follows the table, so that the next staged twin can take its own.
 */
export async function replaceLiveTable(
  client: pg.PoolClient,
  schema: string,
  staged: string,
  live: string,
): Promise<void> {
  const liveName = qualifiedName(schema, live);
  await client.query(`DROP TABLE IF EXISTS ${liveName}`);
  await client.query(`ALTER TABLE ${qualifiedName(schema, staged)} RENAME TO ${quoteIdentifier(live)}`);
  const key = await pgPrimaryKeyName(client, schema, live);
  const wanted = `${live}_pkey`.slice(0, 63);
  if (key !== null && key !== wanted) {
    await client.query(
      `ALTER TABLE ${liveName} RENAME CONSTRAINT "${key.replaceAll('"', '""')}" TO "${wanted}"`,
    );
  }
}

/**
 * Errors the query itself caused: one PostgreSQL refused to run as a subquery (a second
 * statement, a data-modifying WITH) is a `read_only_violation` when it reads like a write;
 * parameters that do not match the placeholders are `invalid_parameter`. Null for the others,
 * which keep the warehouse's usual mapping.
 */
function classified(error: unknown, select: string): WarehouseError | null {
  const code = (error as { code?: unknown }).code;
  if ((code === '42601' || code === '0A000') && looksLikeWrite(select)) {
    return readOnlyViolation(errorMessage(error));
  }
  if (code === '08P01' || code === '42P18') {
    return new WarehouseError('invalid_parameter', errorMessage(error), { cause: error });
  }
  return null;
}
