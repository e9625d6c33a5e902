import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { takeReturnUrl } from '../../../shared/auth/returnUrl';
import { tokenStore } from '../../../shared/auth/tokenStore';
import { getCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type RouteHandler,
} from '../../../test/organizationFixtures';

const INVITE_ID = '3f1c2a9e-8b7d-4c6e-9f10-a2b3c4d5e6f7';
const INVITE_PATH = `/organization/acme/invite/${INVITE_ID}`;
const acme = organizationFixture({ slug: 'acme' });

const pending: RouteHandler = () =>
  json(200, {
    email: 'invitee@example.com',
    invitation_id: INVITE_ID,
    organization_slug: 'acme',
    organization_name: 'Acme',
  });

function signedInRoutes(accept: RouteHandler) {
  return { ...accountRoutes({ organizations: [acme] }), 'POST /api/invitations/accept': accept };
}

describe('invitation page, signed out', () => {
  it.each([[INVITE_PATH], [`/invitation/acme/${INVITE_ID}`]])(
    '%s sends the visitor to sign up with the invited email and remembers the invitation',
    async (path) => {
      const calls = mockRoutes({ [`GET /api/invitations/${INVITE_ID}`]: pending });
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
      expect(router.state.location.search).toBe('?email=invitee%40example.com');
      expect(calls[0]?.search).toBe('?organization_slug=acme');
      expect(takeReturnUrl()).toBe(path);
    },
  );

  it.each([
    [500, 'internal_error', 'Failed to load invitation.'],
    [404, 'invitation_does_not_exist', 'Invitation not found, please check you are using the correct link.'],
    [400, 'invitation_expired', 'Invitation expired'],
  ])('a %i %s answer shows "%s"', async (status, type, message) => {
    mockRoutes({ [`GET /api/invitations/${INVITE_ID}`]: () => json(status, { detail: { type } }) });
    const { router } = renderApp(INVITE_PATH);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(INVITE_PATH);
  });
});

describe('invitation page, signed in', () => {
  it('accepts the invitation and opens the organization sources', async () => {
    signIn();
    const calls = mockRoutes(signedInRoutes(() => json(200, { organization_slug: 'acme' })));
    const { router } = renderApp(INVITE_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
    const accept = calls.find((call) => call.path === '/api/invitations/accept');
    expect(accept?.body).toEqual({ invitation_id: INVITE_ID, organization_slug: 'acme' });
    expect(getCurrentOrganizationSlug()).toBe('acme');
  });

  it('counts invitation_already_accepted as success', async () => {
    signIn();
    mockRoutes(signedInRoutes(() => json(400, { detail: { type: 'invitation_already_accepted' } })));
    const { router } = renderApp(`/invitation/acme/${INVITE_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/acme/sources'));
  });

  it.each([
    ['invitation_expired', 'Invitation expired'],
    ['invitation_does_not_exist', 'Invitation not found, please check you are using the correct link.'],
    ['something_else', 'There was an issue with this invite'],
  ])('%s shows "%s"', async (type, message) => {
    signIn();
    mockRoutes(signedInRoutes(() => json(400, { detail: { type } })));
    const { router } = renderApp(INVITE_PATH);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(INVITE_PATH);
    expect(screen.queryByRole('button', { name: 'Login with different account' })).toBeNull();
  });

  it('invitation_forbidden names the invited email; Login with different account signs out to sign in', async () => {
    signIn();
    const calls = mockRoutes(
      signedInRoutes(() =>
        json(403, { detail: { type: 'invitation_forbidden', invitation_email: 'invitee@example.com' } }),
      ),
    );
    const { router } = renderApp(INVITE_PATH);
    expect(await screen.findByText('This invite is for a different user')).toBeInTheDocument();
    expect(screen.getByTitle('invitee@example.com')).toHaveTextContent('invitee@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Login with different account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(tokenStore.get()).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/logout');
    expect(takeReturnUrl()).toBe(INVITE_PATH);
  });

  it('sends a user whose e-mail is not verified to verify it', async () => {
    signIn();
    mockRoutes(signedInRoutes(() => json(403, { detail: { type: 'email_not_verified' } })));
    const { router } = renderApp(INVITE_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
  });
});
