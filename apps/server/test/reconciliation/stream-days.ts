// The warehouse's side and the provider's side of a non-advertising connector's reconciliation:
// per stream and day of one account, the rows and the sum of every numeric column, as the raw
// table holds them and as the provider answers now (the connector's own requests, with the
// connection's stored credentials); and the rows a key holds more than once.
import { connectorContext, connectorFor, type StreamSchema } from '@maya/connectors';
import { duckDbFileFor, openDuckDbWarehouse, type Row } from '@maya/warehouse';
import type { Range } from '@maya/connectors/testing';
import type { AccountsApp } from '../support/accounts';
import type { Connected, Owner } from './sandbox-accounts';

/** A day of a stream: its rows and each numeric column's sum. */
export type StreamDay = Record<string, number>;
/** Per stream, per day (YYYY-MM-DD). */
export type StreamDays = Record<string, Record<string, StreamDay>>;

const isDated = (stream: StreamSchema) => stream.columns.some((c) => c.name === 'date');
const numeric = (stream: StreamSchema) =>
  stream.columns.filter((c) => c.type === 'integer' || c.type === 'number').map((c) => c.name);

/** A float's sum depends on the order it was added in: compared to 1e-6 of a unit. */
const settle = (value: number) => Math.round(value * 1e6) / 1e6;

function connectorOf(target: Connected) {
  const connector = connectorFor(target.service);
  if (!connector) throw new Error(`no connector ${target.service}`);
  return connector;
}

async function withWarehouse<T>(
  t: AccountsApp,
  owner: Owner,
  use: (query: (sql: string, params: unknown[]) => Promise<Row[]>) => Promise<T>,
): Promise<T> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.app.platform.config.dataDir, owner.organizationId),
    sharing: t.app.platform.warehouseFiles.sharing,
  });
  try {
    return await use(async (sql, params) => (await warehouse.query(sql, params, { timeoutMs: 60_000 })).rows);
  } finally {
    await warehouse.close();
  }
}

const table = (service: string, stream: string) => `raw."${service}__${stream}"`;

/** The account's dated streams as loaded, over the range. */
export async function loadedDays(
  t: AccountsApp,
  owner: Owner,
  target: Connected,
  range: Range,
): Promise<StreamDays> {
  const streams = connectorOf(target).streams.filter(isDated);
  return withWarehouse(t, owner, async (query) => {
    const out: StreamDays = {};
    for (const stream of streams) {
      const sums = numeric(stream).map((c, i) => `coalesce(sum("${c}"), 0) AS m${i}`);
      const rows = await query(
        `SELECT CAST(date AS VARCHAR) AS date, count(*) AS rows${sums.map((s) => `, ${s}`).join('')}
         FROM ${table(target.service, stream.name)}
         WHERE account_id = $1 AND date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
         GROUP BY 1 ORDER BY 1`,
        [target.account.identifier, range.from, range.to],
      );
      out[stream.name] = Object.fromEntries(
        rows.map((row) => [
          String(row.date),
          Object.fromEntries([
            ['rows', Number(row.rows)],
            ...numeric(stream).map((c, i) => [c, settle(Number(row[`m${i}`]))]),
          ]),
        ]),
      );
    }
    return out;
  });
}

/** The same, as the provider answers now. */
export async function providerDays(t: AccountsApp, target: Connected, range: Range): Promise<StreamDays> {
  const connector = connectorOf(target);
  const streams = connector.streams.filter(isDated);
  const context = connectorContext({
    connector,
    endpoints: t.app.platform.config.connectors.endpoints,
    clients: t.app.platform.config.connectors.clients,
    credentials: target.credentials,
  });
  const out: StreamDays = Object.fromEntries(streams.map((s) => [s.name, {}]));
  const columns = new Map(streams.map((s) => [s.name, numeric(s)]));
  const extracted = connector.extract(
    context,
    target.account,
    range,
    streams.map((s) => s.name),
  );
  for await (const batch of extracted) {
    const names = columns.get(batch.stream);
    const days = out[batch.stream];
    if (!names || !days) continue;
    for (const row of batch.rows) {
      const date = String(row.date);
      if (date < range.from || date > range.to) continue;
      const day = (days[date] ??= Object.fromEntries([['rows', 0], ...names.map((c) => [c, 0])]));
      day.rows = (day.rows ?? 0) + 1;
      for (const c of names) day[c] = (day[c] ?? 0) + Number(row[c] ?? 0);
    }
  }
  for (const days of Object.values(out)) {
    for (const [date, day] of Object.entries(days)) {
      days[date] = Object.fromEntries(Object.entries(day).map(([k, v]) => [k, settle(v)]));
    }
  }
  // Ordered by day, as the warehouse answers.
  return Object.fromEntries(
    Object.entries(out).map(([name, days]) => [
      name,
      Object.fromEntries(Object.entries(days).sort(([a], [b]) => a.localeCompare(b))),
    ]),
  );
}

/** Per stream of the account (snapshots too), how many primary keys hold more than one row. */
export async function duplicateKeys(
  t: AccountsApp,
  owner: Owner,
  target: Connected,
): Promise<Record<string, number>> {
  const streams = connectorOf(target).streams;
  return withWarehouse(t, owner, async (query) => {
    const out: Record<string, number> = {};
    for (const stream of streams) {
      const key = stream.primaryKey.map((c) => `"${c}"`).join(', ');
      const [row] = await query(
        `SELECT count(*) AS keys FROM (
           SELECT ${key} FROM ${table(target.service, stream.name)} WHERE account_id = $1
           GROUP BY ${key} HAVING count(*) > 1)`,
        [target.account.identifier],
      );
      out[stream.name] = Number(row?.keys ?? 0);
    }
    return out;
  });
}
