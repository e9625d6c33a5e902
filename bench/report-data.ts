// The data of `npm run bench:report`: years of marketing performance generated inside DuckDB
// (range() and hashes, no row passes through JavaScript) into analytics.marketing_performance
// by the warehouse's own `materialize` (the product's DDL, primary key and casts), then the same
// rows copied into a PostgreSQL database of their own through a CSV file and psql's \copy.
import { utcDay } from '@maya/contracts';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { DuckDBInstance } from '@duckdb/node-api';
import {
  CANONICAL_MODELS,
  MARKETING_COSTS,
  MODEL_SCHEMA,
  ROLLUPS,
  modelTable,
  packSql,
  rollupBuild,
  writeExchangeRates,
  type CanonicalModel,
  type ExchangeRate,
} from '@maya/analytics';
import { openDuckDbWarehouse, openPostgresWarehouse, type Warehouse } from '@maya/warehouse';
import pg from 'pg';

export const TABLE = 'marketing_performance';
const SERVICES = ['google_ads', 'facebook_ads', 'microsoft_ads', 'apple_ads'];
export const CHANNELS = ['Google Ads', 'Meta Ads', 'Microsoft Ads', 'Apple Ads'];
/** Per channel, the labels the model stores (models/campaign-types.ts), not the providers' codes. */
const CAMPAIGN_TYPES = [
  ['Search', 'Performance Max', 'Shopping', 'Display', 'Video'],
  ['Sales', 'Traffic', 'Leads', 'Awareness'],
  ['Search', 'Shopping', 'Audience', 'Performance Max'],
  ['Search', 'Display'],
];
const PRODUCTS = ['hiking boots', 'rain jacket', 'tent', 'sleeping bag', 'backpack', 'headlamp', 'fleece'];
const MODIFIERS = ['best', 'waterproof', 'lightweight', 'women', 'men', 'kids', 'sale', 'winter'];
/** Ad group slots per campaign; slot 0 is the campaign-level row (ad group ''). */
const AD_GROUP_SLOTS = 7;
const CAMPAIGNS_PER_ACCOUNT = 24;

export const MARKETING_PERFORMANCE: CanonicalModel = (() => {
  const model = CANONICAL_MODELS.find((m) => m.name === TABLE);
  if (!model) throw new Error(`no canonical model ${TABLE}`);
  return model;
})();

const list = (items: readonly string[]) => `[${items.map((s) => `'${s}'`).join(', ')}]`;

/**
 * `rows` rows over `days` days ending `lastDay`, generated account by account (each its days in
 * order); `materialize` writes them in the table's key order, day first (decision 120). A uniform
 * [0, 1) per key comes from hash().
 */
