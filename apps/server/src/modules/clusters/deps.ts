import { ClusterErrorType, type ClusterCategory, type ClusterField } from '@maya/contracts';
import type { CanonicalModel } from '@maya/analytics';
import type { Warehouse } from '@maya/warehouse';
import type { Transaction } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { categoryTable, modelFields } from './categories';
import { clustersRepository as repository } from './repository';

export type ClustersDeps = {
  platform: Pick<Platform, 'database' | 'config'>;
  /** The organization's model of a table (its columns give a category's fields); null when it has none. */
  model(organizationId: string, table: string): Promise<CanonicalModel | null>;
  /** Runs `work` on the organization's warehouse (the previews read the model tables). */
  withWarehouse<T>(organizationId: string, work: (warehouse: Warehouse) => Promise<T>): Promise<T>;
  /**
   * Re-applies the organization's cluster columns to its data (the modelling module's rebuild of
   * derived columns: no provider fetch, no model built again) on `tables` (all when null); called
   * after every change that alters a column's values. Answers the columns the engine refused.
   */
  rebuild(organizationId: string, tables: readonly string[] | null): Promise<RefusedColumn[]>;
};

/**
 * The demo organization is shared by everyone who opens it (decision 289): its clusters and word
 * groups are read, never changed (decision 314).
 */
export function refuseDemoEdits(access: { isDemo: boolean }): void {
  if (!access.isDemo) return;
  throw new AppError(403, ClusterErrorType.demoReadOnly, {
    message: "The demo organization's clusters and word groups are shared by everyone and cannot be changed.",
  });
}

/** A derived column a rebuild could not apply, and the engine's reason (modelling's RefusedColumn). */
export type RefusedColumn = { table: string; column: string; reason: string };

/** The fields a category's table offers (before any cluster column). */
export async function categoryFields(
  deps: Pick<ClustersDeps, 'model'>,
  organizationId: string,
  category: ClusterCategory,
): Promise<ClusterField[]> {
  const model = await deps.model(organizationId, categoryTable(category));
  return model ? modelFields(model) : [];
}

/**
 * A transaction on the organization's cluster tables. A `write` takes the organization's clusters
 * lock and creates its starting rows first (a read lists them without writing: a refused request
 * changes nothing).
 */
export function inClusters<T>(
  deps: Pick<ClustersDeps, 'platform'>,
  organizationId: string,
  options: { write: boolean },
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return withOrganization(deps.platform.database.db, organizationId, async (tx) => {
    if (options.write) {
      await repository.lock(tx, organizationId);
      await repository.ensureBuiltins(tx, organizationId);
    }
    return work(tx);
  });
}

/**
 * Applies a saved change to the organization's data (on `tables`, all when null). The change is
 * committed first: when applying fails the answer says so with `saved: true` (spec 001 §4 "an
 * error whose detail.saved is true counts as saved"): 503 when the rebuild failed (the next
 * rebuild, a load or another save, applies it), 422 when the engine refused the columns of a
 * table (their table keeps what it had; reports do not offer what is not there, decision 313).
 */
export async function applySaved(
  deps: Pick<ClustersDeps, 'rebuild'>,
  organizationId: string,
  tables: readonly string[] | null,
): Promise<void> {
  let refused: RefusedColumn[];
  try {
    refused = await deps.rebuild(organizationId, tables);
  } catch (error) {
    const failure = new AppError(503, ClusterErrorType.applyFailed, {
      saved: true,
      message: 'Saved; applying it to the data failed and is retried with the next load.',
    });
    failure.cause = error;
    throw failure;
  }
  const mine = refused.filter((column) => tables === null || tables.includes(column.table));
  if (mine.length === 0) return;
  throw new AppError(422, ClusterErrorType.applyRefused, {
    saved: true,
    message: `Saved; the data could not take it, so reports show these clusters as they were: ${mine[0]?.reason ?? ''}`,
    columns: mine.map(({ table, column }) => ({ table, db_name: column })),
  });
}
