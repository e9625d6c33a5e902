import {
  ClusterCategoriesResponseSchema,
  ClusterCategoryResponseSchema,
  ClusterColumnSchema,
  ClusterCoverageResponseSchema,
  ClusterPreviewResponseSchema,
  ClusterSqlPreviewResponseSchema,
  DeleteClusterColumnResponseSchema,
  type ClusterCategoriesResponse,
  type ClusterCategory,
  type ClusterCategoryResponse,
  type ClusterColumn,
  type ClusterColumnInput,
  type ClusterCoverageResponse,
  type ClusterPreviewResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** The editor's column as the previews and the save send it. */
export type ColumnDraft = ClusterColumnInput & { id: string };
export type OrderDirection = 'asc' | 'desc';
export type PreviewOrder = { orderBy: string | null; orderDirection: OrderDirection | null };

/** GET /clustering/categories: the tabs with the server's labels, and the columns a category may hold. */
export function getCategories(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<ClusterCategoriesResponse> {
  return client.get('/clustering/categories', {
    query: { organization_id: organizationId },
    parse: (data) => ClusterCategoriesResponseSchema.parse(data),
  });
}

/** GET /clustering/{category}: the category's columns in order and the fields a new column reads. */
export function getCategory(
  organizationId: string,
  category: ClusterCategory,
  client: ApiClient = apiClient,
): Promise<ClusterCategoryResponse> {
  return client.get(`/clustering/${category}`, {
    query: { organization_id: organizationId },
    parse: (data) => ClusterCategoryResponseSchema.parse(data),
  });
}

/** GET /clustering/{category}/columns/{id}. */
export function getColumn(
  organizationId: string,
  category: ClusterCategory,
  id: string,
  client: ApiClient = apiClient,
): Promise<ClusterColumn> {
  return client.get(`/clustering/${category}/columns/${id}`, {
    query: { organization_id: organizationId },
    parse: (data) => ClusterColumnSchema.parse(data),
  });
}

/** PUT /clustering/{category}/columns/{id}: creates (appended) or updates the column. */
export function saveColumn(
  organizationId: string,
  category: ClusterCategory,
  { id, name, values }: ColumnDraft,
  client: ApiClient = apiClient,
): Promise<ClusterColumn> {
  return client.put(`/clustering/${category}/columns/${id}`, {
    body: { organization_id: organizationId, name, values },
    parse: (data) => ClusterColumnSchema.parse(data),
  });
}

/** DELETE /clustering/{category}/columns/{id}. */
export async function deleteColumn(
  organizationId: string,
  category: ClusterCategory,
  id: string,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete(`/clustering/${category}/columns/${id}`, {
    query: { organization_id: organizationId },
    parse: (data) => DeleteClusterColumnResponseSchema.parse(data),
  });
}

/** PUT /clustering/{category}/columns with updateType 'reorder': every column, in the new order. */
export function reorderColumns(
  organizationId: string,
  category: ClusterCategory,
  columnIds: string[],
  client: ApiClient = apiClient,
): Promise<ClusterCategoryResponse> {
  return client.put(`/clustering/${category}/columns`, {
    body: { organization_id: organizationId, updateType: 'reorder', columnIds },
    parse: (data) => ClusterCategoryResponseSchema.parse(data),
  });
}

/** POST /clustering/{category}/preview: the category's rows with the editor's column. */
export function previewColumn(
  organizationId: string,
  category: ClusterCategory,
  column: ColumnDraft,
  order: PreviewOrder,
  client: ApiClient = apiClient,
): Promise<ClusterPreviewResponse> {
  return client.post(`/clustering/${category}/preview`, {
    body: { organization_id: organizationId, column, ...order },
    parse: (data) => ClusterPreviewResponseSchema.parse(data),
  });
}

/** POST /clustering/{category}/preview_value: the rows one value gets (null: the rows none gets). */
export function previewValue(
  organizationId: string,
  category: ClusterCategory,
  column: ColumnDraft,
  value: string | null,
  order: PreviewOrder,
  client: ApiClient = apiClient,
): Promise<ClusterPreviewResponse> {
  return client.post(`/clustering/${category}/preview_value`, {
    body: { organization_id: organizationId, column, value, ...order },
    parse: (data) => ClusterPreviewResponseSchema.parse(data),
  });
}

/** POST /clustering/{category}/sql: the column's SQL. */
export async function sqlPreview(
  organizationId: string,
  category: ClusterCategory,
  column: ColumnDraft,
  client: ApiClient = apiClient,
): Promise<string> {
  const answer = await client.post(`/clustering/${category}/sql`, {
    body: { organization_id: organizationId, column },
    parse: (data) => ClusterSqlPreviewResponseSchema.parse(data),
  });
  return answer.sql;
}

/** POST /clustering/{category}/coverage: rows and spend per rule set, and what no rule set matches. */
export function columnCoverage(
  organizationId: string,
  category: ClusterCategory,
  column: ColumnDraft,
  client: ApiClient = apiClient,
): Promise<ClusterCoverageResponse> {
  return client.post(`/clustering/${category}/coverage`, {
    body: { organization_id: organizationId, column },
    parse: (data) => ClusterCoverageResponseSchema.parse(data),
  });
}
