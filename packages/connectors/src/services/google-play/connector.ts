// Google Play: the monthly report files Google Play writes to the developer's Cloud Storage
// bucket (gs://pubsite_prod_rev_...), read through the Cloud Storage JSON API with the user's
// OAuth token. Accounts are the apps whose reports are in the bucket.
// https://support.google.com/googleplay/android-developer/answer/6135870
// https://cloud.google.com/storage/docs/json_api/v1/objects/list
import { GOOGLE_PLAY_BUCKET_PATTERN, GOOGLE_PLAY_BUCKET_PREFIX } from '@maya/contracts';
import type { SelectableAccount } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { eachDay } from '../../core/dates';
import { ProviderError } from '../../core/errors';
import type { ProviderHttp } from '../../core/http';
import type {
  AccountRef,
  Connector,
  ConnectorContext,
  Credentials,
  DateRange,
  Row,
  StreamBatch,
} from '../../core/types';
import { readGoogleError } from '../search-console/google-error';
import { decodeText, parseCsv } from './csv';
import { INSTALLS_PREFIX, installsRow, normalizeHeader, parseInstallsObject } from './reports';
import type { InstallsDimension, InstallsObject } from './reports';
import { INSTALLS_COUNTRY_STREAM, INSTALLS_OVERVIEW_STREAM } from './streams';

export const GOOGLE_PLAY_SCOPE = 'https://www.googleapis.com/auth/devstorage.read_only';
const PROVIDER = 'Google Cloud Storage';
const BATCH_ROWS = 5_000;

type ObjectList = { items?: { name: string }[]; nextPageToken?: string };

export type GooglePlayOptions = {
  /** Objects per listing page (tests page with small ones); the API allows up to 1,000. */
  pageSize?: number;
};

const STREAM_OF: Record<InstallsDimension, string> = {
  overview: INSTALLS_OVERVIEW_STREAM.name,
  country: INSTALLS_COUNTRY_STREAM.name,
};

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

async function* listObjects(
  http: ProviderHttp,
  url: string,
  prefix: string,
  pageSize: number,
): AsyncGenerator<string> {
  let pageToken: string | undefined;
  do {
    const page = await http.json<ObjectList>(url, {
      query: { prefix, maxResults: pageSize, pageToken, fields: 'items(name),nextPageToken' },
    });
    for (const item of page.items ?? []) yield item.name;
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

const monthOf = (date: string) => date.slice(0, 7).replace('-', '');

export function createGooglePlayConnector(options: GooglePlayOptions = {}): Connector {
  const pageSize = options.pageSize ?? 1000;

  /** One report file, downloaded and parsed as it streams in, cut to the range, in batches. */
  async function* readReport(
    http: ProviderHttp,
    objectsUrl: string,
    object: InstallsObject & { dimension: InstallsDimension },
    account: AccountRef,
    range: DateRange,
  ): AsyncGenerator<StreamBatch> {
    const response = await http.response(`${objectsUrl}/${encodeURIComponent(object.name)}`, {
      query: { alt: 'media' },
    });
    if (!response.body) return;
    let headers: string[] | null = null;
    let rows: Row[] = [];
    for await (const record of parseCsv(decodeText(chunksOf(response.body)))) {
      if (!headers) {
        headers = record.map(normalizeHeader);
        continue;
      }
      const row = installsRow(headers, record, object.dimension);
      if (!row || String(row.date) < range.from || String(row.date) > range.to) continue;
      rows.push({ account_id: account.identifier, ...row });
      if (rows.length >= BATCH_ROWS) {
        yield { stream: STREAM_OF[object.dimension], rows };
        rows = [];
      }
    }
    if (rows.length > 0) yield { stream: STREAM_OF[object.dimension], rows };
  }

  async function* extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
  ): AsyncGenerator<StreamBatch> {
    const http = httpFor(context, PROVIDER, readGoogleError);
    const objectsUrl = `${context.endpoints.storage}/storage/v1/b/${encodeURIComponent(bucketName(context.credentials))}/o`;
    const months = new Set([...eachDay(range)].map(monthOf));
    const reports: (InstallsObject & { dimension: InstallsDimension })[] = [];
    for await (const name of listObjects(
      http,
      objectsUrl,
      `${INSTALLS_PREFIX}installs_${account.identifier}_`,
      pageSize,
    )) {
      const object = parseInstallsObject(name);
      // The prefix also matches longer package names (com.app_beta for com.app): compare exactly.
      if (!object || object.packageName !== account.identifier || !months.has(object.month)) continue;
      if (object.dimension === 'overview' || object.dimension === 'country')
        reports.push({ ...object, dimension: object.dimension });
    }
    reports.sort((a, b) =>
      a.dimension === b.dimension ? (a.month < b.month ? -1 : 1) : a.dimension === 'overview' ? -1 : 1,
    );
    for (const report of reports) yield* readReport(http, objectsUrl, report, account, range);
  }

  return {
    id: 'google_play',
    auth: {
      kind: 'gcs_bucket',
      provider: 'google',
      scopes: [GOOGLE_PLAY_SCOPE],
      authorizeParams: { access_type: 'offline', prompt: 'consent' },
      pkce: true,
    },
    streams: [INSTALLS_OVERVIEW_STREAM, INSTALLS_COUNTRY_STREAM],
    // The current month's files are rewritten every day and the last days' figures still move.
    lookbackDays: 5,
    async listAccounts(context) {
      const bucket = bucketName(context.credentials);
      const http = httpFor(context, PROVIDER, readGoogleError);
      const url = `${context.endpoints.storage}/storage/v1/b/${encodeURIComponent(bucket)}/o`;
      const packages = new Set<string>();
      for await (const name of listObjects(http, url, INSTALLS_PREFIX, pageSize)) {
        const object = parseInstallsObject(name);
        if (object) packages.add(object.packageName);
      }
      if (packages.size === 0) return [];
      const root = `${GOOGLE_PLAY_BUCKET_PREFIX}${bucket}`;
      const accounts: SelectableAccount[] = [
        {
          identifier: root,
          id_label: 'Cloud Storage bucket',
          name: bucket,
          parent_id: null,
          selectable: false,
          metadata: { thumbnail_url: null },
        },
      ];
      for (const packageName of [...packages].sort()) {
        accounts.push({
          identifier: packageName,
          id_label: 'Package name',
          name: packageName,
          parent_id: root,
          selectable: true,
          metadata: { thumbnail_url: null },
        });
      }
      return accounts;
    },
    extract,
  };
}

export const googlePlayConnector = createGooglePlayConnector();
