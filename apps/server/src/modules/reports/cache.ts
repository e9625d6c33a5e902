// The per-organization cache of report query results: the rows each compiled statement answered,
// keyed by organization, its model version, the engine and the SQL with its bound values, so that
// a dashboard opened again (or by a colleague) is answered without touching the warehouse. Each
// rebuild bumps the organization's model version in PostgreSQL and every process hears of it
// (modelling's NOTIFY, `advance`), which retires every entry of older versions. In-process by
// design (DESIGN.md: per-process caches that may be cold); the age limit bounds what a lost
// notification could leave.
import type { QueryOptions, QueryParams, QueryResult, Warehouse, WarehouseEngine } from '@maya/warehouse';

export type ReportCacheLimits = {
  /** Entries kept at most, least recently used evicted first. */
  maxEntries: number;
  /** Bytes of results kept at most (`resultBytes`); one result above a quarter of it is not kept. */
  maxBytes: number;
  /** An entry older than this is a miss. */
  maxAgeMs: number;
};

export const DEFAULT_CACHE_LIMITS: ReportCacheLimits = {
  maxEntries: 5_000,
  maxBytes: 128 * 1024 * 1024,
  maxAgeMs: 15 * 60 * 1000,
};

/**
 * A query the cache-only pass could not answer: the request goes to the warehouse. Thrown as
 * one shared instance, caught by the engine and never shown: every cold request throws it, and
 * a new Error records its stack (about 0.05 ms).
 */
export class CacheMiss extends Error {
  override readonly name = 'CacheMiss';
  static readonly instance = new CacheMiss('not in the report cache');
}

type Entry = {
  organizationId: string;
  version: number;
  result: QueryResult;
  bytes: number;
  storedAt: number;
};

/** What a request reads under: the organization's load version when the request began. */
export type CacheScope = { organizationId: string; version: number };

export type CacheStats = { entries: number; bytes: number; hits: number; misses: number };

export type ReportCache = ReturnType<typeof createReportCache>;

