// Google Play's report files in the developer's Cloud Storage bucket: where they are and what
// their columns mean. https://support.google.com/googleplay/android-developer/answer/6135870
import type { Row } from '../../core/types';

/** `stats/installs/installs_{package}_{YYYYMM}_{dimension}.csv` (monthly, rewritten daily). */
const INSTALLS_OBJECT = /^stats\/installs\/installs_(.+)_(\d{6})_([a-z_]+)\.csv$/;

export type InstallsDimension = 'overview' | 'country';
export type InstallsObject = { name: string; packageName: string; month: string; dimension: string };

export const INSTALLS_PREFIX = 'stats/installs/';

export function parseInstallsObject(name: string): InstallsObject | null {
  const [, packageName, month, dimension] = INSTALLS_OBJECT.exec(name) ?? [];
  return packageName && month && dimension ? { name, packageName, month, dimension } : null;
}

/** The metric columns of the installs reports, by their normalized header ("Daily Device Installs"). */
export const INSTALLS_METRICS = [
  'daily_device_installs',
  'daily_device_uninstalls',
  'daily_device_upgrades',
  'total_user_installs',
  'daily_user_installs',
  'daily_user_uninstalls',
  'active_device_installs',
  'install_events',
  'update_events',
  'uninstall_events',
] as const;

/** "Package Name" / "Package name" → package_name: headers differ in case between report vintages. */
export const normalizeHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Maps one CSV record to a stream row by header name (not position: Google adds columns over time). */
export function installsRow(
  headers: readonly string[],
  record: readonly string[],
  dimension: InstallsDimension,
): Row | null {
  const cell = (name: string) => {
    const index = headers.indexOf(name);
    const value = index < 0 ? undefined : record[index]?.trim();
    return value === undefined || value === '' ? null : value;
  };
  const date = cell('date');
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const row: Row = { date, package_name: cell('package_name') };
  if (dimension === 'country') row.country = cell('country') ?? '';
  for (const metric of INSTALLS_METRICS) {
    const value = cell(metric);
    row[metric] = value === null ? null : Number.parseInt(value, 10);
  }
  return row;
}
