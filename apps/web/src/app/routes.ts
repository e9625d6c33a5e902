import type { ComponentType } from 'react';

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
const signUpPage: LazyPage = () => import('../features/auth/components/SignUpPage').then((m) => m.SignUpPage);
const forgotPasswordPage: LazyPage = () =>
  import('../features/auth/components/ForgotPasswordPage').then((m) => m.ForgotPasswordPage);
const resetPasswordPage: LazyPage = () =>
  import('../features/auth/components/ResetPasswordPage').then((m) => m.ResetPasswordPage);
const mergeAccountPage: LazyPage = () =>
  import('../features/auth/components/MergeAccountPage').then((m) => m.MergeAccountPage);
const verifyEmailPage: LazyPage = () =>
  import('../features/auth/components/VerifyEmailPage').then((m) => m.VerifyEmailPage);
const providerRedirectPage: LazyPage = () =>
  import('../features/auth/components/ProviderRedirectPage').then((m) => m.ProviderRedirectPage);
const accountSettingsPage: LazyPage = () =>
  import('../features/auth/components/AccountSettingsPage').then((m) => m.AccountSettingsPage);
const organizationSelectPage: LazyPage = () =>
  import('../features/assistant-auth/components/OrganizationSelectPage').then(
    (m) => m.OrganizationSelectPage,
  );
const datasetSelectPage: LazyPage = () =>
  import('../features/assistant-auth/components/DatasetSelectPage').then((m) => m.DatasetSelectPage);
const invitationPage: LazyPage = () =>
  import('../features/invitations/components/InvitationPage').then((m) => m.InvitationPage);
const dataLoadPage: LazyPage = () =>
  import('../features/etl/components/DataLoadPage').then((m) => m.DataLoadPage);
const billingPages = () => import('../features/billing/components/BillingPages');
const billingDetailsPage: LazyPage = () => billingPages().then((m) => m.BillingDetailsPage);
const checkoutPage: LazyPage = () => billingPages().then((m) => m.CheckoutPage);
const portalPage: LazyPage = () => billingPages().then((m) => m.PortalPage);
const productsPage: LazyPage = () => billingPages().then((m) => m.ProductsPage);
const checkoutSuccessPage: LazyPage = () => billingPages().then((m) => m.CheckoutSuccessPage);
const checkoutCancelPage: LazyPage = () => billingPages().then((m) => m.CheckoutCancelPage);
const createOrganizationPage: LazyPage = () =>
  import('../features/organizations/components/CreateOrganizationPage').then((m) => m.CreateOrganizationPage);
const landingRedirect: LazyPage = () =>
  import('../features/organizations/components/LandingRedirect').then((m) => m.LandingRedirect);
const latestOrganizationRedirect: LazyPage = () =>
  import('../features/organizations/components/LatestOrganizationRedirect').then(
    (m) => m.LatestOrganizationRedirect,
  );
const monaStartPage: LazyPage = () =>
  import('../features/subscriptions/components/MonaStartPage').then((m) => m.MonaStartPage);
const monaRedirectPage: LazyPage = () =>
  import('../features/subscriptions/components/MonaRedirectPage').then((m) => m.MonaRedirectPage);
const settingsPage: LazyPage = () =>
  import('../features/settings/components/SettingsPage').then((m) => m.SettingsPage);
const notificationsPage: LazyPage = () =>
  import('../features/notifications/components/NotificationsPage').then((m) => m.NotificationsPage);
const dashboardPages = () => import('./pages/dashboard/DashboardPages');
const dashboardIndexPage: LazyPage = () => dashboardPages().then((m) => m.DashboardIndexPage);
const dashboardViewPage: LazyPage = () => dashboardPages().then((m) => m.DashboardViewPage);
const dashboardEditPage: LazyPage = () => dashboardPages().then((m) => m.DashboardEditPage);
const dashboardNavigationBookmarkPage: LazyPage = () =>
  dashboardPages().then((m) => m.DashboardNavigationBookmarkPage);
const dashboardBookmarkPage: LazyPage = () => dashboardPages().then((m) => m.DashboardBookmarkPage);
const dashboardDemoBookmarksPage: LazyPage = () => dashboardPages().then((m) => m.DashboardDemoBookmarksPage);
const demoReportPage: LazyPage = () => dashboardPages().then((m) => m.DemoReportPage);
const demoViewPage: LazyPage = () => dashboardPages().then((m) => m.DemoViewPage);
const embedPage: LazyPage = () => import('../features/reports/components/EmbedPage').then((m) => m.EmbedPage);
const renderPage: LazyPage = () => import('../features/reports/exports/RenderPage').then((m) => m.RenderPage);
const organizationHome: LazyPage = () =>
  import('../features/organizations/components/OrganizationHome').then((m) => m.OrganizationHome);

const sourcesPage: LazyPage = () =>
  import('../features/sources/components/list/SourcesPage').then((m) => m.SourcesPage);
const addSourcePage: LazyPage = () =>
  import('../features/sources/components/add/AddSourcePage').then((m) => m.AddSourcePage);
