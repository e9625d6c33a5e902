import { once } from 'node:events';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomTableColumnsSchema,
  CustomTableDeleteResponseSchema,
  CustomTableErrorType,
  CustomTableParamsSchema,
  CustomTableQuerySchema,
  CustomTableSchema,
  CustomTablesResponseSchema,
  CustomTableUploadProgressSchema,
  CustomTableUploadParamsSchema,
  CustomTableUploadQuerySchema,
  CustomTableUploadResponseSchema,
  customTableLimits,
  customTableMessages,
  UpdateCustomTableColumnsRequestSchema,
  type CustomTableColumn,
} from '@maya/contracts';
import { z } from 'zod';
import { organizationOf } from '../../platform/guards';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import { csvRefused } from './csv/errors';
import type { CustomTablesService } from './service';

const tags = ['custom-tables'];
const guard = { guard: 'organization' as const };
const errors = errorResponses(400, 401, 403, 404);
const CSV_TYPES = new Set(['text/csv', 'application/vnd.ms-excel']);

/** Resolves once the stream has ended, failed or closed: what is left of a refused file is read. */
async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await Promise.race([once(stream, 'end'), once(stream, 'close')]).catch(() => undefined);
}

/** The multipart body's `columns` field (before the file), and the file. */
async function uploadParts(request: FastifyRequest) {
  let columns: CustomTableColumn[] | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'columns' || typeof part.value !== 'string') continue;
      let value: unknown;
      try {
        value = JSON.parse(part.value);
      } catch {
        value = null;
      }
      const parsed = CustomTableColumnsSchema.safeParse(value);
      if (!parsed.success) {
        throw csvRefused(CustomTableErrorType.invalidColumns, 'The columns field is not a list of columns');
      }
      columns = parsed.data;
      continue;
    }
    const named = part.filename.toLowerCase().endsWith('.csv');
    if (
      !CSV_TYPES.has(part.mimetype) &&
      !(named && ['', 'application/octet-stream'].includes(part.mimetype))
    ) {
      await drain(part.file);
      throw csvRefused(CustomTableErrorType.notCsv, customTableMessages.notCsv);
    }
    return { columns, file: part.file, fileName: part.filename };
  }
  throw csvRefused(CustomTableErrorType.noFile, customTableMessages.uploadCsv);
}

/** A stream that ended early or broke (the client went away, the form was cut) says so. */
function streamFailure(error: unknown): unknown {
  // The warehouse wraps what failed while it read the rows: the cause says what happened.
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AppError) return cause;
    const code = (cause as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return csvRefused(
        CustomTableErrorType.tooLarge,
        `The file is larger than ${customTableLimits.maxFileBytes} bytes`,
      );
    }
    if (
      code === 'ECONNRESET' ||
      code === 'FST_MP_PREMATURE_CLOSE' ||
      /unexpected end of (form|multipart)|premature close|aborted/i.test(cause.message)
    ) {
      return csvRefused(
        CustomTableErrorType.truncated,
        'The upload ended before the whole file arrived; nothing was changed',
      );
    }
  }
  return error;
}

/** spec 001 §7 Custom tables: list, get columns, upload (with progress), update columns, delete. */
export async function customTablesRoutes(app: FastifyInstance, service: CustomTablesService): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: customTableLimits.maxFileBytes,
      files: 1,
      fields: 4,
      fieldSize: 1024 * 1024,
      parts: 6,
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const org = (request: FastifyRequest) => organizationOf(request).organizationId;
  /**
   * The sources list and a progress poll first clean what uploads cut off by their process's end
   * left (service.cleanUpInterrupted); a warehouse that cannot be opened for it fails neither.
   */
  const cleanUp = (request: FastifyRequest) =>
    service
      .cleanUpInterrupted(org(request))
      .catch((error: unknown) => request.log.warn({ err: error }, 'interrupted uploads not cleaned up'));

  api.get(
    '/custom_table',
    {
      config: guard,
      schema: {
        tags,
        summary: "The organization's custom tables and the manual categories with their required columns",
        querystring: CustomTableQuerySchema,
        response: { 200: CustomTablesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await cleanUp(request);
      return service.list(org(request));
    },
  );

  api.get(
    '/custom_table/:tableId',
    {
      config: guard,
      schema: {
        tags,
        summary: "A custom table's columns",
        params: CustomTableParamsSchema,
        querystring: CustomTableQuerySchema,
        response: { 200: CustomTableSchema, ...errors },
      },
    },
    async (request) => service.get(org(request), request.params.tableId),
  );

  api.post(
    '/custom_table/:tableId/upload',
    {
      config: guard,
      bodyLimit: customTableLimits.maxFileBytes + 2 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Replaces the table by a CSV (multipart: `columns` JSON for a new table, then `file`), all rows or none',
        consumes: ['multipart/form-data'],
        params: CustomTableParamsSchema,
        querystring: CustomTableUploadQuerySchema,
        response: { 200: CustomTableUploadResponseSchema, 413: z.unknown(), ...errors },
      },
    },
    async (request) => {
      let file: Readable | null = null;
      try {
        const parts = await uploadParts(request);
        file = parts.file;
        return await service.upload(org(request), {
          tableId: request.params.tableId,
          uploadId: request.query.upload_id ?? null,
          fileName: parts.fileName,
          columns: parts.columns,
          file: parts.file,
          onRebuildFailed: (error) =>
            request.log.error({ err: error }, 'custom table loaded; the models failed to rebuild'),
        });
      } catch (error) {
        throw streamFailure(error);
      } finally {
        if (file !== null) await drain(file);
      }
    },
  );

  api.get(
    '/custom_table/:tableId/upload/:uploadId',
    {
      config: guard,
      schema: {
        tags,
        summary: 'Where an upload stands: bytes received, rows checked, rows loaded',
        params: CustomTableUploadParamsSchema,
        querystring: CustomTableQuerySchema,
        response: { 200: CustomTableUploadProgressSchema, ...errors },
      },
    },
    async (request) => {
      await cleanUp(request);
      return service.uploadProgress(org(request), request.params.tableId, request.params.uploadId);
    },
  );

  api.put(
    '/custom_table/:tableId/columns',
    {
      config: guard,
      schema: {
        tags,
        summary: "Updates a custom table's final names and types (its CSV columns stay)",
        params: CustomTableParamsSchema,
        body: UpdateCustomTableColumnsRequestSchema,
        response: { 200: CustomTableSchema, ...errors },
      },
    },
    async (request) => service.updateColumns(org(request), request.params.tableId, request.body.columns),
  );

  api.delete(
    '/custom_table/:tableId',
    {
      config: guard,
      schema: {
        tags,
        summary: 'Deletes a custom table and its rows',
        params: CustomTableParamsSchema,
        querystring: CustomTableQuerySchema,
        response: { 200: CustomTableDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.remove(org(request), request.params.tableId);
      return { success: true as const };
    },
  );
}
