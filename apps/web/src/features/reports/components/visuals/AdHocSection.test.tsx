import { decodeReportState, encodeReportState, type AdHocVisual, type ReportState } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api';
import { defaultReportState } from '../../model/state';
import { answerFixture, testDocument } from '../../testFixtures';
import { defaultAnswers, queries, renderDashboard } from '../dashboardTestRoutes';

const PAGE = '/organization/acme/dashboard/-maya';

const CTR_BY_CHANNEL: AdHocVisual = {
  id: 'adhoc',
  kind: 'table',
  title: 'CTR by channel',
  table: 'performance',
  layout: { x: 0, y: 0, w: 12, h: 5 },
  dimensions: [{ name: 'channel', grain: null }],
  measures: ['ctr'],
  sort: [{ field: 'ctr', direction: 'desc' }],
  limit: 100,
  totals: false,
};

const answers = {
  ...defaultAnswers,
  adhoc: answerFixture(
    ['channel', 'ctr'],
    [
      { channel: 'Meta Ads', ctr: 0.0421 },
      { channel: 'Google Ads', ctr: 0.0313 },
    ],
  ),
};

/** The dashboard at a state carrying the ad-hoc visual on the overview (a shared link). */
function renderWithAdHoc(change: (state: ReportState) => ReportState = (s) => s) {
  const state = change({
    ...defaultReportState(testDocument, false),
    adhoc: { page: 'overview', visual: CTR_BY_CHANNEL },
  });
  return renderDashboard(`${PAGE}?state=${encodeReportState(state)}`, {
    answer: ({ body }) => json(200, answers[body.visual_id as keyof typeof answers]),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the ad-hoc visual on the dashboard (decision 252)', () => {
  it('shows above the page’s visuals, titled from the question, queried with its model and the page’s filters', async () => {
    const { calls } = renderWithAdHoc();
    const section = await screen.findByRole('region', { name: 'Answer to your prompt' });
    const card = within(section).getByRole('region', { name: 'CTR by channel' });
    expect(await within(card).findByText('Meta Ads')).toBeInTheDocument();
    expect(within(card).getByText('4.21%')).toBeInTheDocument();
    expect(within(section).getByText('AI Builder')).toBeInTheDocument();
    // First in reading order: before the page's own visuals.
    const campaigns = screen.getByRole('region', { name: 'Campaigns' });
    expect(section.compareDocumentPosition(campaigns) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(queries(calls).some((q) => q.visual_id === 'adhoc')).toBe(true));
    const sent = calls.find(
      (c) => c.path === '/api/reports/-maya/query' && (c.body as { visual_id: string }).visual_id === 'adhoc',
    );
    expect(sent?.body).toMatchObject({
      page: 'overview',
      visual: CTR_BY_CHANNEL,
      filters: testDocument.filters,
    });
    // The page's visuals are queried as always, without a visual model.
    const campaignQuery = calls.find(
      (c) =>
        c.path === '/api/reports/-maya/query' && (c.body as { visual_id: string }).visual_id === 'campaigns',
    );
    expect(campaignQuery?.body).not.toHaveProperty('visual');
  });

  it('is shown on its page only', async () => {
    renderWithAdHoc((s) => ({ ...s, page: 'internal' }));
    await screen.findByRole('region', { name: 'Campaign type' });
    expect(screen.queryByRole('region', { name: 'Answer to your prompt' })).toBeNull();
  });

  it('is removed by the user: the state, and the address, lose it', async () => {
    const { router } = renderWithAdHoc();
    const section = await screen.findByRole('region', { name: 'Answer to your prompt' });
    await userEvent.click(within(section).getByRole('button', { name: 'Remove this visual' }));
    expect(screen.queryByRole('region', { name: 'Answer to your prompt' })).toBeNull();
    // The state left is the document's own: the address is plain again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('is sorted by a header click through the state, as a page’s table is', async () => {
    const { router } = renderWithAdHoc();
    const card = await screen.findByRole('region', { name: 'CTR by channel' });
    await within(card).findByText('Meta Ads');
    await userEvent.click(within(card).getByRole('button', { name: 'Sort by CTR' }));
    await waitFor(() => {
      const state = decodeReportState(new URLSearchParams(router.state.location.search).get('state') ?? '');
      expect(state.sort).toEqual([{ visual_id: 'adhoc', sort: [{ field: 'ctr', direction: 'asc' }] }]);
      expect(state.adhoc?.visual).toEqual(CTR_BY_CHANNEL);
    });
  });
});
