// The canonical models built from real sandbox loads: several connectors' accounts loaded by
// loadAccount into a DuckDB file (and into PostgreSQL once), buildModels run over them, and the
// money reconciled per account and day against the raw tables and the provider's own totals.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  connectorContext,
  connectorFor,
  decimalToMicros,
  SANDBOX_OAUTH_CLIENT,
  type AccountRef,
  type Connector,
  type Credentials,
} from '@maya/connectors';
import { SANDBOX_APIS, registerAppleSandboxClient, MOOSEND_SANDBOX_API_KEYS } from '@maya/connectors/sandbox';
import { addDays, utcDay } from '@maya/contracts';
import { generateAppleAdsKeyPair } from '@maya/connectors/services/apple-ads';
import { GA4_SCOPE } from '@maya/connectors/services/ga4';
import { GOOGLE_ADS_SCOPE } from '@maya/connectors/services/google-ads';
import { GOOGLE_PLAY_SCOPE } from '@maya/connectors/services/google-play';
import { META_ADS_SCOPES, META_GRAPH_VERSION } from '@maya/connectors/services/meta-ads';
import { MICROSOFT_ADS_SCOPE } from '@maya/connectors/services/microsoft-ads';
import { SEARCH_CONSOLE_SCOPE } from '@maya/connectors/services/search-console';
import { mintTokens, startHarness, type Harness } from '@maya/connectors/testing';
import { CUSTOM_TABLE_IDS } from '@maya/contracts';
import {
  AD_SERVICES,
  CANONICAL_MODELS,
  CUSTOM_TABLE_SERVICE,
  countsAsMetaConversion,
  EXPENSE_DAYS_TABLE,
  ModelBuildError,
  buildModels,
  modelReads,
} from '@maya/analytics';
import { openDuckDbWarehouse, openPostgresWarehouse, type Row, type Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAccount, RAW_SCHEMA } from '../../src/modules/etl';
import { createTestDatabase } from '../support/database';

const MODELS = { rawSchema: RAW_SCHEMA, modelSchema: 'analytics' };
const noWait = async () => {};

let harness: Harness;
let dataDir: string;
let duck: Warehouse;
let metaToken: string;
const metaAccounts: string[] = [];
let range: { from: string; to: string };

/** The credentials each connector is tried with, as a user would have connected it. */
function credentialsFor(serviceId: string): Credentials {
  const google = (scope: string) =>
    mintTokens(harness.stores.google, { clientId: SANDBOX_OAUTH_CLIENT.clientId, scopes: [scope] });
  switch (serviceId) {
    case 'google_ads':
      return { kind: 'oauth2', tokens: google(GOOGLE_ADS_SCOPE) };
    case 'google_search_console':
      return { kind: 'oauth2', tokens: google(SEARCH_CONSOLE_SCOPE) };
    case 'google_analytics_4':
      return { kind: 'oauth2', tokens: google(GA4_SCOPE) };
    case 'google_play':
      return {
        kind: 'gcs_bucket',
        tokens: google(GOOGLE_PLAY_SCOPE),
        bucket: 'gs://pubsite_prod_rev_0123456789',
      };
    case 'google_analytics_4_events':
      return { kind: 'gcp_dataset', project_id: 'maya-demo-project', dataset_id: 'analytics_123456789' };
    case 'facebook_ads': {
      const tokens = mintTokens(harness.stores.meta, {
        clientId: SANDBOX_OAUTH_CLIENT.clientId,
        scopes: META_ADS_SCOPES,
        provider: 'meta',
        expiresInS: 60 * 86_400,
      });
      metaToken = tokens.access_token;
      return { kind: 'oauth2', tokens };
    }
    case 'microsoft_ads':
      return {
        kind: 'oauth2',
        tokens: mintTokens(harness.stores.microsoft, {
          clientId: SANDBOX_OAUTH_CLIENT.clientId,
          scopes: [MICROSOFT_ADS_SCOPE, 'offline_access'],
          provider: 'microsoft',
        }),
      };
    case 'apple_ads': {
      const keys = generateAppleAdsKeyPair();
      const ids = registerAppleSandboxClient(harness.stores.apple, {
        publicKeyPem: keys.publicKeyPem,
        orgIds: null,
      });
      return {
        kind: 'apple_ads_key_pair',
        client_id: ids.clientId,
        team_id: ids.teamId,
        key_id: ids.keyId,
        private_key_pem: keys.privateKeyPem,
      };
    }
    case 'moosend':
      return { kind: 'api_key', api_key: MOOSEND_SANDBOX_API_KEYS.northpeak };
    default:
      throw new Error(`no sandbox credentials for ${serviceId}`);
  }
}

