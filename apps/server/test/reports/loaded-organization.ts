// An organization with real data for the reports tests: a sandbox Google Ads account connected
// and loaded by the ETL into its DuckDB file, the models built; the reports API over it, its
// warehouse open for checking answers in plain SQL, and the -maya query as the dashboard sends it.
import { ReportQueryResponseSchema, addDays } from '@maya/contracts';
import { duckDbFileFor, openDuckDbWarehouse, type Row, type Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, expect } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner, ownerQuery } from '../support/sources';
import { startReportsApp, type ReportsApp } from './reports-app';
import { REPORTS_TEST_HISTORY } from '../support/constants';

export type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Range = { from: string; to: string };

export type LoadedOrganization = {
  t: AccountsApp;
  reports: ReportsApp;
  owner: Owner;
  /** The last 30 days of the loaded data, and the 30 before them. */
  period: Range;
  previous: Range;
  warehouse: Warehouse;
};

/**
 * Starts the apps and loads the owner's organization before the file's tests (its hooks are
 * registered first, so a file's own `beforeAll` sees it loaded) and closes everything after.
 */
export function loadedOrganization(email: string, now: Date) {
  const loaded = {} as LoadedOrganization;
  beforeAll(async () => {
    loaded.t = await startAccountsApp(REPORTS_TEST_HISTORY);
    loaded.reports = await startReportsApp(loaded.t, { now });
    loaded.owner = await organizationOwner(loaded.t, email);
    const { accounts } = await connectGoogleAds(loaded.t, loaded.owner, 1);
    // Months of one account (REPORTS_TEST_HISTORY), its models and the ECB's rates of those days.
    expect(await accountSettled(loaded.t, loaded.owner, accounts[0]!.uuid, 240_000)).toMatchObject({
      sync_status: 'finished',
    });
    loaded.warehouse = await openDuckDbWarehouse({
      file: duckDbFileFor(loaded.t.config.dataDir, loaded.owner.organizationId),
    });
    // Shown in the account's own currency, amounts are its sums exactly (a factor of 1 a day),
    // which these tests compute in plain SQL; the conversion itself is the money tests'.
    const [currency] = await sql('SELECT MIN(currency) AS code FROM analytics.marketing_performance');
    await ownerQuery(
      loaded.t,
      loaded.owner.organizationId,
      'UPDATE organizations SET currency_id = $1 WHERE id = $2',
      [String(currency?.code), loaded.owner.organizationId],
    );
    const [last] = await sql('SELECT max(date) AS last FROM analytics.marketing_performance');
    const to = String(last?.last);
    loaded.period = { from: addDays(to, -29), to };
    loaded.previous = { from: addDays(to, -59), to: addDays(to, -30) };
  }, 300_000);

  afterAll(async () => {
    await loaded.warehouse?.close();
    await loaded.reports?.close();
    await loaded.t?.close();
  });

  async function sql(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await loaded.warehouse.query(text, params, { timeoutMs: 30_000 })).rows;
  }

  /** One visual of -maya's overview over the period, checked against the answer's contract. */
  async function query(visual_id: string, over: Record<string, unknown> = {}) {
    const answer = await loaded.reports.call('POST', '/reports/-maya/query', loaded.owner.token, {
      organization_id: loaded.owner.organizationId,
      report: '-maya',
      page: 'overview',
      visual_id,
      filters: [],
      date_range: loaded.period,
      sort: null,
      ...over,
    });
    // The route answers plain JSON (platform/http.ts plainJsonSerializer): its contract, exactly.
    if (answer.status === 200) expect(ReportQueryResponseSchema.parse(answer.body)).toEqual(answer.body);
    return answer;
  }

  return { loaded, sql, query, ok };
}

/** A 200 answer's body (the test fails with the body otherwise). */
export async function ok(answer: Promise<{ status: number; body: Record<string, unknown> }>) {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  return body as Record<string, any>;
}
