import type { ComponentType } from 'react';
import { withQueryClient } from '../shared/api/queryClientOnDemand';
import type { pages } from './pages';

/**
 * THE route table: every route of the three spec files, in one place. The router
 * (`./router.tsx`) is built from it; a route whose `page` is null renders the not-found page
 * until its page is built (never a placeholder).
 */

export type RouteAccess = 'public' | 'protected';

/** Which spec file describes the route: 000 accounts/entry, 001 sources/modelling, 002 reports/operations/shell. */
export type SpecArea = '000-accounts' | '001-sources' | '002-operations';

/** Loads a page component on demand (a code-split chunk). */
export type LazyPage = () => Promise<ComponentType>;

export type AppRoute = {
  path: string;
  access: RouteAccess;
  /** Document title before the product name: `Sign In` → `Sign In - Maya`. */
  title: string;
  spec: SpecArea;
  page: LazyPage | null;
};

export const ORGANIZATION_PREFIX = '/organization/:organizationSlug';

export { NOT_FOUND_TITLE } from '../shared/ui/notFoundTitle';

/**
 * Where OAuth providers send the browser back after consent (spec 001 §2, "OAuth callback"):
 * outside the organization prefix, protected; `:serviceId` is the service's id.
 */
export const OAUTH_CALLBACK_PATH = '/oauth/:serviceId/callback';

const signInPage: LazyPage = () =>
  import('../features/auth/components/SignInPage').then((module) => module.SignInPage);

/** A page of `pages.ts`, by its name. */
type PageName = keyof typeof pages;

/**
 * A page other than sign-in: its loader comes with the `pages.ts` chunk, and its code with
 * TanStack Query's (decisions 700, 702). Only the sign-in page's loader is in the first load, and
 * only the sign-in page draws without TanStack Query.
 */
function page(name: PageName): LazyPage {
  return withQueryClient(() => import('./pages').then((m) => m.pages[name]()));
}

type RouteRow = [path: string, access: RouteAccess, title: string, page?: LazyPage];

function rows(spec: SpecArea, prefix: string, list: RouteRow[]): AppRoute[] {
  return list.map(([path, access, title, load]) => ({
    path: `${prefix}${path}`,
    access,
    title,
    spec,
    page: load ?? null,
  }));
}

/** spec 000 §2: entry area. */
const entryRoutes = rows('000-accounts', '', [
  ['/sign-in', 'public', 'Sign In', signInPage],
  ['/sign-up', 'public', 'Sign Up', page('signUpPage')],
  ['/forgot-password', 'public', 'Forgot Password', page('forgotPasswordPage')],
  ['/reset-password', 'public', 'Reset Password', page('resetPasswordPage')],
  ['/merge-account', 'public', 'Merge Account', page('mergeAccountPage')],
  ['/verify-email', 'public', 'Verify Email', page('verifyEmailPage')],
  ['/organization-select', 'public', 'Select Organization', page('organizationSelectPage')],
  ['/dataset-select', 'public', 'Select Dataset', page('datasetSelectPage')],
  ['/microsoft/redirect', 'public', 'Microsoft Sign In', page('providerRedirectPage')],
  // Not in the spec: Google's sign-in returns here when it runs as a redirect (sandbox and server-side flow).
  ['/google/redirect', 'public', 'Google Sign In', page('providerRedirectPage')],
  ['/microsoft/mona/start', 'public', 'Microsoft Marketplace', page('monaStartPage')],
  ['/microsoft/mona/redirect', 'public', 'Microsoft Marketplace', page('monaRedirectPage')],
  ['/invitation/:organizationSlug/:inviteId', 'public', 'Invitation', page('invitationPage')],
  [`${ORGANIZATION_PREFIX}/invite/:inviteId`, 'public', 'Invitation', page('invitationPage')],
  ['/create-organization', 'protected', 'Create Organization', page('createOrganizationPage')],
  ['/', 'protected', 'Home', page('landingRedirect')],
  ['/organization/0', 'protected', 'Organization', page('latestOrganizationRedirect')],
  [ORGANIZATION_PREFIX, 'protected', 'Organization', page('organizationHome')],
  ['/checkout-success', 'protected', 'Order Complete', page('checkoutSuccessPage')],
  ['/checkout-cancel', 'protected', 'Checkout Cancelled', page('checkoutCancelPage')],
]);

/** spec 001 §2: the routes outside the organization prefix. */
const sourcesTopLevelRoutes = rows('001-sources', '', [
  [OAUTH_CALLBACK_PATH, 'protected', 'Connecting Source', page('oauthCallbackPage')],
  ['/sources/setup/google_play/oauth', 'protected', 'Google Play Setup', page('googlePlayOAuthForward')],
]);

