// Two API processes on one database and data folder (`buildApp` twice, as two processes would
// run): a rebuild in one is heard by the other at once through PostgreSQL's NOTIFY, whose cached
// report answers of the older model version are retired, and whose semantic model takes the
// derived columns the rebuild applied; and one whose LISTEN connection was lost forgets what it
// may have missed. Waits on the second process's events, never a sleep.
import { CANONICAL_MODELS, MODEL_SCHEMA, modelTable, rollupBuild, rollupsOf } from '@maya/analytics';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { DerivedColumn } from '../../src/modules/modelling';
import { API_PREFIX } from '../../src/platform/http';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner, ownerQuery } from '../support/sources';
import { FIRST_DAY, LAST_DAY, saveGroupedReport, visualQuery, writeCampaigns } from './raw-campaigns';

const BRAND: DerivedColumn = {
  table: 'marketing_performance',
  column: 'brand_cluster',
  label: 'Brand',
  reads: ['campaign_name'],
  expression: (_dialect, offset) => ({
    sql: `CASE WHEN "campaign_name" LIKE $${offset + 1} THEN $${offset + 2} ELSE $${offset + 3} END`,
    params: ['Brand%', 'Brand', 'Other'],
  }),
};

let first: AccountsApp;
let second: FastifyInstance;
let owner: Awaited<ReturnType<typeof organizationOwner>>;
let registered: DerivedColumn[] = [];

beforeAll(async () => {
  first = await startAccountsApp();
  // The second process: the same database and data folder, no job worker (an API process).
  second = await buildApp({ ...first.config, runWorker: false });
  owner = await organizationOwner(first, 'modelling-two-processes@example.com');
  // Each process's composition root registers the same sources (here the test's).
  for (const app of [first.app, second]) app.modelling.registerDerivedColumns(async () => registered);
  await saveGroupedReport(first, owner.organizationId, 'by-brand', 'brand_cluster');
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A query of the overview's `visual_id` answered by the second process. */
async function secondAnswers(report: string, visualId: string) {
  const response = await second.inject({
    method: 'POST',
    url: `${API_PREFIX}/reports/${report}/query`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: visualQuery(owner.organizationId, report, visualId),
  });
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<{ rows: Record<string, unknown>[] }>().rows;
  const dimension = report === '-maya' ? 'campaign' : 'brand_cluster';
  return Object.fromEntries(rows.map((row) => [String(row[dimension]), row.spend]));
}

/** Resolves when the second process hears of the organization's model version `version`. */
function secondHears(version: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = second.modelling.onChange((change) => {
      if (change?.organizationId === owner.organizationId && change.version >= version) {
        stop();
        resolve();
      }
    });
  });
}

it("retires the other process's cached answers and shows its derived columns at once", async () => {
  const org = owner.organizationId;
  await writeCampaigns(first.app.modelling, org, [
    { date: FIRST_DAY, id: '1', name: 'Brand - exact', cost: 10, clicks: 1 },
    { date: LAST_DAY, id: '2', name: 'Generic', cost: 20, clicks: 2 },
  ]);
  expect((await first.app.modelling.rebuild(org)).version).toBe(1);
  // The second process answers, and keeps the answer for version 1.
  expect(await secondAnswers('-maya', 'campaigns')).toEqual({ 'Brand - exact': 10, Generic: 20 });
  expect(await second.modelling.version(org)).toBe(1);

  // New raw data and a new derived column, rebuilt by the first process.
  await writeCampaigns(first.app.modelling, org, [
    { date: FIRST_DAY, id: '1', name: 'Brand - exact', cost: 15, clicks: 1 },
    { date: LAST_DAY, id: '2', name: 'Generic', cost: 20, clicks: 2 },
    { date: LAST_DAY, id: '3', name: 'Brand - broad', cost: 5, clicks: 1 },
  ]);
  registered = [BRAND];
  const heard = secondHears(2);
  expect((await first.app.modelling.rebuild(org)).version).toBe(2);
  await heard;

  expect(await secondAnswers('-maya', 'campaigns')).toEqual({
    'Brand - exact': 15,
    Generic: 20,
    'Brand - broad': 5,
  });
  const model = await second.modelling.semanticModel(org, 'marketing');
  expect(model?.tables[0]?.dimensions.map((d) => d.name)).toContain('brand_cluster');
  expect(await secondAnswers('by-brand', 'campaigns')).toEqual({ Brand: 20, Other: 20 });
});

it('forgets every version and cached answer when its LISTEN connection was lost', async () => {
  const org = owner.organizationId;
  const before = { 'Brand - exact': 15, Generic: 20, 'Brand - broad': 5 };
  expect(await secondAnswers('-maya', 'campaigns')).toEqual(before);
  // A rebuild whose notification is lost: the table changed and the version bumped, unheard.
  await first.app.modelling.withWarehouse(org, async (warehouse) => {
    const table = modelTable(CANONICAL_MODELS.find((m) => m.name === 'marketing_performance')!);
    const kept = `SELECT * FROM ${MODEL_SCHEMA}.${table.name} WHERE campaign_id = $1`;
    await warehouse.materialize(MODEL_SCHEMA, table, kept, ['1']);
    // And its roll-ups after it, as a build writes them (decision 810).
    for (const rollup of rollupsOf(table.name)) {
      const model = CANONICAL_MODELS.find((m) => m.name === rollup.model)!;
      const build = rollupBuild(warehouse.engine, MODEL_SCHEMA, model, rollup);
      await warehouse.materialize(MODEL_SCHEMA, build.table, build.sql, [], { rebuiltOnly: true });
    }
  });
  await ownerQuery(first, org, 'UPDATE model_versions SET version = version + 1', []);
  expect(await secondAnswers('-maya', 'campaigns')).toEqual(before);

  const resynced = new Promise<void>((resolve) => {
    const stop = second.modelling.onChange((change) => {
      if (change === null) {
        stop();
        resolve();
      }
    });
  });
  // The connections listening for model versions are cut (a restart, a network failure).
  await ownerQuery(
    first,
    org,
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'maya-model-versions' AND datname = current_database()`,
    [],
  );
  await resynced;
  expect(await secondAnswers('-maya', 'campaigns')).toEqual({ 'Brand - exact': 15 });
});
