import type { ServiceAccount } from '@maya/contracts';

/** A connected account whose load failed, with what would fix it. */
export type FailedAccount = {
  uuid: string;
  name: string;
  service: string;
  /** The load's own reason (the account's `sync_error`), or null when it gave none. */
  reason: string | null;
  /** The provider refused the stored credentials: only Reconnect helps. */
  needsReconnect: boolean;
};

/**
 * Where an organization stands before its first data reaches the reports (decision 172):
 * - `no_source`: nothing connected yet;
 * - `loading`: accounts are loading (or the reports are being built from what loaded);
 * - `failed`: nothing is loading any more and the accounts that were to load failed.
 */
export type FirstLoadState =
  | { kind: 'no_source' }
  | {
      kind: 'loading';
      loaded: number;
      total: number;
      /** Whole percent of the accounts loaded. */
      percent: number;
      /** The accounts loading now. */
      running: string[];
      /** Minutes left by the pace of the accounts already loaded; null before the first one. */
      minutesLeft: number | null;
      failed: FailedAccount[];
    }
  | { kind: 'failed'; failed: FailedAccount[] };

const MINUTE_MS = 60_000;

function failedAccount(account: ServiceAccount): FailedAccount {
  return {
    uuid: account.uuid,
    name: account.name,
    service: account.service,
    reason: account.sync_error,
    needsReconnect: account.needs_reconnect,
  };
}

/**
 * How long the loaded accounts took each, on average, from being connected to their first
 * successful load; null when none has loaded.
 */
function averageLoadMs(loaded: readonly ServiceAccount[]): number | null {
  const durations = loaded.flatMap((account) =>
    account.last_synced_at === null
      ? []
      : [Math.max(0, Date.parse(account.last_synced_at) - Date.parse(account.connected_at))],
  );
  if (durations.length === 0) return null;
  return durations.reduce((sum, ms) => sum + ms, 0) / durations.length;
}

/**
 * Minutes left: the accounts still to load at the average pace of those loaded, less the time the
 * oldest one still loading has been at it; at least 1 while anything is left.
 */
function estimateMinutesLeft(
  loaded: readonly ServiceAccount[],
  unfinished: readonly ServiceAccount[],
  now: Date,
): number | null {
  const average = averageLoadMs(loaded);
  if (average === null || unfinished.length === 0) return null;
  const started = Math.min(...unfinished.map((account) => Date.parse(account.connected_at)));
  const elapsed = Math.max(0, now.getTime() - started);
  const left = average * unfinished.length - Math.min(elapsed, average);
  return Math.max(1, Math.ceil(left / MINUTE_MS));
}

/** The first load's state from the organization's connected accounts, at `now`. */
export function firstLoadState(accounts: readonly ServiceAccount[], now: Date): FirstLoadState {
  if (accounts.length === 0) return { kind: 'no_source' };
  const loaded = accounts.filter((a) => a.sync_status === 'finished' || a.last_synced_at !== null);
  const unfinished = accounts.filter((a) => a.sync_status === 'pending' || a.sync_status === 'running');
  const failed = accounts.filter((a) => a.sync_status === 'failed').map(failedAccount);
  // Nothing loading and nothing loaded: only the failures are left to fix.
  if (unfinished.length === 0 && loaded.length === 0) return { kind: 'failed', failed };
  return {
    kind: 'loading',
    loaded: loaded.length,
    total: accounts.length,
    percent: Math.floor((loaded.length * 100) / accounts.length),
    running: accounts.filter((a) => a.sync_status === 'running').map((a) => a.name),
    minutesLeft: estimateMinutesLeft(loaded, unfinished, now),
    failed,
  };
}