/** spec 001 §2: data sources and modelling, under /organization/:organizationSlug. */
const sourcesRoutes = rows('001-sources', ORGANIZATION_PREFIX, [
  ['/sources', 'protected', 'Sources', page('sourcesPage')],
  ['/sources/add', 'protected', 'Add Source', page('addSourcePage')],
  ['/sources/:serviceUuid/redirect', 'protected', 'Connecting Source', page('authorizationRedirectPage')],
  ['/integrations/add', 'protected', 'Select Accounts', page('selectAccountsPage')],
  ['/sources/setup/google_play/:serviceUuid', 'protected', 'Google Play Setup', page('googlePlaySetupPage')],
  ['/sources/setup/apple_ads/:uuid', 'protected', 'Apple Ads Setup', page('appleAdsSetupPage')],
  [
    '/sources/setup/google_analytics_4_events/:uuid',
    'protected',
    'Google Analytics 4 Events Setup',
    page('ga4EventsSetupPage'),
  ],
  ['/sources/setup/moosend/:uuid', 'protected', 'Moosend Setup', page('moosendSetupPage')],
  ['/sources/setup/custom-table/:tableId', 'protected', 'Custom Table', page('customTableSetupPage')],
  [
    '/sources/setup/custom-table/:tableName/edit',
    'protected',
    'Edit Custom Table',
    page('customTableEditPage'),
  ],
  ['/competitors', 'protected', 'Competitors', page('competitorsPage')],
  ['/competitors/:competitorsId', 'protected', 'Competition Report', page('competitorEditorPage')],
  ['/pagespeed', 'protected', 'PageSpeed', page('pagespeedPage')],
  ['/clusters', 'protected', 'Clusters', page('clustersIndexRedirect')],
  ['/clusters/word-groups', 'protected', 'Word Groups', page('wordGroupsPage')],
  ['/clusters/:clusterCategory', 'protected', 'Clusters', page('clusterListPage')],
  ['/clusters/:clusterCategory/:columnId', 'protected', 'Edit Cluster', page('columnEditorPage')],
  ['/expenses', 'protected', 'Manual Expenses', page('expensesPage')],
  ['/expenses/:expenseId', 'protected', 'Manual Expense', page('expenseFormPage')],
]);

/**
 * One loader for the routes that show the same dashboard with another bookmark, and one for the
 * demo views: the router draws a loader's page once (router.tsx), so moving between its routes
 * keeps the page, and the dashboard, drawn.
 */
const dashboardPage = page('dashboardPage');
const demoViewPage = page('demoViewPage');

/** spec 002 §2: reports and operations, under /organization/:organizationSlug. */
const operationsRoutes = rows('002-operations', ORGANIZATION_PREFIX, [
  ['/dashboard', 'protected', 'Dashboard', page('dashboardIndexPage')],
  ['/dashboard/-demo', 'protected', 'Demo Dashboard', page('demoReportPage')],
  ['/dashboard/:reportSlug', 'protected', 'Dashboard', dashboardPage],
  ['/dashboard/:reportSlug/edit', 'protected', 'Edit Report', page('dashboardEditPage')],
  ['/dashboard/:reportSlug/-demo', 'protected', 'Demo Bookmarks', dashboardPage],
  ['/dashboard/:reportSlug/:navigationBookmarkSlug', 'protected', 'Dashboard', dashboardPage],
  ['/dashboard/:reportSlug/bookmarks/:bookmarkSlug', 'protected', 'Dashboard', dashboardPage],
  ['/demo/:reportSlug', 'protected', 'Demo', demoViewPage],
  ['/demo/:reportSlug/:bookmarkSlug', 'protected', 'Demo', demoViewPage],
  ['/notifications', 'protected', 'Notifications', page('notificationsPage')],
  ['/settings', 'protected', 'Settings', page('settingsPage')],
  ['/settings/:tab', 'protected', 'Settings', page('settingsPage')],
  ['/settings/:tab/:categorySlug', 'protected', 'Settings', page('settingsPage')],
  ['/account-settings', 'protected', 'Account Settings', page('accountSettingsPage')],
  ['/account-settings/:tab', 'protected', 'Account Settings', page('accountSettingsPage')],
  ['/billing/details', 'protected', 'Billing Details', page('billingDetailsPage')],
  ['/billing/checkout', 'protected', 'Checkout', page('checkoutPage')],
  ['/billing/portal', 'protected', 'Billing Portal', page('portalPage')],
  ['/billing/products', 'protected', 'Marketplace', page('productsPage')],
  ['/data-load', 'protected', 'Data Load', page('dataLoadPage')],
]);

/** spec 002 §2 (DESIGN.md Reports): a report embedded in another site, public, outside the shell. */
const embedRoutes = rows('002-operations', '', [
  ['/embed/:token', 'public', 'Report', page('embedPage')],
  // Issue 32: the page the server's Chromium draws for exports; its render token is in the fragment.
  ['/render', 'public', 'Report', page('renderPage')],
]);

export const appRoutes: readonly AppRoute[] = [
  ...entryRoutes,
  ...embedRoutes,
  ...sourcesTopLevelRoutes,
  ...sourcesRoutes,
  ...operationsRoutes,
];
