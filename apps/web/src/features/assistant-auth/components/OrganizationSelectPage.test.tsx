import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { takeReturnUrl } from '../../../shared/auth/returnUrl';
import { json } from '../../../test/api';
import {
  accountRoutes,
  demoOrganization,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  userFixture,
} from '../../../test/organizationFixtures';

const acme = organizationFixture({ slug: 'acme', name: 'Acme Shoes' });
const globex = organizationFixture({ slug: 'globex', name: 'Globex' });
const QUERY = `mcp_auth_token=tok-1234567890abcdef&next=${encodeURIComponent('https://ai.example/callback?s=1')}`;
const PAGE = `/organization-select?${QUERY}`;

function items() {
  return within(screen.getByRole('list', { name: 'Organizations' })).queryAllByRole('button');
}

describe('organization select', () => {
  it('sends a signed-out visitor to sign in and remembers the page', async () => {
    mockRoutes({});
    const { router } = renderApp(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(takeReturnUrl()).toBe(PAGE);
  });

  it('lists names and @slugs of member organizations only; search filters; a click toggles the selection', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [demoOrganization, acme, globex] }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Select Organization' })).toBeInTheDocument();
    expect(await screen.findByText('Acme Shoes')).toBeInTheDocument();
    expect(screen.getByText('@globex')).toBeInTheDocument();
    expect(screen.queryByText('@demo')).toBeNull();
    expect(items()).toHaveLength(2);

    await userEvent.type(screen.getByPlaceholderText('Search organizations...'), 'glo');
    expect(items()).toHaveLength(1);
    expect(screen.queryByText('Acme Shoes')).toBeNull();
    await userEvent.clear(screen.getByPlaceholderText('Search organizations...'));
    await userEvent.type(screen.getByPlaceholderText('Search organizations...'), '@nothing');
    expect(items()).toHaveLength(0);
    await userEvent.clear(screen.getByPlaceholderText('Search organizations...'));

    const authorize = screen.getByRole('button', { name: 'Authorize' });
    expect(authorize).toBeDisabled();
    const acmeItem = screen.getByRole('button', { name: /Acme Shoes/ });
    await userEvent.click(acmeItem);
    expect(acmeItem).toHaveAttribute('aria-pressed', 'true');
    expect(authorize).toBeEnabled();
    await userEvent.click(acmeItem);
    expect(acmeItem).toHaveAttribute('aria-pressed', 'false');
    expect(authorize).toBeDisabled();
  });

  it('Authorize goes to /dataset-select with mcp_auth_token, next and org_id', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [acme, globex] }));
    const { router } = renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /Globex/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dataset-select'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      mcp_auth_token: 'tok-1234567890abcdef',
      next: 'https://ai.example/callback?s=1',
      org_id: globex.id,
    });
  });

  it.each([
    ['a user', userFixture()],
    ['a staff user', userFixture({ is_staff: true, is_admin: true })],
  ])('shows No Organizations Found to %s who belongs only to the demo organization', async (_who, user) => {
    signIn();
    mockRoutes(accountRoutes({ user, organizations: [demoOrganization] }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'No Organizations Found' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't belong to any organizations. Please contact your administrator."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeDisabled();
  });

  it.each([
    [() => json(503, { detail: { type: 'service_unavailable' } }), 'Error 503: service_unavailable'],
    [
      () => {
        throw new TypeError('Failed to fetch');
      },
      "Can't connect to the server",
    ],
  ])('shows the load failure as "%s"', async (answer, message) => {
    signIn();
    mockRoutes({ ...accountRoutes(), 'GET /api/organizations': answer });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Error Loading Organizations' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('needs mcp_auth_token and next: without them Authorize stays disabled', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [acme] }));
    renderApp('/organization-select?mcp_auth_token=tok-1234567890abcdef&next=javascript%3Aalert(1)');
    await userEvent.click(await screen.findByRole('button', { name: /Acme Shoes/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('This authorization link is incomplete');
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeDisabled();
  });
});
