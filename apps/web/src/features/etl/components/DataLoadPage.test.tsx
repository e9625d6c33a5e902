import { ETL_EXPIRED_MESSAGE, type EtlLogs, type EtlProgress } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type RouteHandler,
} from '../../../test/organizationFixtures';
import { formatTotal } from '../duration';

const acme = organizationFixture({ slug: 'acme', name: 'Acme', is_etl_enabled: true });
const PAGE = '/organization/acme/data-load';

const idle: EtlProgress = { running: false, description: '', points: 0 };
const history: EtlLogs = {
  latest_etl_date: '2026-03-02T09:00:00.000Z',
  all_logs: [
    {
      date: '2026-03-02',
      runs: [
        {
          // A run's counts say what happened, whatever its last step said.
          step: 'Loaded 4 of 4 accounts',
          sync_started_at: '2026-03-02T09:00:00.000Z',
          run_time: 12.5,
          status: 'failed',
          error: 'Acme Germany: Customer not enabled\nAcme France: Customer not enabled',
          accounts: { total: 4, failed: 2 },
        },
      ],
    },
    {
      date: '2026-03-01',
      runs: [
        {
          step: 'Loaded 2 of 2 accounts',
          sync_started_at: '2026-03-01T09:00:00.000Z',
          run_time: 62,
          status: 'finished',
          error: null,
          accounts: { total: 2, failed: 0 },
        },
        {
          step: 'First load of Google Ads: Acme Germany',
          sync_started_at: '2026-03-01T08:00:00.000Z',
          run_time: 0,
          status: 'finished',
          error: null,
          accounts: null,
        },
      ],
    },
  ],
};

function renderPage(routes: Record<string, RouteHandler> = {}) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [acme] }),
    'GET /api/user/subscriptions/check': () =>
      json(200, { has_unlinked_subscription: false, subscriptions: [] }),
    'GET /api/service_accounts/warnings': () => json(200, { count: 0, accounts: [] }),
    'GET /api/etl/progress': () => json(200, idle),
    'GET /api/etl/next': () => json(200, { next_etl_time: '2026-03-03T09:00:00.000Z' }),
    'GET /api/etl/logs': () => json(200, history),
    'GET /api/etl/tables': () =>
      json(200, {
        tables: [
          { name: 'marketing_performance', rows: 12345, first_date: '2024-11-21', last_date: '2026-11-20' },
          { name: 'budgets', rows: 0, first_date: null, last_date: null },
        ],
      }),
    ...routes,
  });
  return { ...renderApp(PAGE), calls };
}

