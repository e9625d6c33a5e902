import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api';
import { mockRoutes, renderApp } from '../../../test/organizationFixtures';
import { defaultAnswers } from '../components/dashboardTestRoutes';
import { accessFixture, embedReportFixture, testDocument } from '../testFixtures';

const TOKEN = 'payload.signature';

/** The render page's answers: its one page, and each visual's answer once `release` is called. */
function renderRender(answer: (visualId: string) => Response) {
  const overview = testDocument.pages.filter((page) => page.name === 'overview');
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls = mockRoutes({
    'POST /api/render/access': () =>
      json(200, {
        ...accessFixture({ report: embedReportFixture({ access_level: 'View' }) }),
        document: { ...testDocument, pages: overview },
        state: null,
        currency_id: 'EUR',
        allow_filtering: false,
      }),
    'POST /api/render/query': async (call) => {
      await released;
      return answer((call.body as { visual_id: string }).visual_id);
    },
  });
  const app = renderApp(`/render#${TOKEN}`);
  const root = () => app.container.querySelector('main[data-render-state]');
  return { calls, release, state: () => root()?.getAttribute('data-render-state'), root };
}

describe('the render page (/render#{token})', () => {
  it('says it is ready once every visual has answered, not before', async () => {
    const page = renderRender((id) => json(200, defaultAnswers[id]));
    await waitFor(() => expect(page.calls.filter((c) => c.path === '/api/render/query')).toHaveLength(3));
    expect(page.state()).toBe('drawing');
    page.release();
    await waitFor(() => expect(page.state()).toBe('ready'));
    // The token travels in the body, never in an address; the toolbar is not drawn for print.
    const access = page.calls.find((c) => c.path === '/api/render/access');
    expect(access?.body).toEqual({ token: TOKEN });
    const query = page.calls.find((c) => c.path === '/api/render/query');
    expect(query?.body).toMatchObject({ token: TOKEN, page: 'overview' });
    expect(page.root()?.textContent).toContain('Brand');
  });

  it('says it failed, and why, when a visual cannot answer', async () => {
    const page = renderRender((id) =>
      id === 'campaigns'
        ? json(504, { detail: { type: 'query_timeout', message: 'too long' } })
        : json(200, defaultAnswers[id]),
    );
    page.release();
    await waitFor(() => expect(page.state()).toBe('failed'));
    expect(page.root()?.getAttribute('data-render-error')).toMatch(/took too long/);
  });
});
