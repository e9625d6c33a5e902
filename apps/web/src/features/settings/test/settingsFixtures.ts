import type { Organization } from '@maya/contracts';
import { screen } from '@testing-library/react';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  USER_ID,
  type RouteHandler,
} from '../../../test/organizationFixtures';
import type { Member } from '../../organizations';
import type { Invite } from '../api/invitations';

export const acme = organizationFixture({ slug: 'acme', name: 'Acme', role: 'admin' });

export const members: Member[] = [
  {
    id: USER_ID,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'admin',
    joined_at: '2024-01-02T12:00:00.000Z',
  },
  {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    role: 'member',
    joined_at: '2024-02-03T12:00:00.000Z',
  },
];

export function invite(email: string, uuid: string): Invite {
  return {
    uuid,
    email,
    status: 'pending',
    created_at: '2025-03-04T12:00:00.000Z',
    expires_at: '2025-03-11T12:00:00.000Z',
  };
}

export const alanInvite = invite('alan@example.com', '22222222-2222-4222-8222-222222222222');

export const features = {
  is_trial: false,
  integrations: [],
  can_add_accounts: true,
  can_add_users: true,
  has_database_access: true,
  can_configure_destination: true,
  data_history: -1,
  can_add_custom_reports: true,
};

/** The Developers tab's loaders for `acme`: nothing shared, no key, no token, no GA4 account. */
export const developersRoutes: Record<string, RouteHandler> = {
  [`GET /api/organizations/${acme.id}/shared-dataset`]: () =>
    json(200, { dataset: `prj_${acme.id.replaceAll('-', '')}_db`, users: [] }),
  [`GET /api/organizations/${acme.id}/api-keys`]: () => json(200, { keys: [] }),
  [`GET /api/organizations/${acme.id}/notification-token`]: () =>
    json(404, { detail: { type: 'notification_token_not_found' } }),
  [`GET /api/organizations/${acme.id}/ga4-emails`]: () =>
    json(200, { emails: [], fallback: 'maya-analytics@maya-data.iam.gserviceaccount.com' }),
};

export type SettingsApi = {
  organization?: Organization;
  invitations?: () => Invite[];
  routes?: Record<string, RouteHandler>;
};

/** Signs in, answers the shell and the Members tab's calls, and renders the app at `path`. */
export function renderSettings(
  path: string,
  { organization = acme, invitations, routes = {} }: SettingsApi = {},
) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [organization] }),
    [`GET /api/organizations/${organization.id}/users`]: () => json(200, { users: members }),
    'GET /api/invitations': () => json(200, { invitations: invitations?.() ?? [alanInvite] }),
    'POST /api/features': () => json(200, features),
    // The shell asks for marketplace subscriptions waiting to be linked: none.
    'GET /api/user/subscriptions/check': () =>
      json(200, { has_unlinked_subscription: false, subscriptions: [] }),
    ...routes,
  });
  return { ...renderApp(path), calls };
}

export async function findSettingsHeading() {
  return screen.findByRole('heading', { name: 'Settings', level: 1 });
}