describe('data load page', () => {
  it('shows the title, progress, next ETL time and the history grouped by date with totals', async () => {
    const { calls } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Data Load', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Load data now' })).toBeEnabled();
    expect(screen.getByText('No data load is running.')).toBeInTheDocument();
    expect(screen.getByText('Next ETL time:', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load next ETL time')).toBeNull();

    const failedDay = await screen.findByRole('region', { name: '2026-03-02' });
    expect(within(failedDay).getByText('12.5 min')).toBeInTheDocument();
    expect(within(failedDay).getByText('Failed')).toBeInTheDocument();
    expect(within(failedDay).getByText(/Acme Germany: Customer not enabled/)).toBeInTheDocument();
    expect(within(failedDay).getByText('2 of 4 loaded, 2 failed')).toBeInTheDocument();
    expect(within(failedDay).queryByText(/Loaded 4 of 4/)).toBeNull();
    const finishedDay = screen.getByRole('region', { name: '2026-03-01' });
    expect(within(finishedDay).getByText('62.0 min')).toBeInTheDocument();
    expect(within(finishedDay).getByText('2 of 2 accounts loaded')).toBeInTheDocument();
    expect(within(finishedDay).getByText('First load of Google Ads: Acme Germany')).toBeInTheDocument();
    expect(within(finishedDay).getByText(/1 hour and 2 minutes/)).toBeInTheDocument();
    expect(screen.getByText('1 hour and 15 minutes')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/etl/logs')?.search).toBe(`?organization_id=${acme.id}`);
  });

  it('starts a run with Load data now, then shows its progress and disables the button', async () => {
    let progress: EtlProgress = idle;
    const { calls } = renderPage({
      'GET /api/etl/progress': () => json(200, progress),
      'POST /api/etl/trigger': () => {
        progress = { running: true, description: 'Loading Google Ads: Acme Germany (1 of 2)', points: 0 };
        return json(202, { run_id: '11111111-2222-4333-8444-555555555555' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load data now' }));
    expect(await screen.findByText('Loading Google Ads: Acme Germany (1 of 2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load data now' })).toBeDisabled();
    expect(calls.filter((call) => call.path === '/api/etl/trigger')[0]?.body).toEqual({
      organization_id: acme.id,
    });
  });

  it('moves the progress bar from the moment a run is queued, before a worker takes it', async () => {
    let progress: EtlProgress = idle;
    let answerTrigger: (() => void) | null = null;
    renderPage({
      'GET /api/etl/progress': () => json(200, progress),
      'POST /api/etl/trigger': async () => {
        progress = { running: true, description: 'Waiting to start', points: 0 };
        await new Promise<void>((resolve) => (answerTrigger = resolve));
        return json(202, { run_id: '11111111-2222-4333-8444-555555555555' });
      },
    });
    const bar = await screen.findByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Load data now' }));
    await waitFor(() => expect(answerTrigger).not.toBeNull());
    answerTrigger!();
    expect(await screen.findByText('Waiting to start')).toBeInTheDocument();
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(screen.getByText('0%')).toBeInTheDocument();
  });

  it('shows the data model build with its own progress', async () => {
    renderPage({
      'GET /api/etl/progress': () =>
        json(200, { running: true, description: 'Building the data model (6 of 12 tables)', points: 95 }),
    });
    expect(await screen.findByText('Building the data model (6 of 12 tables)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '95');
  });

  it('shows what the warehouse holds: each non-empty table with its rows and days', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Loaded data' });
    const row = within(table).getByRole('row', { name: /Marketing performance/ });
    expect(within(row).getByText('12,345')).toBeInTheDocument();
    expect(within(row).getByText('21/11/2024')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(table).queryByText('Budgets')).toBeNull();
  });

  it('says when nothing has been loaded yet', async () => {
    renderPage({ 'GET /api/etl/tables': () => json(200, { tables: [] }) });
    expect(
      await screen.findByText('Nothing has been loaded yet. Connect a source, then load data.'),
    ).toBeInTheDocument();
  });

  it('says a run is already running when the server refuses one', async () => {
    renderPage({
      'POST /api/etl/trigger': () => json(409, { detail: { type: 'etl_already_running' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load data now' }));
    expect(await screen.findByText('A data load is already running.')).toBeInTheDocument();
  });

  it('says why when the plan lapsed and the server refuses the load', async () => {
    renderPage({
      'POST /api/etl/trigger': () =>
        json(403, { detail: { type: 'etl_plan_expired', message: ETL_EXPIRED_MESSAGE } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load data now' }));
    expect(await screen.findByText(ETL_EXPIRED_MESSAGE)).toBeInTheDocument();
  });

  it('shows the next ETL time failure and the logs error detail', async () => {
    renderPage({
      'GET /api/etl/next': () => json(500, { detail: { type: 'internal_error' } }),
      'GET /api/etl/logs': () =>
        json(500, { detail: { type: 'internal_error', message: 'Logs are unavailable' } }),
    });
    expect(await screen.findByText('Failed to load next ETL time')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Error 500: Logs are unavailable')).toBeInTheDocument());
  });
});

describe('formatTotal', () => {
  it('shows years, days, hours and minutes, leaving out the zero parts', () => {
    expect(formatTotal(0)).toBe('0 minutes');
    expect(formatTotal(0.4)).toBe('less than a minute');
    expect(formatTotal(0.5)).toBe('1 minute');
    expect(formatTotal(1)).toBe('1 minute');
    expect(formatTotal(61)).toBe('1 hour and 1 minute');
    expect(formatTotal(365 * 24 * 60 + 2 * 24 * 60 + 3 * 60 + 4)).toBe(
      '1 year, 2 days, 3 hours and 4 minutes',
    );
  });
});
