import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Warehouse } from '@maya/warehouse';
import { createModules } from '../../src/modules';
import { createModellingService, type WithWarehouse } from '../../src/modules/modelling';
import { createReportsModule, type BuiltinReport } from '../../src/modules/reports';
import { createSourcesService } from '../../src/modules/sources';
import { createUsersService } from '../../src/modules/users';
import { registerErrorHandling } from '../../src/platform/errors';
import { requireRouteGuards } from '../../src/platform/guards';
import { API_PREFIX } from '../../src/platform/http';
import type { AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';

/**
 * The reports routes on an app of their own, beside the running accounts app and sharing its
 * platform (database, secrets, data directory): the same guards check the same sessions and
 * memberships, and the organization's managed DuckDB file is the one its loads wrote. Every
 * statement that reaches the warehouse is counted, so that a test can tell a cached answer, and
 * kept in `statements`, so that it can tell how a query was written; so are its catalog listings.
 * Its modelling service follows every process's rebuilds (the accounts app's loads) as a second
 * API process would; `modelling.rebuild` rebuilds the models here.
 */
export async function startReportsApp(
  t: AccountsApp,
  options: {
    now: Date | (() => Date);
    builtins?: readonly BuiltinReport[];
    /** The plan's custom reports limit; unlimited unless a test sets it. */
    customReportsLimit?: () => number;
  },
) {
  const { guards } = createModules(t.app.platform);
  const reached = { opened: 0, queries: 0, tableListings: 0, columnListings: 0 };
  const statements: string[] = [];
  const counting = (warehouse: Warehouse): Warehouse => ({
    ...warehouse,
    query: (sql, params, opts) => {
      reached.queries += 1;
      statements.push(sql);
      return warehouse.query(sql, params, opts);
    },
    listTables: (schema) => {
      reached.tableListings += 1;
      return warehouse.listTables(schema);
    },
    listColumns: (schema, table) => {
      reached.columnListings += 1;
      return warehouse.listColumns(schema, table);
    },
  });
  // These organizations have no destination: their managed DuckDB files.
  const modelling = createModellingService({ platform: t.app.platform });
  await modelling.listen(t.app.log);
  const withWarehouse: WithWarehouse = (organizationId, work, openFor) =>
    modelling.withWarehouse(
      organizationId,
      (warehouse) => {
        reached.opened += 1;
        return work(counting(warehouse));
      },
      openFor,
    );
  // The accounts the sources page lists: a report's source warnings (the plan is not asked).
  const sources = createSourcesService({
    platform: t.app.platform,
    billing: {
      entitlements: () => {
        throw new Error('the reports tests do not connect accounts through this service');
      },
    },
  });
  const users = createUsersService(t.app.platform);
  const { now } = options;
  const reports = createReportsModule(t.app.platform, {
    modelling: { ...modelling, withWarehouse },
    now: typeof now === 'function' ? now : () => now,
    sourceAccounts: (organizationId) => sources.list(organizationId),
    // Unlimited unless the test asks: the limit's own tests set it.
    customReportsLimit: async () => options.customReportsLimit?.() ?? -1,
    organizationCurrency: async (organizationId) => {
      const [row] = await ownerQuery<{ currency_id: string }>(
        t,
        organizationId,
        'SELECT currency_id FROM organizations WHERE id = $1',
        [organizationId],
      );
      return row?.currency_id ?? 'USD';
    },
    people: async (ids) =>
      (await users.findMany(ids)).map((user) => ({ id: user.id, email: user.email, name: null })),
    ...(options.builtins ? { builtins: options.builtins } : {}),
  });

  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  requireRouteGuards(app, guards);
  await app.register(async (api) => reports.module.routes(api), { prefix: API_PREFIX });
  await app.ready();

  /** A JSON call through the app's whole HTTP stack (guards, schemas, error envelope). */
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string | null,
    body?: unknown,
  ) {
    const response = await app.inject({
      method,
      url: `${API_PREFIX}${path}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const text = response.body;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
    return { status: response.statusCode, body: (text ? JSON.parse(text) : null) as Record<string, any> };
  }

  async function close() {
    await app.close();
    await modelling.close();
  }

  return { app, service: reports.service, modelling, reached, statements, call, close };
}
export type ReportsApp = Awaited<ReturnType<typeof startReportsApp>>;
