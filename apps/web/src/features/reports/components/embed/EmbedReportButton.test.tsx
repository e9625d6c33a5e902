import { decodeReportState } from '@maya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api';
import { mockRoutes, type RouteHandler } from '../../../../test/organizationFixtures';
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
const EXPIRES = new Date(2030, 0, 2, 15, 4).toISOString();
const answer = { token: TOKEN, expires_at: EXPIRES, embed_url: `https://app.example.com/embed/${TOKEN}` };

function setup(routes: Record<string, RouteHandler> = {}, view = viewFixture({ mode: 'view' })) {
  const calls = mockRoutes({ 'POST /api/reports/-maya/embed-token': () => json(200, answer), ...routes });
  const user = userEvent.setup();
  renderWithView(<EmbedReportButton />, view);
  return { calls, user };
}

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

  it('makes a token for the view on screen and shows the iframe code, its expiry and a copy button', async () => {
    const { calls, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const code = await screen.findByRole('textbox', { name: 'Embed code' });
    expect(code).toHaveValue(
      `<iframe src="https://app.example.com/embed/${TOKEN}" title="maya" width="100%" height="800" style="border:0" allowfullscreen></iframe>`,
    );
    expect(
      screen.getByText('The link expires on 02/01/2030 15:04. Come back here for a new one.'),
    ).toBeInTheDocument();
    const [post] = calls.filter((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ organization_id: ORGANIZATION_ID });
    expect(decodeReportState((post?.body as { state: string }).state)).toEqual(stateFixture);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe((code as HTMLTextAreaElement).value);

    await user.click(screen.getByRole('button', { name: 'New link' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  });

  it('says why when the token cannot be made', async () => {
    const { user } = setup({
      'POST /api/reports/-maya/embed-token': () => json(403, { detail: { type: 'report_edit_forbidden' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only owners and admins of the organization can embed its reports.',
    );
    expect(screen.queryByRole('textbox', { name: 'Embed code' })).not.toBeInTheDocument();
  });
});
