import type { ServiceAccount, SyncStatus } from '@maya/contracts';

export type ServiceStatus = { status: SyncStatus; failedCount: number };

/**
 * A service row's status (spec 001 §2): failed (with how many accounts failed) before pending,
 * pending before running, else finished.
 */
export function serviceStatus(accounts: readonly Pick<ServiceAccount, 'sync_status'>[]): ServiceStatus {
  const failedCount = accounts.filter((account) => account.sync_status === 'failed').length;
  if (failedCount > 0) return { status: 'failed', failedCount };
  const has = (status: SyncStatus) => accounts.some((account) => account.sync_status === status);
  if (has('pending')) return { status: 'pending', failedCount: 0 };
  if (has('running')) return { status: 'running', failedCount: 0 };
  return { status: 'finished', failedCount: 0 };
}
