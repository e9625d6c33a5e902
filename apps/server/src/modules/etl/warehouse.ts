// Which warehouse an organization's loads write to, and the model build that follows each load.
import type { EtlTable } from '@maya/contracts';
import {
  buildModels,
  duckDbFileFor,
  MODEL_SCHEMA,
  openDuckDbWarehouse,
  qualifiedName,
  stagedTableName,
  type Warehouse,
} from '@maya/warehouse';
import type { EtlDeps } from './deps';
import { RAW_SCHEMA } from './load-account';

/**
 * Runs `work` on the organization's warehouse: its configured destination, else the managed
 * DuckDB file under DATA_DIR. The handle is closed afterwards whatever happens; a managed file
 * stays open a while for the next request (platform/warehouse-files.ts).
 */
export async function withWarehouse<T>(
  deps: Pick<EtlDeps, 'platform' | 'openDestination'>,
  organizationId: string,
  work: (warehouse: Warehouse) => Promise<T>,
): Promise<T> {
  const warehouse =
    (await deps.openDestination?.(organizationId)) ??
    (await openDuckDbWarehouse({
      file: duckDbFileFor(deps.platform.config.dataDir, organizationId),
      sharing: deps.platform.warehouseFiles.sharing,
    }));
  try {
    return await work(warehouse);
  } finally {
    await warehouse.close();
  }
}

/**
 * Rebuilds the canonical models (docs/data-model.md) from the raw tables, so that reports read
 * what was just loaded. Each model is swapped in atomically; a failure (`ModelBuildError`) keeps
 * the previous tables of the failed model and those after it.
 */
export async function rebuildModels(warehouse: Warehouse, signal: AbortSignal): Promise<number> {
  const { models } = await buildModels(warehouse, {
    rawSchema: RAW_SCHEMA,
    modelSchema: MODEL_SCHEMA,
    signal,
  });
  return models.length;
}

/** Each model table with its rows and the dates it covers (the Data Load page's "Loaded data"). */
export async function describeModels(warehouse: Warehouse): Promise<EtlTable[]> {
  const tables: EtlTable[] = [];
  const names = await warehouse.listTables(MODEL_SCHEMA);
  const staged = new Set(names.map((name) => stagedTableName(name)));
  for (const name of names) {
    if (staged.has(name)) continue; // a build's twin, not yet swapped in
    const columns = await warehouse.listColumns(MODEL_SCHEMA, name);
    const dated = columns.some((c) => c.name === 'date' && c.type === 'date');
    const table = qualifiedName(MODEL_SCHEMA, name);
    const { rows } = await warehouse.query(
      dated
        ? `SELECT count(*) AS n, min(date) AS first_date, max(date) AS last_date FROM ${table}`
        : `SELECT count(*) AS n FROM ${table}`,
      [],
      { timeoutMs: 30_000 },
    );
    const [row] = rows;
    tables.push({
      name,
      rows: Number(row?.n ?? 0),
      first_date: typeof row?.first_date === 'string' ? row.first_date : null,
      last_date: typeof row?.last_date === 'string' ? row.last_date : null,
    });
  }
  return tables;
}
