import { decodeReportState, type ReportListResponse } from '@maya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import { mockRoutes, type RouteHandler } from '../../../../test/organizationFixtures';
import { SaveReportAsButton } from './SaveReportAsButton';
import { ORGANIZATION_ID, renderWithView, reportFixture, stateFixture, viewFixture } from './testView';

const listed: ReportListResponse = {
  reports: [
    reportFixture(),
    reportFixture({ id: 'seo-v1', slug: '-seo-v1', name: 'SEO' }),
    reportFixture({ id: 'c1', slug: 'paid-search', name: 'Paid search', is_custom: true }),
  ],
};

function setup(routes: Record<string, RouteHandler> = {}, view = viewFixture()) {
  const calls = mockRoutes({ 'GET /api/reports': () => json(200, listed), ...routes });
  const rendered = renderWithView(<SaveReportAsButton />, view);
  return { ...rendered, calls, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Save as' }));
  return screen.findByRole('textbox', { name: /Report name/ });
}

describe('SaveReportAsButton', () => {
  it('is offered in edit mode with access_level Edit only, never in an embedded report', () => {
    const cases = [
      viewFixture({ mode: 'view' }),
      viewFixture({ report: reportFixture({ access_level: 'View' }) }),
      viewFixture({ readOnly: true }),
      viewFixture({ report: null }),
    ];
    for (const view of cases) {
      const { unmount } = setup({}, view);
      expect(screen.queryByRole('button', { name: 'Save as' })).not.toBeInTheDocument();
      unmount();
    }
    setup();
    expect(screen.getByRole('button', { name: 'Save as' })).toBeInTheDocument();
  });

  it("shows the name rule's messages and sends nothing while the name is refused", async () => {
    const { user, calls } = setup();
    const input = await openDialog(user);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(input, '-mine');
    await user.click(save);
    expect(await screen.findByText('Report name cannot start with dash (-)')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Paid  Search!');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/api/reports')).toBe(true),
    );
    await user.click(save);
    expect(await screen.findByText('Duplicate or reserved name')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '#-maya');
    await user.click(save);
    expect(await screen.findByText('Duplicate or reserved name')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("refuses a built-in report's displayed name, naming it, before asking the server", async () => {
    const { user, calls } = setup();
    const input = await openDialog(user);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/api/reports')).toBe(true),
    );
    await user.type(input, 'seo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Duplicate or reserved name: a built-in report is called SEO'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal of a built-in's name on the field", async () => {
    const msg = 'Duplicate or reserved name: a built-in report is called Marketing Performance';
    const { user } = setup({
      'POST /api/reports': () =>
        json(422, { detail: [{ loc: ['body', 'name'], msg, type: 'built_in_report_name' }] }),
    });
    await user.type(await openDialog(user), 'Brand new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(msg)).toBeInTheDocument();
  });

  it('shows the server refusing a name taken meanwhile on the field', async () => {
    const { user } = setup({
      'POST /api/reports': () =>
        json(422, {
          detail: [
            { loc: ['body', 'name'], msg: 'Duplicate or reserved name', type: 'duplicate_report_name' },
          ],
        }),
    });
    await user.type(await openDialog(user), 'Brand new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Duplicate or reserved name')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when saving fails otherwise', async () => {
    const { user } = setup({ 'POST /api/reports': () => json(500, { detail: { type: 'internal_error' } }) });
    await user.type(await openDialog(user), 'Brand new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The report could not be saved. Please try again.',
    );
  });

  it('saves the view on screen, confirms with a toast, asks the reports list again and opens the new report', async () => {
    const created = reportFixture({
      id: 'c2',
      slug: 'paid-search-eu',
      name: 'Paid search EU',
      is_custom: true,
    });
    const { user, calls } = setup({ 'POST /api/reports': () => json(201, created) });
    await user.type(await openDialog(user), '  Paid search EU ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Opened paid-search-eu')).toBeInTheDocument();
    expect(await screen.findByText('Saved Paid search EU successfully')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      organization_id: ORGANIZATION_ID,
      name: 'Paid search EU',
      source_slug: '-maya',
    });
    expect(decodeReportState((post?.body as { state: string }).state)).toEqual(stateFixture);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/reports')).toHaveLength(2),
    );
  });
});
