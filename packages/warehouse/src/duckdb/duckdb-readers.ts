import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement } from '@duckdb/node-api';

/** Idle read connections kept per open file: more than a page's concurrent visuals need. */
const IDLE_KEPT = 8;
/** Prepared statements kept per connection, least recently used dropped first. */
const STATEMENTS_KEPT = 64;
const BEGIN = 'BEGIN TRANSACTION READ ONLY';

/**
 * A read connection, inside a READ ONLY transaction begun in `begunIn` (the file's write
 * generation then), with the statements it prepared.
 */
export type DuckDbReader = {
  readonly conn: DuckDBConnection;
  begunIn: number;
  readonly statements: Map<string, DuckDBPreparedStatement>;
};

/**
 * The read connections of one open file. Every trip to DuckDB's thread pool costs a request
 * time (bench/report.ts: opening a connection, BEGIN, preparing and ROLLBACK were about 0.7 ms of
 * a 2 ms statement), so a connection is kept between queries with its READ ONLY transaction
 * open and its prepared statements, while no write has happened since that transaction began.
 *
 * Why that reads what a new transaction would: every write to the file goes through this
 * process's warehouse (DuckDB lets one process open a file) and tells `writing` before and
 * `written` after it, each moving the generation on. A transaction begun in the current
 * generation has seen every commit. Older ones are rolled back and begun again before their
 * connection serves another query, and idle ones are rolled back as a write starts, so no
 * kept transaction holds old versions while the file changes.
 */
export type DuckDbReaders = {
  /** A connection inside a READ ONLY transaction that sees every committed write. */
  take(): Promise<DuckDbReader>;
  /** The connection's statement for `sql`, prepared once (DuckDB re-binds it if tables change). */
  prepare(reader: DuckDbReader, sql: string): Promise<DuckDBPreparedStatement>;
  /** Back after a query that went well: kept for the next, or closed when enough are idle. */
  give(reader: DuckDbReader): void;
  /** After a failed or interrupted query: closed, its transaction with it. */
  discard(reader: DuckDbReader): void;
  /** Before each write to the file (waits until no idle transaction is left), and after it. */
  writing(): Promise<void>;
  written(): void;
  /** Waits for the connections being refreshed and closes every idle one. */
  close(): Promise<void>;
};

export function createDuckDbReaders(instance: DuckDBInstance): DuckDbReaders {
  const idle: DuckDbReader[] = [];
  const refreshing = new Set<Promise<void>>();
  let generation = 0;
  let closed = false;

  function forgetStatements(reader: DuckDbReader): void {
    for (const statement of reader.statements.values()) statement.destroySync();
    reader.statements.clear();
  }

  function closeReader(reader: DuckDbReader): void {
    forgetStatements(reader);
    reader.conn.closeSync();
  }

  /** Ends the reader's transaction and, unless `begin` is false, begins one in this generation. */
  async function renew(reader: DuckDbReader, begin: boolean): Promise<void> {
    if (reader.begunIn >= 0) await reader.conn.run('ROLLBACK');
    reader.begunIn = -1;
    // Tables may have been replaced: statements are prepared again against the new ones.
    forgetStatements(reader);
    if (!begin) return;
    const now = generation;
    await reader.conn.run(BEGIN);
    reader.begunIn = now;
  }

  /** Keeps an idle reader, or closes it when enough are kept or the pool is closed. */
  function keep(reader: DuckDbReader): void {
    if (closed || idle.length >= IDLE_KEPT) closeReader(reader);
    else idle.push(reader);
  }

  /** Renews a reader away from the pool and keeps it when done (closes it if that fails). */
  function renewAside(reader: DuckDbReader, begin: boolean): void {
    const done: Promise<void> = renew(reader, begin)
      .then(
        () => keep(reader),
        () => closeReader(reader),
      )
      // Closing a connection hardly throws; if it does, nothing waits on this but `close`.
      .catch(() => undefined)
      .finally(() => refreshing.delete(done));
    refreshing.add(done);
  }

  /** Every renewal under way, finished (or failed). */
  async function renewed(): Promise<void> {
    while (refreshing.size > 0) await Promise.allSettled([...refreshing]);
  }

  return {
    async take() {
      for (;;) {
        const reader = idle.pop();
        if (reader === undefined) break;
        if (reader.begunIn === generation) return reader;
        try {
          await renew(reader, true);
          return reader;
        } catch {
          closeReader(reader);
        }
      }
      const reader: DuckDbReader = { conn: await instance.connect(), begunIn: -1, statements: new Map() };
      try {
        await renew(reader, true);
        return reader;
      } catch (error) {
        closeReader(reader);
        throw error;
      }
    },

    async prepare(reader, sql) {
      const known = reader.statements.get(sql);
      if (known !== undefined) {
        // Least recently used first: a hit moves to the end.
        reader.statements.delete(sql);
        reader.statements.set(sql, known);
        return known;
      }
      const prepared = await reader.conn.prepare(sql);
      reader.statements.set(sql, prepared);
      if (reader.statements.size > STATEMENTS_KEPT) {
        const [oldest, statement] = reader.statements.entries().next().value ?? [];
        if (oldest !== undefined) reader.statements.delete(oldest);
        statement?.destroySync();
      }
      return prepared;
    },

    give(reader) {
      // A query that ran across a write holds a transaction from before it: renewed now rather
      // than kept idle holding old versions until the next query takes it.
      if (reader.begunIn !== generation && !closed) renewAside(reader, true);
      else keep(reader);
    },

    discard: closeReader,

    async writing() {
      generation += 1;
      for (const reader of idle.splice(0)) renewAside(reader, false);
      // The write starts once no idle transaction holds the versions it replaces (a kept
      // transaction would keep DuckDB from checkpointing after it).
      await renewed();
    },

    written() {
      generation += 1;
      for (const reader of idle.splice(0)) renewAside(reader, true);
    },

    async close() {
      closed = true;
      await renewed();
      for (const reader of idle.splice(0)) closeReader(reader);
    },
  };
}
