// An organization with its own PostgreSQL destination: modelling opens it (not the managed DuckDB
// file), the rebuild builds the models there from the raw rows already in it, and the derived
// column's side table is built with its values bound as PostgreSQL parameters and joined by the
// report compiler.
import pg from 'pg';
import { sourceFrom } from '@maya/analytics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DerivedColumn } from '../../src/modules/modelling';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { createTestDatabase } from '../support/database';
import { organizationOwner } from '../support/sources';
import { FIRST_DAY, LAST_DAY, writeCampaigns } from './raw-campaigns';

let t: AccountsApp;
let destinationUrl: URL;

beforeAll(async () => {
  t = await startAccountsApp();
  // A database of the test server stands in for the customer's, reached as its owner.
  destinationUrl = new URL(await createTestDatabase());
}, 60_000);
afterAll(() => t.close());

async function destinationQuery(sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: destinationUrl.toString() });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** Quotes, a backslash and LIKE's wildcards in the bound values reach the engine as values. */
const HOSTILE: DerivedColumn = {
  table: 'marketing_performance',
  column: 'quoted_cluster',
  label: 'Quoted',
  reads: ['campaign_name'],
  expression: (dialect, offset) => {
    expect(dialect).toBe('postgres');
    return {
      sql: `CASE WHEN "campaign_name" = $${offset + 1} THEN $${offset + 2} END`,
      params: [`O'Brien "50%_off" \\`, `it's; DROP TABLE x --`],
    };
  },
};

it('builds the models and their derived columns in the destination', async () => {
  const owner = await organizationOwner(t, 'modelling-destination@example.com');
  const saved = await call(t.base, 'PUT', '/destinations/organization', {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      destinationId: 'postgresql',
      destinationName: 'PostgreSQL',
      credentials: {
        host: destinationUrl.hostname,
        port: destinationUrl.port || '5432',
        database: destinationUrl.pathname.slice(1),
        user: decodeURIComponent(destinationUrl.username),
        password: decodeURIComponent(destinationUrl.password) || 'unused',
        ssl: 'disable',
      },
      location: 'eu',
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  const { modelling } = t.app;
  modelling.registerDerivedColumns(async (organizationId) =>
    organizationId === owner.organizationId ? [HOSTILE] : [],
  );
  await writeCampaigns(modelling, owner.organizationId, [
    { date: FIRST_DAY, id: '1', name: `O'Brien "50%_off" \\`, cost: 3, clicks: 1 },
    { date: LAST_DAY, id: '2', name: `O'Brien "50% off"`, cost: 4, clicks: 1 },
  ]);

  const rebuilt = await modelling.rebuild(owner.organizationId);
  expect(rebuilt.refused).toEqual([]);
  // The app's own sources apply too (clusters: the fixed 'Is Brand' of keywords and search terms).
  const applied = rebuilt.applied.filter((c) => c.table === 'marketing_performance');
  expect(applied.map((c) => c.column)).toEqual(['quoted_cluster']);
  // Read as reports read it: the table joined to its side table by the report compiler.
  const model = await modelling.semanticModel(owner.organizationId, 'marketing');
  const performance = model?.tables.find((table) => table.name === 'performance');
  if (performance === undefined) throw new Error('no performance table');
  expect(performance.dimensions.at(-1)).toMatchObject({ name: 'quoted_cluster', label: 'Quoted' });
  const from = sourceFrom('postgres', performance, ['quoted_cluster']);
  expect(from).toContain('LEFT JOIN "analytics"."marketing_performance__derived"');
  const rows = await destinationQuery(`SELECT campaign_name, quoted_cluster FROM ${from} ORDER BY date`);
  expect(rows).toEqual([
    { campaign_name: `O'Brien "50%_off" \\`, quoted_cluster: `it's; DROP TABLE x --` },
    { campaign_name: `O'Brien "50% off"`, quoted_cluster: null },
  ]);
});