/** Connected accounts per service: several for the ad services, currencies with 0 and 2 decimals. */
const CONNECTED: Record<string, number> = {
  google_ads: 2,
  facebook_ads: 2,
  microsoft_ads: 1,
  apple_ads: 2,
  google_search_console: 1,
  google_analytics_4: 1,
  google_analytics_4_events: 1,
  google_play: 1,
  moosend: 1,
};

type Load = { connector: Connector; credentials: Credentials; accounts: AccountRef[] };
const loads: Load[] = [];

async function loadAll(warehouse: Warehouse): Promise<void> {
  for (const { connector, credentials, accounts } of loads) {
    const context = connectorContext({
      connector,
      endpoints: harness.endpoints,
      clients: harness.clients,
      credentials,
      sleep: noWait,
    });
    for (const account of accounts) await loadAccount({ warehouse, connector, context, account, range });
  }
}

async function rows(warehouse: Warehouse, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await warehouse.query(sql, params, { timeoutMs: 60_000 })).rows;
}

/** Every model's rows, ordered by every column. */
async function snapshot(warehouse: Warehouse): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const model of CANONICAL_MODELS) {
    const order = model.columns.filter((c) => c.role === 'key').map((c) => `"${c.name}"`);
    out[model.name] = await rows(
      warehouse,
      `SELECT * FROM analytics.${model.name} ORDER BY ${order.join(', ')}`,
    );
  }
  return out;
}

beforeAll(async () => {
  harness = await startHarness({ apis: [...SANDBOX_APIS] });
  const yesterday = addDays(utcDay(harness.now()), -1);
  range = { from: addDays(yesterday, -2), to: yesterday };
  for (const [serviceId, count] of Object.entries(CONNECTED)) {
    const connector = connectorFor(serviceId);
    if (!connector) throw new Error(`no connector ${serviceId}`);
    const credentials = credentialsFor(serviceId);
    const context = connectorContext({
      connector,
      endpoints: harness.endpoints,
      clients: harness.clients,
      credentials,
      sleep: noWait,
    });
    const selectable = (await connector.listAccounts(context)).filter((a) => a.selectable);
    // The first account and, for two, the last (another currency in the sandboxes).
    const picked = [...new Set(count === 1 ? selectable.slice(0, 1) : [selectable[0]!, selectable.at(-1)!])];
    expect(picked.length, serviceId).toBe(count);
    const accounts = picked.map((a) => ({
      identifier: a.identifier,
      parent_id: a.parent_id,
      metadata: {},
    }));
    if (serviceId === 'facebook_ads') metaAccounts.push(...accounts.map((a) => a.identifier));
    loads.push({ connector, credentials, accounts });
  }
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'maya-models-'));
  duck = await openDuckDbWarehouse({ file: path.join(dataDir, 'warehouse.duckdb') });
  await loadAll(duck);
}, 300_000);

