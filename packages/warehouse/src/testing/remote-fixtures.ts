import { expect } from 'vitest';
import { WarehouseError } from '../errors';
import type { TableSchema } from '../warehouse';

/**
 * What the unit tests of the remote adapters (BigQuery, Databricks) share: they check the SQL
 * the adapters write, and what they send to stand-ins for the engines' clients.
 */

/** The columns of the `campaigns` fixture as the backtick engines list them. */
export const CAMPAIGNS_NAMES =
  '`day`, `campaign_id`, `name`, `clicks`, `impressions`, `ctr`, `cost`, `active`, `updated_at`, `labels`';

/** The table the materialize tests rebuild: clicks by day. */
export const daily: TableSchema = {
  name: 'daily',
  primaryKey: ['day'],
  columns: [
    { name: 'day', type: 'date', nullable: false },
    { name: 'clicks', type: 'bigint', nullable: true },
  ],
};

/** Matches a statement starting with `prefix`. */
export function starts(prefix: string): unknown {
  return expect.stringMatching(new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

/** The WarehouseError that `task` throws (throwing nothing, or anything else, fails the test). */
export function thrownWarehouseError(task: () => unknown): WarehouseError {
  try {
    task();
  } catch (error) {
    expect(error).toBeInstanceOf(WarehouseError);
    return error as WarehouseError;
  }
  throw new Error('expected a WarehouseError');
}
