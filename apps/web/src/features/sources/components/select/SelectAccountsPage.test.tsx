import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createAppRoutes } from '../../../../app/router';
import { createQueryClient } from '../../../../shared/api/queryClient';
import { json } from '../../../../test/api';
import { mockRoutes, signIn, type RouteHandler } from '../../../../test/organizationFixtures';
import { storeAuthorization } from '../../redirectStorage';
import {
  acme,
  callsTo,
  facebookAds,
  googleAds,
  renderSources,
  searchConsole,
  selectable,
  sourcesRoutes,
} from '../../test/sourcesFixtures';

const PAGE = '/organization/acme/integrations/add';
const CREDENTIALS = '99999999-9999-4999-8999-999999999999';

function authorize(service = googleAds) {
  storeAuthorization({ state: 's-1', code: 'c-1', serviceId: service.id, serviceUuid: service.uuid });
}

function verifyAnswer(accounts: ReturnType<typeof selectable>[], single = false): RouteHandler {
  return () => json(200, { accounts, credentials_id: CREDENTIALS, single_account: single });
}

const googleAdsTree = [
  selectable('111-111-1111', 'Acme Manager', { selectable: false }),
  selectable('222-222-2222', 'Acme Search', { parent_id: '111-111-1111' }),
  selectable('333-333-3333', 'Acme Display', { parent_id: '111-111-1111' }),
];

function renderSelect(routes: Record<string, RouteHandler>) {
  return renderSources(PAGE, {
    routes: {
      'POST /api/service_accounts': () => json(201, { service_accounts: [] }),
      ...routes,
    },
  });
}