afterAll(async () => {
  await duck?.close();
  await harness?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the canonical models over real sandbox loads', () => {
  it('reads only streams that connectors declare', () => {
    for (const model of CANONICAL_MODELS) {
      for (const table of modelReads(model)) {
        // Written by the expenses module from the app's own data, not loaded by a connector.
        if (table === EXPENSE_DAYS_TABLE) continue;
        const [service = '', stream] = table.split('__');
        // Custom tables (CSV uploads) are raw tables of no connector, one per manual category.
        if (service === CUSTOM_TABLE_SERVICE) {
          expect(CUSTOM_TABLE_IDS as readonly string[], `${model.name} reads ${table}`).toContain(stream);
          continue;
        }
        expect(
          connectorFor(service)?.streams.map((s) => s.name),
          `${model.name} reads ${table}`,
        ).toContain(stream);
      }
    }
  });

  it('builds every model in dependency order, with rows for every connected service', async () => {
    const result = await buildModels(duck, MODELS);
    const names = result.models.map((m) => m.name);
    expect(names.indexOf('conversions')).toBeLessThan(names.indexOf('marketing_performance'));
    expect(names.indexOf('search_console_queries')).toBeLessThan(names.indexOf('landing_pages'));
    expect(names.sort()).toEqual(CANONICAL_MODELS.map((m) => m.name).sort());
    const counts = Object.fromEntries(result.models.map((m) => [m.name, m.rows]));
    for (const model of CANONICAL_MODELS) {
      // No connector loads budgets; expenses come from the app, not from a load.
      const empty = model.name === 'budgets' || model.name === 'expenses';
      expect([model.name, counts[model.name]! > 0]).toEqual([model.name, !empty]);
    }
    const services = await rows(
      duck,
      'SELECT source_service, channel, count(DISTINCT account_id) AS accounts FROM analytics.marketing_performance GROUP BY 1, 2 ORDER BY 1',
    );
    expect(services).toEqual(
      Object.entries(AD_SERVICES)
        .map(([service, channel]) => ({ source_service: service, channel, accounts: CONNECTED[service] }))
        .sort((a, b) => a.source_service.localeCompare(b.source_service)),
    );
  }, 120_000);

  it('reconciles spend, clicks, impressions and conversions per account and day with the raw tables', async () => {
    await buildModels(duck, MODELS);
    // The action types the model counts, decided here by the rule itself, not by the model's SQL.
    const actionTypes = await rows(duck, 'SELECT DISTINCT action_type FROM raw.facebook_ads__conversions');
    const counted = actionTypes
      .map((row) => String(row.action_type))
      .filter(countsAsMetaConversion)
      .map((t) => `'${t}'`)
      .join(', ');
    expect(counted).toContain("'offsite_conversion.custom.");
    for (const service of Object.keys(AD_SERVICES)) {
      const conversions =
        service === 'facebook_ads'
          ? `(SELECT account_id, date, sum(CAST(conversions AS DECIMAL(38,9))) AS conversions
              FROM raw.facebook_ads__conversions WHERE action_type IN (${counted}) GROUP BY 1, 2)`
          : `(SELECT account_id, date, sum(CAST(conversions AS DECIMAL(38,9))) AS conversions
              FROM raw.${service}__campaigns GROUP BY 1, 2)`;
      const raw = await rows(
        duck,
        `SELECT d.account_id, d.date, d.cost_micros, d.clicks, d.impressions, coalesce(v.conversions, 0) AS conversions
         FROM (SELECT account_id, date, sum(cost_micros) AS cost_micros, sum(clicks) AS clicks,
                 sum(impressions) AS impressions FROM raw.${service}__campaigns GROUP BY 1, 2) d
         LEFT JOIN ${conversions} v USING (account_id, date) ORDER BY 1, 2`,
      );
      const modelled = await rows(
        duck,
        `SELECT account_id, date, sum(cost_micros) AS cost_micros, sum(clicks) AS clicks,
           sum(impressions) AS impressions, sum(conversions) AS conversions
         FROM analytics.marketing_performance WHERE source_service = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [service],
      );
      expect(raw.length, service).toBeGreaterThanOrEqual(CONNECTED[service]!);
      expect(modelled, service).toEqual(raw);
      // Minor units are the micros rounded once per row, in the currency's own decimals.
      const [minor] = await rows(
        duck,
        `SELECT count(*) AS wrong FROM analytics.marketing_performance
         WHERE source_service = $1 AND cost_minor <> round(cost_micros / (CASE currency WHEN 'JPY' THEN 1000000 ELSE 10000 END))`,
        [service],
      );
      expect(minor, service).toEqual({ wrong: 0 });
    }
  }, 120_000);

  it("equals Meta's own account totals for each day", async () => {
    for (const account of metaAccounts) {
      const url = new URL(`${harness.endpoints.metaGraph}/${META_GRAPH_VERSION}/${account}/insights`);
      url.searchParams.set('level', 'account');
      url.searchParams.set('fields', 'spend,impressions,clicks,actions');
      url.searchParams.set('time_range', JSON.stringify({ since: range.from, until: range.to }));
      url.searchParams.set('time_increment', '1');
      const answer = await fetch(url, { headers: { authorization: `Bearer ${metaToken}` } });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as {
        data: {
          date_start: string;
          spend: string;
          impressions: string;
          clicks: string;
          actions?: { action_type: string; value: string }[];
        }[];
      };
      const provider = body.data.map((day) => ({
        date: day.date_start,
        cost_micros: decimalToMicros(day.spend),
        impressions: Number(day.impressions),
        clicks: Number(day.clicks),
        conversions: (day.actions ?? [])
          .filter((a) => countsAsMetaConversion(a.action_type))
          .reduce((sum, a) => sum + Number(a.value), 0),
      }));
      expect(provider.length).toBeGreaterThan(0);
      const modelled = await rows(
        duck,
        `SELECT date, sum(cost_micros) AS cost_micros, sum(impressions) AS impressions, sum(clicks) AS clicks,
           sum(conversions) AS conversions
         FROM analytics.marketing_performance WHERE source_service = 'facebook_ads' AND account_id = $1
         GROUP BY date ORDER BY date`,
        [account],
      );
      expect(modelled).toEqual(provider);
    }
  }, 60_000);

  it('leaves identical tables when built twice', async () => {
    await buildModels(duck, MODELS);
    const first = await snapshot(duck);
    await buildModels(duck, MODELS);
    expect(await snapshot(duck)).toEqual(first);
  }, 120_000);

  it('stops at a model whose SQL fails, naming it, and keeps its previous table', async () => {
    await buildModels(duck, MODELS);
    const before = await snapshot(duck);
    const broken = CANONICAL_MODELS.map((model) =>
      model.name === 'marketing_performance'
        ? {
            ...model,
            sources: [
              {
                origin: 'test',
                reads: [],
                sql: () => 'SELECT no_such_column FROM raw.google_ads__campaigns',
              },
            ],
          }
        : model,
    );
    const error = await buildModels(duck, { ...MODELS, models: broken }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelBuildError);
    expect((error as ModelBuildError).model).toBe('marketing_performance');
    expect((error as ModelBuildError).built.map((m) => m.name)).toContain('conversions');
    expect(await snapshot(duck)).toEqual(before);
    const tables = await duck.listTables('analytics');
    expect(tables.filter((t) => t.endsWith('__staged'))).toEqual([]);
  }, 120_000);

  it('builds the same tables in PostgreSQL', async () => {
    const pgWarehouse = await openPostgresWarehouse({ connectionString: await createTestDatabase() });
    try {
      await loadAll(pgWarehouse);
      const built = await buildModels(pgWarehouse, MODELS);
      const inDuck = await buildModels(duck, MODELS);
      expect(built).toEqual(inDuck);
      const [fromPg, fromDuck] = [await snapshot(pgWarehouse), await snapshot(duck)];
      for (const model of CANONICAL_MODELS) {
        expect(fromPg[model.name], model.name).toEqual(fromDuck[model.name]);
      }
    } finally {
      await pgWarehouse.close();
    }
  }, 300_000);
});
