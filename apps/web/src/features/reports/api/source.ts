import type { FilterOptionsResponse, ReportAccessResponse, ReportQueryResponse } from '@maya/contracts';
import {
  getFilterValues,
  getReportAccess,
  queryReportVisual,
  type FilterValuesRequest,
  type VisualQueryRequest,
} from './reports';

/** A report's access as the dashboard starts from it. */
export type ReportSourceAccess = ReportAccessResponse & {
  /** An encoded report state to open with (an embed token's), or null for the document's own. */
  state: string | null;
  /** An embedded report's: whether its viewer may narrow the view it opens with. */
  allow_filtering?: boolean;
};

/**
 * Where a dashboard reads its report: the signed-in app (the session names the organization) or
 * an embed token (the token names organization and report). The dashboard components only know
 * this interface, so one set of components serves both.
 */
export type ReportSource = {
  kind: 'app' | 'embed';
  /** Caches the source's answers apart from another's (see `reportKeys`). */
  scope: string;
  /** The ISO code amounts are shown in. */
  currency: string;
  access: (slug: string) => Promise<ReportSourceAccess>;
  query: (request: VisualQueryRequest, signal?: AbortSignal) => Promise<ReportQueryResponse>;
  filterValues: (request: FilterValuesRequest, signal?: AbortSignal) => Promise<FilterOptionsResponse>;
};

/** The signed-in app's reports of one organization. */
export function appReportSource(organizationId: string, currency: string): ReportSource {
  return {
    kind: 'app',
    scope: organizationId,
    currency,
    access: async (slug) => ({ ...(await getReportAccess(organizationId, slug)), state: null }),
    query: (request, signal) => queryReportVisual(organizationId, request, signal),
    // The app's values are the column's, whatever the page.
    filterValues: ({ page: _page, ...request }, signal) => getFilterValues(organizationId, request, signal),
  };
}