export function createReportCache(limits: ReportCacheLimits, clock: () => number = Date.now) {
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recent first.
  const entries = new Map<string, Entry>();
  const versions = new Map<string, number>();
  // The engine an organization's warehouse answered with last: the key of its entries.
  const engines = new Map<string, WarehouseEngine>();
  // Tables ("schema.table") seen in the organization's warehouse since its last load, with their
  // columns: a request need not list them again (catalog queries, about 1 ms each on DuckDB).
  const tables = new Map<string, { storedAt: number; columns: Map<string, ReadonlySet<string>> }>();
  const pending = new Map<string, Promise<QueryResult>>();
  const stats = { hits: 0, misses: 0 };
  let bytes = 0;

  const versionOf = (organizationId: string) => versions.get(organizationId) ?? 0;

  function forget(organizationId: string): void {
    engines.delete(organizationId);
    tables.delete(organizationId);
    for (const [key, entry] of entries) {
      if (entry.organizationId === organizationId) remove(key, entry);
    }
  }

  function remove(key: string, entry: Entry): void {
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function lookup(key: string): QueryResult | null {
    const entry = entries.get(key);
    if (entry === undefined) return null;
    remove(key, entry);
    if (clock() - entry.storedAt > limits.maxAgeMs || entry.version !== versionOf(entry.organizationId)) {
      return null;
    }
    entries.set(key, entry);
    bytes += entry.bytes;
    return entry.result;
  }

  function store(key: string, scope: CacheScope, result: QueryResult): void {
    // A load finished while the query ran: its rows may be the old tables'.
    if (scope.version !== versionOf(scope.organizationId)) return;
    const size = resultBytes(result);
    if (size > limits.maxBytes / 4) return;
    const previous = entries.get(key);
    if (previous !== undefined) remove(key, previous);
    entries.set(key, { ...scope, result: freeze(result), bytes: size, storedAt: clock() });
    bytes += size;
    for (const [oldest, entry] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
      remove(oldest, entry);
    }
  }

  /**
   * A Warehouse whose `query` answers from the cache, and on a miss from `source` (storing the
   * answer; identical queries running at once share one), or throws `CacheMiss` when `source`
   * is null. It only reads: anything else throws.
   */
  function warehouse(source: Warehouse | null, engine: WarehouseEngine, scope: CacheScope): Warehouse {
    const readOnly = (): never => {
      throw new Error('report queries only read the warehouse');
    };
    async function query(sql: string, params: QueryParams, opts: QueryOptions): Promise<QueryResult> {
      const key = JSON.stringify([
        scope.organizationId,
        scope.version,
        engine,
        sql,
        params,
        opts.maxRows ?? null,
      ]);
      const hit = lookup(key);
      if (hit !== null) {
        stats.hits += 1;
        return hit;
      }
      const running = pending.get(key);
      if (running !== undefined) return running;
      if (source === null) throw CacheMiss.instance;
      stats.misses += 1;
      const answer = source.query(sql, params, opts);
      pending.set(key, answer);
      try {
        const result = await answer;
        store(key, scope, result);
        return result;
      } finally {
        pending.delete(key);
      }
    }
    return {
      engine,
      query,
      ensureSchema: readOnly,
      createTable: readOnly,
      dropTable: readOnly,
      loadBatch: readOnly,
      loadText: readOnly,
      stage: readOnly,
      swap: readOnly,
      materialize: readOnly,
      listTables: readOnly,
      listColumns: readOnly,
      close: async () => {},
    };
  }

  return {
    scope: (organizationId: string): CacheScope => ({ organizationId, version: versionOf(organizationId) }),
    engineOf: (organizationId: string): WarehouseEngine | null => engines.get(organizationId) ?? null,
    rememberEngine(organizationId: string, engine: WarehouseEngine): void {
      engines.set(organizationId, engine);
    },
    /** The columns of `table` if it was seen since the organization's last load, within the age limit. */
    tableColumns(organizationId: string, table: string): ReadonlySet<string> | null {
      const known = tables.get(organizationId);
      if (known === undefined || clock() - known.storedAt > limits.maxAgeMs) return null;
      return known.columns.get(table) ?? null;
    },
    /** The organization's tables are listed again at its next request (one changed under them). */
    forgetTables(organizationId: string): void {
      tables.delete(organizationId);
    },
    rememberTable(organizationId: string, table: string, columns: ReadonlySet<string>): void {
      const known = tables.get(organizationId);
      const fresh = known === undefined || clock() - known.storedAt > limits.maxAgeMs;
      const seen = fresh ? new Map<string, ReadonlySet<string>>() : known.columns;
      seen.set(table, columns);
      tables.set(organizationId, { storedAt: fresh ? clock() : known.storedAt, columns: seen });
    },
    warehouse,
    /**
     * The organization's model version is now `version` (a rebuild here or in another process):
     * older entries are retired, and so is anything running under an older one.
     */
    advance(organizationId: string, version: number): void {
      if (version <= versionOf(organizationId) && versions.has(organizationId)) return;
      versions.set(organizationId, version);
      forget(organizationId);
    },
    /** Every organization's entries retired (changes may have been missed); versions are asked again. */
    clear(): void {
      versions.clear();
      engines.clear();
      tables.clear();
      entries.clear();
      bytes = 0;
    },
    stats: (): CacheStats => ({ entries: entries.size, bytes, ...stats }),
  };
}

/**
 * About the bytes of a result's JSON, counted from its values rather than by writing it: the
 * JSON of a 500-row table took 0.3 ms of each request that stored it. Text and literals count
 * their length, a number 12 (writing each out was most of that time); a bound for memory, not an
 * accounting.
 */
const NUMBER_BYTES = 12;

export function resultBytes(result: QueryResult): number {
  let bytes = JSON.stringify(result.columns).length + 32;
  for (const row of result.rows) {
    bytes += 2;
    for (const key in row) {
      const value = row[key];
      bytes += key.length + 4;
      if (typeof value === 'string') bytes += value.length + 2;
      else if (typeof value === 'number') bytes += NUMBER_BYTES;
      else if (value === null || typeof value === 'boolean') bytes += 5;
      else bytes += JSON.stringify(value).length;
    }
  }
  return bytes;
}

/** Cached rows are shared by every request that reads them: nobody may change them. */
function freeze(result: QueryResult): QueryResult {
  for (const row of result.rows) Object.freeze(row);
  Object.freeze(result.rows);
  Object.freeze(result.columns);
  return Object.freeze(result);
}
