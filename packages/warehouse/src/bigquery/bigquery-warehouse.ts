import type { BigQueryDestinationConfig } from '../destination-config';
import { WarehouseError } from '../errors';
import { assertIdentifier } from '../identifiers';
import { readOnlyViolation } from '../read-only-sql';
import { mappedAsWrite, openRemoteWarehouse, type LoadChunks } from '../remote-warehouse';
import type { Row, TableSchema, Warehouse } from '../warehouse';
import { openBigQueryClient, type BigQueryClient, type BigQueryJobRequest } from './bigquery-client';
import { isNotFound, mapBigQueryError } from './bigquery-errors';
import {
  bigQueryTableName,
  bindQuery,
  checkLocation,
  columnsFromDescription,
  createDatasetSql,
  createEmptySql,
  createLoadTableSql,
  describeTableSql,
  dropTableSql,
  listTablesSql,
  loadTableFields,
  materializeInsertSql,
  mergeSql,
  stageSql,
  swapSql,
  tableChangeSql,
  tableFromDescription,
  type BigQueryStatement,
} from './bigquery-sql';
import { loadLine, queryColumns, resultRows } from './bigquery-values';

export type BigQueryWarehouseConfig = BigQueryDestinationConfig & {
  /** Prepended to every schema name to make the dataset name (e.g. one prefix per organization). */
  datasetPrefix?: string;
};

export type BigQueryWarehouseOptions = {
  /** Stands in for the official client (tests); by default one is opened from the config. */
  client?: BigQueryClient;
  /** Rows per load job; 50,000 by default. */
  loadChunkRows?: number;
};

const DEFAULT_CHUNK_ROWS = 50_000;
const PREFIX = /^[a-z0-9_]{0,30}$/;

/**
 * A BigQuery destination (the flow in remote-warehouse.ts): each schema a dataset created in the
 * configured location; loads sent with load jobs to a load table; stage, swap and materialize as
 * single `CREATE OR REPLACE TABLE ... AS SELECT` jobs; queries dry-run first and run only when
 * BigQuery classifies them as `SELECT`.
 */
export async function openBigQueryWarehouse(
  config: BigQueryWarehouseConfig,
  options: BigQueryWarehouseOptions = {},
): Promise<Warehouse> {
  const location = checkLocation(config.location);
  const prefix = config.datasetPrefix ?? '';
  if (!PREFIX.test(prefix)) {
    throw new WarehouseError('invalid_parameter', 'datasetPrefix takes lower-case letters, digits and _');
  }
  const client = options.client ?? (await mappedAsWrite(openBigQueryClient(config), mapBigQueryError));
  const chunkRows = options.loadChunkRows ?? DEFAULT_CHUNK_ROWS;
  const run = (statement: BigQueryStatement | string) =>
    mappedAsWrite(client.run(jobOf(statement)), mapBigQueryError);

  /** The rows of an INFORMATION_SCHEMA statement; none when the dataset does not exist. */
  async function informationRows(statement: BigQueryStatement | string): Promise<Row[]> {
    try {
      const result = await client.run(jobOf(statement));
      return resultRows(result.fields, result.rows);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw mapBigQueryError(error, 'write');
    }
  }

  function openLoad(dataset: string, load: string, table: TableSchema): LoadChunks {
    const fields = loadTableFields(table);
    let lines: string[] = [];
    return {
      add: (values, order) => lines.push(loadLine(table, values, order)) >= chunkRows,
      pending: () => lines.length > 0,
      async send() {
        const request = { dataset, table: load, fields, lines };
        lines = [];
        await mappedAsWrite(client.load(request), mapBigQueryError);
      },
    };
  }

  return openRemoteWarehouse<BigQueryStatement, void>({
    engine: 'bigquery',
    container: (schema) =>
      assertIdentifier(
        `${prefix}${assertIdentifier(schema, 'schema')}`,
        'dataset name (schema name too long)',
      ),
    tableName: bigQueryTableName,
    createSchemaSql: (dataset) => createDatasetSql(dataset, location),
    tableChangeSql,
    dropTableSql,
    stageSql,
    swapSql,
    createEmptySql,
    materializeInsertSql,
    createLoadTableSql,
    mergeSql,
    bindQuery,
    tableFromDescription,
    columnsFromDescription,

    run,
    async count(sql) {
      const result = await run(sql);
      return Number(resultRows(result.fields, result.rows)[0]?.n ?? 0);
    },
    insert: async (statement) => (await run(statement)).affectedRows ?? 0,
    describeRows: (dataset, table) => informationRows(describeTableSql(dataset, table)),
    listTables: async (dataset) =>
      (await informationRows(listTablesSql(dataset))).map((r) => String(r.table_name)),
    openLoad,
    /** A dry run: nothing runs, nothing is billed. */
    async checkQuery(statement, signal) {
      const described = await client.run({ ...statement, dryRun: true, signal });
      if (described.statementType !== 'SELECT') {
        throw readOnlyViolation(`BigQuery reads it as ${described.statementType ?? 'an unknown statement'}`);
      }
    },
    async runQuery(statement, _checked, { timeoutMs, signal, maxRows }) {
      const result = await client.run({
        ...statement,
        timeoutMs,
        signal,
        ...(maxRows === null ? {} : { maxRows }),
      });
      return {
        columns: queryColumns(result.fields),
        rows: resultRows(result.fields, result.rows),
        totalRows: result.totalRows,
      };
    },
    mapError: mapBigQueryError,
    close: async () => undefined,
  });
}

function jobOf(statement: BigQueryStatement | string): BigQueryJobRequest {
  return typeof statement === 'string' ? { sql: statement, params: [] } : statement;
}
