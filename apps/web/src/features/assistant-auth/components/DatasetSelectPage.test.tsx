import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { takeReturnUrl } from '../../../shared/auth/returnUrl';
import { navigateExternal } from '../../../shared/lib/browser';
import { json } from '../../../test/api';
import { accountRoutes, mockRoutes, renderApp, signIn, USER_ID } from '../../../test/organizationFixtures';

vi.mock('../../../shared/lib/browser', () => ({ navigateExternal: vi.fn() }));

const ORG_ID = '5a0e6d8c-2b1f-4e3a-9c7d-1e2f3a4b5c6d';
const SALES = {
  id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Sales',
  description: 'Orders and revenue',
};
const ADS = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Advertising',
  description: 'Spend by campaign',
};
const TOKEN = 'tok-1234567890abcdef';
const NEXT = 'https://ai.example/callback?s=1';
const PAGE = `/dataset-select?${new URLSearchParams({ org_id: ORG_ID, mcp_auth_token: TOKEN, next: NEXT }).toString()}`;
const DATASETS = `GET /api/organizations/${ORG_ID}/datasets`;

function routes(datasets: () => Response) {
  return { ...accountRoutes(), [DATASETS]: datasets };
}

describe('dataset select', () => {
  it('sends a signed-out visitor to sign in and remembers the page', async () => {
    mockRoutes({});
    const { router } = renderApp(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(takeReturnUrl()).toBe(PAGE);
  });

  it('lists name, description and ID; search filters by name or description; click toggles', async () => {
    signIn();
    mockRoutes(routes(() => json(200, { datasets: [SALES, ADS] })));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Select Dataset' })).toBeInTheDocument();
    expect(await screen.findByText('Orders and revenue')).toBeInTheDocument();
    expect(screen.getByText(`ID: ${SALES.id}`)).toBeInTheDocument();

    const search = screen.getByPlaceholderText('Search datasets...');
    await userEvent.type(search, 'campaign');
    expect(screen.queryByText('Sales')).toBeNull();
    expect(screen.getByText('Advertising')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'sal');
    expect(screen.queryByText('Advertising')).toBeNull();
    await userEvent.clear(search);

    const button = screen.getByRole('button', { name: 'Authorize Dataset' });
    expect(button).toBeDisabled();
    const item = screen.getByRole('button', { name: /Sales/ });
    await userEvent.click(item);
    expect(item).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeEnabled();
    await userEvent.click(item);
    expect(button).toBeDisabled();
  });

  it('grants access, then sends the browser to next with mcp_auth_token, user_id, org_id and dataset_id', async () => {
    signIn();
    const calls = mockRoutes({
      ...routes(() => json(200, { datasets: [SALES, ADS] })),
      'POST /api/assistant/grants': () =>
        json(201, {
          grant_id: 'c0ffee00-1234-4abc-8def-0123456789ab',
          user_id: USER_ID,
          organization_id: ORG_ID,
          dataset_id: ADS.id,
          created_at: '2025-01-01T00:00:00.000Z',
        }),
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /Advertising/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Dataset' }));
    await waitFor(() => expect(navigateExternal).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.path === '/api/assistant/grants')?.body).toEqual({
      mcp_auth_token: TOKEN,
      organization_id: ORG_ID,
      dataset_id: ADS.id,
    });
    const target = new URL(vi.mocked(navigateExternal).mock.calls[0]?.[0] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe('https://ai.example/callback');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      s: '1',
      mcp_auth_token: TOKEN,
      user_id: USER_ID,
      org_id: ORG_ID,
      dataset_id: ADS.id,
    });
  });

  it('shows a refused grant as Error {status}: {detail} and stays', async () => {
    signIn();
    mockRoutes({
      ...routes(() => json(200, { datasets: [SALES] })),
      'POST /api/assistant/grants': () =>
        json(400, { detail: { type: 'invalid_token', message: 'The assistant token has expired' } }),
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /Sales/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Dataset' }));
    expect(await screen.findByText('Error 400: The assistant token has expired')).toBeInTheDocument();
    expect(navigateExternal).not.toHaveBeenCalled();
  });

  it('shows No Datasets Found when the organization has none', async () => {
    signIn();
    mockRoutes(routes(() => json(200, { datasets: [] })));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'No Datasets Found' })).toBeInTheDocument();
    expect(screen.getByText(/Please contact your administrator/)).toBeInTheDocument();
  });

  it.each([
    [
      () => json(404, { detail: { type: 'organization_not_found' } }),
      'The organization in this link could not be found. Go back and choose one.',
    ],
    [
      () =>
        json(422, {
          detail: [
            {
              loc: ['params', 'id'],
              msg: 'Too small: expected string to have >=36 characters',
              type: 'too_small',
            },
          ],
        }),
      'The organization in this link could not be found. Go back and choose one.',
    ],
    [() => json(503, { detail: { type: 'service_unavailable' } }), 'Error 503: service_unavailable'],
    [
      () => {
        throw new TypeError('Failed to fetch');
      },
      "Can't connect to the server",
    ],
  ])('shows Error Loading Datasets with "%s"', async (answer, message) => {
    signIn();
    mockRoutes(routes(answer));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Error Loading Datasets' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/Too small/)).toBeNull();
  });

  it('names a malformed authorization link instead of showing the validator text of a refused grant', async () => {
    signIn();
    mockRoutes({
      ...routes(() => json(200, { datasets: [SALES] })),
      'POST /api/assistant/grants': () =>
        json(422, {
          detail: [
            {
              loc: ['body', 'mcp_auth_token'],
              msg: 'Too small: expected string to have >=16 characters',
              type: 'too_small',
            },
          ],
        }),
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /Sales/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Dataset' }));
    expect(
      await screen.findByText('This authorization link is not valid. Start again from your AI assistant.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Too small/)).toBeNull();
  });

  it('needs mcp_auth_token and next to authorize', async () => {
    signIn();
    mockRoutes(routes(() => json(200, { datasets: [SALES] })));
    renderApp(`/dataset-select?org_id=${ORG_ID}&mcp_auth_token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: /Sales/ }));
    expect(screen.getByRole('button', { name: 'Authorize Dataset' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('needs mcp_auth_token and next');
  });
});
