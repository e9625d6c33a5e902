// Test support for the save-as and embed components: a report view and a dashboard route around them.
import type { MantineThemeOverride } from '@mantine/core';
import type { EmbedReport, ReportState } from '@maya/contracts';
import { useParams } from 'react-router';
import type { ReactNode } from 'react';
import { renderRoutes } from '../../../../test/render';
import { ReportViewContext, type ReportView } from '../../../../shared/report-view';

export const ORGANIZATION_ID = '0b3c5a1e-6a59-4b61-9b0c-1d2e3f4a5b6c';

export function reportFixture(overrides: Partial<EmbedReport> = {}): EmbedReport {
  return {
    id: 'maya',
    slug: '-maya',
    name: '-maya',
    embed_url: 'https://app.example.com/api/reports/-maya',
    access_token: null,
    access_level: 'Edit',
    permission_level: 'admin',
    demo: false,
    is_custom: false,
    dataset_id: 'marketing',
    ...overrides,
  };
}

export const stateFixture: ReportState = {
  version: 1,
  page: 'campaigns',
  filters: [
    {
      id: 'channel',
      kind: 'list',
      table: 'performance',
      column: 'channel',
      mode: 'include',
      values: ['Search'],
    },
  ],
  slicers: [],
  sort: [],
};

export function viewFixture(overrides: Partial<ReportView> = {}): ReportView {
  return {
    organizationId: ORGANIZATION_ID,
    organizationSlug: 'acme',
    reportSlug: '-maya',
    report: reportFixture(),
    document: null,
    state: stateFixture,
    loaded: true,
    mode: 'edit',
    readOnly: false,
    routeBookmark: null,
    applyState: () => {},
    reset: () => {},
    ...overrides,
  };
}

function Opened() {
  const { slug } = useParams();
  return <p>Opened {slug}</p>;
}

/** `ui` on a dashboard route inside the view; other dashboards render 'Opened {slug}'. */
export function renderWithView(
  ui: ReactNode,
  view: ReportView = viewFixture(),
  theme?: MantineThemeOverride,
) {
  return renderRoutes(
    [
      {
        path: '/organization/acme/dashboard/-maya/edit',
        element: <ReportViewContext.Provider value={view}>{ui}</ReportViewContext.Provider>,
      },
      { path: '/organization/acme/dashboard/:slug', element: <Opened /> },
    ],
    '/organization/acme/dashboard/-maya/edit',
    theme,
  );
}
