import { encodeReportState, type ListFilter, type RelativeDateFilter } from '@maya/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { mockRoutes, renderApp, type RouteHandler } from '../../../test/organizationFixtures';
import { defaultReportState, withFilter } from '../model/state';
import { accessFixture, embedReportFixture, testDocument } from '../testFixtures';
import { PagesMenuOnDemand } from './DashboardToolbar';
import { defaultAnswers } from './dashboardTestRoutes';

const TOKEN = 'payload.signature';
const PAGE = `/embed/${TOKEN}`;

function renderEmbed(access: RouteHandler) {
  const calls = mockRoutes({
    [`GET /api/embed/${TOKEN}`]: access,
    [`POST /api/embed/${TOKEN}/query`]: (call) => {
      const answer = defaultAnswers[(call.body as { visual_id: string }).visual_id];
      return answer === undefined ? json(404, { detail: { type: 'report_not_found' } }) : json(200, answer);
    },
  });
  return { ...renderApp(PAGE), calls };
}

/** GET /embed/{token}'s answer: the report read-only, the state to open with, the currency. */
const embedAccess = (
  over: { state?: string | null; currency_id?: string; allow_filtering?: boolean } = {},
) => ({
  ...accessFixture({ report: embedReportFixture({ access_level: 'View' }) }),
  state: null,
  currency_id: 'USD',
  allow_filtering: false,
  ...over,
});

/** A view of the last week: its grant keeps every query to it. */
const LAST_WEEK: RelativeDateFilter = {
  id: 'date',
  kind: 'relative_date',
  table: 'performance',
  column: 'date',
  operator: 'in_the_last',
  count: 7,
  unit: 'day',
};
const weekState = () => encodeReportState(withFilter(defaultReportState(testDocument, true), LAST_WEEK));

describe('embedded report (/embed/{token})', () => {
  it('shows the report read-only through the token, starting from the state it carries', async () => {
    const channel: ListFilter = {
      id: 'channel',
      kind: 'list',
      table: 'performance',
      column: 'channel',
      mode: 'include',
      values: ['Search'],
    };
    const state = encodeReportState(withFilter(defaultReportState(testDocument, true), channel));
    const { calls, router } = renderEmbed(() => json(200, embedAccess({ state })));

    const table = await screen.findByRole('region', { name: 'Campaigns' });
    expect(await within(table).findByText('Brand')).toBeInTheDocument();
    // The token names organization and report: the query carries neither.
    const query = calls.find((call) => call.path === `/api/embed/${TOKEN}/query`);
    expect(query?.body).not.toHaveProperty('organization_id');
    expect(query?.body).not.toHaveProperty('report');
    expect((query?.body as { filters: unknown[] }).filters).toContainEqual(channel);

    // Pages of visibility 1 are hidden; nothing offers to edit or save; the address stays plain.
    // The menu's code arrives on an idle prefetch; a click racing it could land on the stand-in
    // button just as it is replaced (seen once on a busy CI machine), so the code comes first.
    await act(() => PagesMenuOnDemand.preload());
    await userEvent.click(screen.getByRole('button', { name: 'Pages: Overview' }));
    expect(await screen.findByRole('menuitem', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Internal' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Embed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open the AI Builder' })).toBeNull();
    expect(router.state.location.search).toBe('');
    // Not the app's shell.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows amounts in the organization’s currency, as the app does', async () => {
    const { calls } = renderEmbed(() => json(200, embedAccess({ currency_id: 'EUR' })));
    const table = await screen.findByRole('region', { name: 'Campaigns' });
    expect(await within(table).findByText('€900.25')).toBeInTheDocument();
    expect(within(table).queryByText('$900.25')).toBeNull();
    // The page and the dashboard share one read of the access.
    expect(calls.filter((call) => call.path === `/api/embed/${TOKEN}`)).toHaveLength(1);
  });

  it('says when the link is invalid or has expired', async () => {
    renderEmbed(() => json(401, { detail: { type: 'invalid_embed_token' } }));
    expect(await screen.findByRole('heading', { name: 'Dashboard not ready' })).toBeInTheDocument();
    expect(screen.getByText('This embedded report link is invalid or has expired.')).toBeInTheDocument();
  });

  it('keeps to the view its grant allows: its filters shown, none to change, Reset stays on that view', async () => {
    const { calls } = renderEmbed(() => json(200, embedAccess({ state: weekState() })));
    await screen.findByRole('region', { name: 'Campaigns' });
    // The view it opens with is its baseline: nothing to reset to that would drop its filters.
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    const query = calls.find((call) => call.path === `/api/embed/${TOKEN}/query`);
    expect((query?.body as { filters: unknown[] }).filters).toEqual([LAST_WEEK, testDocument.filters[1]]);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const pane = await screen.findByRole('complementary', { name: 'Filters' });
    expect(
      await within(pane).findByRole('img', { name: 'Date: Set by this embedded view' }),
    ).toBeInTheDocument();
    expect(within(pane).getByRole('img', { name: 'Channel: Set by this embedded view' })).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: /Channel/ })).toBeNull();
  });

  it('lets its viewer change only the filters its view leaves open, when the grant allows filtering', async () => {
    renderEmbed(() => json(200, embedAccess({ state: weekState(), allow_filtering: true })));
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const pane = await screen.findByRole('complementary', { name: 'Filters' });
    expect(
      await within(pane).findByRole('img', { name: 'Date: Set by this embedded view' }),
    ).toBeInTheDocument();
    expect(within(pane).getByText('In the last 7 days')).toBeInTheDocument();
    // Channel filters nothing in the view: its viewer may narrow with it.
    expect(within(pane).queryByRole('img', { name: 'Channel: Set by this embedded view' })).toBeNull();
    expect(within(pane).getByRole('button', { name: /Channel/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says the data is not yet available before the first load', async () => {
    const { calls } = renderEmbed(() => json(404, { detail: { type: 'workspace_not_setup' } }));
    expect(await screen.findByText('Data not yet available. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === `/api/embed/${TOKEN}`)).toBe(true));
  });
});
