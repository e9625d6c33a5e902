import pg from 'pg';
import { WarehouseError, errorMessage } from '../errors';
import { assertIdentifier, qualifiedName, quoteIdentifier, stagedTableName } from '../identifiers';
import { stageCopyStatement } from '../stage-sql';
import { tableChangeStatements, validateTableSchema } from '../table-schema';
import { textBatchRows, type TextBatches, type TextLayout } from '../text-batches';
import type {
  ColumnInfo,
  LoadOptions,
  LoadResult,
  QueryOptions,
  QueryParams,
  QueryResult,
  RowBatches,
  StageOptions,
  TableSchema,
  Warehouse,
} from '../warehouse';
import { describePgTable, listPgColumns, listPgTables } from './postgres-catalog';
import { upsertBatches } from './postgres-load';
import { materializePg, replaceLiveTable } from './postgres-materialize';
import { runPgQuery } from './postgres-query';
import { postgresReaders } from './postgres-readers';
import { pgSqlType } from '../sql-types';

/** The settings of each connection the pool opens: every one goes to the same host. */
export type PostgresConnection = Pick<
  pg.ClientConfig,
  'host' | 'port' | 'database' | 'user' | 'password' | 'ssl'
>;

export type PostgresWarehouseOptions = (
  | {
      /** `postgres://user:password@host:port/database` of the destination. */
      connectionString: string;
    }
  | {
      /** The settings one by one: destinations pass the address they checked as `host`. */
      connection: PostgresConnection;
    }
) & {
  /** Pool size; 5 by default. */
  maxConnections?: number;
};

/**
 * A PostgreSQL destination: schemas and tables in the user's database, loads as upserts in
 * one transaction, queries in READ ONLY transactions with `statement_timeout`.
 */