export function generatorSql(rows: number, days: number, lastDay: string): string {
  const u = (...keys: string[]) => `(hash(${keys.join(', ')}) % 1000003) / 1000003.0`;
  const entity = `(i // ${days})`;
  const day = `(i % ${days})`;
  const slot = `(${entity} % ${AD_GROUP_SLOTS})`;
  const campaign = `(${entity} // ${AD_GROUP_SLOTS})`;
  const account = `(${campaign} // ${CAMPAIGNS_PER_ACCOUNT})`;
  const service = `(${account} % 4)`;
  return `
WITH k AS (
  SELECT i, ${entity} AS e, ${slot} AS slot, ${campaign} AS c, ${account} AS a, ${service} AS s,
    DATE '${lastDay}' - ${days - 1} + CAST(${day} AS INTEGER) AS date
  FROM range(${rows}) AS t(i)
), p AS (
  SELECT k.*,
    -- The day's demand: weekdays busier, a Q4 peak, a slow upward trend.
    (CASE isodow(date) WHEN 7 THEN 0.78 WHEN 6 THEN 0.85 ELSE 1.05 END)
      * (1 + 0.18 * cos((dayofyear(date) - 340) / 365.0 * 2 * pi()))
      * (1 + 0.0003 * (date - DATE '2024-01-01')) AS demand,
    CASE WHEN a % 10 = 3 THEN 'EUR' WHEN a % 10 = 7 THEN 'GBP' WHEN a % 17 = 5 THEN 'JPY' ELSE 'USD' END AS currency
  FROM k
), m AS (
  SELECT p.*,
    greatest(1, round((40 + 3000 * pow(${u('e', '1')}, 2)) * demand * (0.6 + 0.8 * ${u('i', '2')})))::BIGINT AS impressions,
    (0.005 + 0.06 * ${u('e', '3')}) * (0.7 + 0.6 * ${u('i', '4')}) AS ctr,
    (150000 + 2500000 * ${u('e', '5')}) * (0.8 + 0.4 * ${u('i', '6')}) * (CASE currency WHEN 'JPY' THEN 150 ELSE 1 END) AS cpc_micros,
    (0.01 + 0.07 * ${u('e', '7')}) * (0.5 + ${u('i', '8')}) AS cvr,
    (20 + 180 * ${u('e', '9')}) * (CASE currency WHEN 'JPY' THEN 150 ELSE 1 END) AS order_value
  FROM p
), n AS (
  SELECT m.*, round(impressions * ctr)::BIGINT AS clicks FROM m
), v AS (
  SELECT n.*,
    -- Whole cents (whole yen), as the providers report spend.
    (round(clicks * cpc_micros / (CASE currency WHEN 'JPY' THEN 1000000 ELSE 10000 END))
      * (CASE currency WHEN 'JPY' THEN 1000000 ELSE 10000 END))::BIGINT AS cost_micros,
    round(clicks * cvr, 2) AS conversions
  FROM n
)
SELECT r.*, ${packSql('r.channel', 'r.campaign_name')} AS channel_campaign FROM (
SELECT date,
  ${list(SERVICES)}[s + 1] AS source_service,
  CAST(1000000000 + a * 7919 AS VARCHAR) AS account_id,
  CAST(20000000 + c * 13 AS VARCHAR) AS campaign_id,
  CASE WHEN slot = 0 THEN '' ELSE CAST(500000000 + e AS VARCHAR) END AS ad_group_id,
  ${list(CHANNELS)}[s + 1] AS channel,
  ${list(PRODUCTS)}[c % ${PRODUCTS.length} + 1] || ' #' || CAST(c AS VARCHAR) AS campaign_name,
  CASE s
    ${CAMPAIGN_TYPES.map((types, i) => `WHEN ${i} THEN ${list(types)}[CAST(hash(c) % ${types.length} AS BIGINT) + 1]`).join('\n    ')}
    END AS campaign_type,
  CASE WHEN slot = 0 THEN NULL
    ELSE ${list(MODIFIERS)}[CAST(hash(e) % ${MODIFIERS.length} AS BIGINT) + 1] || ' ' || ${list(PRODUCTS)}[c % ${PRODUCTS.length} + 1] END AS ad_group_name,
  currency,
  cost_micros,
  (cost_micros + (CASE currency WHEN 'JPY' THEN 500000 ELSE 5000 END))
    // (CASE currency WHEN 'JPY' THEN 1000000 ELSE 10000 END) AS cost_minor,
  impressions,
  clicks,
  conversions,
  -- Apple reports no conversion value.
  CASE WHEN s = 3 THEN NULL ELSE round(conversions * order_value * 1000000)::BIGINT END AS conversion_value_micros,
  CASE WHEN s = 3 THEN NULL
    ELSE (round(conversions * order_value * 1000000)::BIGINT + (CASE currency WHEN 'JPY' THEN 500000 ELSE 5000 END))
      // (CASE currency WHEN 'JPY' THEN 1000000 ELSE 10000 END) END AS conversion_value_minor
FROM v) AS r`;
}

/**
 * A euro rate for every day and currency of the generated rows (the ETL writes the ECB's so), so
 * that the money visuals convert as they do for an organization.
 */
export function benchRates(days: number, lastDay: string): ExchangeRate[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  const rates: ExchangeRate[] = [];
  for (let d = 0; d < days; d++) {
    const date = utcDay(last - (days - 1 - d) * 86_400_000);
    rates.push(
      { date, currency: 'EUR', perEuro: 1 },
      { date, currency: 'USD', perEuro: 1.05 + (d % 50) / 1000 },
      { date, currency: 'GBP', perEuro: 0.84 + (d % 30) / 10_000 },
      { date, currency: 'JPY', perEuro: 155 + (d % 40) / 10 },
    );
  }
  return rates;
}

/** Generates the table and the rates into a new DuckDB file; answers the rows written. */
export async function generateDuckDb(file: string, rows: number, days: number, lastDay: string) {
  const warehouse = await openDuckDbWarehouse({ file });
  try {
    await warehouse.ensureSchema(MODEL_SCHEMA);
    const written = (
      await warehouse.materialize(
        MODEL_SCHEMA,
        modelTable(MARKETING_PERFORMANCE),
        generatorSql(rows, days, lastDay),
      )
    ).rows;
    // The overview's marketing-cost KPIs read marketing_costs: the ad spend rows of the table
    // (an organization without manual expenses has no other), as the model build writes them.
    const costs = modelTable(MARKETING_COSTS);
    await warehouse.materialize(
      MODEL_SCHEMA,
      costs,
      `SELECT ${costs.columns
        .map((c) => (c.name === 'cost_type' ? `'Ad spend' AS cost_type` : c.name))
        .join(', ')} FROM ${MODEL_SCHEMA}.${TABLE}`,
    );
    await writeRollups(warehouse);
    await writeExchangeRates(warehouse, MODEL_SCHEMA, benchRates(days, lastDay));
    return written;
  } finally {
    await warehouse.close();
  }
}

