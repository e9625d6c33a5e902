import {
  CUSTOM_TABLE_IDS,
  CUSTOM_TABLE_REQUIRED_COLUMNS,
  CUSTOM_TABLE_TITLES,
  CustomTableErrorType,
  customTableMessages,
  type CustomTable,
  type CustomTableColumn,
  type CustomTableId,
  type CustomTableUploadProgress,
  type CustomTableUploadResponse,
  type CustomTablesResponse,
} from '@maya/contracts';
import { ident, tableRef } from '@maya/analytics';
import { WarehouseError, stagedTableName } from '@maya/warehouse';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { WithWarehouse } from '../modelling';
import { RAW_SCHEMA } from '../modelling';
import { checkColumns, planColumns } from './columns';
import { readCsv } from './csv/read-csv';
import { LINE_KEY, extraColumns, replaceTable, tableSchema, warehouseTableName } from './load';
import { customTablesRepository as repo, type CustomTableRow } from './repository';

export type CustomTablesDeps = {
  platform: Pick<Platform, 'database'>;
  withWarehouse: WithWarehouse;
  /** After the rows or columns changed: the model version moves on (reports' caches, -maya). */
  rebuild(organizationId: string): Promise<void>;
  /** The organization's currency: a manual ads file without a currency column is in it. */
  organizationCurrency(organizationId: string): Promise<string>;
};

export type CustomTablesService = ReturnType<typeof createCustomTablesService>;

/** Progress is written every this many rows (and at each phase). */
const PROGRESS_ROWS = 50_000;
/**
 * An upload that has not told its progress for this long is one whose process is gone (a crash,
 * a restart): a running one tells it every 50,000 rows, a few seconds apart.
 */
const STALE_UPLOAD_SECONDS = 300;

const notFound = () =>
  new AppError(404, CustomTableErrorType.notFound, { message: 'This custom table has no data yet' });

function toContract(row: CustomTableRow): CustomTable {
  const tableId = row.tableId as CustomTableId;
  return {
    table_id: tableId,
    name: CUSTOM_TABLE_TITLES[tableId],
    uuid: row.id,
    columns: row.columns,
    row_count: row.rowCount,
    file_name: row.fileName,
    uploaded_at: row.uploadedAt?.toISOString() ?? null,
  };
}

export type UploadInput = {
  tableId: CustomTableId;
  uploadId: string | null;
  fileName: string;
  /** The editor's columns for a new table; ignored once the table exists (its columns rule). */
  columns: CustomTableColumn[] | null;
  file: AsyncIterable<Buffer>;
  /** Told when the models could not be rebuilt after the rows were replaced. */
  onRebuildFailed?: (error: unknown) => void;
};

