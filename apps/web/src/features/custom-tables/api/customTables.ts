import {
  CustomTableSchema,
  CustomTablesResponseSchema,
  CustomTableUploadResponseSchema,
  type CustomTable,
  type CustomTableColumn,
  type CustomTableId,
  type CustomTablesResponse,
  type CustomTableUploadResponse,
} from '@maya/contracts';
import { ApiError, NETWORK_ERROR, apiErrorFromBody } from '../../../shared/api/ApiError';
import { apiClient, buildUrl, type ApiClient } from '../../../shared/api/client';
import { loadPublicConfig } from '../../../shared/api/config';
import { tokenStore } from '../../../shared/auth/tokenStore';

const path = (tableId: string, action = '') => `/custom_table/${encodeURIComponent(tableId)}${action}`;

/** GET /custom_table: the organization's tables and the manual categories. */
export function listCustomTables(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<CustomTablesResponse> {
  return client.get('/custom_table', {
    query: { organization_id: organizationId },
    parse: (data) => CustomTablesResponseSchema.parse(data),
  });
}

/** PUT /custom_table/{id}/columns: final names and types of a table with data. */
export function updateCustomTableColumns(
  organizationId: string,
  tableId: CustomTableId,
  columns: CustomTableColumn[],
  client: ApiClient = apiClient,
): Promise<CustomTable> {
  return client.put(path(tableId, '/columns'), {
    body: { organization_id: organizationId, columns },
    parse: (data) => CustomTableSchema.parse(data),
  });
}

/** DELETE /custom_table/{id}: the table and its rows. */
export function deleteCustomTable(
  organizationId: string,
  tableId: CustomTableId,
  client: ApiClient = apiClient,
) {
  return client.delete(path(tableId), { query: { organization_id: organizationId } });
}

export type UploadProgress =
  | { phase: 'sending'; sent: number; total: number }
  | { phase: 'checking'; rows: number }
  | { phase: 'loading'; rows: number };

/**
 * POST /custom_table/{id}/upload through XMLHttpRequest, whose upload events give the bytes
 * sent; once they are all sent the server's progress (rows checked) is polled under the upload's
 * id until the answer arrives.
 */
export async function uploadCustomTable(input: {
  organizationId: string;
  tableId: CustomTableId;
  file: File;
  columns: CustomTableColumn[] | null;
  onProgress: (progress: UploadProgress) => void;
  client?: ApiClient;
}): Promise<CustomTableUploadResponse> {
  const { apiBaseUrl } = await loadPublicConfig();
  const uploadId = crypto.randomUUID();
  const url = buildUrl(apiBaseUrl, path(input.tableId, '/upload'), {
    organization_id: input.organizationId,
    upload_id: uploadId,
  });
  const form = new FormData();
  if (input.columns !== null) form.append('columns', JSON.stringify(input.columns));
  form.append('file', input.file, input.file.name);
  const client = input.client ?? apiClient;
  let polling: ReturnType<typeof setInterval> | null = null;
  const poll = () => {
    void client
      .get<{ phase: string; rows_checked: number }>(path(input.tableId, `/upload/${uploadId}`), {
        query: { organization_id: input.organizationId },
      })
      .then((state) => input.onProgress({ phase: 'checking', rows: state.rows_checked }))
      .catch(() => undefined);
  };
  try {
    const { status, body } = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      const token = tokenStore.get()?.accessToken;
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) =>
        input.onProgress({
          phase: 'sending',
          sent: event.loaded,
          total: event.lengthComputable ? event.total : input.file.size,
        });
      xhr.upload.onload = () => {
        input.onProgress({ phase: 'loading', rows: 0 });
        poll();
        polling = setInterval(poll, 1000);
      };
      xhr.onload = () => {
        let parsed: unknown = xhr.responseText;
        try {
          parsed = JSON.parse(xhr.responseText) as unknown;
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: xhr.status, body: parsed });
      };
      xhr.onerror = () => reject(new ApiError({ status: 0, type: NETWORK_ERROR }));
      xhr.send(form);
    });
    if (status < 200 || status >= 300) throw await apiErrorFromBody(status, body);
    return CustomTableUploadResponseSchema.parse(body);
  } finally {
    if (polling !== null) clearInterval(polling);
  }
}