const authorizationRedirectPage: LazyPage = () =>
  import('../features/sources/components/connect/AuthorizationRedirectPage').then(
    (m) => m.AuthorizationRedirectPage,
  );
const oauthCallbackPage: LazyPage = () =>
  import('../features/sources/components/connect/OAuthCallbackPage').then((m) => m.OAuthCallbackPage);
const googlePlayOAuthForward: LazyPage = () =>
  import('../features/sources/components/connect/GooglePlayOAuthForward').then(
    (m) => m.GooglePlayOAuthForward,
  );
const selectAccountsPage: LazyPage = () =>
  import('../features/sources/components/select/SelectAccountsPage').then((m) => m.SelectAccountsPage);
const googlePlaySetupPage: LazyPage = () =>
  import('../features/sources/components/setup/GooglePlaySetupPage').then((m) => m.GooglePlaySetupPage);
const appleAdsSetupPage: LazyPage = () =>
  import('../features/sources/components/setup/AppleAdsSetupPage').then((m) => m.AppleAdsSetupPage);
const ga4EventsSetupPage: LazyPage = () =>
  import('../features/sources/components/setup/Ga4EventsSetupPage').then((m) => m.Ga4EventsSetupPage);
const moosendSetupPage: LazyPage = () =>
  import('../features/sources/components/setup/MoosendSetupPage').then((m) => m.MoosendSetupPage);
const customTablePages = () => import('../features/custom-tables');
const customTableSetupPage: LazyPage = () => customTablePages().then((m) => m.CustomTableSetupPage);
const customTableEditPage: LazyPage = () => customTablePages().then((m) => m.CustomTableEditPage);
const clusterPages = () => import('../features/clusters');
const clustersIndexRedirect: LazyPage = () => clusterPages().then((m) => m.ClustersIndexRedirect);
const clusterListPage: LazyPage = () => clusterPages().then((m) => m.ClusterListPage);
const columnEditorPage: LazyPage = () => clusterPages().then((m) => m.ColumnEditorPage);
const wordGroupsPage: LazyPage = () => clusterPages().then((m) => m.WordGroupsPage);
const competitorsPage: LazyPage = () => import('../features/competitors').then((m) => m.CompetitorsPage);
const competitorEditorPage: LazyPage = () =>
  import('../features/competitors').then((m) => m.CompetitorEditorPage);
const pagespeedPage: LazyPage = () => import('../features/pagespeed').then((m) => m.PagespeedPage);
const expensePages = () => import('../features/expenses');
const expensesPage: LazyPage = () => expensePages().then((m) => m.ExpensesPage);
const expenseFormPage: LazyPage = () => expensePages().then((m) => m.ExpenseFormPage);

type RouteRow = [path: string, access: RouteAccess, title: string, page?: LazyPage];

function rows(spec: SpecArea, prefix: string, list: RouteRow[]): AppRoute[] {
  return list.map(([path, access, title, page]) => ({
    path: `${prefix}${path}`,
    access,
    title,
    spec,
    page: page ?? null,
  }));
}

/** spec 000 §2: entry area. */
const entryRoutes = rows('000-accounts', '', [
  ['/sign-in', 'public', 'Sign In', signInPage],
  ['/sign-up', 'public', 'Sign Up', signUpPage],
  ['/forgot-password', 'public', 'Forgot Password', forgotPasswordPage],
  ['/reset-password', 'public', 'Reset Password', resetPasswordPage],
  ['/merge-account', 'public', 'Merge Account', mergeAccountPage],
  ['/verify-email', 'public', 'Verify Email', verifyEmailPage],
  ['/organization-select', 'public', 'Select Organization', organizationSelectPage],
  ['/dataset-select', 'public', 'Select Dataset', datasetSelectPage],
  ['/microsoft/redirect', 'public', 'Microsoft Sign In', providerRedirectPage],
  // Not in the spec: Google's sign-in returns here when it runs as a redirect (sandbox and server-side flow).
  ['/google/redirect', 'public', 'Google Sign In', providerRedirectPage],
  ['/microsoft/mona/start', 'public', 'Microsoft Marketplace', monaStartPage],
  ['/microsoft/mona/redirect', 'public', 'Microsoft Marketplace', monaRedirectPage],
  ['/invitation/:organizationSlug/:inviteId', 'public', 'Invitation', invitationPage],
  [`${ORGANIZATION_PREFIX}/invite/:inviteId`, 'public', 'Invitation', invitationPage],
  ['/create-organization', 'protected', 'Create Organization', createOrganizationPage],
  ['/', 'protected', 'Home', landingRedirect],
  ['/organization/0', 'protected', 'Organization', latestOrganizationRedirect],
  [ORGANIZATION_PREFIX, 'protected', 'Organization', organizationHome],
  ['/checkout-success', 'protected', 'Order Complete', checkoutSuccessPage],
  ['/checkout-cancel', 'protected', 'Checkout Cancelled', checkoutCancelPage],
]);

