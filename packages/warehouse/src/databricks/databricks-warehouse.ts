import type { DatabricksDestinationConfig } from '../destination-config';
import { assertIdentifier } from '../identifiers';
import { mappedAsWrite, openRemoteWarehouse, type LoadChunks } from '../remote-warehouse';
import type { TableSchema, Warehouse } from '../warehouse';
import { openDatabricksClient, type DatabricksClient, type DatabricksRequest } from './databricks-client';
import { mapDatabricksError } from './databricks-errors';
import {
  SESSION_SETUP_SQL,
  bindQuery,
  checkCatalog,
  columnsFromDescription,
  createEmptySql,
  createLoadTableSql,
  createSchemaSql,
  describeQuerySql,
  describeTableSql,
  describedQueryColumns,
  dropTableSql,
  insertChunkSql,
  listTablesSql,
  materializeInsertSql,
  mergeSql,
  stageSql,
  swapSql,
  tableChangeSql,
  tableFromDescription,
  tableName,
  type DatabricksStatement,
  type Names,
} from './databricks-sql';
import { loadRecord, resultRows, textParam, type DescribedQueryColumn } from './databricks-values';

export type DatabricksWarehouseOptions = {
  /** Stands in for the official client (tests); by default one is opened from the config. */
  client?: DatabricksClient;
  /** Rows per load chunk (one INSERT each); 5,000 by default. */
  loadChunkRows?: number;
};

const DEFAULT_CHUNK_ROWS = 5_000;
/** A chunk's JSON text stays under this many characters, whatever its row count. */
const MAX_CHUNK_CHARS = 4_000_000;

/**
 * A Databricks destination (Unity Catalog, Delta tables; the flow in remote-warehouse.ts):
 * schemas in the configured catalog; loads sent in JSON chunks to a load table; stage, swap and
 * materialize as `CREATE OR REPLACE TABLE ... AS SELECT` (one Delta commit each); queries checked
 * by `DESCRIBE QUERY`, which accepts only a query, before they run.
 */
export async function openDatabricksWarehouse(
  config: DatabricksDestinationConfig,
  options: DatabricksWarehouseOptions = {},
): Promise<Warehouse> {
  const names: Names = { catalog: checkCatalog(config.catalog) };
  const client = options.client ?? (await mappedAsWrite(openDatabricksClient(config), mapDatabricksError));
  const chunkRows = options.loadChunkRows ?? DEFAULT_CHUNK_ROWS;
  const run = (statement: DatabricksStatement | string) =>
    mappedAsWrite(client.execute(requestOf(statement)), mapDatabricksError);

  try {
    await run(SESSION_SETUP_SQL);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }

  function openLoad(schema: string, load: string, table: TableSchema): LoadChunks {
    const insert = insertChunkSql(names, schema, load, table);
    let records: string[] = [];
    let chars = 0;
    return {
      add(values, order) {
        const record = JSON.stringify(loadRecord(table, values, order));
        records.push(record);
        chars += record.length + 1;
        return records.length >= chunkRows || chars >= MAX_CHUNK_CHARS;
      },
      pending: () => records.length > 0,
      async send() {
        const rows = `[${records.join(',')}]`;
        records = [];
        chars = 0;
        await run({ sql: insert, params: { rows: textParam(rows) } });
      },
    };
  }

  return openRemoteWarehouse<DatabricksStatement, DescribedQueryColumn[]>({
    engine: 'databricks',
    container: (schema) => assertIdentifier(schema, 'schema'),
    tableName: (schema, table) => tableName(names, schema, table),
    createSchemaSql: (schema) => createSchemaSql(names, schema),
    tableChangeSql: (schema, declared, existing) => tableChangeSql(names, schema, declared, existing),
    dropTableSql: (schema, table) => dropTableSql(names, schema, table),
    stageSql: (schema, live, staged, except) => stageSql(names, schema, live, staged, except),
    swapSql: (schema, staged, live) => swapSql(names, schema, staged, live),
    createEmptySql: (schema, definition) => createEmptySql(names, schema, definition),
    materializeInsertSql: (schema, staged, table, select) =>
      materializeInsertSql(names, schema, staged, table, select),
    createLoadTableSql: (schema, load, table) => createLoadTableSql(names, schema, load, table),
    mergeSql: (schema, target, load, table) => mergeSql(names, schema, target, load, table),
    bindQuery,
    tableFromDescription,
    columnsFromDescription,

    run,
    count: async (sql) => Number((await run(sql)).rows[0]?.n ?? 0),
    async insert(statement) {
      await run(statement);
      return null;
    },
    describeRows: async (schema, table) => (await run(describeTableSql(names, schema, table))).rows,
    listTables: async (schema) =>
      (await run(listTablesSql(names, schema))).rows.map((r) => String(r.table_name)),
    openLoad,
    /** `DESCRIBE QUERY`: the engine's word that the statement is one query, and its columns. */
    async checkQuery(statement, signal) {
      const described = await client.execute({ ...describeQuerySql(statement), signal });
      return describedQueryColumns(described.rows);
    },
    async runQuery(statement, columns, { signal, maxRows }) {
      const result = await client.execute({
        ...statement,
        signal,
        ...(maxRows === null ? {} : { maxRows }),
      });
      const rows = resultRows(columns, result.rows);
      return { columns: columns.map(({ name, type }) => ({ name, type })), rows, totalRows: rows.length };
    },
    mapError: mapDatabricksError,
    close: () => client.close().catch(() => undefined),
  });
}

function requestOf(statement: DatabricksStatement | string): DatabricksRequest {
  return typeof statement === 'string' ? { sql: statement, params: {} } : statement;
}
