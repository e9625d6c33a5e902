import { decodeReportState, encodeReportState, type ListFilter } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import { entitlementsFixture } from '../../../test/billingFixtures';
import { organizationFixture } from '../../../test/organizationFixtures';
import { defaultReportState, withFilter } from '../model/state';
import { answerFixture, embedReportFixture, testDocument } from '../testFixtures';
import { accessWith, defaultAnswers, queries, renderDashboard } from './dashboardTestRoutes';
import { mockMediaQueries } from '../../../test/media';

const PAGE = '/organization/acme/dashboard/-maya';

/** GET /entitlements of a canceled plan whose loads the server stopped, or not. */
const entitlementsRoute = (etlExpired: boolean) => ({
  'GET /api/entitlements': () =>
    json(200, entitlementsFixture({ source: 'local', status: 'canceled', etl_expired: etlExpired })),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dashboard not ready (spec 002 §8)', () => {
  it('says the dashboard failed to load on any other failure', async () => {
    renderDashboard(PAGE, { access: () => json(502, { detail: { type: 'warehouse_error' } }) });
    expect(await screen.findByRole('heading', { name: 'Dashboard not ready' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load dashboard. Please try again later.')).toBeInTheDocument();
  });
});

describe('dashboard visuals', () => {
  it('shows KPIs with their change against the previous period, and the freshness', async () => {
    const { calls } = renderDashboard(PAGE);
    const spend = await screen.findByRole('region', { name: 'Spend' });
    expect(await within(spend).findByText('$1,235')).toBeInTheDocument();
    expect(within(spend).getByText('+23.5%')).toBeInTheDocument();
    expect(within(spend).getByText('vs previous period')).toBeInTheDocument();
    // The page says how fresh its data is once; a card only when its own differs.
    expect(screen.getAllByText('Data through 20/11/2026')).toHaveLength(1);
    expect(within(spend).queryByText(/Data through/)).toBeNull();
    const cpa = screen.getByRole('region', { name: 'CPA' });
    expect(await within(cpa).findByText('-20%')).toBeInTheDocument();
    expect(within(cpa).getByText('Data through 18/11/2026')).toBeInTheDocument();
    // Each visual asks on its own, under the report's filters, on the first page.
    const sent = queries(calls);
    expect(sent.map((q) => q.visual_id).sort()).toEqual(['campaigns', 'kpi-cpa', 'kpi-spend']);
    const first = calls.find((call) => call.path === '/api/reports/-maya/query');
    expect(first?.body).toMatchObject({
      organization_id: expect.any(String),
      report: '-maya',
      page: 'overview',
      filters: testDocument.filters,
      date_range: null,
      sort: null,
    });
  });

  it('shows no change, and says why, when a source starts inside the previous period', async () => {
    const uncovered = {
      ...defaultAnswers['kpi-spend']!,
      rows: [{ spend: 9689 }],
      comparison: {
        from: '2025-01-01',
        to: '2025-11-20',
        rows: [{ spend: 1000 }],
        current: { from: '2026-01-01', to: '2026-11-20' },
        data_from: '2025-09-01',
      },
    };
    renderDashboard(PAGE, {
      answer: ({ body }) =>
        json(200, body.visual_id === 'kpi-spend' ? uncovered : defaultAnswers[body.visual_id]),
    });
    const spend = await screen.findByRole('region', { name: 'Spend' });
    const note = await within(spend).findByText('Not compared: data starts 01/09/2025');
    expect(note).toHaveAttribute('title', expect.stringContaining('01/01/2025–20/11/2025'));
    expect(within(spend).queryByText(/%/)).toBeNull();
  });

  it('says under a table when its rows leave out what the KPIs count', async () => {
    renderDashboard(PAGE, {
      answer: ({ body }) =>
        json(200, {
          ...defaultAnswers[body.visual_id],
          ...(body.visual_id === 'campaigns' ? { partial: 'anonymized_queries' } : {}),
        }),
    });
    const table = await screen.findByRole('region', { name: 'Campaigns' });
    expect(
      await within(table).findByText(
        'Totals are below the KPIs: Google leaves anonymized queries out of query and page rows.',
      ),
    ).toBeInTheDocument();
    const spend = screen.getByRole('region', { name: 'Spend' });
    expect(within(spend).queryByText(/anonymized/)).toBeNull();
  });

  it('marks a visual whose data the filters in effect cannot narrow (decision 434)', async () => {
    renderDashboard(PAGE, {
      answer: ({ body }) =>
        json(200, {
          ...defaultAnswers[body.visual_id],
          ...(body.visual_id === 'kpi-cpa' ? { unfiltered: ['Theme'] } : {}),
        }),
    });
    const cpa = await screen.findByRole('region', { name: 'CPA' });
    expect(await within(cpa).findByText('Not filtered by Theme')).toBeInTheDocument();
    const spend = screen.getByRole('region', { name: 'Spend' });
    expect(within(spend).queryByText(/Not filtered/)).toBeNull();
  });

  it('shows a table with its totals, and sorts it through the state and a new query', async () => {
    const { calls, router } = renderDashboard(PAGE);
    const table = await screen.findByRole('region', { name: 'Campaigns' });
    expect(await within(table).findByText('Brand')).toBeInTheDocument();
    expect(within(table).getByText('$900.25')).toBeInTheDocument();
    expect(within(table).getByText('5,400')).toBeInTheDocument();
    expect(within(table).getByText('Total')).toBeInTheDocument();
    expect(within(table).getByText('6,600')).toBeInTheDocument();
    const spendHeader = within(table).getByRole('button', { name: 'Sort by Spend' }).closest('th');
    expect(spendHeader).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Clicks' }));
    await waitFor(() =>
      expect(
        queries(calls)
          .filter((q) => q.visual_id === 'campaigns')
          .at(-1)?.sort,
      ).toEqual([{ field: 'clicks', direction: 'desc' }]),
    );
    // The view is kept in the address, so a reload or a shared link shows it.
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?state=/));
    const state = decodeReportState(new URLSearchParams(router.state.location.search).get('state') ?? '');
    expect(state.sort).toEqual([{ visual_id: 'campaigns', sort: [{ field: 'clicks', direction: 'desc' }] }]);

    // Reset returns to the document's view, and the address loses the state.
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it("turns a table's pages, and starts again at the first rows on a new sort", async () => {
    const campaigns = defaultAnswers.campaigns!;
    const { calls } = renderDashboard(PAGE, {
      answer: ({ body }) => {
        const { visual_id, offset } = body as { visual_id: string; offset?: number };
        if (visual_id !== 'campaigns') return json(200, defaultAnswers[visual_id]);
        if (offset === undefined) return json(200, { ...campaigns, truncated: true });
        return json(200, { ...campaigns, rows: [{ campaign: 'Retargeting', spend: 1, clicks: 2 }] });
      },
    });
    const table = await screen.findByRole('region', { name: 'Campaigns' });
    expect(await within(table).findByText('Rows 1–2')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('button', { name: 'Next page' }));
    expect(await within(table).findByText('Retargeting')).toBeInTheDocument();
    // A page is the visual's limit of rows (500 in the test document); the totals stay.
    expect(within(table).getByText('Rows 501–501')).toBeInTheDocument();
    expect(within(table).getByText('6,600')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Next page' })).toBeDisabled();
    const campaignQueries = () => queries(calls).filter((q) => q.visual_id === 'campaigns');
    expect(campaignQueries().at(-1)).toMatchObject({ offset: 500 });
    expect(campaignQueries()[0]).not.toHaveProperty('offset');

    await userEvent.click(within(table).getByRole('button', { name: 'Previous page' }));
    expect(await within(table).findByText('Rows 1–2')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Next page' }));
    expect(await within(table).findByText('Rows 501–501')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Clicks' }));
    expect(await within(table).findByText('Rows 1–2')).toBeInTheDocument();
    expect(campaignQueries().at(-1)).not.toHaveProperty('offset');
    // Back to the earlier view (Reset drops the sort): its first page, not the page left there.
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled());
    expect(await within(table).findByText('Brand')).toBeInTheDocument();
    expect(within(table).getByText('Rows 1–2')).toBeInTheDocument();
    expect(within(table).queryByText('Retargeting')).not.toBeInTheDocument();
  });

  it('says when a table or a KPI has no data, and what went wrong', async () => {
    renderDashboard(PAGE, {
      answer: ({ body }) => {
        if (body.visual_id === 'campaigns')
          return json(200, answerFixture(['campaign', 'spend', 'clicks'], []));
        if (body.visual_id === 'kpi-spend') return json(200, answerFixture(['spend'], [{ spend: null }]));
        return json(504, { detail: { type: 'query_timeout' } });
      },
    });
    expect(await screen.findByText('No data for this table')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Spend' })).getByText('No data')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong: the query took too long')).toBeInTheDocument();
  });

  it('shows the source warnings of the tables a visual reads', async () => {
    const message = 'Google Ads account Acme Germany failed to load: its data may be out of date.';
    renderDashboard(PAGE, {
      access: accessWith({
        warnings: [
          {
            table: 'performance',
            service_id: 'google_ads',
            account_name: 'Acme Germany',
            status: 'failed',
            message,
          },
        ],
      }),
    });
    const table = await screen.findByRole('region', { name: 'Campaigns' });
    expect(within(table).getByRole('img', { name: message })).toBeInTheDocument();
  });

  it("says which time zone a day is in when the report's accounts are in several", async () => {
    renderDashboard(PAGE, {
      access: accessWith({
        time_zones: [
          { time_zone: 'Europe/Athens', accounts: 2 },
          { time_zone: 'America/New_York', accounts: 1 },
        ],
      }),
    });
    expect(
      await screen.findByText(
        "Days are each account's own time zone: Europe/Athens (2 accounts), America/New_York (1)",
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of time zones when every account is in one', async () => {
    renderDashboard(PAGE, {
      access: accessWith({ time_zones: [{ time_zone: 'Europe/Athens', accounts: 3 }] }),
    });
    await screen.findByRole('region', { name: 'Campaigns' });
    expect(screen.queryByText(/own time zone/)).toBeNull();
  });
});

describe('dashboard state in the address', () => {
  it('opens the view a link carries', async () => {
    const channel: ListFilter = {
      id: 'channel',
      kind: 'list',
      table: 'performance',
      column: 'channel',
      mode: 'include',
      values: ['Search'],
    };
    const state = withFilter(defaultReportState(testDocument, false), channel);
    const { calls } = renderDashboard(`${PAGE}?state=${encodeReportState(state)}`);
    await screen.findByRole('region', { name: 'Campaigns' });
    await waitFor(() => expect(queries(calls).length).toBeGreaterThan(0));
    for (const query of queries(calls)) expect(query.filters).toContainEqual(channel);
  });

  it('ignores a state it cannot read, says so, and drops it from the address', async () => {
    const { router, calls } = renderDashboard(`${PAGE}?state=not-a-state`);
    expect(
      await screen.findByText("This link's report view could not be read, so the report opens as saved."),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(queries(calls).length).toBeGreaterThan(0));
    expect(queries(calls)[0]?.filters).toEqual(testDocument.filters);
  });
});

describe('dashboard routes and modes (spec 002 §2)', () => {
  it('opens the default report from dashboard/', async () => {
    const { router } = renderDashboard('/organization/acme/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
  });

  it('offers edit mode only with access_level Edit, with Save as and the bookmarks pane there and Embed in view mode', async () => {
    renderDashboard(`${PAGE}/edit`);
    expect(await screen.findByText('Editing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Embed' })).toBeNull();
    // spec 002 §4: edit mode shows the bookmarks pane.
    const pane = await screen.findByRole('complementary', { name: 'Bookmarks pane' });
    expect(await within(pane).findByText('No bookmarks')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Bookmarks pane' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${PAGE}/edit`);
    expect(screen.getByRole('button', { name: 'Embed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the AI Builder' })).toBeInTheDocument();
  }, 40_000);

  it('stays in view mode on the edit route without access_level Edit', async () => {
    renderDashboard(`${PAGE}/edit`, {
      access: accessWith({ report: embedReportFixture({ access_level: 'View' }) }),
    });
    await screen.findByRole('region', { name: 'Campaigns' });
    expect(screen.queryByText('Editing')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('lists every page in the app, and switches page through the Pages menu', async () => {
    const { calls } = renderDashboard(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Pages: Overview' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Internal' }));
    expect(await screen.findByRole('region', { name: 'Campaign type' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/reports/filter-values')).toBe(true));
  });

  it('warns when the plan lapsed and its loads stopped (decision 621), with the way to the plans', async () => {
    renderDashboard(PAGE, { extra: entitlementsRoute(true) });
    expect(await screen.findByText('Your data is no longer updated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/organization/acme/billing/products',
    );
  });

  it('does not warn while the plan keeps loading', async () => {
    const { calls } = renderDashboard(PAGE, { extra: entitlementsRoute(false) });
    await screen.findByRole('region', { name: 'Campaigns' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/entitlements')).toBe(true));
    expect(screen.queryByText('Your data is no longer updated')).toBeNull();
  });

  it('warns organizations whose data loads expired, with the way to the plans', async () => {
    renderDashboard(PAGE, { organization: organizationFixture({ slug: 'acme', is_etl_enabled: false }) });
    expect(await screen.findByText('Your data is no longer updated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/organization/acme/billing/products',
    );
  });
});

describe('the toolbar on a phone (below 767 px)', () => {
  it('keeps to one row: Pages keeps its name, the other buttons show their icons, named for people', async () => {
    mockMediaQueries((query) => query.startsWith('(max-width: 766'));
    renderDashboard(PAGE);
    const toolbar = await screen.findByRole('toolbar', { name: 'Report toolbar' });
    expect(await within(toolbar).findByRole('button', { name: 'Pages: Overview' })).toHaveTextContent(
      'Overview',
    );
    for (const name of ['Reset', 'Save bookmark', 'Bookmarks', 'Embed']) {
      const button = await within(toolbar).findByRole('button', { name });
      // The icon alone: the label is its accessible name, not text that would need a second row.
      expect(button).toHaveTextContent('');
    }
    expect(within(toolbar).getByRole('link', { name: 'Edit' })).toHaveTextContent('');
    // The filters pane is not offered below 767 px (spec 002 §2).
    expect(within(toolbar).queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
