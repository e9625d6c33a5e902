/**
 * `/organization/{slug}` followed by an optional sub-path (`sources`, `dashboard/-maya`...). Here,
 * below the features, so that shared pieces (the report view's reload) can build app paths too;
 * features reach it through `features/organizations`.
 */
export function organizationPath(slug: string, subPath = ''): string {
  const base = `/organization/${encodeURIComponent(slug)}`;
  const rest = subPath.replace(/^\/+/, '');
  return rest === '' ? base : `${base}/${rest}`;
}

/** The plain dashboard route of a report (spec 002 §2 `dashboard/{reportSlug}`). */
export function dashboardPath(organizationSlug: string, reportSlug: string): string {
  return organizationPath(organizationSlug, `dashboard/${encodeURIComponent(reportSlug)}`);
}
