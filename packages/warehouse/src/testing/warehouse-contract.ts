import { describe } from 'vitest';
import type { ContractTarget } from './fixtures';
import { materializeContract } from './materialize-contract';
import { queryContract } from './query-contract';
import { tableContract } from './table-contract';

export { campaigns, expectWarehouseError, row, type ContractTarget } from './fixtures';

/**
 * The behaviour every adapter must have, run against a real engine by each adapter's test.
 * Each test gets a fresh handle and a schema of its own, so adapters may share one database.
 */
export function warehouseContract(name: string, target: () => ContractTarget): void {
  describe(`${name}: the Warehouse contract`, () => {
    tableContract(target);
    queryContract(target);
    materializeContract(target);
  });
}
