import { decodeReportState, type ReportDocument } from '@maya/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api';
import { mockRoutes, testTheme, userFixture, type RouteHandler } from '../../../test/organizationFixtures';
import { renderWithView, reportFixture, stateFixture, viewFixture } from '../components/save-as/testView';
import { testDocument } from '../testFixtures';
import { ExportMenuButton, ExportMenuOnDemand } from './ExportMenuButton';

const document: ReportDocument = {
  ...testDocument,
  pages: [...testDocument.pages, { ...testDocument.pages[0]!, name: 'campaigns', display_name: 'Campaigns' }],
};
/** The menu and the dialog load their code on demand: on a busy machine that takes a while. */
const WAIT = { timeout: 10_000 };
const SCHEDULE = {
  id: '5b0c8a1e-6a59-4b61-9b0c-1d2e3f4a5b6c',
  report_slug: '-maya',
  bookmark_id: null,
  name: 'Monday numbers',
  state: null,
  frequency: 'weekly',
  weekday: 1,
  month_day: null,
  hour: 8,
  time_zone: 'Europe/Berlin',
  recipients: ['ada@example.com'],
  created_by: null,
  next_run_at: '2026-11-30T07:00:00.000Z',
  last_sent_at: null,
  last_error: null,
};

async function setup(
  routes: Record<string, RouteHandler> = {},
  view = viewFixture({ mode: 'view', document }),
  bookmarks: { id: string; name: string }[] = [],
) {
  const calls = mockRoutes({
    'GET /api/user': () => json(200, userFixture()),
    'GET /api/reports/-maya/schedules': () => json(200, { schedules: [] }),
    ...routes,
  });
  // jsdom lays nothing out: with the app's theme the menu hides itself once its position is
  // computed (its target looks detached), so a query would race that computation.
  const rendered = renderWithView(<ExportMenuButton bookmarks={bookmarks} />, view, testTheme);
  // The menu's code first: a click racing its arrival would land on the stand-in as it is replaced.
  await act(() => ExportMenuOnDemand.preload());
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('the Export menu', () => {
  it('is not offered in an embedded report', async () => {
    await setup({}, viewFixture({ readOnly: true, document }));
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it(
    'schedules the view for the user, and says under Recipients why an outside address is refused',
    { timeout: 60_000 },
    async () => {
      let posted: unknown = null;
      const { user } = await setup(
        {
          'POST /api/reports/-maya/schedules': (call) => {
            posted = call.body;
            const recipients = (call.body as { recipients: string[] }).recipients;
            return recipients.includes('boss@elsewhere.com')
              ? json(403, {
                  detail: {
                    type: 'outside_recipient_not_allowed',
                    message: 'Only owners and admins can send reports to addresses outside the organization',
                  },
                })
              : json(201, SCHEDULE);
          },
        },
        viewFixture({ mode: 'view', document, report: reportFixture({ permission_level: 'member' }) }),
      );
      await user.click(await screen.findByRole('button', { name: 'Export' }, WAIT));
      await user.click(await screen.findByRole('menuitem', { name: 'Schedule delivery…' }, WAIT));
      const dialog = await screen.findByRole('dialog', { name: 'Schedule delivery' }, WAIT);
      await within(dialog).findByText('ada@example.com', {}, WAIT);
      expect(
        within(dialog).getByText(/Owners and admins can also add outside addresses/),
      ).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText('Recipients'), 'boss@elsewhere.com,');
      await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
      expect(
        await within(dialog).findByText(
          'Only owners and admins can send reports to addresses outside the organization',
        ),
      ).toBeInTheDocument();
      expect(posted).toMatchObject({
        name: 'maya',
        frequency: 'weekly',
        weekday: 1,
        hour: 8,
        recipients: ['ada@example.com', 'boss@elsewhere.com'],
      });
      expect(decodeReportState((posted as { state: string }).state)).toEqual(stateFixture);
      expect(posted).toMatchObject({ bookmark_id: null });
      // Without bookmarks there is nothing to choose: the view on screen is what is mailed.
      expect(within(dialog).queryByLabelText('What to send')).not.toBeInTheDocument();
    },
  );
  it(
    "schedules one of the report's bookmarks by its id, under its name, without the view on screen",
    { timeout: 60_000 },
    async () => {
      let posted: unknown = null;
      const bookmark = { id: '8e3f1b2a-7c4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Meta only' };
      const { user } = await setup(
        {
          'POST /api/reports/-maya/schedules': (call) => {
            posted = call.body;
            return json(201, { ...SCHEDULE, bookmark_id: bookmark.id, name: bookmark.name });
          },
        },
        viewFixture({ mode: 'view', document }),
        [bookmark],
      );
      await user.click(await screen.findByRole('button', { name: 'Export' }, WAIT));
      await user.click(await screen.findByRole('menuitem', { name: 'Schedule delivery…' }, WAIT));
      const dialog = await screen.findByRole('dialog', { name: 'Schedule delivery' }, WAIT);
      await within(dialog).findByText('ada@example.com', {}, WAIT);
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('maya');
      await user.click(within(dialog).getByLabelText('What to send'));
      await user.click(await screen.findByRole('option', { name: 'Meta only' }));
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Meta only');
      expect(within(dialog).getByText(/Each mail shows the bookmark as it is then/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
      await waitFor(() => expect(posted).not.toBeNull());
      expect(posted).toMatchObject({ bookmark_id: bookmark.id, name: 'Meta only', state: null });
    },
  );

  it(
    'asks the server for the page on screen as PDF, under the state on screen, and saves the file',
    { timeout: 60_000 },
    async () => {
      const created: string[] = [];
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
      );
      window.HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
        created.push(this.download);
      };
      const { calls, user } = await setup({
        'POST /api/reports/-maya/export/pdf': () =>
          new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
      });
      await user.click(await screen.findByRole('button', { name: 'Export' }, WAIT));
      const png = await screen.findByRole('menuitem', { name: 'Page as PNG image' }, WAIT);
      // The menu opens on its first item and owns only items and labels: no focusable
      // presentational placeholder (axe aria-required-children).
      await waitFor(() => expect(png).toHaveFocus());
      expect(png.closest('[role="menu"]')?.querySelector('[role="presentation"][tabindex]')).toBeNull();
      await user.click(await screen.findByRole('menuitem', { name: 'Page as PDF' }, WAIT));
      await waitFor(() => expect(created).toEqual(['maya-campaigns.pdf']), WAIT);
      const asked = calls.find((c) => c.path === '/api/reports/-maya/export/pdf');
      const body = asked?.body as { organization_id: string; page: string; state: string };
      expect(body.page).toBe('campaigns');
      expect(decodeReportState(body.state)).toEqual(stateFixture);
    },
  );
});
