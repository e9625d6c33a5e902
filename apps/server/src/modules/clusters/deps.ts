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
   * Re-applies the organization's cluster columns to its data (the modelling module's rebuild:
   * no provider fetch); called after every change that alters a column's values.
   */
  rebuild(organizationId: string): Promise<void>;
};

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
 * Applies a saved change to the organization's data. The change is committed first: when this
 * fails the answer says so with `saved: true` (spec 001 §4 "an error whose detail.saved is true
 * counts as saved"), and the next rebuild (a load, another save) applies it.
 */
export async function applySaved(deps: Pick<ClustersDeps, 'rebuild'>, organizationId: string): Promise<void> {
  try {
    await deps.rebuild(organizationId);
  } catch (error) {
    const failure = new AppError(503, ClusterErrorType.applyFailed, {
      saved: true,
      message: 'Saved; applying it to the data failed and is retried with the next load.',
    });
    failure.cause = error;
    throw failure;
  }
}
