import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dashboardPath } from '../organizations';
import { RELOAD_STATE } from './reload';
import { useReportView } from './ReportViewContext';

/**
 * Reload (spec 002 §4): clears the active bookmark and shows the report as its document has it,
 * on the plain dashboard route (an embedded or demo view stays on its own route).
 */
export function useReloadReport(): () => void {
  const view = useReportView();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { reset, readOnly, organizationSlug, reportSlug } = view;
  return useCallback(() => {
    reset();
    const target = readOnly ? pathname : dashboardPath(organizationSlug, reportSlug);
    void navigate(target, { state: RELOAD_STATE });
  }, [reset, readOnly, pathname, organizationSlug, reportSlug, navigate]);
}
