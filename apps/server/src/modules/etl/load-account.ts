import { unreachable } from '@maya/contracts';
// The load of one account into a warehouse: every stream extracted batch by batch into its staged
// table, published only when the whole account extracted. It opens no warehouse (it is handed
// one), so that bench/load.ts measures exactly this code.
import type {
  AccountRef,
  Connector,
  ConnectorContext,
  DateRange,
  StreamBatch,
  StreamColumn,
  StreamSchema,
} from '@maya/connectors';
import {
  stagedTableName,
  type Column,
  type ColumnType,
  type Row,
  type RowCondition,
  type TableSchema,
  type Warehouse,
} from '@maya/warehouse';
import { RAW_SCHEMA } from '../modelling';

export { RAW_SCHEMA };

/** Every stream carries the provider account it came from; loads replace one account's rows. */
const ACCOUNT_COLUMN = 'account_id';
const DATE_COLUMN = 'date';
/**
 * Batches the extract runs ahead of the load. One is enough to keep both busy: the next page is
 * requested and parsed while a batch loads, and requested again as soon as it is taken. More
 * only holds more parsed pages in memory (tens of megabytes each for a page of 10,000 rows).
 */
const READ_AHEAD_BATCHES = 1;

/** `<service_id>__<stream>`, e.g. `google_ads__search_terms`. */
export function rawTableName(serviceId: string, stream: string): string {
  return `${serviceId}__${stream}`;
}

function columnType(type: StreamColumn['type']): ColumnType {
  switch (type) {
    case 'integer':
      return 'bigint';
    case 'number':
      return 'double';
    case 'string':
    case 'date':
    case 'timestamp':
    case 'boolean':
      return type;
    default:
      return unreachable(type);
  }
}

/** The warehouse table of a stream: its columns typed, key columns NOT NULL, its primary key. */
export function streamTable(serviceId: string, stream: StreamSchema): TableSchema {
  const keys = new Set(stream.primaryKey);
  const columns: Column[] = stream.columns.map((c) => ({
    name: c.name,
    type: columnType(c.type),
    nullable: keys.has(c.name) ? false : (c.nullable ?? true),
  }));
  return { name: rawTableName(serviceId, stream.name), columns, primaryKey: [...stream.primaryKey] };
}

/**
 * The live rows a load of `account` over `range` replaces: the account's rows in the range, or
 * all of its rows for a stream without days (a snapshot such as Moosend's campaigns).
 */
export function replacedRows(stream: StreamSchema, account: AccountRef, range: DateRange): RowCondition[] {
  const conditions: RowCondition[] = [{ column: ACCOUNT_COLUMN, equals: account.identifier }];
  if (stream.columns.some((c) => c.name === DATE_COLUMN)) {
    conditions.push({ column: DATE_COLUMN, from: range.from, to: range.to });
  }
  return conditions;
}

export type LoadAccountInput = {
  warehouse: Warehouse;
  connector: Connector;
  context: ConnectorContext;
  account: AccountRef;
  range: DateRange;
  /** Only these streams (the others' tables are left alone); every stream by default. */
  streams?: readonly string[];
  /** Stops the load between batches (the connector's requests take it from `context`). */
  signal?: AbortSignal;
  /** Called after each batch is loaded into its staged table (progress). */
  onBatch?: (stream: string, rows: number) => void;
};

export type LoadAccountResult = { tables: { table: string; rows: number }[]; rows: number };

/**
 * Loads one account: each stream's staged twin is seeded from its live table minus the rows
 * this load replaces (`replacedRows`), the extracted batches are loaded into it by primary key
 * as they arrive (one transaction per run of consecutive batches of a stream, never the whole
 * range in memory), and only when the whole account extracted are the staged tables swapped in. A
 * failure before that leaves every live table as it was; the staged twins are rebuilt by the
 * next attempt. Loading the same range twice leaves the same tables.
 */
