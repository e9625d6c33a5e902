import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PagespeedUrl } from '@maya/contracts';
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

const PAGE = '/organization/acme/pagespeed';
const acme = organizationFixture({ slug: 'acme', name: 'Acme' });
const HOME = { uuid: '5a1e0000-0000-4000-8000-000000000001', url_link: 'https://shop.example.com/' };

function render(urls: PagespeedUrl[], overrides: Record<string, RouteHandler> = {}) {
  signIn();
  let saved = urls;
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [acme] }),
    'GET /api/pagespeed_urls': () => json(200, { urls: saved, last_run: null }),
    'PUT /api/pagespeed_urls': (call) => {
      saved = (call.body as { urls: PagespeedUrl[] }).urls;
      return json(200, {
        urls: saved,
        last_run: { status: 'queued', started_at: null, finished_at: null, measured: 0, failures: [] },
      });
    },
    'GET /api/pagespeed_urls/top': () =>
      json(200, {
        urls: [{ url_link: 'https://shop.example.com/sale', clicks: 700 }],
        listed: saved.map((u) => ({ url_link: u.url_link, clicks: u.url_link === HOME.url_link ? 1400 : 0 })),
        days: 28,
        source: 'google_search_console',
      }),
    ...overrides,
  });
  return { ...renderApp(PAGE), calls };
}

describe('the PageSpeed URL editor', { timeout: 45_000 }, () => {
  it('says what is wrong once per URL, keeps Save disabled until fixed, and saves the list', async () => {
    const { calls } = render([HOME]);
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    expect(screen.getByText('Please specify URL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const second = screen.getByRole('textbox', { name: 'URL 2' });
    await userEvent.type(second, 'ftp://shop.example.com');
    expect(screen.getAllByText('Not a valid URL')).toHaveLength(1);
    await userEvent.clear(second);
    await userEvent.type(second, 'https://SHOP.example.com');
    expect(screen.getAllByText('Duplicate URL')).toHaveLength(1);
    await userEvent.clear(second);
    await userEvent.type(second, 'https://shop.example.com/shoes');
    expect(screen.queryByText('Duplicate URL')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add https://shop.example.com/sale' }));
    expect(screen.getByRole('textbox', { name: 'URL 3' })).toHaveValue('https://shop.example.com/sale');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(await screen.findByText('Measurement queued…')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as { urls: PagespeedUrl[] }).urls.map((u) => u.url_link)).toEqual([
      HOME.url_link,
      'https://shop.example.com/shoes',
      'https://shop.example.com/sale',
    ]);
    // Any change makes it unsaved again.
    await userEvent.click(screen.getByRole('button', { name: 'Remove URL 3' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows each URL’s search clicks beside it, a suggestion’s once added, and none for a page not known', async () => {
    render([HOME]);
    expect(await screen.findByText('Search clicks, 28 days')).toBeInTheDocument();
    // The row: the URL's field and what stands beside it.
    const row = (n: number) =>
      screen.getByRole('textbox', { name: `URL ${n}` }).closest('.mantine-Group-root');
    await waitFor(() => expect(row(1)).toHaveTextContent('1,400 search clicks'));
    await userEvent.click(screen.getByRole('button', { name: 'Add https://shop.example.com/sale' }));
    expect(row(2)).toHaveTextContent('700 search clicks');
    await userEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'URL 3' }), 'https://shop.example.com/new');
    expect(row(3)).toHaveTextContent('(clicks not known yet)');
  });

  it('shows no clicks column without a source of visits', async () => {
    render([HOME], {
      'GET /api/pagespeed_urls/top': () => json(200, { urls: [], listed: [], days: 28, source: null }),
    });
    expect(
      await screen.findByText('Connect Google Search Console to see your most visited pages here.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Search clicks, 28 days')).toBeNull();
    expect(screen.queryByText(/search clicks$/)).toBeNull();
  });

  it('names the error type when the list cannot be loaded or saved', async () => {
    render([HOME], {
      'GET /api/pagespeed_urls': () => json(503, { detail: { type: 'service_unavailable' } }),
    });
    expect(
      await screen.findByText(
        'Failed to load saved PagedSpeed links (service_unavailable). Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the save failure with its type', async () => {
    render([HOME], { 'PUT /api/pagespeed_urls': () => json(500, { detail: { type: 'internal_error' } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove URL 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        screen.getByText('Something went wrong (internal_error). Please try again later.'),
      ).toBeInTheDocument(),
    );
  });
});
