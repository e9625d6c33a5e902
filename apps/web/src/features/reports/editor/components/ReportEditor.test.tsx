import type { ReportDocument } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api';
import { accessWith, queries, renderDashboard } from '../../components/dashboardTestRoutes';
import { embedReportFixture } from '../../testFixtures';
import { EditorSurface } from '..';

const EDIT = '/organization/acme/dashboard/-maya/edit';
const VERSIONS = {
  current: 3,
  versions: [
    { version: 3, created_at: '2026-11-20T10:00:00Z', created_by: null },
    { version: 2, created_at: '2026-11-19T10:00:00Z', created_by: null },
  ],
};

/** The dashboard in edit mode of a custom report; `save` answers its PUT. */
function renderEditor(save: () => Response = () => json(200, { version: 4 })) {
  return renderDashboard(EDIT, {
    access: accessWith({ report: embedReportFixture({ is_custom: true }) }),
    extra: {
      'GET /api/reports/-maya/versions': () => json(200, VERSIONS),
      'PUT /api/reports/-maya/document': save,
    },
  });
}

/** Drawers and a dashboard in jsdom on a shared two-core machine: a ceiling, not a speed. */
const SLOW = 60_000;

const pageNames = () =>
  screen.getAllByRole('textbox', { name: 'Page name' }).map((f) => (f as HTMLInputElement).value);

// The editor's page is a chunk of its own: loaded once here, not inside a test's wait.
beforeAll(async () => {
  await EditorSurface.preload();
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the report editor', () => {
  it(
    'queries each visual as the draft holds it, without its place',
    async () => {
      const { calls } = renderEditor();
      await screen.findByRole('toolbar', { name: 'Report editor' });
      await waitFor(() => expect(queries(calls).length).toBeGreaterThanOrEqual(3));
      const sent = queries(calls) as unknown as {
        draft?: { visual: { id: string; layout: object; title: null } };
      }[];
      expect(sent.every((q) => q.draft !== undefined)).toBe(true);
      expect(sent.map((q) => q.draft?.visual.layout)).toContainEqual({ x: 0, y: 0, w: 12, h: 1 });
    },
    SLOW,
  );

  it(
    'adds a page, undoes and redoes it with the keyboard, and saves the draft after the current version',
    async () => {
      const user = userEvent.setup();
      const { calls } = renderEditor();
      const toolbar = await screen.findByRole('toolbar', { name: 'Report editor' });
      await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Undo' })).toBeDisabled());
      await user.click(within(toolbar).getByRole('button', { name: 'Pages' }));
      await user.click(await screen.findByRole('button', { name: 'Add page' }));
      expect(pageNames()).toEqual(['Overview', 'Internal', 'New page 3']);
      await user.click(screen.getByRole('button', { name: 'Move New page 3 up' }));
      expect(pageNames()).toEqual(['Overview', 'New page 3', 'Internal']);

      await user.keyboard('{Control>}z{/Control}');
      expect(pageNames()).toEqual(['Overview', 'Internal', 'New page 3']);
      await user.keyboard('{Control>}z{/Control}');
      expect(pageNames()).toEqual(['Overview', 'Internal']);
      await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      await user.keyboard('{Control>}y{/Control}');
      expect(pageNames()).toEqual(['Overview', 'New page 3', 'Internal']);
      await user.keyboard('{Escape}');

      expect(within(toolbar).getByText('Unsaved changes')).toBeInTheDocument();
      await user.click(within(toolbar).getByRole('button', { name: 'Save' }));
      expect(await within(toolbar).findByText('All changes saved')).toBeInTheDocument();
      const put = calls.find((call) => call.method === 'PUT');
      const body = put?.body as { base_version: number; document: ReportDocument };
      expect(body.base_version).toBe(3);
      expect(body.document.pages.map((p) => p.display_name)).toEqual(['Overview', 'New page 3', 'Internal']);
    },
    SLOW,
  );

  it(
    'asks before leaving edit mode with unsaved changes: Stay keeps the draft, Leave drops it',
    async () => {
      const user = userEvent.setup();
      renderEditor();
      const toolbar = await screen.findByRole('toolbar', { name: 'Report editor' });
      await user.click(within(toolbar).getByRole('button', { name: 'Pages' }));
      await user.click(await screen.findByRole('button', { name: 'Add page' }));
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('link', { name: 'Done' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(dialog).toHaveTextContent('You have unsaved changes. They will be lost if you leave this page.');
      await user.click(within(dialog).getAllByRole('button', { name: 'Stay' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull());
      expect(within(toolbar).getByText('Unsaved changes')).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Done' }));
      const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      await user.click(within(again).getByRole('button', { name: 'Leave' }));
      await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Report editor' })).toBeNull());
      expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'leaves edit mode at once when everything is saved',
    async () => {
      const user = userEvent.setup();
      renderEditor();
      await screen.findByRole('toolbar', { name: 'Report editor' });
      await user.click(screen.getByRole('link', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Report editor' })).toBeNull());
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    },
    SLOW,
  );

  it(
    'says someone else saved, and offers a reload, on a conflict',
    async () => {
      const user = userEvent.setup();
      renderEditor(() => json(409, { detail: { type: 'report_version_conflict' } }));
      const toolbar = await screen.findByRole('toolbar', { name: 'Report editor' });
      await user.click(within(toolbar).getByRole('button', { name: 'Pages' }));
      await user.click(await screen.findByRole('button', { name: 'Add page' }));
      await user.keyboard('{Escape}');
      await user.click(within(toolbar).getByRole('button', { name: 'Save' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        'Someone else saved this report while you were editing it. Reload it to see their changes.',
      );
      expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows a built-in report unchanged, with the way to a copy',
    async () => {
      renderDashboard(EDIT);
      expect(await screen.findByText(/Built-in reports are not changed/)).toBeInTheDocument();
      expect(screen.queryByRole('toolbar', { name: 'Report editor' })).toBeNull();
    },
    SLOW,
  );
});
