// Opening an organization's warehouse: its destination, else the managed DuckDB file. Nothing
// else in the server opens warehouses.
import {
  duckDbFileFor,
  openDestinationWarehouse,
  openDuckDbWarehouse,
  type DestinationConfig,
  type Warehouse,
} from '@maya/warehouse';
import type { Platform } from '../../platform/platform';

/** Why a warehouse is opened: loads and rebuilds read the settings afresh, reports a while remembered. */
export type OpenFor = 'write' | 'read';

export type DestinationSettings = {
  /** The organization's destination (destinations' warehouseConfig), unsealed; null: managed DuckDB. */
  current(organizationId: string): Promise<DestinationConfig | null>;
  /** The same, remembered a while (destinations' readConfig): every report visual asks. */
  remembered(organizationId: string): Promise<DestinationConfig | null>;
};

export type WarehouseDeps = {
  platform: Pick<Platform, 'config' | 'warehouseFiles'>;
  /** Absent: every organization has the managed DuckDB file. */
  destinations?: DestinationSettings;
};

/** Runs `work` on the organization's warehouse; `work` receives it open and it is closed after. */
export type WithWarehouse = <T>(
  organizationId: string,
  work: (warehouse: Warehouse) => Promise<T>,
  openFor?: OpenFor,
) => Promise<T>;

/**
 * Runs `work` on the organization's warehouse: its configured destination, else the managed
 * DuckDB file under DATA_DIR. The handle is closed afterwards whatever happens; a managed file
 * stays open a while for the next request (platform/warehouse-files.ts). Every opening of a
 * destination checks its host's addresses again, as the settings were checked when saved: a name
 * may resolve elsewhere since, or have been saved while private addresses were allowed.
 */
export function createWithWarehouse(deps: WarehouseDeps): WithWarehouse {
  const addressPolicy = { allowPrivateAddresses: deps.platform.config.allowPrivateDestinations };
  return async (organizationId, work, openFor = 'write') => {
    const settings = deps.destinations;
    const config =
      settings === undefined
        ? null
        : openFor === 'read'
          ? await settings.remembered(organizationId)
          : await settings.current(organizationId);
    const warehouse =
      config !== null
        ? await openDestinationWarehouse(config, addressPolicy)
        : await openDuckDbWarehouse({
            file: duckDbFileFor(deps.platform.config.dataDir, organizationId),
            sharing: deps.platform.warehouseFiles.sharing,
          });
    try {
      return await work(warehouse);
    } finally {
      await warehouse.close();
    }
  };
}
