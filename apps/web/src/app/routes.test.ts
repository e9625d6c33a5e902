import { describe, expect, it } from 'vitest';
import { appRoutes, OAUTH_CALLBACK_PATH, ORGANIZATION_PREFIX } from './routes';

const entryPaths = [
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/merge-account',
  '/verify-email',
  '/organization-select',
  '/dataset-select',
  '/microsoft/redirect',
  '/google/redirect',
  '/microsoft/mona/start',
  '/microsoft/mona/redirect',
  '/invitation/:organizationSlug/:inviteId',
  '/organization/:organizationSlug/invite/:inviteId',
  '/create-organization',
  '/',
  '/organization/0',
  '/organization/:organizationSlug',
  '/checkout-success',
  '/checkout-cancel',
];

const topLevelSourcePaths = ['/oauth/:serviceId/callback', '/sources/setup/google_play/oauth'];

/** spec 002 (DESIGN.md Reports): a report embedded in another site, public. */
const embedPaths = ['/embed/:token', '/render'];

const organizationSubPaths = [
  // spec 001 §2
  'sources',
  'sources/add',
  'sources/:serviceUuid/redirect',
  'integrations/add',
  'sources/setup/google_play/:serviceUuid',
  'sources/setup/apple_ads/:uuid',
  'sources/setup/google_analytics_4_events/:uuid',
  'sources/setup/moosend/:uuid',
  'sources/setup/custom-table/:tableId',
  'sources/setup/custom-table/:tableName/edit',
  'competitors',
  'competitors/:competitorsId',
  'pagespeed',
  'clusters',
  'clusters/:clusterCategory',
  'clusters/:clusterCategory/:columnId',
  'clusters/word-groups',
  'expenses',
  'expenses/:expenseId',
  // spec 002 §2
  'dashboard',
  'dashboard/:reportSlug',
  'dashboard/:reportSlug/edit',
  'dashboard/:reportSlug/:navigationBookmarkSlug',
  'dashboard/:reportSlug/bookmarks/:bookmarkSlug',
  'dashboard/:reportSlug/-demo',
  'dashboard/-demo',
  'demo/:reportSlug',
  'demo/:reportSlug/:bookmarkSlug',
  'notifications',
  // spec 002 §2: settings/ and account-settings/ with no tab open the first tab.
  'settings',
  'settings/:tab',
  'settings/:tab/:categorySlug',
  'account-settings',
  'account-settings/:tab',
  'billing/details',
  'billing/checkout',
  'billing/portal',
  'billing/products',
  'data-load',
];

const expectedPaths = [
  ...entryPaths,
  ...embedPaths,
  ...topLevelSourcePaths,
  ...organizationSubPaths.map((path) => `/organization/:organizationSlug/${path}`),
];

describe('route table', () => {
  const paths = appRoutes.map((route) => route.path);

  it('covers every route of the three spec files, and nothing else', () => {
    expect(new Set(paths)).toEqual(new Set(expectedPaths));
    expect(paths).toHaveLength(expectedPaths.length);
  });

  it('declares each path once', () => {
    const duplicates = paths.filter((path, index) => paths.indexOf(path) !== index);
    expect(duplicates).toEqual([]);
  });

  it('keeps the OAuth callback outside the organization prefix', () => {
    expect(OAUTH_CALLBACK_PATH.startsWith(ORGANIZATION_PREFIX)).toBe(false);
    expect(appRoutes.find((route) => route.path === OAUTH_CALLBACK_PATH)?.access).toBe('protected');
  });

  it('gives every route a title and the spec access', () => {
    for (const route of appRoutes) expect(route.title.trim()).not.toBe('');
    const publicPaths = appRoutes.filter((route) => route.access === 'public').map((route) => route.path);
    expect(publicPaths).toEqual([
      ...entryPaths.slice(0, entryPaths.indexOf('/create-organization')),
      ...embedPaths,
    ]);
    expect(appRoutes.find((route) => route.path === '/sign-in')?.title).toBe('Sign In');
    expect(appRoutes.find((route) => route.path === `${ORGANIZATION_PREFIX}/data-load`)?.title).toBe(
      'Data Load',
    );
  });

  it('maps each built page to a component that loads', async () => {
    const built = appRoutes.filter((route) => route.page !== null);
    expect(built.map((route) => route.path)).toContain('/sign-in');
    for (const route of built) expect(typeof (await route.page?.())).toBe('function');
  });
});
