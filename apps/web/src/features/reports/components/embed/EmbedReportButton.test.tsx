import { decodeReportState, encodeReportState, type EmbedGrant } from '@maya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import { mockRoutes, type ApiCall, type RouteHandler } from '../../../../test/organizationFixtures';
import { testDocument } from '../../testFixtures';
import {
  ORGANIZATION_ID,
  renderWithView,
  reportFixture,
  stateFixture,
  viewFixture,
} from '../save-as/testView';
import { EmbedReportButton } from './EmbedReportButton';

const TOKEN =
  'AZbmHep1GUvgkS-PSlUPNHxblFAbkgtE1bsPOkCUdmx8awH9Vg.u3e1iRc5ViDB8wDa6ne0IGiiGnGd6crH0WGEY7PKf54';
const EMBED_URL = `https://app.example.com/embed/${TOKEN}`;
const GRANT_ID = '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01';
const answer = (expires_at: string | null = null) => ({
  id: GRANT_ID,
  token: TOKEN,
  expires_at,
  embed_url: EMBED_URL,
});

const grant = (over: Partial<EmbedGrant> = {}): EmbedGrant => ({
  id: '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02',
  report_slug: '-maya',
  state: encodeReportState({ ...stateFixture, page: 'overview' }),
  allow_filtering: false,
  created_at: new Date(2026, 10, 20, 9, 5).toISOString(),
  created_by: { id: '1c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e03', email: 'ada@example.com', name: 'Ada Lovelace' },
  expires_at: null,
  last_used_at: new Date(2026, 10, 21, 14, 30).toISOString(),
  status: 'active',
  embed_url: 'https://app.example.com/embed/older.token',
  ...over,
});

const LIST = 'GET /api/reports/-maya/embeds';

function setup(
  routes: Record<string, RouteHandler> = {},
  view = viewFixture({ mode: 'view', document: testDocument }),
) {
  const calls = mockRoutes({
    'POST /api/reports/-maya/embed-token': () => json(200, answer()),
    [LIST]: () => json(200, { embeds: [grant()] }),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithView(<EmbedReportButton />, view);
  return { calls, user };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

describe('EmbedReportButton', () => {
  it('is offered to owners and admins, never to members or in an embedded report', () => {
    for (const view of [
      viewFixture({ report: reportFixture({ permission_level: 'member', access_level: 'View' }) }),
      viewFixture({ readOnly: true }),
      viewFixture({ report: null }),
    ]) {
      setup({}, view);
      expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
    }
  });

  it('lists the links made before: view, creator, expiry and last use; opening it makes none', async () => {
    const { calls, user } = setup({
      [LIST]: () =>
        json(200, {
          embeds: [
            grant(),
            grant({
              id: '2c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e04',
              state: null,
              allow_filtering: true,
              created_by: null,
              expires_at: new Date(2026, 10, 22, 0, 0).toISOString(),
              last_used_at: null,
              status: 'expired',
            }),
          ],
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const list = await screen.findByRole('list', { name: 'Embed links of this report' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Overview · Date: In the last 30 days · Channel: Search');
    expect(first).toHaveTextContent(
      'Created 20/11/2026 09:05 by Ada Lovelace · Never expires · Last opened 21/11/2026 14:30',
    );
    expect(second).toHaveTextContent('The report as saved · Date: In the last 30 days');
    expect(second).toHaveTextContent('Expired');
    expect(second).toHaveTextContent('Viewers can filter');
    expect(second).toHaveTextContent('Created 20/11/2026 09:05 · Expired 22/11/2026 00:00 · Never opened');
    expect(posts(calls)).toHaveLength(0);
  });

  it('makes a link for the view on screen that does not expire unless asked, and lists it', async () => {
    const { calls, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    await user.click(await screen.findByRole('button', { name: 'Create link' }));
    const code = await screen.findByRole('textbox', { name: 'Embed code' });
    expect(code).toHaveValue(
      `<iframe src="${EMBED_URL}" title="maya" width="100%" height="800" style="border:0" allowfullscreen></iframe>`,
    );
    expect(
      screen.getByText('This link does not expire. Revoke it below when it should stop working.'),
    ).toBeInTheDocument();
    const [post] = posts(calls);
    expect(post?.body).toMatchObject({
      organization_id: ORGANIZATION_ID,
      expires_at: null,
      allow_filtering: false,
    });
    expect(decodeReportState((post?.body as { state: string }).state)).toEqual(stateFixture);
    // The list is asked again with the new link in it.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe((code as HTMLTextAreaElement).value);
  });

  it('asks for an expiry in days or on a date, and for filtering, when chosen', async () => {
    const { calls, user } = setup({
      'POST /api/reports/-maya/embed-token': (call) =>
        json(200, answer((call.body as { expires_at: string | null }).expires_at)),
    });
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Link expires' }), 'In 7 days');
    await user.click(screen.getByRole('switch', { name: /Let viewers filter within this view/ }));
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const body = posts(calls)[0]?.body as { expires_at: string; allow_filtering: boolean };
    expect(body.allow_filtering).toBe(true);
    const days = (Date.parse(body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(
      await screen.findByText(/^This link expires on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/),
    ).toBeInTheDocument();

    // A date must be given, and not one gone by; nothing is asked until it is.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Link expires' }), 'On a date…');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Choose a date.')).toBeInTheDocument();
    const date = screen.getByLabelText('Expiry date');
    await user.type(date, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Choose today or a later date.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '2099-03-04');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    const chosen = new Date((posts(calls)[1]?.body as { expires_at: string }).expires_at);
    expect([chosen.getFullYear(), chosen.getMonth(), chosen.getDate(), chosen.getHours()]).toEqual([
      2099, 2, 4, 23,
    ]);
  });

  it('revokes a link once confirmed, and lists the links again', async () => {
    const { calls, user } = setup({
      [`DELETE /api/reports/-maya/embeds/${grant().id}`]: () => new Response(null, { status: 204 }),
    });
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const list = await screen.findByRole('list', { name: 'Embed links of this report' });
    await user.click(within(list).getByRole('button', { name: /^Revoke/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this embed link?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.search).toBe(`?organization_id=${ORGANIZATION_ID}`);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('says why when the link cannot be made', async () => {
    const { user } = setup({
      'POST /api/reports/-maya/embed-token': () => json(403, { detail: { type: 'report_edit_forbidden' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    await user.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only owners and admins of the organization can embed its reports.',
    );
    expect(screen.queryByRole('textbox', { name: 'Embed code' })).not.toBeInTheDocument();
  });
});
