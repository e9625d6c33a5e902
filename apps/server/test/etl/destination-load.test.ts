// An organization with its own PostgreSQL destination: its loads land there, raw tables and
// models alike, and nothing goes to the managed DuckDB file.
import { duckDbFileFor, openDuckDbWarehouse } from '@maya/warehouse';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { createTestDatabase } from '../support/database';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';

let t: AccountsApp;
let destinationUrl: URL;

beforeAll(async () => {
  t = await startAccountsApp();
  // A database of the test server stands in for the customer's, reached as its owner.
  destinationUrl = new URL(await createTestDatabase());
});
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

describe('loading into a PostgreSQL destination', () => {
  it("puts the account's raw tables and the models into the destination", async () => {
    const owner = await organizationOwner(t, 'etl-destination@example.com');
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

    const { accounts } = await connectGoogleAds(t, owner, 1);
    expect(await accountSettled(t, owner, accounts[0]!.uuid, 180_000)).toMatchObject({
      sync_status: 'finished',
      sync_error: null,
    });

    const [raw] = await destinationQuery(
      `SELECT count(*)::int AS n, count(DISTINCT account_id)::int AS accounts FROM raw.google_ads__campaigns`,
    );
    expect(raw).toEqual({ n: expect.any(Number), accounts: 1 });
    expect(raw!.n as number).toBeGreaterThan(300);
    const [model] = await destinationQuery(
      `SELECT count(*)::int AS n, sum(clicks)::bigint AS clicks FROM analytics.marketing_performance`,
    );
    const [rawClicks] = await destinationQuery(
      `SELECT sum(clicks)::bigint AS clicks FROM raw.google_ads__campaigns`,
    );
    expect(model!.n as number).toBeGreaterThan(0);
    expect(model!.clicks).toEqual(rawClicks!.clicks);
    // The managed file, made with the organization, stays empty.
    const managed = await openDuckDbWarehouse({
      file: duckDbFileFor(t.config.dataDir, owner.organizationId),
    });
    try {
      expect(await managed.listTables('raw')).toEqual([]);
    } finally {
      await managed.close();
    }

    // The Data Load page reads the destination too.
    const tables = await call(t.base, 'GET', `/etl/tables?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(tables.body.tables).toContainEqual(
      expect.objectContaining({ name: 'marketing_performance', rows: model!.n }),
    );
  }, 240_000);
});
