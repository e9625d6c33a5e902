import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { CustomTableColumn, CustomTableUploadProgress } from '@maya/contracts';
import type { Transaction } from '../../platform/db/pool';
import { customTables, customTableUploads } from './schema';

export type CustomTableRow = typeof customTables.$inferSelect;

/** An organization's custom tables and uploads; every call runs inside withOrganization. */
export const customTablesRepository = {
  async list(tx: Transaction): Promise<CustomTableRow[]> {
    return tx.select().from(customTables).orderBy(asc(customTables.tableId));
  },

  async find(tx: Transaction, tableId: string): Promise<CustomTableRow | null> {
    const [row] = await tx.select().from(customTables).where(eq(customTables.tableId, tableId));
    return row ?? null;
  },

  async save(
    tx: Transaction,
    row: {
      organizationId: string;
      tableId: string;
      columns: CustomTableColumn[];
      rowCount?: number;
      fileName?: string;
    },
  ): Promise<CustomTableRow> {
    const uploaded =
      row.rowCount === undefined
        ? {}
        : { rowCount: row.rowCount, fileName: row.fileName ?? null, uploadedAt: new Date() };
    const [saved] = await tx
      .insert(customTables)
      .values({ organizationId: row.organizationId, tableId: row.tableId, columns: row.columns, ...uploaded })
      .onConflictDoUpdate({
        target: [customTables.organizationId, customTables.tableId],
        set: { columns: row.columns, ...uploaded },
      })
      .returning();
    if (saved === undefined) throw new Error('custom table upsert returned no row');
    return saved;
  },

  async remove(tx: Transaction, tableId: string): Promise<boolean> {
    const removed = await tx.delete(customTables).where(eq(customTables.tableId, tableId)).returning();
    return removed.length > 0;
  },

  async progress(
    tx: Transaction,
    organizationId: string,
    upload: { id: string; tableId: string } & Omit<CustomTableUploadProgress, 'upload_id'>,
  ): Promise<void> {
    const values = {
      phase: upload.phase,
      bytesReceived: upload.bytes_received,
      rowsChecked: upload.rows_checked,
      rowsLoaded: upload.rows_loaded,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(customTableUploads)
      .values({ organizationId, id: upload.id, tableId: upload.tableId, ...values })
      .onConflictDoUpdate({
        target: [customTableUploads.organizationId, customTableUploads.id],
        set: values,
      });
  },

  /**
   * Uploads still receiving or loading that have not told their progress for `seconds` (a
   * running upload tells it every 50,000 rows): their process is gone. Marked failed here, and
   * returned, so that their staged rows can be dropped.
   */
  async failStale(tx: Transaction, seconds: number): Promise<{ id: string; tableId: string }[]> {
    return tx
      .update(customTableUploads)
      .set({ phase: 'failed', updatedAt: sql`now()` })
      .where(
        and(
          inArray(customTableUploads.phase, ['receiving', 'loading']),
          lt(customTableUploads.updatedAt, sql`now() - make_interval(secs => ${seconds})`),
        ),
      )
      .returning({ id: customTableUploads.id, tableId: customTableUploads.tableId });
  },

  /** Tables that an upload is receiving or loading now (recently heard from). */
  async running(tx: Transaction): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ tableId: customTableUploads.tableId })
      .from(customTableUploads)
      .where(inArray(customTableUploads.phase, ['receiving', 'loading']));
    return rows.map((row) => row.tableId);
  },

  async readProgress(tx: Transaction, tableId: string, id: string) {
    const [row] = await tx
      .select()
      .from(customTableUploads)
      .where(and(eq(customTableUploads.id, id), eq(customTableUploads.tableId, tableId)));
    return row ?? null;
  },
};
