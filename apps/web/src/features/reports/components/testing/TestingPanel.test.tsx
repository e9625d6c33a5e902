import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderDashboard } from '../dashboardTestRoutes';
import { TESTING_PANEL_SECRET } from './TestingPanelOnDemand';

const PAGE = '/organization/acme/dashboard/-maya';

describe('the hidden testing panel (spec 002 §2)', () => {
  it('opens when its string is typed on the dashboard, with each visual of the page and its answer', async () => {
    // userEvent.setup() gives the page a clipboard to write to and read back.
    const user = userEvent.setup();
    renderDashboard(PAGE);
    const spend = await screen.findByRole('region', { name: 'Spend' });
    expect(await within(spend).findByText('$1,235')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Testing panel' })).not.toBeInTheDocument();

    await user.keyboard(TESTING_PANEL_SECRET.slice(0, -1));
    expect(screen.queryByRole('dialog', { name: 'Testing panel' })).not.toBeInTheDocument();
    await user.keyboard(TESTING_PANEL_SECRET.slice(-1));

    const panel = await screen.findByRole('dialog', { name: 'Testing panel' });
    expect(within(panel).getByText('-maya')).toBeInTheDocument();
    expect(within(panel).getByText('The report as saved (nothing changed).')).toBeInTheDocument();
    const visuals = within(panel).getByRole('table', { name: 'Visual queries' });
    const spendRow = within(visuals).getByText('kpi-spend').closest('tr');
    expect(spendRow).not.toBeNull();
    expect(within(spendRow as HTMLElement).getByText('success')).toBeInTheDocument();
    expect(within(spendRow as HTMLElement).getByText(/^\d+(\.\d)? ms$/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Copy diagnostics' }));
    const copied = JSON.parse(await navigator.clipboard.readText()) as { Report: string; visuals: unknown[] };
    expect(copied.Report).toBe('-maya');
    expect(copied.visuals.length).toBeGreaterThan(0);
    expect(within(panel).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Testing panel' })).not.toBeInTheDocument(),
    );
  });

  it('does not open for the string typed into a field', async () => {
    renderDashboard(PAGE);
    await screen.findByRole('region', { name: 'Spend' });
    const field = document.createElement('input');
    document.body.append(field);
    await userEvent.type(field, TESTING_PANEL_SECRET);
    expect(screen.queryByRole('dialog', { name: 'Testing panel' })).not.toBeInTheDocument();
    field.remove();
  });
});
