// The sandbox's Google Play buckets: two apps with a monthly installs report per dimension
// (overview and country) and a ratings report for every month of the two-year history window,
// as UTF-16LE CSV with a byte order mark, as Google Play writes them. Country rows are a pure
// function of (app, country, date) and each overview row is the sum of that day's country rows.
import { utcDay } from '@maya/contracts';
import { createHash } from 'node:crypto';
import { daily, datesWithData, historyWindow, unit } from '../../sandbox/apis/data';

type App = { packageName: string; weight: number; launched: string };
export type SandboxBucket = { name: string; readers: readonly string[]; apps: readonly App[] };

const APPS: readonly App[] = [
  { packageName: 'com.acme.outdoor', weight: 1, launched: '2019-04-01' },
  { packageName: 'com.acme.trailmaps', weight: 0.35, launched: '2021-09-15' },
];

export const SANDBOX_BUCKETS: readonly SandboxBucket[] = [
  { name: 'pubsite_prod_rev_0123456789', readers: ['ada@example.com', 'grace@gmail.com'], apps: APPS },
  // Another developer account's bucket: it exists, but no sandbox user may read it.
  { name: 'pubsite_prod_rev_5555555555', readers: [], apps: APPS.slice(0, 1) },
];

/** Google Play's countries: ISO 3166-1 alpha-2, and an empty code for installs it cannot place. */
const COUNTRIES = [
  { code: 'GR', weight: 1 },
  { code: 'DE', weight: 0.7 },
  { code: 'GB', weight: 0.5 },
  { code: 'US', weight: 0.6 },
  { code: 'FR', weight: 0.3 },
  { code: 'IT', weight: 0.25 },
  { code: 'ES', weight: 0.2 },
  { code: '', weight: 0.03 },
] as const;

const INSTALLS_HEADER = [
  'Date',
  'Package Name',
  'Daily Device Installs',
  'Daily Device Uninstalls',
  'Daily Device Upgrades',
  'Total User Installs',
  'Daily User Installs',
  'Daily User Uninstalls',
  'Active Device Installs',
  'Install events',
  'Update events',
  'Uninstall events',
];

/** The ten metrics of a day, in the header's order. */
function countryDay(app: App, date: string, country: string, weight: number): number[] {
  const keys = [app.packageName, country, date];
  const userInstalls = daily(90 * app.weight * weight, date, app.packageName, country, 'installs');
  const deviceInstalls = userInstalls + Math.round(userInstalls * 0.08 * unit('devices', ...keys));
  const userUninstalls = Math.round(userInstalls * (0.3 + 0.2 * unit('uninstalls', ...keys)));
  const deviceUninstalls =
    userUninstalls + Math.round(userUninstalls * 0.05 * unit('device-uninstalls', ...keys));
  const days = Math.max(0, (Date.parse(date) - Date.parse(app.launched)) / 86_400_000);
  // Users who ever installed: grows with the app's age, never falls.
  const totalUserInstalls = Math.round(55 * app.weight * weight * days);
  const active = Math.round(totalUserInstalls * (0.31 + 0.02 * unit('active', ...keys)));
  const upgrades = Math.round(active * (0.004 + 0.03 * unit('upgrades', ...keys)));
  const installEvents = deviceInstalls + Math.round(deviceInstalls * 0.1 * unit('events', ...keys));
  return [
    deviceInstalls,
    deviceUninstalls,
    upgrades,
    totalUserInstalls,
    userInstalls,
    userUninstalls,
    active,
    installEvents,
    upgrades,
    deviceUninstalls,
  ];
}

type Report = { name: string; packageName: string; month: string; kind: 'overview' | 'country' | 'ratings' };

