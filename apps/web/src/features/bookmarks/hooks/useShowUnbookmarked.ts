import { encodeReportState, type ReportState } from '@maya/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { dashboardPath } from '../../../shared/organizations';
import { ADDRESS_STATE_PARAM, RELOAD_STATE, useReportView } from '../../../shared/report-view';

/**
 * Shows a view that is no bookmark's (one the AI Builder generated). On a bookmark's route the
 * view would otherwise sit under that bookmark's name, and a reload would show it so: the app
 * leaves for the plain dashboard route with the view in the address, which clears the active
 * bookmark and, like a reload, applies no default bookmark over it.
 */
export function useShowUnbookmarked(): (state: ReportState) => void {
  const { applyState, routeBookmark, readOnly, organizationSlug, reportSlug } = useReportView();
  const navigate = useNavigate();
  return useCallback(
    (state: ReportState) => {
      if (readOnly || routeBookmark === null || routeBookmark.kind === 'demo') {
        applyState(state);
        return;
      }
      const query = new URLSearchParams({ [ADDRESS_STATE_PARAM]: encodeReportState(state) });
      void navigate(`${dashboardPath(organizationSlug, reportSlug)}?${query.toString()}`, {
        state: RELOAD_STATE,
      });
    },
    [applyState, routeBookmark, readOnly, organizationSlug, reportSlug, navigate],
  );
}
