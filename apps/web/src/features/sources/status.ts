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

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO date-time as the UI shows dates (spec 001 §9): DD/MM/YYYY, local time. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