/** spec 001 §2: the routes outside the organization prefix. */
const sourcesTopLevelRoutes = rows('001-sources', '', [
  [OAUTH_CALLBACK_PATH, 'protected', 'Connecting Source', oauthCallbackPage],
  ['/sources/setup/google_play/oauth', 'protected', 'Google Play Setup', googlePlayOAuthForward],
]);

/** spec 001 §2: data sources and modelling, under /organization/:organizationSlug. */
const sourcesRoutes = rows('001-sources', ORGANIZATION_PREFIX, [
  ['/sources', 'protected', 'Sources', sourcesPage],
  ['/sources/add', 'protected', 'Add Source', addSourcePage],
  ['/sources/:serviceUuid/redirect', 'protected', 'Connecting Source', authorizationRedirectPage],
  ['/integrations/add', 'protected', 'Select Accounts', selectAccountsPage],
  ['/sources/setup/google_play/:serviceUuid', 'protected', 'Google Play Setup', googlePlaySetupPage],
  ['/sources/setup/apple_ads/:uuid', 'protected', 'Apple Ads Setup', appleAdsSetupPage],
  [
    '/sources/setup/google_analytics_4_events/:uuid',
    'protected',
    'Google Analytics 4 Events Setup',
    ga4EventsSetupPage,
  ],
  ['/sources/setup/moosend/:uuid', 'protected', 'Moosend Setup', moosendSetupPage],
  ['/sources/setup/custom-table/:tableId', 'protected', 'Custom Table', customTableSetupPage],
  ['/sources/setup/custom-table/:tableName/edit', 'protected', 'Edit Custom Table', customTableEditPage],
  ['/competitors', 'protected', 'Competitors', competitorsPage],
  ['/competitors/:competitorsId', 'protected', 'Competition Report', competitorEditorPage],
  ['/pagespeed', 'protected', 'PageSpeed', pagespeedPage],
  ['/clusters', 'protected', 'Clusters', clustersIndexRedirect],
  ['/clusters/word-groups', 'protected', 'Word Groups', wordGroupsPage],
  ['/clusters/:clusterCategory', 'protected', 'Clusters', clusterListPage],
  ['/clusters/:clusterCategory/:columnId', 'protected', 'Edit Cluster', columnEditorPage],
  ['/expenses', 'protected', 'Manual Expenses', expensesPage],
  ['/expenses/:expenseId', 'protected', 'Manual Expense', expenseFormPage],
]);

/** spec 002 §2: reports and operations, under /organization/:organizationSlug. */
const operationsRoutes = rows('002-operations', ORGANIZATION_PREFIX, [
  ['/dashboard', 'protected', 'Dashboard', dashboardIndexPage],
  ['/dashboard/-demo', 'protected', 'Demo Dashboard', demoReportPage],
  ['/dashboard/:reportSlug', 'protected', 'Dashboard', dashboardViewPage],
  ['/dashboard/:reportSlug/edit', 'protected', 'Edit Report', dashboardEditPage],
  ['/dashboard/:reportSlug/-demo', 'protected', 'Demo Bookmarks', dashboardDemoBookmarksPage],
  [
    '/dashboard/:reportSlug/:navigationBookmarkSlug',
    'protected',
    'Dashboard',
    dashboardNavigationBookmarkPage,
  ],
  ['/dashboard/:reportSlug/bookmarks/:bookmarkSlug', 'protected', 'Dashboard', dashboardBookmarkPage],
  ['/demo/:reportSlug', 'protected', 'Demo', demoViewPage],
  ['/demo/:reportSlug/:bookmarkSlug', 'protected', 'Demo', demoViewPage],
  ['/notifications', 'protected', 'Notifications', notificationsPage],
  ['/settings', 'protected', 'Settings', settingsPage],
  ['/settings/:tab', 'protected', 'Settings', settingsPage],
  ['/settings/:tab/:categorySlug', 'protected', 'Settings', settingsPage],
  ['/account-settings', 'protected', 'Account Settings', accountSettingsPage],
  ['/account-settings/:tab', 'protected', 'Account Settings', accountSettingsPage],
  ['/billing/details', 'protected', 'Billing Details', billingDetailsPage],
  ['/billing/checkout', 'protected', 'Checkout', checkoutPage],
  ['/billing/portal', 'protected', 'Billing Portal', portalPage],
  ['/billing/products', 'protected', 'Marketplace', productsPage],
  ['/data-load', 'protected', 'Data Load', dataLoadPage],
]);

/** spec 002 §2 (DESIGN.md Reports): a report embedded in another site, public, outside the shell. */
const embedRoutes = rows('002-operations', '', [
  ['/embed/:token', 'public', 'Report', embedPage],
  // Issue 32: the page the server's Chromium draws for exports; its render token is in the fragment.
  ['/render', 'public', 'Report', renderPage],
]);

export const appRoutes: readonly AppRoute[] = [
  ...entryRoutes,
  ...embedRoutes,
  ...sourcesTopLevelRoutes,
  ...sourcesRoutes,
  ...operationsRoutes,
];
