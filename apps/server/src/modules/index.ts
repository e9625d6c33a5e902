import { createEcbRatesProvider } from '@maya/connectors';
import { operations } from '@maya/contracts';
import { CANONICAL_MODELS } from '@maya/analytics';
import type { GuardHandlers } from '../platform/guards';
import type { Platform } from '../platform/platform';
import { createAiBuilderModule } from './ai-builder';
import { createAssistantAuthModule } from './assistant-auth';
import { createAuthModule } from './auth';
import { createBillingModule } from './billing';
import { createBookmarksModule } from './bookmarks';
import { createClustersModule } from './clusters';
import { createCompetitorsModule } from './competitors';
import { createCustomTablesModule, customSemanticModel } from './custom-tables';
import { createDemoModule } from './demo';
import { createDestinationsModule } from './destinations';
import { createDevelopersModule } from './developers';
import { createEtlModule, type EtlDeps } from './etl';
import { createExpensesModule } from './expenses';
import { createHealthModule } from './health';
import { createInvitationsModule } from './invitations';
import { createMcpModule } from './mcp';
import { createModellingModule, type ModellingService } from './modelling';
import type { Module } from './module';
import { createNotificationsModule } from './notifications';
import { createOrganizationsModule, DEMO_ORGANIZATION } from './organizations';
import { createPagespeedModule } from './pagespeed';
import { createReportsModule } from './reports';
import { createReportSchedulesModule } from './report-schedules';
import { createSourcesModule } from './sources';
import { createSubscriptionsModule } from './subscriptions';
import { createUsersService } from './users';

export type { Module } from './module';

/**
 * The composition root of the feature modules: each service is created once and handed to the
 * modules that use it (an acyclic graph: users ← organizations ← invitations, assistant-auth;
 * users, organizations ← auth, notifications; assistant-auth, modelling, reports,
 * bookmarks ← mcp; reports, bookmarks, organizations, notifications ← report-schedules; modelling (its read-only SQL), destinations, billing ← developers; users, auth ← subscriptions; destinations,
 * sources (the Meta action types counted as conversions) ← modelling ← etl, reports, ai-builder, clusters (whose columns it applies as derived columns),
 * expenses (which it writes to the warehouse and rebuilds), custom-tables, pagespeed and
 * competitors (whose semantic models it answers; competitors also reads sources' accounts and
 * clusters' term labels):
 * modelling opens every warehouse and rebuilds, and its
 * version, announced to every process, retires the reports' cached answers; organizations,
 * subscriptions ← billing, whose entitlements invitations, sources, reports and etl enforce, and
 * whose answer of who pays the organizations' routes add: those routes are made after billing).
 * Also answers the guards' checks.
 */
