// The sandbox Cloud Storage JSON API: objects.list and objects.get (metadata, or the bytes with
// alt=media) on the sandbox Google Play buckets, shaped as Google documents them.
// https://cloud.google.com/storage/docs/json_api/v1/objects
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { installSandboxApi, requireScope, SandboxApiError } from '../../sandbox/apis/api';
import { decodePageToken, encodePageToken } from '../../sandbox/apis/data';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';
import { googleErrorBody } from '../google/sandbox-errors';
import { findBucket, getObject, listObjects } from './sandbox-data';
import type { SandboxBucket, SandboxObject } from './sandbox-data';
import { CLOUD_STORAGE_API_VERSION } from '../../core/api-versions';

export const CLOUD_STORAGE_SANDBOX_PREFIX = '/sandbox/cloud-storage';

const READ_SCOPES = [
  'https://www.googleapis.com/auth/devstorage.read_only',
  'https://www.googleapis.com/auth/devstorage.read_write',
  'https://www.googleapis.com/auth/devstorage.full_control',
  'https://www.googleapis.com/auth/cloud-platform',
  'https://www.googleapis.com/auth/cloud-platform.read-only',
];

/** The bucket, or Cloud Storage's 404 / 403 for `permission` on it. */
function readableBucket(request: FastifyRequest, name: string, permission: string): SandboxBucket {
  const grant = requireScope(request, ...READ_SCOPES);
  const bucket = findBucket(name);
  if (!bucket) throw new SandboxApiError('not_found', 'The specified bucket does not exist.');
  if (!bucket.readers.includes(grant.account.email)) {
    throw new SandboxApiError(
      'permission_denied',
      `${grant.account.email} does not have ${permission} access to the Google Cloud Storage bucket. Permission '${permission}' denied on resource (or it may not exist).`,
    );
  }
  return bucket;
}

const ListQuerySchema = z.object({
  prefix: z.string().default(''),
  maxResults: z.coerce.number().int().min(1).optional(),
  pageToken: z.string().optional(),
  delimiter: z.string().optional(),
});

export const cloudStorageSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const store = options.stores.google;
  const now = options.now ?? store.now;
  const base = `${options.publicBaseUrl}/storage/${CLOUD_STORAGE_API_VERSION}/b`;
  const { lateConversions } = installSandboxApi(app, {
    faults: options.faults,
    render: (kind, message, status) => {
      const { error } = googleErrorBody(kind, message, status, { legacy: true });
      // The Cloud Storage JSON API's errors carry no `status`.
      return { error: { code: error.code, message: error.message, errors: error.errors } };
    },
    store,
  });
  const restated = (date: string) => lateConversions.factor(date);

  const resource = (bucket: SandboxBucket, object: SandboxObject) => {
    const path = `${bucket.name}/o/${encodeURIComponent(object.name)}`;
    return {
      kind: 'storage#object',
      id: `${bucket.name}/${object.name}/${object.updated}`,
      selfLink: `${base}/${path}`,
      mediaLink: `${base}/${path}?generation=${object.updated}&alt=media`,
      name: object.name,
      bucket: bucket.name,
      generation: String(object.updated * 1000),
      metageneration: '1',
      contentType: 'text/csv',
      storageClass: 'STANDARD',
      size: String(object.bytes.length),
      md5Hash: object.md5,
      etag: object.md5,
      timeCreated: new Date(object.updated).toISOString(),
      updated: new Date(object.updated).toISOString(),
    };
  };

  app.get<{ Params: { bucket: string } }>(
    `/storage/${CLOUD_STORAGE_API_VERSION}/b/:bucket/o`,
    async (request) => {
      const bucket = readableBucket(request, request.params.bucket, 'storage.objects.list');
      const query = ListQuerySchema.parse(request.query);
      if (query.delimiter)
        throw new SandboxApiError('invalid_argument', 'The sandbox lists objects without a delimiter.');
      const objects = listObjects(bucket, query.prefix, now(), restated);
      const cursor = `${bucket.name}/${query.prefix}`;
      const offset = query.pageToken ? decodePageToken(query.pageToken, cursor) : 0;
      if (offset === null) throw new SandboxApiError('invalid_argument', 'Invalid page token.');
      const next = offset + Math.min(query.maxResults ?? 1000, 1000);
      const items = objects.slice(offset, next).map((object) => resource(bucket, object));
      return {
        kind: 'storage#objects',
        ...(next < objects.length ? { nextPageToken: encodePageToken(next, cursor) } : {}),
        ...(items.length > 0 ? { items } : {}),
      };
    },
  );

  // A wildcard: object names hold slashes (sent as %2F) and may be longer than a route parameter.
  app.get<{ Params: { bucket: string; '*': string }; Querystring: { alt?: string } }>(
    `/storage/${CLOUD_STORAGE_API_VERSION}/b/:bucket/o/*`,
    async (request, reply) => {
      const bucket = readableBucket(request, request.params.bucket, 'storage.objects.get');
      const name = request.params['*'];
      const object = getObject(bucket, name, now(), restated);
      if (!object) throw new SandboxApiError('not_found', `No such object: ${bucket.name}/${name}`);
      if (request.query.alt !== 'media') return resource(bucket, object);
      return reply.type('text/csv').header('x-goog-hash', `md5=${object.md5}`).send(object.bytes);
    },
  );
};
