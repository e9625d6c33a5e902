import { MAYA_REPORT } from '@maya/analytics';
import { call } from '../support/accounts';

const DAILY = 'daily-performance';
/** The page of `-maya` that holds the Daily performance table. */
export const DAILY_PAGE = MAYA_REPORT.pages.find((p) => p.visuals.some((v) => v.id === DAILY))?.name ?? '';

/** `-maya`'s Daily performance table over every day, as an app at `base` answers it. */
export function dailyReport(base: string, token: string, organizationId: string) {
  return call(base, 'POST', `/reports/${MAYA_REPORT.slug}/query`, {
    token,
    body: {
      organization_id: organizationId,
      report: MAYA_REPORT.slug,
      page: DAILY_PAGE,
      visual_id: DAILY,
      filters: [],
      date_range: { from: '2000-01-01', to: '2100-12-31' },
      sort: null,
    },
  });
}
