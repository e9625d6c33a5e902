// Issue 24's browser bug: after a cluster column was saved, a rebuild (the next save or reorder,
// a data load) replaced `marketing_performance` by the model without its derived columns and only
// then added them in a second statement; a report asking meanwhile got DuckDB's "column not
// found" as a 502, while the semantic model listed the column. Every rebuild must leave the
// column readable at every moment, and a table that lacks a column the model lists is answered
// clearly, never 502.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_SCHEMA, CANONICAL_MODELS, sideTableName } from '@maya/analytics';
import { FIRST_DAY, LAST_DAY, visualQuery, writeCampaigns } from '../modelling/raw-campaigns';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { clustersApi, createdColumn, owner, ruleSet, type ClustersApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ClustersApi;
let dbName: string;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'clusters-rebuild-window@example.com');
  api = clustersApi(t, admin, admin.organizationId);
  await writeCampaigns(t.app.modelling, admin.organizationId, [
    { date: FIRST_DAY, id: '1', name: 'DE | Search | Brand', cost: 10, clicks: 4 },
    { date: LAST_DAY, id: '2', name: 'DE | Display | Shoes', cost: 20, clicks: 5 },
  ]);
  // The first load's build: the tables exist before the column is saved.
  await t.app.modelling.rebuild(admin.organizationId);
  const column = await createdColumn(api, 'adgroups', 'Campaign theme', [
    ruleSet('Search', [{ field: 'campaign_name', operator: 'contains', value: 'Search' }]),
    ruleSet('Other', [{ field: 'campaign_name', operator: 'not_contains', value: 'Search' }]),
  ]);
  dbName = column.db_name;
}, 120_000);
afterAll(() => t.close());

const only = (column: string, values: string[]) => ({
  id: column,
  kind: 'list',
  table: 'performance',
  column,
  mode: 'include',
  values,
});

/** The values of the column's list filter, as the filters pane asks for them. */
const filterValues = (column: string) =>
  call(
    t.base,
    'GET',
    `/reports/filter-values?organization_id=${admin.organizationId}&datasetId=marketing&table=performance&column=${column}`,
    { token: admin.token },
  );

describe('a cluster column while the models are rebuilt', () => {
  it('filters by it before, during and after a full rebuild', async () => {
    const answers: { step: number; status: number; body: unknown }[] = [];
    // Each step asks something new: the report cache, keyed on the model version the rebuild
    // bumps only at its end, would otherwise answer from before the rebuild.
    const ask = async (step: number) => {
      const filter = only(dbName, ['Search', `none of step ${step}`]);
      const answer = await call(t.base, 'POST', '/reports/-maya/query', {
        token: admin.token,
        body: visualQuery(admin.organizationId, '-maya', 'campaigns', [filter]),
      });
      answers.push({ step, status: answer.status, body: answer.body });
    };
    await ask(-1);
    // Before each model is built: by the later steps marketing_performance was replaced.
    await t.app.modelling.rebuild(admin.organizationId, { onProgress: (done) => ask(done) });
    await ask(CANONICAL_MODELS.length);
    expect(answers.length).toBeGreaterThan(CANONICAL_MODELS.length);
    for (const answer of answers) {
      expect(answer, JSON.stringify(answer)).toMatchObject({
        status: 200,
        body: { rows: [{ campaign: 'DE | Search | Brand', spend: 10 }] },
      });
    }
    expect((await filterValues(dbName)).body.data).toEqual(['Other', 'Search']);
  });

  it('answers while a reorder and a save apply it, and reports say so when its side table is gone', async () => {
    const columns = (await api.category('adgroups')).body.columns as { id: string; values: unknown }[];
    const [placeholder, theme] = [columns[0], columns.at(-1)];
    if (placeholder === undefined || theme === undefined) throw new Error('no columns');
    const reorder = api.reorder('adgroups', [theme.id, ...columns.slice(0, -1).map((c) => c.id)]);
    const during = await filterValues(dbName);
    expect((await reorder).status).toBe(200);
    expect(during.status).toBe(200);
    expect((await filterValues(dbName)).body.data).toEqual(['Other', 'Search']);

    // Another writer left the column's side table out (as a load by an older build would):
    // the model still lists it, and the report answers that it is not there, not a 502.
    await t.app.modelling.withWarehouse(admin.organizationId, (warehouse) =>
      warehouse.dropTable(MODEL_SCHEMA, sideTableName('marketing_performance')),
    );
    // A version the report cache has not seen: the next request lists the table's columns again.
    await t.app.modelling.rebuild(admin.organizationId, { derivedOnly: { tables: ['conversions'] } });
    const missing = await filterValues(dbName);
    expect(missing.status, JSON.stringify(missing.body)).toBe(409);
    expect(missing.body.detail).toMatchObject({ type: 'column_not_ready' });
    expect(missing.body.detail.message).toMatch(/Campaign theme/);

    // Applied again; then the side table gone after this version listed it: the engine's error
    // names the side table, and that is the column not being there either.
    await t.app.modelling.rebuild(admin.organizationId, {
      derivedOnly: { tables: ['marketing_performance'] },
    });
    const ask = (values: string[]) =>
      call(t.base, 'POST', '/reports/-maya/query', {
        token: admin.token,
        body: visualQuery(admin.organizationId, '-maya', 'campaigns', [only(dbName, values)]),
      });
    expect((await ask(['Search'])).status).toBe(200);
    await t.app.modelling.withWarehouse(admin.organizationId, (warehouse) =>
      warehouse.dropTable(MODEL_SCHEMA, sideTableName('marketing_performance')),
    );
    const gone = await ask(['Other']);
    expect(gone.status, JSON.stringify(gone.body)).toBe(409);
    expect(gone.body.detail).toMatchObject({ type: 'column_not_ready' });
  });
});
