import type { Organization, ReportAccessResponse, ReportQueryResponse } from '@maya/contracts';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type ApiCall,
  type RouteHandler,
} from '../../../test/organizationFixtures';
import { accessFixture, answerFixture } from '../testFixtures';

/** The organization of the dashboard tests: loads enabled, so no upgrade warning. */
export const acme = organizationFixture({ slug: 'acme', name: 'Acme', is_etl_enabled: true });

/** Default answers of the test document's visuals, by visual id. */
export const defaultAnswers: Record<string, ReportQueryResponse> = {
  'kpi-spend': answerFixture(['spend'], [{ spend: 1234.5 }], {
    comparison: {
      from: '2026-09-22',
      to: '2026-10-21',
      rows: [{ spend: 1000 }],
      current: { from: '2026-10-22', to: '2026-11-20' },
      data_from: null,
    },
  }),
  'kpi-cpa': answerFixture(['cpa'], [{ cpa: 8 }], {
    comparison: {
      from: '2026-09-22',
      to: '2026-10-21',
      rows: [{ cpa: 10 }],
      current: { from: '2026-10-22', to: '2026-11-18' },
      data_from: null,
    },
    // Its rows end before the report's: the card says so.
    data_through: '2026-11-18',
  }),
  campaigns: answerFixture(
    ['campaign', 'spend', 'clicks'],
    [
      { campaign: 'Brand', spend: 900.25, clicks: 1200 },
      { campaign: 'Generic', spend: 334.25, clicks: 5400 },
    ],
    { totals: { grand: { spend: 1234.5, clicks: 6600 }, rows: [], columns: [] } },
  ),
};

type DashboardRoutes = {
  organization?: Organization;
  access?: () => Response;
  answer?: (call: ApiCall & { body: { visual_id: string } }) => Response;
  extra?: Record<string, RouteHandler>;
};

/** Renders the app at `path` with the API answering the test report. */
export function renderDashboard(path: string, routes: DashboardRoutes = {}) {
  signIn();
  const organization = routes.organization ?? acme;
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [organization] }),
    'GET /api/user/subscriptions/check': () =>
      json(200, { has_unlinked_subscription: false, subscriptions: [] }),
    'GET /api/service_accounts/warnings': () => json(200, { count: 0, accounts: [] }),
    'GET /api/reports': () => json(200, { reports: [accessFixture().report] }),
    'GET /api/reports/-maya': routes.access ?? (() => json(200, accessFixture())),
    'POST /api/reports/-maya/query': (call) => {
      const body = call.body as { visual_id: string };
      if (routes.answer !== undefined) return routes.answer({ ...call, body });
      const answer = defaultAnswers[body.visual_id];
      return answer === undefined ? json(404, { detail: { type: 'report_not_found' } }) : json(200, answer);
    },
    ...routes.extra,
  });
  return { ...renderApp(path), calls };
}

/** The visual queries made so far, their bodies. */
export function queries(calls: ApiCall[]): { visual_id: string; filters: unknown[]; sort: unknown }[] {
  return calls
    .filter((call) => call.method === 'POST' && call.path.endsWith('/query'))
    .map((call) => call.body as { visual_id: string; filters: unknown[]; sort: unknown });
}

export function accessWith(overrides: Partial<ReportAccessResponse>) {
  return () => json(200, accessFixture(overrides));
}
