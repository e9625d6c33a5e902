// GA4's key events by their declared type (issue 30): the sandbox Data API declares `keyEvents` a
// float and credits half key events to sessions; a warehouse loaded before, whose key_events
// column is a whole number (the connector parsed every metric as an integer, truncating), is
// widened by the next load in the same transaction as its other changes, keeping every row, and
// then holds the fractions. In DuckDB and PostgreSQL, the two engines run here for real.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  connectorContext,
  connectorFor,
  SANDBOX_OAUTH_CLIENT,
  type AccountRef,
  type Connector,
  type StreamBatch,
} from '@maya/connectors';
import { SANDBOX_APIS } from '@maya/connectors/sandbox';
import { GA4_SCOPE } from '@maya/connectors/services/ga4';
import { mintTokens, startHarness, type Harness } from '@maya/connectors/testing';
import { addDays, utcDay } from '@maya/contracts';
import { openDuckDbWarehouse, openPostgresWarehouse, type Row, type Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAccount, RAW_SCHEMA } from '../../src/modules/etl';
import { createTestDatabase } from '../support/database';

let harness: Harness;
let dataDir: string;
let range: { from: string; to: string };
const account: AccountRef = { identifier: 'properties/310000001', parent_id: null, metadata: {} };
const ga4Connector = connectorFor('google_analytics_4')!;

/** The connector as it was: key_events a whole number, parsed with parseInt (the fraction dropped). */
const truncating: Connector = {
  ...ga4Connector,
  streams: ga4Connector.streams.map((stream) => ({
    ...stream,
    columns: stream.columns.map((c) => (c.name === 'key_events' ? { ...c, type: 'integer' as const } : c)),
  })),
  async *extract(context, target, window, streams): AsyncGenerator<StreamBatch> {
    for await (const batch of ga4Connector.extract(context, target, window, streams)) {
      yield {
        ...batch,
        rows: batch.rows.map((row) => ({ ...row, key_events: Math.trunc(Number(row.key_events)) })),
      };
    }
  },
};

function context(connector: Connector) {
  return connectorContext({
    connector,
    endpoints: harness.endpoints,
    clients: harness.clients,
    credentials: {
      kind: 'oauth2',
      tokens: mintTokens(harness.stores.google, {
        clientId: SANDBOX_OAUTH_CLIENT.clientId,
        scopes: [GA4_SCOPE],
      }),
    },
    sleep: async () => {},
  });
}

const load = (warehouse: Warehouse, connector: Connector) =>
  loadAccount({ warehouse, connector, context: context(connector), account, range });

async function rows(warehouse: Warehouse, sql: string): Promise<Row[]> {
  return (await warehouse.query(sql, [], { timeoutMs: 60_000 })).rows;
}

/** The traffic table's rows, key events and their fractional part. */
async function traffic(warehouse: Warehouse) {
  const [row] = await rows(
    warehouse,
    `SELECT count(*) AS n, sum(key_events) AS key_events,
       sum(CASE WHEN key_events <> floor(key_events) THEN 1 ELSE 0 END) AS fractional
     FROM raw.google_analytics_4__traffic_daily`,
  );
  return { rows: Number(row?.n), keyEvents: Number(row?.key_events), fractional: Number(row?.fractional) };
}

beforeAll(async () => {
  harness = await startHarness({ apis: [...SANDBOX_APIS] });
  const yesterday = addDays(utcDay(harness.now()), -1);
  range = { from: addDays(yesterday, -6), to: yesterday };
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'maya-widen-'));
}, 120_000);

afterAll(async () => {
  await harness?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("GA4's fractional key events reach a warehouse loaded with whole ones", () => {
  const engines: [string, () => Promise<Warehouse>][] = [
    ['DuckDB', () => openDuckDbWarehouse({ file: path.join(dataDir, 'warehouse.duckdb') })],
    ['PostgreSQL', async () => openPostgresWarehouse({ connectionString: await createTestDatabase() })],
  ];
  it.each(engines)(
    '%s: the column is widened by the next load, every row kept',
    async (_engine, open) => {
      const warehouse = await open();
      try {
        await load(warehouse, truncating);
        const before = await traffic(warehouse);
        expect(before.rows).toBeGreaterThan(0);
        expect(before.fractional).toBe(0);

        // A load over half the days: the other half keep their rows, now in the wider column.
        await loadAccount({
          warehouse,
          connector: ga4Connector,
          context: context(ga4Connector),
          account,
          range: { from: addDays(range.to, -2), to: range.to },
        });
        const [column] = await rows(
          warehouse,
          `SELECT lower(data_type) AS type FROM information_schema.columns
         WHERE table_schema = '${RAW_SCHEMA}' AND table_name = 'google_analytics_4__traffic_daily'
           AND column_name = 'key_events'`,
        );
        expect(column?.type).toMatch(/^double/);
        const partly = await traffic(warehouse);
        expect(partly.rows).toBe(before.rows);
        expect(partly.fractional).toBeGreaterThan(0);

        // The whole range again: the provider's numbers exactly, halves included.
        await load(warehouse, ga4Connector);
        const after = await traffic(warehouse);
        expect(after.rows).toBe(before.rows);
        let expected = 0;
        for await (const batch of ga4Connector.extract(context(ga4Connector), account, range, [
          'traffic_daily',
        ])) {
          for (const row of batch.rows) expected += Number(row.key_events);
        }
        expect(after.keyEvents).toBe(expected);
        expect(after.keyEvents).toBeGreaterThan(before.keyEvents);
        // The day's halves add up to whole purchases, as the events report counts them.
        const [purchases] = await rows(
          warehouse,
          `SELECT sum(key_events) AS n FROM raw.google_analytics_4__events_daily WHERE event_name = 'purchase'`,
        );
        expect(Number(purchases?.n)).toBe(after.keyEvents);
      } finally {
        await warehouse.close();
      }
    },
    180_000,
  );
});
