import {
  EmbedAccessResponseSchema,
  ReportQueryResponseSchema,
  operations,
  type EmbedAccessResponse,
  type PageExportFormat,
  type VisualCsvRequest,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { ReportSource } from '../api/source';

const reportPath = (slug: string) => `/reports/${encodeURIComponent(slug)}`;

/** POST /reports/{slug}/export/csv: one visual's rows as a CSV file. */
export function exportVisualCsv(
  organizationId: string,
  request: Omit<VisualCsvRequest, 'organization_id'>,
  client: ApiClient = apiClient,
): Promise<Blob> {
  return client.post(`${reportPath(request.report)}/export/csv`, {
    body: { organization_id: organizationId, ...request },
    blob: true,
  });
}

/** POST /reports/{slug}/export/{png|pdf}: the page drawn by the server, as a file. */
export function exportPage(
  organizationId: string,
  slug: string,
  request: { page: string; state: string | null; format: PageExportFormat },
  client: ApiClient = apiClient,
): Promise<Blob> {
  const { format, ...body } = request;
  return client.post(`${reportPath(slug)}/export/${format}`, {
    body: { organization_id: organizationId, ...body },
    blob: true,
  });
}

/** POST /render/access: the render token's report, its one page and the state to draw. */
export function getRenderAccess(token: string, client: ApiClient = apiClient): Promise<EmbedAccessResponse> {
  return client.post('/render/access', {
    body: { token },
    parse: (data) => EmbedAccessResponseSchema.parse(data),
  });
}

/**
 * The server's render page reads its report through a render token (minted by an export for a
 * few minutes): the token names organization, report, page and state; filters are the server's.
 */
export function renderReportSource(token: string, client: ApiClient = apiClient): ReportSource {
  return {
    kind: 'embed',
    scope: `render:${token.slice(-24)}`,
    currency: operations.defaultCurrency,
    access: () => getRenderAccess(token, client),
    query: ({ report: _report, visual: _visual, ...request }, signal) =>
      client.post('/render/query', {
        body: { token, ...request },
        signal,
        parse: (data) => ReportQueryResponseSchema.parse(data),
      }),
    // The render page shows no filters pane; a slicer lists nothing.
    filterValues: async () => ({ data: [], nextCursor: null }),
  };
}

/** Saves `blob` as `filename` through a temporary link (the browser's download). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