function reportsOf(bucket: SandboxBucket, nowMs: number): Report[] {
  const { first, last } = historyWindow(nowMs);
  const months: string[] = [];
  for (let month = first.slice(0, 7); month <= last.slice(0, 7);) {
    months.push(month.replace('-', ''));
    const [y, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  const reports: Report[] = [];
  for (const app of bucket.apps) {
    for (const month of months) {
      for (const kind of ['country', 'overview'] as const) {
        reports.push({
          name: `stats/installs/installs_${app.packageName}_${month}_${kind}.csv`,
          packageName: app.packageName,
          month,
          kind,
        });
      }
      reports.push({
        name: `stats/ratings/ratings_${app.packageName}_${month}_overview.csv`,
        packageName: app.packageName,
        month,
        kind: 'ratings',
      });
    }
  }
  return reports.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The factor of a day's restatement (sandbox/apis/late-conversions.ts): 1 when none. */
export type Restated = (date: string) => number;

function reportText(app: App, report: Report, nowMs: number, restated: Restated): string {
  const year = Number(report.month.slice(0, 4));
  const month = Number(report.month.slice(4));
  const lastDay = utcDay(Date.UTC(year, month, 0));
  const dates = datesWithData(`${report.month.slice(0, 4)}-${report.month.slice(4)}-01`, lastDay, nowMs);
  const lines: string[] = [];
  if (report.kind === 'ratings') {
    lines.push('Date,Package Name,Daily Average Rating,Total Average Rating');
    for (const date of dates) {
      const dailyRating = (3.6 + 1.3 * unit('rating', app.packageName, date)).toFixed(2);
      lines.push(
        `${date},${app.packageName},${dailyRating},${(4.2 + 0.1 * unit('total', app.packageName, report.month)).toFixed(2)}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
  const header =
    report.kind === 'country'
      ? [...INSTALLS_HEADER.slice(0, 2), 'Country', ...INSTALLS_HEADER.slice(2)]
      : INSTALLS_HEADER;
  lines.push(header.join(','));
  for (const date of dates) {
    const sums = new Array<number>(10).fill(0);
    const factor = restated(date);
    for (const country of COUNTRIES) {
      // A restated day: Google rewriting the month's file with the day's installs revised.
      const values = countryDay(app, date, country.code, country.weight).map((v) =>
        factor === 1 ? v : Math.round(v * factor),
      );
      values.forEach((v, i) => (sums[i] = (sums[i] ?? 0) + v));
      if (report.kind === 'country' && values.some((v) => v > 0))
        lines.push([date, app.packageName, country.code, ...values].join(','));
    }
    if (report.kind === 'overview') lines.push([date, app.packageName, ...sums].join(','));
  }
  return `${lines.join('\n')}\n`;
}

export type SandboxObject = { name: string; bytes: Buffer; md5: string; updated: number };

/** Generated files, by bucket, name and history window (the window moves daily). */
const cache = new Map<string, SandboxObject>();

/** The month's restated days and their factors, part of a file's identity. */
function restatementsOf(month: string, restated: Restated): string {
  const out: string[] = [];
  const first = `${month.slice(0, 4)}-${month.slice(4)}-01`;
  for (let day = 0; day < 31; day++) {
    const date = utcDay(Date.parse(`${first}T00:00:00Z`) + day * 86_400_000);
    if (date.slice(0, 7).replace('-', '') !== month) break;
    const factor = restated(date);
    if (factor !== 1) out.push(`${date}*${factor}`);
  }
  return out.join(',');
}

function objectOf(bucket: SandboxBucket, report: Report, nowMs: number, restated: Restated): SandboxObject {
  const { last } = historyWindow(nowMs);
  const restatements = restatementsOf(report.month, restated);
  const key = `${bucket.name}/${report.name}@${last}${restatements}`;
  let object = cache.get(key);
  if (!object) {
    const app = bucket.apps.find((a) => a.packageName === report.packageName);
    if (!app) throw new Error(`no app ${report.packageName} in ${bucket.name}`);
    const bytes = Buffer.from(`\ufeff${reportText(app, report, nowMs, restated)}`, 'utf16le');
    const monthEnd = Date.UTC(Number(report.month.slice(0, 4)), Number(report.month.slice(4)), 1);
    object = {
      name: report.name,
      bytes,
      md5: createHash('md5').update(bytes).digest('base64'),
      // A restated file is rewritten now.
      updated: restatements === '' ? Math.min(nowMs, monthEnd + 2 * 86_400_000) : nowMs,
    };
    if (cache.size > 1000) cache.clear();
    cache.set(key, object);
  }
  return object;
}

export function findBucket(name: string): SandboxBucket | null {
  return SANDBOX_BUCKETS.find((b) => b.name === name) ?? null;
}

export function listObjects(
  bucket: SandboxBucket,
  prefix: string,
  nowMs: number,
  restated: Restated = () => 1,
): SandboxObject[] {
  return reportsOf(bucket, nowMs)
    .filter((r) => r.name.startsWith(prefix))
    .map((r) => objectOf(bucket, r, nowMs, restated));
}

export function getObject(
  bucket: SandboxBucket,
  name: string,
  nowMs: number,
  restated: Restated = () => 1,
): SandboxObject | null {
  const report = reportsOf(bucket, nowMs).find((r) => r.name === name);
  return report ? objectOf(bucket, report, nowMs, restated) : null;
}
