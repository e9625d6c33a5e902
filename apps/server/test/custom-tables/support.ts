import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import type { AccountsApp } from '../support/accounts';

export { owner } from '../notifications/support';

type User = { token: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
export type Answer = { status: number; body: Record<string, any> };

const BOUNDARY = '----mayaCsvTestBoundary';

/** A column as the editor sends it, its CSV name kept as its final name. */
export function column(
  name: string,
  type: 'String' | 'Numeric' | 'Date',
  flags: { required?: boolean; key?: boolean } = {},
) {
  return {
    columnName: name,
    alias: name,
    type,
    isRequired: flags.required ?? false,
    isPrimaryKey: flags.key ?? false,
  };
}

/** manual_orders' required columns, order_id its primary key. */
export const ORDER_COLUMNS = [
  column('order_id', 'String', { required: true, key: true }),
  column('user_id', 'String', { required: true }),
  column('created_at', 'Date', { required: true }),
];

/** A multipart body: the `columns` field when given, then the file. */
export function multipartBody(
  file: Buffer | string,
  options: { columns?: unknown; fileName?: string; type?: string } = {},
): { head: Buffer; file: Buffer; tail: Buffer } {
  const parts: string[] = [];
  if (options.columns !== undefined) {
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="columns"\r\n\r\n${JSON.stringify(options.columns)}\r\n`,
    );
  }
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? 'orders.csv'}"\r\n` +
      `Content-Type: ${options.type ?? 'text/csv'}\r\n\r\n`,
  );
  return {
    head: Buffer.from(parts.join('')),
    file: typeof file === 'string' ? Buffer.from(file) : file,
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

/** A 400 of this error type, in these words. */
export function expectRefused(answer: Answer, type: string, message: RegExp | string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.detail.type).toBe(type);
  if (typeof message === 'string') expect(answer.body.detail.message).toBe(message);
  else expect(answer.body.detail.message).toMatch(message);
}

/** The custom tables API as one user calls it, in one organization. */
export function customTablesApi(t: AccountsApp, user: User, organizationId: string) {
  const url = (path: string) => `${t.base}/api/custom_table${path}?organization_id=${organizationId}`;
  const headers = { authorization: `Bearer ${user.token}` };
  const json = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return {
    list: async () => json(await fetch(url(''), { headers })),
    get: async (tableId: string) => json(await fetch(url(`/${tableId}`), { headers })),
    remove: async (tableId: string) => json(await fetch(url(`/${tableId}`), { method: 'DELETE', headers })),
    updateColumns: async (tableId: string, columns: unknown) =>
      json(
        await fetch(url(`/${tableId}/columns`), {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ organization_id: organizationId, columns }),
        }),
      ),
    upload: async (
      tableId: string,
      file: Buffer | string,
      options: Parameters<typeof multipartBody>[1] = {},
    ) => {
      const body = multipartBody(file, options);
      return json(
        await fetch(url(`/${tableId}/upload`), {
          method: 'POST',
          headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: Buffer.concat([body.head, body.file, body.tail]),
        }),
      );
    },
    progress: async (tableId: string, uploadId: string) =>
      json(await fetch(url(`/${tableId}/upload/${uploadId}`), { headers })),
    /**
     * Sends the head of a multipart upload announcing `declaredBytes` of body, then `chunks`
     * file bytes, then drops the connection: a client that went away half-way.
     */
    cutUpload: async (
      tableId: string,
      uploadId: string,
      chunk: Buffer,
      chunks: number,
      declaredBytes: number,
    ) => {
      const body = multipartBody(Buffer.from('order_id,user_id,created_at,revenue,note\n'));
      const target = new URL(`${url(`/${tableId}/upload`)}&upload_id=${uploadId}`);
      await new Promise<void>((resolve) => {
        const request = httpRequest(target, {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': String(declaredBytes),
          },
        });
        request.on('error', () => resolve());
        request.on('response', (response) => {
          response.resume();
          response.on('end', resolve);
        });
        request.write(Buffer.concat([body.head, body.file]));
        let sent = 0;
        const more = () => {
          while (sent < chunks) {
            sent++;
            if (!request.write(chunk)) {
              request.once('drain', more);
              return;
            }
          }
          request.destroy();
          resolve();
        };
        more();
      });
    },
  };
}
export type CustomTablesApi = ReturnType<typeof customTablesApi>;

/** The rows of a custom table's warehouse table, ordered by its line. */
export async function warehouseRows(t: AccountsApp, organizationId: string, table: string) {
  return t.app.modelling.withWarehouse(organizationId, async (warehouse) => {
    const tables = await warehouse.listTables('raw');
    if (!tables.includes(table)) return null;
    const result = await warehouse.query(`SELECT * FROM raw."${table}" ORDER BY 1, 2`, [], {
      timeoutMs: 10_000,
    });
    return result.rows;
  });
}