export function createModules(
  platform: Platform,
  options: {
    now?: () => Date;
    /** The connectors' waits between a provider's polls and retries; real time by default. */
    sleep?: (ms: number) => Promise<void>;
    backfillGate?: (serviceAccountId: string) => Promise<void>;
    log?: EtlDeps['log'];
  } = {},
): {
  modules: Module[];
  guards: GuardHandlers;
  /** The organizations' warehouses and models: what registers derived columns and rebuilds. */
  modelling: ModellingService;
} {
  const users = createUsersService(platform);
  const organizations = createOrganizationsModule(platform, { users });
  const auth = createAuthModule(platform, {
    users,
    organizationsCount: (userId) => organizations.service.countForUser(userId),
  });
  const subscriptions = createSubscriptionsModule(platform, { users, auth: auth.auth });
  const billing = createBillingModule(platform, {
    organizationCreatedAt: async (organizationId) =>
      (await organizations.service.findById(organizationId))?.createdAt ?? null,
    marketplacePlan: (organizationId) => subscriptions.service.marketplacePlan(organizationId),
    now: options.now,
  });
  const hasDatabaseAccess = async (organizationId: string) =>
    (await billing.service.entitlements(organizationId)).database_access;
  const invitations = createInvitationsModule(platform, {
    users,
    organizations: organizations.service,
    billing: billing.service,
  });
  const assistantAuth = createAssistantAuthModule(platform, { organizations: organizations.service });
  const notifications = createNotificationsModule(platform, { organizations: organizations.service, users });
  const sources = createSourcesModule(platform, { billing: billing.service, sleep: options.sleep });
  const destinations = createDestinationsModule(platform, {
    hasSources: async (organizationId) => (await sources.service.list(organizationId)).length > 0,
  });
  const modelling = createModellingModule(platform, {
    destinations: {
      current: (organizationId) => destinations.service.warehouseConfig(organizationId),
      remembered: (organizationId) => destinations.service.readConfig(organizationId),
    },
    rates: createEcbRatesProvider({ baseUrl: platform.config.connectors.endpoints.ecbData }),
    modelSettings: async (organizationId) => ({
      metaConversionActionTypes: await sources.conversions.metaConversionActionTypes(organizationId),
    }),
  });
  const people = async (ids: string[]) =>
    (await users.findMany(ids)).map((user) => ({
      id: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim() || null,
    }));
  const organizationCurrency = async (organizationId: string) =>
    (await organizations.service.findById(organizationId))?.currencyId ?? operations.defaultCurrency;
  const reports = createReportsModule(platform, {
    modelling: modelling.service,
    sourceAccounts: (organizationId) => sources.service.list(organizationId),
    customReportsLimit: async (organizationId) =>
      (await billing.service.entitlements(organizationId)).custom_reports,
    organizationCurrency,
    people,
  });
  const bookmarks = createBookmarksModule(platform, {
    memberIds: async (organizationId) =>
      (await organizations.service.members(organizationId)).map((member) => member.id),
    reportExists: async (access, slug) =>
      (await reports.service.list(access)).reports.some((report) => report.slug === slug),
    demoOrganizationId: async () => {
      const demo = await organizations.service.findBySlug(DEMO_ORGANIZATION.slug);
      return demo?.isDemo ? demo.id : null;
    },
  });
  const reportSchedules = createReportSchedulesModule(platform, {
    reports: reports.service,
    bookmarks: bookmarks.service,
    organizations: organizations.service,
    notify: (organizationId, input) => notifications.service.notify(organizationId, input),
    people,
    now: options.now,
  });
  const mcp = createMcpModule({
    oauth: assistantAuth.oauth,
    record: (grant, tool, outcome, rows) => assistantAuth.service.record(grant, tool, outcome, rows),
    caller: async (grant) => {
      const [members, organization] = await Promise.all([
        organizations.service.members(grant.organizationId),
        organizations.service.findById(grant.organizationId),
      ]);
      const member = members.find((m) => m.id === grant.userId);
      if (member === undefined || organization === null) return null;
      return {
        grant,
        access: { organizationId: grant.organizationId, role: member.role, isDemo: organization.isDemo },
        organizationSlug: organization.slug,
        // An assistant acts as the member who authorized it, never with staff powers.
        auth: {
          userId: member.id,
          email: member.email,
          emailVerified: true,
          isStaff: false,
          sessionId: null,
        },
      };
    },
    hasDatabaseAccess,
    modelling: modelling.service,
    reports: reports.service,
    bookmarks: bookmarks.service,
    appUrl: platform.config.appUrl,
  });
  const etl = createEtlModule(platform, {
    sources: sources.service,
    historyYears: async (organizationId) => (await billing.service.entitlements(organizationId)).data_history,
    planExpired: async (organizationId) => (await billing.service.entitlements(organizationId)).etl_expired,
    isEtlEnabled: (organizationId) => organizations.service.isEtlEnabled(organizationId),
    listEtlEnabled: () => organizations.service.listEtlEnabled(),
    modelling: modelling.service,
    notify: (organizationId, notification) =>
      notifications.service.notify(organizationId, notification, { email: true }),
    now: options.now,
    backfillGate: options.backfillGate,
    log: options.log,
  });
  const demoData = createDemoModule(platform, {
    organizations: organizations.service,
    sources: sources.service,
  });
  const aiBuilder = createAiBuilderModule(platform, {
    reports: reports.service,
    models: (organizationId, name) => modelling.service.semanticModel(organizationId, name),
  });
  // The fields come from the model definitions, not modelling.models(), which asks the derived
  // columns (clusters' own among them) and would go round in a circle.
  const clusters = createClustersModule(platform, {
    model: async (_organizationId, table) => CANONICAL_MODELS.find((model) => model.name === table) ?? null,
    withWarehouse: (organizationId, work) => modelling.service.withWarehouse(organizationId, work),
    rebuild: async (organizationId, tables) => {
      const derivedOnly = tables === null ? true : { tables };
      return (await modelling.service.rebuild(organizationId, { derivedOnly })).refused;
    },
  });
  modelling.service.registerDerivedColumns(clusters.derivedColumns);
  const expenses = createExpensesModule(platform, {
    withWarehouse: (organizationId, work) => modelling.service.withWarehouse(organizationId, work),
    // With the day's rates: an expense may fall on days no load has rates for yet.
    rebuild: async (organizationId) => {
      await modelling.service.rebuild(organizationId, { refreshRates: true });
    },
    organizationCurrency,
  });
  const developers = createDevelopersModule(platform, {
    users,
    notify: (organizationId, input) => notifications.service.notify(organizationId, input),
    hasDatabaseAccess,
    destination: (organizationId) => destinations.service.readConfig(organizationId),
    readOnlySql: (organizationId, sql, maxRows) =>
      modelling.service.readOnlySql(organizationId, sql, maxRows),
    // Only a PostgreSQL destination has logins of its own: nothing else is opened for them.
    readers: async (organizationId, work) =>
      (await destinations.service.warehouseConfig(organizationId))?.kind === 'postgresql'
        ? modelling.service.withWarehouse(organizationId, async (warehouse) => {
            if (!warehouse.readers) return false;
            await work(warehouse.readers);
            return true;
          })
        : false,
  });
  const customTables = createCustomTablesModule(platform, {
    withWarehouse: (organizationId, work) => modelling.service.withWarehouse(organizationId, work),
    rebuild: async (organizationId) => {
      await modelling.service.rebuild(organizationId);
    },
    organizationCurrency,
  });
  modelling.service.registerSemanticModels(async (organizationId) => {
    const model = customSemanticModel(await customTables.service.definitions(organizationId));
    return model === null ? [] : [model];
  });
  const pagespeed = createPagespeedModule(platform, {
    withWarehouse: (organizationId, work) => modelling.service.withWarehouse(organizationId, work),
    // The raw table the report reads changed: the version bump retires cached answers (no model rebuilt).
    changed: async (organizationId) => {
      await modelling.service.rebuild(organizationId, { derivedOnly: { tables: [] } });
    },
    organizations: () => organizations.service.listEtlEnabled(),
  });
  modelling.service.registerSemanticModels(pagespeed.semanticModels);
  const competitors = createCompetitorsModule(platform, {
    withWarehouse: (organizationId, work) => modelling.service.withWarehouse(organizationId, work),
    changed: async (organizationId) => {
      await modelling.service.rebuild(organizationId, { derivedOnly: { tables: [] } });
    },
    accounts: (organizationId) => sources.service.list(organizationId),
    termColumns: clusters.termLabels,
    organizations: () => organizations.service.listEtlEnabled(),
  });
  modelling.service.registerSemanticModels(competitors.semanticModels);
  return {
    modules: [
      createHealthModule(platform),
      auth.module,
      organizations.module(billing.service),
      invitations.module,
      assistantAuth.module,
      notifications.module,
      sources.module,
      destinations.module,
      modelling.module,
      etl.module,
      demoData.module,
      reports.module,
      reportSchedules.module,
      aiBuilder.module,
      bookmarks.module,
      mcp.module,
      clusters.module,
      expenses.module,
      customTables.module,
      developers.module,
      pagespeed.module,
      competitors.module,
      subscriptions.module,
      billing.module(async (organizationId) => {
        const [accounts, members, invited, customReports] = await Promise.all([
          sources.service.list(organizationId),
          organizations.service.members(organizationId),
          invitations.service.listPending(organizationId),
          reports.service.customReportCount(organizationId),
        ]);
        return {
          accounts: accounts.length,
          services: accounts.map((account) => account.service),
          users: members.length + invited.length,
          customReports,
        };
      }),
    ],
    guards: {
      // An API key (Settings → Developers) first; any other bearer is a session's access token.
      authenticate: async (request) =>
        (await developers.service.keys.authenticate(request)) ?? auth.authenticate(request),
      authorizeOrganization: async (request, user, organizationId) => {
        // A key opens its own organization only: another one is not found, as for a non-member.
        if (user.apiKey && user.apiKey.organizationId !== organizationId) {
          return organizations.service.authorize(request, user, '');
        }
        const access = await organizations.service.authorize(request, user, organizationId);
        // A key acts for its creator while they are a member, and never as more than a member.
        return user.apiKey ? { ...access, role: 'member' } : access;
      },
      datasetSharedWith: (organizationId, email) => developers.service.datasetAccess(organizationId, email),
    },
    modelling: modelling.service,
  };
}
