import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rememberReturnUrl, takeReturnUrl } from '../../../shared/auth';
import { setCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
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

const acme = organizationFixture({ slug: 'acme', name: 'Acme', has_dashboard: true });
const globex = organizationFixture({ slug: 'globex', name: 'Globex', has_dashboard: false });

async function landOn(expected: string, entry: Parameters<typeof renderApp>[0] = '/') {
  const { router } = renderApp(entry);
  await waitFor(() =>
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected),
  );
  return router;
}

describe('landing redirect (/)', () => {
  it('sends an unverified user to /verify-email with the email, before loading organizations', async () => {
    signIn();
    const calls = mockRoutes(accountRoutes({ user: userFixture({ is_email_verified: false }) }));
    await landOn('/verify-email?email=ada%40example.com');
    expect(calls.map((call) => call.path)).not.toContain('/api/organizations');
  });

  it('sends a user without an organization of their own (only the demo one) to /create-organization', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [demoOrganization] }));
    await landOn('/create-organization');
  });

  it('opens the saved current organization on its -maya dashboard', async () => {
    signIn();
    setCurrentOrganizationSlug('acme');
    mockRoutes(accountRoutes({ organizations: [demoOrganization, globex, acme] }));
    await landOn('/organization/acme/dashboard/-maya');
  });

  it('opens the first organization of the user when none is saved, on -demo without a dashboard', async () => {
    signIn();
    mockRoutes(accountRoutes({ organizations: [demoOrganization, globex, acme] }));
    await landOn('/organization/globex/dashboard/-demo');
  });

  it('brings the user back to a path remembered before signing in (an invitation), once', async () => {
    signIn();
    rememberReturnUrl('/organization/acme/invite/4f7c1a2e-1111-4222-8333-944455556666');
    mockRoutes(accountRoutes({ organizations: [demoOrganization] }));
    await landOn('/organization/acme/invite/4f7c1a2e-1111-4222-8333-944455556666');
    expect(takeReturnUrl()).toBeNull();
  });

  it('ignores a saved slug the user no longer has', async () => {
    signIn();
    setCurrentOrganizationSlug('gone');
    mockRoutes(accountRoutes({ organizations: [acme, globex] }));
    await landOn('/organization/acme/dashboard/-maya');
  });

  it('opens the destinations settings with refresh_destinations when the destinations flag is set', async () => {
    signIn();
    setCurrentOrganizationSlug('globex');
    mockRoutes(accountRoutes({ organizations: [acme, globex] }));
    await landOn('/organization/globex/settings/destinations?refresh_destinations=1', {
      pathname: '/',
      state: { destinations: true },
    });
  });

  it('says There was an issue loading your organizations, with the status and detail', async () => {
    signIn();
    mockRoutes({
      ...accountRoutes(),
      'GET /api/organizations': () => json(503, { detail: { type: 'service_unavailable' } }),
    });
    renderApp('/');
    expect(await screen.findByText('There was an issue loading your organizations')).toBeInTheDocument();
    expect(screen.getByText('Error 503: service_unavailable')).toBeInTheDocument();
  });

  it("says Can't connect to the server when the organizations cannot be reached", async () => {
    signIn();
    mockRoutes({
      ...accountRoutes(),
      'GET /api/organizations': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/');
    expect(await screen.findByText('There was an issue loading your organizations')).toBeInTheDocument();
    expect(screen.getByText("Can't connect to the server")).toBeInTheDocument();
  });

  it('says There was an issue loading your account information. when the user cannot be loaded', async () => {
    signIn();
    mockRoutes({ 'GET /api/user': () => json(500, { detail: { type: 'internal_error' } }) });
    renderApp('/');
    expect(
      await screen.findByText('There was an issue loading your account information.'),
    ).toBeInTheDocument();
  });

  it('treats email_not_verified from the organizations call as unverified', async () => {
    signIn();
    mockRoutes({
      ...accountRoutes(),
      'GET /api/organizations': () => json(403, { detail: { type: 'email_not_verified' } }),
    });
    await landOn('/verify-email?email=ada%40example.com');
  });

  it('sends a signed-out visitor to sign in', async () => {
    mockRoutes(accountRoutes());
    await landOn('/sign-in');
  });
});