describe('account selection (integrations/add)', () => {
  it("says 'Redirection error' when the callback's data is missing", async () => {
    const { calls } = renderSelect({});
    expect(await screen.findByText('Redirection error')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/oauth/verify'))).toBe(false);
  });

  it('verifies once and shows the tree: Account Name, Account ID, checkboxes on selectable accounts', async () => {
    authorize();
    const { calls } = renderSelect({
      'POST /api/services/google_ads/oauth/verify': verifyAnswer(googleAdsTree),
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Account Name', 'Account ID']);
    expect(within(table).getByText('Acme Manager')).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox', { name: 'Acme Manager' })).toBeNull();
    expect(within(table).getByRole('checkbox', { name: 'Acme Search' })).toBeInTheDocument();
    expect(within(table).getByText('222-222-2222')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/services/google_ads/oauth/verify')).toEqual([
      expect.objectContaining({
        body: { serviceUuid: googleAds.uuid, organization_id: acme.id, code: 'c-1', state: 's-1' },
      }),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Collapse Acme Manager' }));
    expect(screen.queryByText('Acme Search')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Acme Manager' }));
    expect(screen.getByText('Acme Search')).toBeInTheDocument();
  });

  it("asks for at least one account: 'You have to select at least one account'", async () => {
    authorize();
    const { calls } = renderSelect({
      'POST /api/services/google_ads/oauth/verify': verifyAnswer(googleAdsTree),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('You have to select at least one account')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/service_accounts')).toHaveLength(0);
  });

  it('connects the chosen accounts, clears the kept data and toasts on sources', async () => {
    authorize();
    const { calls, router } = renderSelect({
      'POST /api/services/google_ads/oauth/verify': verifyAnswer(googleAdsTree),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Acme Search' }));
    // The account's name toggles its checkbox too.
    await user.click(screen.getByText('Acme Display'));
    expect(screen.getByRole('checkbox', { name: 'Acme Display' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    expect(await screen.findByText('Google Ads connected succesfully.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/service_accounts')).toEqual([
      expect.objectContaining({
        body: {
          organization_id: acme.id,
          credentialsId: CREDENTIALS,
          accounts: ['222-222-2222', '333-333-3333'],
        },
      }),
    ]);
    expect(window.localStorage.getItem('redirectCode')).toBeNull();
    expect(window.localStorage.getItem('redirectServiceUuid')).toBeNull();
  });

  it("says 'An error occured, please try again.' when connecting fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    authorize();
    renderSelect({
      'POST /api/services/google_ads/oauth/verify': verifyAnswer(googleAdsTree),
      'POST /api/service_accounts': () => json(500, { detail: { type: 'boom' } }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Acme Search' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('An error occured, please try again.')).toBeInTheDocument();
  });

  it('disables and deselects Search Console properties overlapped by a chosen domain property', async () => {
    authorize(searchConsole);
    renderSelect({
      'POST /api/services/google_search_console/oauth/verify': verifyAnswer([
        selectable('sc-domain:example.com', 'example.com'),
        selectable('https://www.example.com/', 'https://www.example.com/'),
        selectable('https://other.org/', 'https://other.org/'),
      ]),
    });
    const user = userEvent.setup({ delay: null });
    const prefix = await screen.findByRole('checkbox', { name: 'https://www.example.com/' });
    await user.click(prefix);
    expect(prefix).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'example.com' }));
    expect(prefix).not.toBeChecked();
    expect(prefix).toBeDisabled();
    expect(prefix).toHaveAccessibleDescription('Covered by a selected domain property');
    expect(screen.getByRole('checkbox', { name: 'https://other.org/' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'example.com' }));
    expect(prefix).toBeEnabled();
  });

  it('offers Facebook Ads users to reconnect or add an ad account when none came back', async () => {
    authorize(facebookAds);
    renderSelect({ 'POST /api/services/facebook_ads/oauth/verify': verifyAnswer([]) });
    expect(await screen.findByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      `/organization/acme/sources/${facebookAds.uuid}/redirect`,
    );
    const add = screen.getByRole('link', { name: 'Add an ad account' });
    expect(add).toHaveAttribute('href', 'https://business.facebook.com/settings/ad-accounts');
    expect(add).toHaveAttribute('target', '_blank');
  });

  it("says 'No accounts to select from' for other services", async () => {
    authorize();
    renderSelect({ 'POST /api/services/google_ads/oauth/verify': verifyAnswer([]) });
    expect(await screen.findByText('No accounts to select from')).toBeInTheDocument();
    // Nothing to connect: only the way back is offered.
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('connects a single account directly', async () => {
    authorize();
    const { calls, router } = renderSelect({
      'POST /api/services/google_ads/oauth/verify': verifyAnswer([selectable('444', 'Only one')], true),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    expect(callsTo(calls, 'POST', '/api/service_accounts')[0]?.body).toEqual({
      organization_id: acme.id,
      credentialsId: CREDENTIALS,
      accounts: ['444'],
    });
  });

  it.each([
    [
      'Error {status}: {detail} with the provider message',
      () => json(400, { detail: { type: 'provider_error', provider_status: 400, message: 'invalid_grant' } }),
      'Error 400: invalid_grant',
    ],
    [
      'Error {status}: {type} without one',
      () => json(400, { detail: { type: 'invalid_state' } }),
      'Error 400: invalid_state',
    ],
    [
      "'Failed loading service accounts' without an answer",
      () => Promise.reject(new TypeError('offline')),
      'Failed loading service accounts',
    ],
  ])('a failed verification goes to sources/add: %s', async (_, handler, message) => {
    authorize();
    const { router } = renderSelect({ 'POST /api/services/google_ads/oauth/verify': handler });
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources/add'));
    expect(new URLSearchParams(router.state.location.search).get('error')).toBe(message);
  });

  it('verifies only once under React StrictMode (the code is single-use)', async () => {
    authorize();
    signIn();
    const calls = mockRoutes(
      sourcesRoutes({
        routes: { 'POST /api/services/google_ads/oauth/verify': verifyAnswer(googleAdsTree) },
      }),
    );
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: [PAGE] });
    render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/services/google_ads/oauth/verify')).toHaveLength(1);
  });
});
