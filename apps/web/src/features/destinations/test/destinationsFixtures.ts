import type {
  Destination,
  DestinationField,
  DestinationStatus,
  Organization,
  OrganizationDestination,
} from '@maya/contracts';
import { json } from '../../../test/api';
import {
  accountRoutes,
  mockRoutes,
  organizationFixture,
  renderApp,
  signIn,
  type RouteHandler,
} from '../../../test/organizationFixtures';

export const acme = organizationFixture({ slug: 'acme', name: 'Acme', role: 'admin' });

const field = (
  input: Partial<DestinationField> & Pick<DestinationField, 'name' | 'label' | 'pattern' | 'help'>,
) => ({
  default: null,
  secret: false,
  options: null,
  ...input,
});

export const managed: Destination = {
  id: 'managed',
  name: 'Maya managed (EU)',
  logo: '/logos/destinations/managed.svg',
  description: 'Hosted by Maya in the EU. Nothing to set up.',
  managed: true,
  is_upload: false,
  form: [],
};

export const postgresql: Destination = {
  id: 'postgresql',
  name: 'PostgreSQL',
  logo: '/logos/destinations/postgresql.svg',
  description: 'Your own PostgreSQL database, version 12 or later.',
  managed: false,
  is_upload: false,
  form: [
    field({
      name: 'host',
      label: 'Host',
      pattern: '^[A-Za-z0-9.-]+$',
      help: 'a host name, e.g. db.example.com',
    }),
    field({
      name: 'port',
      label: 'Port',
      pattern: '^[0-9]{1,5}$',
      help: 'a number from 1 to 65535',
      default: '5432',
    }),
    field({
      name: 'password',
      label: 'Password',
      pattern: '^.{1,1024}$',
      help: 'the password',
      secret: true,
    }),
    field({
      name: 'ssl',
      label: 'SSL',
      pattern: '^(require|disable)$',
      help: 'require or disable',
      default: 'require',
      options: ['require', 'disable'],
    }),
  ],
};

export const bigquery: Destination = {
  id: 'bigquery',
  name: 'Google BigQuery',
  logo: '/logos/destinations/bigquery.svg',
  description: 'A Google Cloud project, through the JSON key of a service account.',
  managed: false,
  is_upload: true,
  form: [
    field({ name: 'type', label: 'Type', pattern: '^service_account$', help: 'service_account' }),
    field({
      name: 'project_id',
      label: 'Project ID',
      pattern: '^[a-z][a-z0-9-]{4,28}[a-z0-9]$',
      help: 'a project id',
    }),
    field({
      name: 'client_email',
      label: 'Client email',
      pattern: '^[a-z0-9-]+@[a-z0-9-]+\\.iam\\.gserviceaccount\\.com$',
      help: 'the service account e-mail',
    }),
  ],
};

export const catalogue = [managed, postgresql, bigquery];

export const configured: OrganizationDestination = {
  destination_id: 'postgresql',
  name: 'PostgreSQL',
  location: 'europe-west3',
  created_at: '2025-03-04T12:00:00.000Z',
  updated_at: '2025-03-06T12:00:00.000Z',
};

export const allowed: DestinationStatus = { can_configure_destination: true, reason: null };

export type DestinationsApi = {
  organization?: Organization;
  /** The organization destination; null answers 404 (the managed default). */
  current?: OrganizationDestination | null;
  status?: DestinationStatus;
  routes?: Record<string, RouteHandler>;
};

const noDestination = () =>
  json(404, {
    detail: {
      type: 'organization_destination_not_found',
      message: 'Organization has no configured destination',
    },
  });

/** Signs in, answers the shell and the destinations calls, and renders the app at `path`. */
export function renderDestinations(
  path = '/organization/acme/settings/destinations',
  { organization = acme, current = null, status = allowed, routes = {} }: DestinationsApi = {},
) {
  signIn();
  const calls = mockRoutes({
    ...accountRoutes({ organizations: [organization] }),
    'GET /api/user/subscriptions/check': () =>
      json(200, { has_unlinked_subscription: false, subscriptions: [] }),
    'GET /api/destinations': () => json(200, { destinations: catalogue }),
    'GET /api/destinations/postgresql': () => json(200, postgresql),
    'GET /api/destinations/organization': () => (current === null ? noDestination() : json(200, current)),
    'GET /api/destinations/status': () => json(200, status),
    ...routes,
  });
  return { ...renderApp(path), calls };
}
