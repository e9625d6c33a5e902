// A custom table's rows into the organization's warehouse, all or nothing: a staged twin is
// created with the table's definition, filled from the CSV as it streams, and swapped in only
// when the whole file was read and every row passed; anything else (a bad row, a dropped
// connection, an engine error) drops the twin and leaves the live table as it was.
import { CUSTOM_TABLE_SERVICE, MANUAL_ADS_COLUMNS, rawTable, tableRef } from '@maya/analytics';
import {
  stagedTableName,
  type Column,
  type ColumnType,
  type TableSchema,
  type TextBatch,
  type TextLayout,
  type Warehouse,
} from '@maya/warehouse';
import type { CustomColumnType, CustomTableColumn, CustomTableId } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { RAW_SCHEMA } from '../modelling';

/** The key of a table whose columns name none: the row's line in its file. */
export const LINE_KEY = '_line';

const TYPES: Record<CustomColumnType, ColumnType> = { String: 'string', Numeric: 'decimal', Date: 'date' };

export const warehouseTableName = (tableId: CustomTableId) => rawTable(CUSTOM_TABLE_SERVICE, tableId);

/** The warehouse table of these columns, with the columns a manual ads table always has. */
export function tableSchema(tableId: CustomTableId, columns: readonly CustomTableColumn[]): TableSchema {
  const declared: Column[] = columns.map((c) => ({
    name: c.alias,
    type: TYPES[c.type],
    nullable: !(c.isRequired || c.isPrimaryKey),
  }));
  const keys = columns.filter((c) => c.isPrimaryKey).map((c) => c.alias);
  if (keys.length === 0) declared.push({ name: LINE_KEY, type: 'bigint', nullable: false });
  return {
    name: warehouseTableName(tableId),
    columns: [...declared, ...extraColumns(tableId, columns)],
    primaryKey: keys.length === 0 ? [LINE_KEY] : keys,
  };
}

/** A manual ads table's report columns the file does not have (manual-ads.ts reads them all). */
export function extraColumns(tableId: CustomTableId, columns: readonly CustomTableColumn[]): Column[] {
  if (tableId !== 'manual_ads_performance') return [];
  const have = new Set(columns.map((c) => c.alias));
  return [
    ...MANUAL_ADS_COLUMNS.decimal.map((name) => ({ name, type: 'decimal' as const, nullable: true })),
    ...MANUAL_ADS_COLUMNS.string.map((name) => ({ name, type: 'string' as const, nullable: true })),
  ].filter((column) => !have.has(column.name));
}

/**
 * Replaces the table by the rows of `batches`, or changes nothing. The rows are appended to a
 * staged twin without a key index (DuckDB splits and casts each batch itself: decision 610), whose
 * key the swap checks (a key given twice keeps its last row: decision 367), unless the table is
 * keyed by the line (`layout.numberColumn`), whose keys are distinct by construction; a table this
 * upload created is dropped again when the upload fails. Returns the rows the table then has.
 */
export async function replaceTable(
  warehouse: Warehouse,
  table: TableSchema,
  batches: AsyncIterable<TextBatch>,
  layout: TextLayout,
): Promise<number> {
  const staged = stagedTableName(table.name);
  await warehouse.ensureSchema(RAW_SCHEMA);
  const created = !(await warehouse.listTables(RAW_SCHEMA)).includes(table.name);
  await warehouse.createTable(RAW_SCHEMA, table);
  // A twin a crashed upload left behind would be appended to.
  await warehouse.dropTable(RAW_SCHEMA, staged);
  const lineKeyed = layout.numberColumn !== undefined && table.primaryKey.join() === layout.numberColumn;
  let rows: number;
  try {
    rows = (await warehouse.loadText(RAW_SCHEMA, table.name, batches, layout, { staging: true })).rows;
    await warehouse.swap(RAW_SCHEMA, staged, table.name, { keysDistinct: lineKeyed });
  } catch (error) {
    await warehouse.dropTable(RAW_SCHEMA, staged).catch(() => undefined);
    if (created) await warehouse.dropTable(RAW_SCHEMA, table.name).catch(() => undefined);
    throw refusalIn(error);
  }
  return lineKeyed ? rows : countRows(warehouse, table.name);
}

/** The rows of a keyed table after its swap: a key the file gave twice kept one row. */
async function countRows(warehouse: Warehouse, table: string): Promise<number> {
  const counted = await warehouse.query(
    `SELECT count(*) AS n FROM ${tableRef(warehouse.engine, RAW_SCHEMA, table)}`,
    [],
    { timeoutMs: 60_000 },
  );
  return Number(counted.rows[0]?.n ?? 0);
}

/** The file's own refusal when the engine wrapped it (a load reading the rows fails with it). */
function refusalIn(error: unknown): unknown {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AppError) return cause;
  }
  return error;
}
