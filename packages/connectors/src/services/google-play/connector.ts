// Google Play: the monthly report files Google Play writes to the developer's Cloud Storage
// bucket (gs://pubsite_prod_rev_...), read through the Cloud Storage JSON API with the user's
// OAuth token (storage.ts). Accounts are the apps whose reports are in the bucket.
// https://support.google.com/googleplay/android-developer/answer/6135870
import { GOOGLE_PLAY_BUCKET_PATTERN, GOOGLE_PLAY_BUCKET_PREFIX } from '@maya/contracts';
import type { SelectableAccount } from '@maya/contracts';
import { accountNode } from '../../core/accounts';
import { defineConnector } from '../../core/connector';
import { decodeText, parseCsv } from '../../core/csv';
import { eachDay } from '../../core/dates';
import { ProviderError } from '../../core/errors';
import type {
  AccountRef,
  Connector,
  ConnectorContext,
  Credentials,
  DateRange,
  Row,
  StreamBatch,
} from '../../core/types';
import { googleOAuth } from '../google/auth';
import { googleHttp } from '../google/http';
import { INSTALLS_PREFIX, installsRow, normalizeHeader, parseInstallsObject } from './reports';
import type { InstallsDimension, InstallsObject } from './reports';
import { listObjects, objectBytes, objectsUrl } from './storage';
import { INSTALLS_COUNTRY_STREAM, INSTALLS_OVERVIEW_STREAM } from './streams';

export const GOOGLE_PLAY_SCOPE = 'https://www.googleapis.com/auth/devstorage.read_only';
const PROVIDER = 'Google Cloud Storage';
const BATCH_ROWS = 5_000;

export type GooglePlayOptions = {
  /** Objects per listing page (tests page with small ones); the API allows up to 1,000. */
  pageSize?: number;
};

const STREAM_OF: Record<InstallsDimension, string> = {
  overview: INSTALLS_OVERVIEW_STREAM.name,
  country: INSTALLS_COUNTRY_STREAM.name,
};
/** The report files read, in this order. */
const DIMENSIONS: readonly InstallsDimension[] = ['overview', 'country'];

/** The bucket name of the Cloud Storage URI the user pasted (`gs://bucket` or `gs://bucket/some/path`). */
export function bucketName(credentials: Credentials): string {
  if (credentials.kind !== 'gcs_bucket')
    throw new Error(`Google Play needs gcs_bucket credentials, not ${credentials.kind}`);
  const uri = credentials.bucket.trim();
  const name = GOOGLE_PLAY_BUCKET_PATTERN.test(uri)
    ? uri.slice(GOOGLE_PLAY_BUCKET_PREFIX.length).split('/')[0]
    : '';
  if (!name) throw new ProviderError('provider', 'Invalid bucket id', 400, PROVIDER);
  return name;
}

const monthOf = (date: string) => date.slice(0, 7).replace('-', '');

/** One report file, parsed as it downloads, cut to the range, in batches. */
async function* reportBatches(
  bytes: AsyncIterable<Uint8Array>,
  dimension: InstallsDimension,
  account: AccountRef,
  range: DateRange,
): AsyncGenerator<StreamBatch> {
  let headers: string[] | null = null;
  let rows: Row[] = [];
  for await (const record of parseCsv(decodeText(bytes))) {
    if (!headers) {
      headers = record.map(normalizeHeader);
      continue;
    }
    const row = installsRow(headers, record, dimension);
    if (!row || String(row.date) < range.from || String(row.date) > range.to) continue;
    rows.push({ account_id: account.identifier, ...row });
    if (rows.length >= BATCH_ROWS) {
      yield { stream: STREAM_OF[dimension], rows };
      rows = [];
    }
  }
  if (rows.length > 0) yield { stream: STREAM_OF[dimension], rows };
}

/** The apps whose installs reports are in the bucket, under the bucket. */
async function listApps(context: ConnectorContext, pageSize: number): Promise<SelectableAccount[]> {
  const bucket = bucketName(context.credentials);
  const http = googleHttp(context, PROVIDER);
  const objects = objectsUrl(context.endpoints.storage, bucket);
  const packages = new Set<string>();
  for await (const name of listObjects(http, objects, INSTALLS_PREFIX, pageSize)) {
    const object = parseInstallsObject(name);
    if (object) packages.add(object.packageName);
  }
  if (packages.size === 0) return [];
  const root = `${GOOGLE_PLAY_BUCKET_PREFIX}${bucket}`;
  return [
    accountNode({
      identifier: root,
      id_label: root,
      name: bucket,
      parent_id: null,
      selectable: false,
    }),
    ...[...packages].sort().map((packageName) =>
      accountNode({
        identifier: packageName,
        id_label: packageName,
        name: packageName,
        parent_id: root,
        selectable: true,
      }),
    ),
  ];
}

export function createGooglePlayConnector(options: GooglePlayOptions = {}): Connector {
  const pageSize = options.pageSize ?? 1000;

  return defineConnector({
    id: 'google_play',
    auth: googleOAuth(GOOGLE_PLAY_SCOPE, 'gcs_bucket'),
    streams: [INSTALLS_OVERVIEW_STREAM, INSTALLS_COUNTRY_STREAM],
    // The current month's files are rewritten every day and the last days' figures still move.
    lookbackDays: 5,
    listAccounts: (context) => listApps(context, pageSize),
    async *extract(context, account, range, wanted) {
      const dimensions = DIMENSIONS.filter((dimension) => wanted.has(STREAM_OF[dimension]));
      if (dimensions.length === 0) return;
      const http = googleHttp(context, PROVIDER);
      const objects = objectsUrl(context.endpoints.storage, bucketName(context.credentials));
      const months = new Set([...eachDay(range)].map(monthOf));
      const reports: (InstallsObject & { dimension: InstallsDimension })[] = [];
      const prefix = `${INSTALLS_PREFIX}installs_${account.identifier}_`;
      for await (const name of listObjects(http, objects, prefix, pageSize)) {
        const object = parseInstallsObject(name);
        // The prefix also matches longer package names (com.app_beta for com.app): compare exactly.
        if (!object || object.packageName !== account.identifier || !months.has(object.month)) continue;
        const dimension = dimensions.find((d) => d === object.dimension);
        if (dimension) reports.push({ ...object, dimension });
      }
      // Dimension by dimension (DIMENSIONS' order), month by month.
      reports.sort((a, b) =>
        a.dimension === b.dimension
          ? a.month.localeCompare(b.month)
          : DIMENSIONS.indexOf(a.dimension) - DIMENSIONS.indexOf(b.dimension),
      );
      for (const report of reports) {
        yield* reportBatches(objectBytes(http, objects, report.name), report.dimension, account, range);
      }
    },
  });
}

export const googlePlayConnector = createGooglePlayConnector();
