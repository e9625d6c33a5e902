import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import type { ApiCall } from '../../../../test/organizationFixtures';
import { testDocument } from '../../testFixtures';
import { accessWith, acme, queries, renderDashboard } from '../dashboardTestRoutes';

const PAGE = '/organization/acme/dashboard/-maya';

/** Channel values in pages of two: a, b, then c. */
function channelValues(call: ApiCall) {
  const cursor = new URLSearchParams(call.search).get('cursor');
  return cursor === null
    ? json(200, { data: ['Search', 'Display'], nextCursor: 'page-2' })
    : json(200, { data: ['Video'], nextCursor: null });
}

/** A filter's card in the pane, by its column's label. */
function card(pane: HTMLElement, title: string): HTMLElement {
  const element = within(pane).getByText(title, { selector: 'p' }).closest('.mantine-Paper-root');
  if (!(element instanceof HTMLElement)) throw new Error(`no filter card ${title}`);
  return element;
}

async function openFilters() {
  await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  return screen.findByRole('complementary', { name: 'Filters' });
}

// Each test clicks through several popovers: on a busy machine that takes longer than the default.
const SLOW = 40_000;

describe('filters pane (spec 002 Filters)', () => {
  it(
    "lists the report's filters with their summaries",
    async () => {
      renderDashboard(PAGE);
      const pane = await openFilters();
      // The cards load with the pane's first opening.
      expect(await within(pane).findByText('Filters on all pages')).toBeInTheDocument();
      expect(within(pane).getByText('Date')).toBeInTheDocument();
      expect(within(pane).getByText('In the last 30 days')).toBeInTheDocument();
      expect(within(pane).getByText('Channel')).toBeInTheDocument();
      expect(within(pane).getByText('All')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'stays open when the dashboard is mounted again in the session (a bookmark saved or applied)',
    async () => {
      const first = renderDashboard(PAGE);
      await openFilters();
      first.unmount();
      renderDashboard(PAGE);
      const pane = await screen.findByRole('complementary', { name: 'Filters' });
      await userEvent.click(within(pane).getByRole('button', { name: 'Close filters' }));
      await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull());
      expect(window.sessionStorage.length).toBe(0);
    },
    SLOW,
  );

  it(
    "says there aren't any filters when the report and page have none",
    async () => {
      renderDashboard(PAGE, {
        access: accessWith({ document: { ...testDocument, filters: [] } }),
      });
      const pane = await openFilters();
      expect(within(pane).getByText("There aren't any filters to display.")).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'loads list values page by page, and a tick filters every visual again',
    async () => {
      const { calls } = renderDashboard(PAGE, { extra: { 'GET /api/reports/filter-values': channelValues } });
      const pane = await openFilters();
      await userEvent.click(within(pane).getByRole('button', { name: /Channel/ }));
      expect(await within(pane).findByRole('checkbox', { name: 'Search' })).toBeInTheDocument();
      const first = new URLSearchParams(
        calls.find((call) => call.path === '/api/reports/filter-values')?.search,
      );
      expect(Object.fromEntries(first)).toEqual({
        organization_id: acme.id,
        datasetId: 'marketing',
        table: 'performance',
        column: 'channel',
      });

      // Scrolling to the end loads the next page through the cursor.
      await userEvent.click(within(pane).getByRole('button', { name: 'Load more values' }));
      expect(await within(pane).findByRole('checkbox', { name: 'Video' })).toBeInTheDocument();
      expect(calls.some((call) => new URLSearchParams(call.search).get('cursor') === 'page-2')).toBe(true);

      const before = queries(calls).length;
      await userEvent.click(within(pane).getByRole('checkbox', { name: 'Search' }));
      await waitFor(() => expect(queries(calls).length).toBeGreaterThanOrEqual(before + 3));
      const filtered = queries(calls).slice(before);
      expect(filtered.map((q) => q.visual_id).sort()).toEqual(['campaigns', 'kpi-cpa', 'kpi-spend']);
      for (const query of filtered) {
        expect(query.filters).toContainEqual(expect.objectContaining({ id: 'channel', values: ['Search'] }));
      }
      expect(within(pane).getAllByText('Search').length).toBeGreaterThan(1);
      expect(within(pane).getByText('1 selected')).toBeInTheDocument();

      // Exclude turns the same values around.
      await userEvent.click(within(pane).getByText('Exclude'));
      expect(await within(pane).findByText('Not Search')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'narrows the loaded values with the search',
    async () => {
      renderDashboard(PAGE, { extra: { 'GET /api/reports/filter-values': channelValues } });
      const pane = await openFilters();
      await userEvent.click(within(pane).getByRole('button', { name: /Channel/ }));
      await within(pane).findByRole('checkbox', { name: 'Search' });
      await userEvent.type(within(pane).getByRole('textbox', { name: 'Search' }), 'disp');
      expect(within(pane).queryByRole('checkbox', { name: 'Search' })).toBeNull();
      expect(within(pane).getByRole('checkbox', { name: 'Display' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'applies a relative date only with a count, except for "in this"',
    async () => {
      const { calls } = renderDashboard(PAGE);
      const pane = await openFilters();
      await userEvent.click(within(pane).getByRole('button', { name: /Date/ }));
      const date = card(pane, 'Date');
      // The card's body appears as it expands: found, not got.
      const count = await within(date).findByRole('textbox', { name: 'Count' }, { timeout: 5_000 });
      expect(count).toHaveAttribute('placeholder', '1-10000');
      await userEvent.clear(count);
      await userEvent.tab();
      expect(within(date).getByText('Enter a count')).toBeInTheDocument();
      expect(within(date).getByRole('button', { name: 'Apply' })).toBeDisabled();
      await userEvent.type(count, '20000');
      expect(within(date).getByText('Enter a whole number from 1 to 10000')).toBeInTheDocument();
      await userEvent.clear(count);
      await userEvent.type(count, '7');
      await userEvent.click(within(date).getByRole('button', { name: 'Apply' }));
      expect(await within(pane).findByText('In the last 7 days')).toBeInTheDocument();
      await waitFor(() =>
        expect(queries(calls).at(-1)?.filters).toContainEqual(
          expect.objectContaining({ id: 'date', operator: 'in_the_last', count: 7, unit: 'day' }),
        ),
      );
    },
    SLOW,
  );

  it(
    'applies "in this" without a count, and Reset filter returns to the document\'s',
    async () => {
      renderDashboard(PAGE);
      const pane = await openFilters();
      await userEvent.click(within(pane).getByRole('button', { name: /Date/ }));
      const date = card(pane, 'Date');
      await userEvent.click(await within(date).findByDisplayValue('In the last', {}, { timeout: 5_000 }));
      await userEvent.click(await within(date).findByRole('option', { name: 'In this' }));
      expect(within(date).getByRole('textbox', { name: 'Count' })).toBeDisabled();
      await userEvent.click(within(date).getByRole('button', { name: 'Apply' }));
      expect(await within(pane).findByText('In this day')).toBeInTheDocument();
      await userEvent.click(within(pane).getByRole('button', { name: 'Reset filter: Date' }));
      expect(await within(pane).findByText('In the last 30 days')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'needs a non-empty text for the advanced text filter',
    async () => {
      renderDashboard(PAGE);
      const pane = await openFilters();
      await userEvent.click(within(pane).getByRole('button', { name: /Channel/ }));
      const channel = card(pane, 'Channel');
      await userEvent.click(within(channel).getByText('Advanced'));
      const apply = within(channel).getByRole('button', { name: 'Apply' });
      expect(apply).toBeDisabled();
      await userEvent.type(within(channel).getByRole('textbox', { name: 'Text' }), '   ');
      await userEvent.tab();
      expect(within(channel).getByText('Enter some text')).toBeInTheDocument();
      expect(apply).toBeDisabled();
      await userEvent.type(within(channel).getByRole('textbox', { name: 'Text' }), 'brand');
      await userEvent.click(apply);
      expect(await within(pane).findByText('Contains "brand"')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'needs a day for the advanced date filter, at 12:00 unless told otherwise',
    async () => {
      renderDashboard(PAGE);
      const pane = await openFilters();
      await userEvent.click(within(pane).getByRole('button', { name: /^Date/ }));
      const dateCard = card(pane, 'Date');
      await userEvent.click(within(dateCard).getByText('Advanced'));
      expect(within(dateCard).getByLabelText('Time')).toHaveValue('12:00');
      const applyDate = within(dateCard).getByRole('button', { name: 'Apply' });
      expect(applyDate).toBeDisabled();
      fireEvent.change(within(dateCard).getByLabelText('Date'), { target: { value: '2026-11-20' } });
      await userEvent.click(applyDate);
      expect(await within(pane).findByText('Is 20/11/2026 12:00')).toBeInTheDocument();
    },
    SLOW,
  );
});
