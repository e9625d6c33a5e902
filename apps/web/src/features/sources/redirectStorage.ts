import { readStorage, writeStorage } from '../../shared/lib/storage';

/**
 * What the browser keeps between leaving for a provider and coming back (spec 001 §3 "Local
 * browser storage"). Storage failures (private mode, quota) read as missing values.
 */
export const REDIRECT_STATE_KEY = 'redirectState';
export const REDIRECT_CODE_KEY = 'redirectCode';
export const REDIRECT_SERVICE_ID_KEY = 'redirectServiceId';
export const REDIRECT_SERVICE_UUID_KEY = 'redirectServiceUuid';
export const GOOGLE_PLAY_BUCKET_KEY = 'google_play_bucket';

/** A stored value; an empty one counts as missing. */
function read(key: string): string | null {
  const value = readStorage(key);
  return value === '' ? null : value;
}

export type PendingAuthorization = { state: string; code: string; serviceId: string; serviceUuid: string };

/** The OAuth callback's findings, for the account selection. Missing values are not written. */
export function storeAuthorization(values: Partial<PendingAuthorization>): void {
  const entries: [string, string | undefined][] = [
    [REDIRECT_STATE_KEY, values.state],
    [REDIRECT_CODE_KEY, values.code],
    [REDIRECT_SERVICE_ID_KEY, values.serviceId],
    [REDIRECT_SERVICE_UUID_KEY, values.serviceUuid],
  ];
  for (const [key, value] of entries) writeStorage(key, value === undefined || value === '' ? null : value);
}

/** The stored authorization, or null when any part is missing. */
export function readAuthorization(): PendingAuthorization | null {
  const state = read(REDIRECT_STATE_KEY);
  const code = read(REDIRECT_CODE_KEY);
  const serviceId = read(REDIRECT_SERVICE_ID_KEY);
  const serviceUuid = read(REDIRECT_SERVICE_UUID_KEY);
  if (state === null || code === null || serviceId === null || serviceUuid === null) return null;
  return { state, code, serviceId, serviceUuid };
}

export function clearAuthorization(): void {
  for (const key of [
    REDIRECT_STATE_KEY,
    REDIRECT_CODE_KEY,
    REDIRECT_SERVICE_ID_KEY,
    REDIRECT_SERVICE_UUID_KEY,
  ])
    writeStorage(key, null);
}

/** GA4 events: the service being set up (spec 001 §4 "the service uuid is stored locally"). */
export function storeServiceUuid(serviceUuid: string): void {
  writeStorage(REDIRECT_SERVICE_UUID_KEY, serviceUuid);
}

export function storeGooglePlayBucket(bucket: string): void {
  writeStorage(GOOGLE_PLAY_BUCKET_KEY, bucket);
}

export function readGooglePlayBucket(): string | null {
  return read(GOOGLE_PLAY_BUCKET_KEY);
}

export function clearGooglePlayBucket(): void {
  writeStorage(GOOGLE_PLAY_BUCKET_KEY, null);
}