export async function openPostgresWarehouse(options: PostgresWarehouseOptions): Promise<Warehouse> {
  const settings =
    'connection' in options ? options.connection : { connectionString: options.connectionString };
  const pool = new pg.Pool({ ...settings, max: options.maxConnections ?? 5 });
  pool.on('error', () => undefined); // an idle client's connection dropped; the pool replaces it
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end();
    throw new WarehouseError('engine_error', `cannot connect to PostgreSQL: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  let closed = false;

  async function transaction<T>(task: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (closed) throw new WarehouseError('engine_error', 'the warehouse is closed');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL TimeZone = 'UTC'`);
      const result = await task(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw mapError(error);
    }
  }

  /** Serialises DDL on one table across connections and processes. */
  async function lockTable(client: pg.PoolClient, schema: string, table: string): Promise<void> {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`maya.warehouse.${schema}.${table}`]);
  }

  async function read<T>(task: () => Promise<T>): Promise<T> {
    if (closed) throw new WarehouseError('engine_error', 'the warehouse is closed');
    return task().catch((error: unknown) => {
      throw mapError(error);
    });
  }

  return {
    engine: 'postgres',
    readers: postgresReaders(transaction),

    async ensureSchema(schema: string): Promise<void> {
      const name = quoteIdentifier(schema, 'schema');
      await transaction(async (client) => {
        await lockTable(client, schema, '');
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${name}`);
      });
    },

    async createTable(schema: string, table: TableSchema): Promise<void> {
      assertIdentifier(schema, 'schema');
      const declared = validateTableSchema(table);
      await transaction(async (client) => {
        await lockTable(client, schema, declared.name);
        await createOrAlter(client, schema, declared);
      });
    },

    async dropTable(schema: string, table: string): Promise<void> {
      const name = qualifiedName(schema, table);
      await transaction(async (client) => {
        await client.query(`DROP TABLE IF EXISTS ${name}`);
      });
    },

    async loadBatch(
      schema: string,
      table: string,
      rows: RowBatches,
      opts: LoadOptions = {},
    ): Promise<LoadResult> {
      assertIdentifier(schema, 'schema');
      assertIdentifier(table, 'table');
      const target = opts.staging === true ? stagedTableName(table) : table;
      return transaction(async (client) => {
        let definition = await describePgTable(client, schema, target);
        if (definition === null && opts.staging === true) {
          await lockTable(client, schema, target);
          const live = await describePgTable(client, schema, table);
          if (live === null) throw missingTable(schema, table);
          definition = { ...live, name: target };
          await createOrAlter(client, schema, definition);
        }
        if (definition === null) throw missingTable(schema, target);
        if (definition.primaryKey.length === 0) {
          throw new WarehouseError(
            'schema_mismatch',
            `table ${schema}.${target} has no primary key to load by`,
          );
        }
        return { rows: await upsertBatches(client, schema, definition, rows) };
      });
    },

    async loadText(
      this: Warehouse,
      schema: string,
      table: string,
      batches: TextBatches,
      layout: TextLayout,
      opts: LoadOptions = {},
    ): Promise<LoadResult> {
      return this.loadBatch(schema, table, textBatchRows(batches, layout), opts);
    },

    async stage(schema: string, table: string, opts: StageOptions = {}): Promise<LoadResult> {
      assertIdentifier(schema, 'schema');
      assertIdentifier(table, 'table');
      const staged = stagedTableName(table);
      return transaction(async (client) => {
        await lockTable(client, schema, staged);
        const live = await describePgTable(client, schema, table);
        if (live === null) throw missingTable(schema, table);
        await client.query(`DROP TABLE IF EXISTS ${qualifiedName(schema, staged)}`);
        await createOrAlter(client, schema, { ...live, name: staged });
        const copy = stageCopyStatement(
          schema,
          live,
          staged,
          opts.except ?? [],
          (p, type) => `${p}::${pgSqlType(type)}`,
        );
        const result = await client.query(copy.sql, copy.values);
        return { rows: result.rowCount ?? 0 };
      });
    },

    async swap(schema: string, stagedTable: string, liveTable: string): Promise<void> {
      qualifiedName(schema, stagedTable);
      qualifiedName(schema, liveTable);
      if (stagedTable === liveTable) {
        throw new WarehouseError('schema_mismatch', 'the staged and live tables are the same table');
      }
      await transaction(async (client) => {
        await lockTable(client, schema, liveTable);
        if ((await describePgTable(client, schema, stagedTable)) === null)
          throw missingTable(schema, stagedTable);
        await replaceLiveTable(client, schema, stagedTable, liveTable);
      });
    },

    async materialize(
      schema: string,
      table: TableSchema,
      selectSql: string,
      params: QueryParams = [],
    ): Promise<LoadResult> {
      assertIdentifier(schema, 'schema');
      const declared = validateTableSchema(table);
      return transaction(async (client) => {
        await lockTable(client, schema, declared.name);
        return materializePg(client, schema, declared, selectSql, params);
      });
    },

    async query(sql: string, params: QueryParams, opts: QueryOptions): Promise<QueryResult> {
      if (closed) throw new WarehouseError('engine_error', 'the warehouse is closed');
      return runPgQuery(pool, sql, params, opts);
    },

    async listTables(schema: string): Promise<string[]> {
      assertIdentifier(schema, 'schema');
      return read(() => listPgTables(pool, schema));
    },

    async listColumns(schema: string, table: string): Promise<ColumnInfo[]> {
      qualifiedName(schema, table);
      return read(() => listPgColumns(pool, schema, table));
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function createOrAlter(client: pg.PoolClient, schema: string, declared: TableSchema): Promise<void> {
  const existing = await describePgTable(client, schema, declared.name);
  for (const statement of tableChangeStatements(schema, declared, existing, pgSqlType))
    await client.query(statement);
}

function missingTable(schema: string, table: string): WarehouseError {
  return new WarehouseError('schema_mismatch', `table ${schema}.${table} does not exist`);
}

/** Data the table cannot take (SQLSTATE classes 22 and 23) is a `schema_mismatch`. */
function mapError(error: unknown): WarehouseError {
  if (error instanceof WarehouseError) return error;
  const code = (error as { code?: unknown }).code;
  const type = typeof code === 'string' && /^2[23]/.test(code) ? 'schema_mismatch' : 'engine_error';
  return new WarehouseError(type, errorMessage(error), { cause: error });
}