/** The daily roll-ups of both tables, as a model build writes them after each (decision 810). */
async function writeRollups(warehouse: Warehouse): Promise<void> {
  for (const rollup of ROLLUPS) {
    const model = CANONICAL_MODELS.find((m) => m.name === rollup.model);
    if (model === undefined) throw new Error(`no canonical model ${rollup.model}`);
    const build = rollupBuild(warehouse.engine, MODEL_SCHEMA, model, rollup);
    await warehouse.materialize(MODEL_SCHEMA, build.table, build.sql, [], { rebuiltOnly: true });
  }
}

/** Writes the table as CSV (header, DuckDB's own quoting), for PostgreSQL's COPY. */
export async function exportCsv(instance: DuckDBInstance, csv: string): Promise<void> {
  const conn = await instance.connect();
  try {
    await conn.run(
      `COPY ${MODEL_SCHEMA}.${TABLE} TO '${csv.replaceAll("'", "''")}' (FORMAT csv, HEADER true)`,
    );
  } finally {
    conn.closeSync();
  }
}

/**
 * Creates the bench database, the table with the product's DDL (PostgreSQL destination), and
 * fills it from the CSV: the primary key is dropped for the COPY and added back afterwards (far
 * faster than maintaining it row by row), then VACUUM ANALYZE.
 */
export async function loadPostgres(
  adminUrl: string,
  database: string,
  csv: string,
  rates: readonly ExchangeRate[],
): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, database);
  const warehouse = await openPostgresWarehouse({ connectionString: url });
  try {
    await warehouse.ensureSchema(MODEL_SCHEMA);
    await warehouse.createTable(MODEL_SCHEMA, modelTable(MARKETING_PERFORMANCE));
    await warehouse.createTable(MODEL_SCHEMA, modelTable(MARKETING_COSTS));
    await writeExchangeRates(warehouse, MODEL_SCHEMA, rates);
  } finally {
    await warehouse.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fillKeyed(client, MARKETING_PERFORMANCE, () =>
      psql(url, `\\copy ${MODEL_SCHEMA}.${TABLE} FROM '${csv}' WITH (FORMAT csv, HEADER true)`),
    );
    // The overview's marketing-cost KPIs read marketing_costs: the ad spend rows, as in DuckDB.
    const costs = modelTable(MARKETING_COSTS);
    const names = costs.columns.map((c) => `"${c.name}"`).join(', ');
    const values = costs.columns
      .map((c) => (c.name === 'cost_type' ? `'Ad spend'` : `"${c.name}"`))
      .join(', ');
    await fillKeyed(client, MARKETING_COSTS, () =>
      client.query(
        `INSERT INTO ${MODEL_SCHEMA}.${MARKETING_COSTS.name} (${names}) SELECT ${values} FROM ${MODEL_SCHEMA}.${TABLE}`,
      ),
    );
  } finally {
    await client.end();
  }
  const rollups = await openPostgresWarehouse({ connectionString: url });
  try {
    await writeRollups(rollups);
  } finally {
    await rollups.close();
  }
}

/**
 * Fills a model table with its primary key dropped (far faster than maintaining it row by row),
 * then adds the key back and runs VACUUM ANALYZE.
 */
async function fillKeyed(
  client: pg.Client,
  model: CanonicalModel,
  fill: () => Promise<unknown>,
): Promise<void> {
  const table = `${MODEL_SCHEMA}.${model.name}`;
  const { rows } = await client.query<{ conname: string }>(
    `SELECT conname FROM pg_constraint WHERE conrelid = '${table}'::regclass AND contype = 'p'`,
  );
  for (const { conname } of rows) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT "${conname}"`);
  await fill();
  // The key leads with the date, which every report query bounds.
  const key = modelTable(model).primaryKey.map((k) => `"${k}"`);
  await client.query(`ALTER TABLE ${table} ADD PRIMARY KEY (${key.join(', ')})`);
  await client.query(`VACUUM (ANALYZE) ${table}`);
}

export async function dropPostgres(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Writes out, before anything is timed, what generating and loading left to write: PostgreSQL's
 * dirty buffers (`CHECKPOINT`: no checkpoint of the load then runs among the measures) and the
 * kernel's dirty pages (`sync`: the DuckDB file and its copy, the CSV, PostgreSQL's files, about
 * 1.6 GB that the kernel would otherwise write out half a minute later, during the measures).
 */
export async function settleWrites(pgUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
  await promisify(execFile)('sync');
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function psql(url: string, command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`psql exited with ${String(code)}: ${stderr}`)),
    );
  });
}
