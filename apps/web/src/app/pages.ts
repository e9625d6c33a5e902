import type { ComponentType } from 'react';

type LazyPage = () => Promise<ComponentType>;

/*
 * The loaders of the route table's pages but sign-in (`routes.ts` names them), a chunk of its own
 * (decision 702): each `import()` carries the list of chunks its page needs (Vite's preload
 * lists), over 4 kB gzipped for these pages and the organization shell, which in the route table
 * were in every page's first load, the sign-in page's too. `main.tsx` starts loading the first page's code, and so this
 * chunk, as the app starts, beside the session refresh.
 */

const accountSettingsPage: LazyPage = () =>
  import('../features/auth/components/AccountSettingsPage').then((m) => m.AccountSettingsPage);
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
const settingsPage: LazyPage = () =>
  import('../features/settings/components/SettingsPage').then((m) => m.SettingsPage);
const notificationsPage: LazyPage = () =>
  import('../features/notifications/components/NotificationsPage').then((m) => m.NotificationsPage);
const dashboardPages = () => import('./pages/dashboard/DashboardPages');
const dashboardIndexPage: LazyPage = () => dashboardPages().then((m) => m.DashboardIndexPage);
const dashboardPage: LazyPage = () => dashboardPages().then((m) => m.DashboardPage);
const dashboardEditPage: LazyPage = () => dashboardPages().then((m) => m.DashboardEditPage);
const demoReportPage: LazyPage = () => dashboardPages().then((m) => m.DemoReportPage);
const demoViewPage: LazyPage = () => dashboardPages().then((m) => m.DemoViewPage);
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
const organizationSelectPage: LazyPage = () =>
  import('../features/assistant-auth/components/OrganizationSelectPage').then(
    (m) => m.OrganizationSelectPage,
  );
const datasetSelectPage: LazyPage = () =>
  import('../features/assistant-auth/components/DatasetSelectPage').then((m) => m.DatasetSelectPage);
const invitationPage: LazyPage = () =>
  import('../features/invitations/components/InvitationPage').then((m) => m.InvitationPage);
const monaStartPage: LazyPage = () =>
  import('../features/subscriptions/components/MonaStartPage').then((m) => m.MonaStartPage);
const monaRedirectPage: LazyPage = () =>
  import('../features/subscriptions/components/MonaRedirectPage').then((m) => m.MonaRedirectPage);
const embedPage: LazyPage = () => import('../features/reports/components/EmbedPage').then((m) => m.EmbedPage);
const renderPage: LazyPage = () => import('../features/reports/exports/RenderPage').then((m) => m.RenderPage);

/** The organization shell around the pages under `/organization/:organizationSlug` (`router.tsx`). */
export const protectedShell: LazyPage = () => import('./shell/ProtectedShell').then((m) => m.ProtectedShell);

/** Every page of the route table but sign-in, by name (`routes.ts` refers to them so). */
export const pages = {
  signUpPage,
  forgotPasswordPage,
  resetPasswordPage,
  mergeAccountPage,
  verifyEmailPage,
  providerRedirectPage,
  organizationSelectPage,
  datasetSelectPage,
  invitationPage,
  monaStartPage,
  monaRedirectPage,
  embedPage,
  renderPage,
  accountSettingsPage,
  dataLoadPage,
  billingDetailsPage,
  checkoutPage,
  portalPage,
  productsPage,
  checkoutSuccessPage,
  checkoutCancelPage,
  createOrganizationPage,
  landingRedirect,
  latestOrganizationRedirect,
  settingsPage,
  notificationsPage,
  dashboardIndexPage,
  dashboardPage,
  dashboardEditPage,
  demoReportPage,
  demoViewPage,
  organizationHome,
  sourcesPage,
  addSourcePage,
  authorizationRedirectPage,
  oauthCallbackPage,
  googlePlayOAuthForward,
  selectAccountsPage,
  googlePlaySetupPage,
  appleAdsSetupPage,
  ga4EventsSetupPage,
  moosendSetupPage,
  customTableSetupPage,
  customTableEditPage,
  clustersIndexRedirect,
  clusterListPage,
  columnEditorPage,
  wordGroupsPage,
  competitorsPage,
  competitorEditorPage,
  pagespeedPage,
  expensesPage,
  expenseFormPage,
} satisfies Record<string, LazyPage>;