export function createCustomTablesService(deps: CustomTablesDeps) {
  const { db } = deps.platform.database;
  const inOrganization = <T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]) =>
    withOrganization(db, organizationId, work);

  async function progress(
    organizationId: string,
    tableId: string,
    uploadId: string | null,
    state: Omit<CustomTableUploadProgress, 'upload_id'>,
  ): Promise<void> {
    if (uploadId === null) return;
    await inOrganization(organizationId, (tx) =>
      repo.progress(tx, organizationId, { id: uploadId, tableId, ...state }),
    );
  }

  /**
   * What uploads whose process died left behind: each is marked failed (its page stops waiting)
   * and, unless another upload of its table is running, its staged rows are dropped, and the
   * empty table a first upload had created. Returns the tables cleaned.
   */
  async function cleanUpInterrupted(organizationId: string): Promise<string[]> {
    const found = await inOrganization(organizationId, async (tx) => ({
      stale: await repo.failStale(tx, STALE_UPLOAD_SECONDS),
      running: await repo.running(tx),
      defined: (await repo.list(tx)).map((row) => row.tableId),
    }));
    const tables = [...new Set(found.stale.map((upload) => upload.tableId))].filter(
      (tableId) => !found.running.includes(tableId),
    ) as CustomTableId[];
    if (tables.length === 0) return [];
    await deps.withWarehouse(organizationId, async (warehouse) => {
      const existing = await warehouse.listTables(RAW_SCHEMA);
      for (const tableId of tables) {
        const name = warehouseTableName(tableId);
        if (existing.includes(stagedTableName(name)))
          await warehouse.dropTable(RAW_SCHEMA, stagedTableName(name));
        if (!found.defined.includes(tableId) && existing.includes(name)) {
          await warehouse.dropTable(RAW_SCHEMA, name);
        }
      }
    });
    return tables;
  }

  return {
    cleanUpInterrupted,

    async list(organizationId: string): Promise<CustomTablesResponse> {
      const rows = await inOrganization(organizationId, (tx) => repo.list(tx));
      return {
        tables: rows.filter((row) => (CUSTOM_TABLE_IDS as string[]).includes(row.tableId)).map(toContract),
        categories: CUSTOM_TABLE_IDS.map((id) => ({
          table_id: id,
          name: CUSTOM_TABLE_TITLES[id],
          required_columns: [...CUSTOM_TABLE_REQUIRED_COLUMNS[id]],
        })),
      };
    },

    async get(organizationId: string, tableId: CustomTableId): Promise<CustomTable> {
      const row = await inOrganization(organizationId, (tx) => repo.find(tx, tableId));
      if (row === null) throw notFound();
      return toContract(row);
    },

    /** The definitions as they are, for the semantic model (modelling). */
    async definitions(organizationId: string): Promise<CustomTable[]> {
      return (await this.list(organizationId)).tables;
    },

    /**
     * Reads the CSV as it streams and replaces the table's rows with it, or refuses it with
     * nothing changed (load.ts). The definition is saved after the rows are in.
     */
    async upload(organizationId: string, input: UploadInput): Promise<CustomTableUploadResponse> {
      const { tableId, uploadId } = input;
      const existing = await inOrganization(organizationId, (tx) => repo.find(tx, tableId));
      const currency =
        tableId === 'manual_ads_performance' ? await deps.organizationCurrency(organizationId) : null;
      let pending = Promise.resolve();
      let bytes = 0;
      let loaded = 0;
      const tell = (phase: CustomTableUploadProgress['phase'], rows: number) => {
        pending = pending
          .then(() =>
            progress(organizationId, tableId, uploadId, {
              phase,
              bytes_received: bytes,
              rows_checked: rows,
              rows_loaded: phase === 'done' ? loaded : 0,
            }),
          )
          .catch(() => undefined);
      };
      await cleanUpInterrupted(organizationId);
      tell('receiving', 0);
      try {
        const reading = await readCsv(input.file, {
          plan: (header) => planColumns(tableId, header, existing?.columns ?? null, input.columns),
          onRows: (rows, bytesRead) => {
            bytes = bytesRead;
            if (rows % PROGRESS_ROWS === 0 || rows < PROGRESS_ROWS) tell('receiving', rows);
          },
        });
        const table = tableSchema(tableId, reading.columns);
        const hasKey = reading.columns.some((c) => c.isPrimaryKey);
        const constants = Object.fromEntries(
          extraColumns(tableId, reading.columns).map((c) => [
            c.name,
            c.name === 'currency' ? currency : null,
          ]),
        );
        loaded = await deps.withWarehouse(organizationId, (warehouse) =>
          replaceTable(warehouse, table, reading.batches, {
            columns: reading.columns.map((c) => c.alias),
            delimiter: reading.delimiter,
            constants,
            ...(hasKey ? {} : { numberColumn: LINE_KEY }),
          }),
        );
        bytes = reading.bytesRead();
        const saved = await inOrganization(organizationId, (tx) =>
          repo.save(tx, {
            organizationId,
            tableId,
            columns: reading.columns,
            rowCount: loaded,
            fileName: input.fileName,
          }),
        );
        tell('done', loaded);
        await pending;
        // The rows are in: a model that fails to build is the rebuild's to report (its version is
        // bumped, the ETL's next run builds again), not a reason to call the upload failed.
        await deps.rebuild(organizationId).catch((error: unknown) => input.onRebuildFailed?.(error));
        return {
          success: true,
          detail: customTableMessages.success,
          table: toContract(saved),
          rows: loaded,
          encoding: reading.encoding,
          delimiter: reading.delimiter,
        };
      } catch (error) {
        tell('failed', 0);
        await pending;
        throw error;
      }
    },

    /** The editor's save for a table with data: final names and types changed in place, or nothing. */
    async updateColumns(
      organizationId: string,
      tableId: CustomTableId,
      columns: CustomTableColumn[],
    ): Promise<CustomTable> {
      const existing = await inOrganization(organizationId, (tx) => repo.find(tx, tableId));
      if (existing === null) throw notFound();
      const names = existing.columns.map((c) => c.columnName).sort();
      const given = columns.map((c) => c.columnName).sort();
      if (names.join('\u0000') !== given.join('\u0000')) {
        throw new AppError(400, CustomTableErrorType.schemaMismatch, {
          message: customTableMessages.schemaMismatch,
        });
      }
      const ordered = existing.columns.flatMap((old) =>
        columns.filter((c) => c.columnName === old.columnName),
      );
      checkColumns(tableId, ordered);
      const table = tableSchema(tableId, ordered);
      const renamed = existing.columns.map((old, i) => ({
        from: old.alias,
        to: ordered[i]?.alias ?? old.alias,
      }));
      const kept = table.columns.slice(ordered.length).map((c) => ({ from: c.name, to: c.name }));
      try {
        await deps.withWarehouse(organizationId, async (warehouse) => {
          const q = (name: string) => ident(warehouse.engine, name);
          const select = [...renamed, ...kept].map((c) => `${q(c.from)} AS ${q(c.to)}`).join(', ');
          await warehouse.materialize(
            RAW_SCHEMA,
            table,
            `SELECT ${select} FROM ${tableRef(warehouse.engine, RAW_SCHEMA, table.name)}`,
          );
        });
      } catch (error) {
        if (!(error instanceof WarehouseError)) throw error;
        throw new AppError(400, CustomTableErrorType.invalidColumns, {
          message: 'The table has values the new column types cannot hold; nothing was changed',
        });
      }
      const saved = await inOrganization(organizationId, (tx) =>
        repo.save(tx, { organizationId, tableId, columns: ordered }),
      );
      await deps.rebuild(organizationId);
      return toContract(saved);
    },

    async remove(organizationId: string, tableId: CustomTableId): Promise<void> {
      const removed = await inOrganization(organizationId, (tx) => repo.remove(tx, tableId));
      if (!removed) throw notFound();
      await deps.withWarehouse(organizationId, (warehouse) =>
        warehouse.dropTable(RAW_SCHEMA, warehouseTableName(tableId)),
      );
      await deps.rebuild(organizationId);
    },

    async uploadProgress(
      organizationId: string,
      tableId: CustomTableId,
      uploadId: string,
    ): Promise<CustomTableUploadProgress> {
      const row = await inOrganization(organizationId, (tx) => repo.readProgress(tx, tableId, uploadId));
      if (row === null) throw new AppError(404, CustomTableErrorType.notFound, { message: 'No such upload' });
      return {
        upload_id: row.id,
        phase: row.phase,
        bytes_received: row.bytesReceived,
        rows_checked: row.rowsChecked,
        rows_loaded: row.rowsLoaded,
      };
    },
  };
}