export async function loadAccount(input: LoadAccountInput): Promise<LoadAccountResult> {
  const { warehouse, connector, account, range } = input;
  const streams = connector.streams.filter((s) => input.streams?.includes(s.name) ?? true);
  const tables = new Map(streams.map((s) => [s.name, streamTable(connector.id, s)]));
  const batches = connector.extract(input.context, account, range, input.streams)[Symbol.asyncIterator]();
  const pull = readAhead(batches, READ_AHEAD_BATCHES);
  // The extract's first requests (account lookups, the first page) go out while the tables are
  // staged; its first batch waits to be loaded until they are.
  const first = pull();
  try {
    await warehouse.ensureSchema(RAW_SCHEMA);
    for (const stream of streams) {
      const table = streamTable(connector.id, stream);
      await warehouse.createTable(RAW_SCHEMA, table);
      await warehouse.stage(RAW_SCHEMA, table.name, { except: replacedRows(stream, account, range) });
    }
  } catch (error) {
    await batches.return?.().catch(() => undefined);
    throw error;
  }

  try {
    return await extractAndPublish(input, tables, first, pull);
  } catch (error) {
    // Stops the extract (its open responses) whether it or the warehouse failed.
    await batches.return?.().catch(() => undefined);
    // Tidy up; a killed run's twins are replaced by the next `stage` anyway.
    for (const table of tables.values()) {
      await warehouse.dropTable(RAW_SCHEMA, stagedTableName(table.name)).catch(() => undefined);
    }
    throw error;
  }
}

async function extractAndPublish(
  input: LoadAccountInput,
  tables: Map<string, TableSchema>,
  first: Promise<IteratorResult<StreamBatch>>,
  pull: () => Promise<IteratorResult<StreamBatch>>,
): Promise<LoadAccountResult> {
  const { warehouse, connector } = input;
  const loaded = new Map<string, number>();
  let next = await first;
  while (next.done !== true) {
    const stream = next.value.stream;
    const table = tables.get(stream);
    if (!table) throw new Error(`${connector.id} extracted the undeclared stream "${stream}"`);
    // The staged table takes consecutive batches of one stream in one load (a remote warehouse
    // runs jobs per load); the extract moves on to another stream when a batch of it arrives
    // (kept for the next round).
    const run = async function* (batch: StreamBatch): AsyncGenerator<Row[]> {
      for (;;) {
        input.signal?.throwIfAborted();
        yield batch.rows;
        input.onBatch?.(stream, batch.rows.length);
        next = await pull();
        if (next.done === true || next.value.stream !== stream) return;
        batch = next.value;
      }
    };
    const { rows } = await warehouse.loadBatch(RAW_SCHEMA, table.name, run(next.value), {
      staging: true,
    });
    loaded.set(stream, (loaded.get(stream) ?? 0) + rows);
  }

  input.signal?.throwIfAborted();
  for (const table of tables.values()) {
    await warehouse.swap(RAW_SCHEMA, stagedTableName(table.name), table.name);
  }
  const result = [...tables.entries()].map(([stream, table]) => ({
    table: table.name,
    rows: loaded.get(stream) ?? 0,
  }));
  return { tables: result, rows: result.reduce((sum, t) => sum + t.rows, 0) };
}

/**
 * The extract's batches, fetched up to `depth` ahead of the load so that the next responses
 * arrive and parse while the warehouse appends the current batch. The requests stay one after
 * the other (each starts when the previous one ended), in order; a failure reaches the caller
 * at its place in the sequence. Holds at most `depth` batches beyond the one being loaded.
 */
function readAhead<T>(source: AsyncIterator<T>, depth: number): () => Promise<IteratorResult<T>> {
  const queue: Promise<IteratorResult<T>>[] = [];
  let last: Promise<IteratorResult<T>> | null = null;
  let finished = false;
  const fill = (): void => {
    while (!finished && queue.length < depth) {
      const previous: Promise<IteratorResult<T>> | null = last;
      const current: Promise<IteratorResult<T>> =
        previous === null ? source.next() : previous.then(() => source.next());
      current.then(
        (result) => {
          if (result.done === true) finished = true;
        },
        () => {
          finished = true;
        },
      );
      last = current;
      queue.push(current);
    }
  };
  return () => {
    fill();
    const head = queue.shift();
    fill();
    return head ?? Promise.resolve({ done: true, value: undefined });
  };
}
