/**
 * Query keys of the reports area: invalidate through these, never a hand-typed key.
 *
 * `scope` is the organization id for the signed-in app, or `embed:{token}` for an embedded
 * report, so the same dashboard components cache the two sources apart.
 */
export const reportKeys = {
  all: ['reports'] as const,
  scope: (scope: string) => [...reportKeys.all, scope] as const,
  /** GET /reports?organization_id=: the reports listed in the sidebar. */
  list: (organizationId: string) => [...reportKeys.scope(organizationId), 'list'] as const,
  /** GET /reports/{slug}: the report, its document and data freshness. */
  access: (scope: string, slug: string) => [...reportKeys.scope(scope), 'access', slug] as const,
  /** Every visual query of one report (invalidated together when the report changes). */
  queries: (scope: string, slug: string) => [...reportKeys.scope(scope), 'query', slug] as const,
  /** POST /reports/{slug}/query: one visual under the current page, filters, slicers and sort. */
  query: (scope: string, slug: string, request: unknown) =>
    [...reportKeys.queries(scope, slug), request] as const,
  /** GET /reports/{slug}/embeds: the report's embed grants (the embed dialog's list). */
  embeds: (organizationId: string, slug: string) =>
    [...reportKeys.scope(organizationId), 'embeds', slug] as const,
  /** GET /reports/{slug}/schedules: the report's scheduled deliveries (the schedules dialog). */
  schedules: (organizationId: string, slug: string) =>
    [...reportKeys.scope(organizationId), 'schedules', slug] as const,
  /** GET /reports/{slug}/versions: a custom report's version history (the editor's). */
  versions: (organizationId: string, slug: string) =>
    [...reportKeys.scope(organizationId), 'versions', slug] as const,
  /** GET /reports/{slug}/fields: the model's fields the editor offers. */
  fields: (organizationId: string, slug: string) =>
    [...reportKeys.scope(organizationId), 'fields', slug] as const,
  /** POST /reports/{slug}/formula: one formula's check, after the metrics before it. */
  formula: (organizationId: string, slug: string, metric: unknown) =>
    [...reportKeys.scope(organizationId), 'formula', slug, metric] as const,
  /** GET /reports/filter-values: one column's values, page by page (the cursor is the page param). */
  filterValues: (
    scope: string,
    params: { datasetId: string; table: string; column: string; page?: string },
  ) =>
    [
      ...reportKeys.scope(scope),
      'filter-values',
      params.datasetId,
      params.table,
      params.column,
      ...(params.page === undefined ? [] : [params.page]),
    ] as const,
};
