// The Cloud Storage JSON API calls of the Google Play connector: listing a bucket's objects under
// a prefix (names only), and downloading one object's bytes as they arrive.
// https://cloud.google.com/storage/docs/json_api/v1/objects
import type { ProviderHttp } from '../../core/http';
import { CLOUD_STORAGE_API_VERSION } from '../../core/api-versions';

type ObjectList = { items?: { name: string }[]; nextPageToken?: string };

/** The objects collection of a bucket under the API base. */
export const objectsUrl = (base: string, bucket: string) =>
  `${base}/storage/${CLOUD_STORAGE_API_VERSION}/b/${encodeURIComponent(bucket)}/o`;

/** The names of the objects under `prefix`, every page. */
export async function* listObjects(
  http: ProviderHttp,
  objects: string,
  prefix: string,
  pageSize: number,
): AsyncGenerator<string> {
  let pageToken: string | undefined;
  do {
    const page = await http.json<ObjectList>(objects, {
      query: { prefix, maxResults: pageSize, pageToken, fields: 'items(name),nextPageToken' },
    });
    for (const item of page.items ?? []) yield item.name;
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
}

/** An object's content (alt=media), chunk by chunk as it downloads. */
export async function* objectBytes(
  http: ProviderHttp,
  objects: string,
  name: string,
): AsyncGenerator<Uint8Array> {
  const response = await http.response(`${objects}/${encodeURIComponent(name)}`, { query: { alt: 'media' } });
  if (response.body) yield* response.body;
}
