// The timed part of `npm run bench:report`: the API, raw DuckDB and PostgreSQL, measured in three
// rounds, a visual's three measures within a second of each other (decisions 138, 141 and 150). A
// shared 2-core machine has slow minutes; three phases minutes apart would let one of them decide
// a ratio.
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { queryVisual, type Session } from './report-api';
import {
  BROWSER_CONNECTIONS,
  VISUALS,
  duckDbConnections,
  limited,
  replayPostgres,
  request,
  timed,
  type Captured,
  type DuckDbConnections,
} from './report-queries';

export const DUCKDB_CONFIG = { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' };

export type MeasureSettings = {
  lastDay: string;
  /** Requests per visual and pages per measure for the API and raw DuckDB. */
  runs: number;
  /** The same for PostgreSQL. */
  pgRuns: number;
  /** raw DuckDB's copy of the file the app reads. */
  rawFile: string;
  pgUrl: string;
};

/**
 * The API's first page after the start, its answers against the engine's, its cached visuals
 * and pages; then three rounds, each over every visual and then the page, of a share of the
 * variants: PostgreSQL's replays of half of the round's share of 1..pgRuns; for each of its
 * share of variants 1..runs, raw DuckDB's replay (on the copy, after variant 0 warmed that
 * engine up) and at once the API's cold request of the same variant (not asked before);
 * PostgreSQL's replays of the other half. Within a round a visual's three measures are a second
 * or less apart, PostgreSQL's on both sides of DuckDB's; the rounds are about ten seconds apart,
 * so a slow stretch of this shared machine decides at most a third of a p50 (decision 150).
 * PostgreSQL's replays are not spread among DuckDB's turns: what a replay leaves behind (most
 * likely CPU caches full of the tens of megabytes of heap pages it read; a 25 ms pause did not
 * help) made the turn after it about 10 % slower on both DuckDB sides.
 */
export async function measureAll(
  session: Session,
  duckCaptured: Captured[][],
  pgCaptured: Captured[][],
  s: MeasureSettings,
) {
  const apiPage = (k: number) =>
    timed(() =>
      limited(
        VISUALS.map((v) => () => queryVisual(session, request(v, s.lastDay, k))),
        BROWSER_CONNECTIONS,
      ),
    );
  // The first opening after the start: every statement goes to the file, opened for it.
  const firstOpen = await apiPage(0);
  const answers = await Promise.all(VISUALS.map((v) => queryVisual(session, request(v, s.lastDay, 0))));
  // As JSON, the way the API answers travel.
  const expected: unknown = JSON.parse(JSON.stringify(duckCaptured[0]?.map((c) => c.answer) ?? []));
  const sameAnswers = alike(answers, expected);
  // Which visual differs, and how: the first difference is what a failed run needs to be read.
  VISUALS.forEach((visual, i) => {
    const [got, want] = [answers[i], (expected as unknown[])[i]];
    if (!alike(got, want)) {
      console.error(
        `${visual.id}: the API answered ${JSON.stringify(got)}\n  the engine ${JSON.stringify(want)}`,
      );
    }
  });
  const cached: number[][] = [];
  for (const visual of VISUALS) {
    const times: number[] = [];
    for (let i = 0; i < s.runs; i++)
      times.push(await timed(() => queryVisual(session, request(visual, s.lastDay, 0))));
    cached.push(times);
  }
  const cachedPages: number[] = [];
  for (let i = 0; i < s.runs; i++) cachedPages.push(await apiPage(0));

  const instance = await DuckDBInstance.create(s.rawFile, DUCKDB_CONFIG);
  // A page's visuals at once, each with up to two statements at once (rows and totals).
  const connections = await duckDbConnections(instance, 2 * BROWSER_CONNECTIONS);
  const pool = new pg.Pool({ connectionString: s.pgUrl, max: 2 * BROWSER_CONNECTIONS });
  // Dropping the database at the end terminates a connection the pool may still be closing.
  pool.on('error', () => undefined);
  try {
    const duck = (k: number) => duckCaptured[k] ?? [];
    const post = (k: number) => pgCaptured[k] ?? [];
    const raw: number[][] = VISUALS.map(() => []);
    const cold: number[][] = VISUALS.map(() => []);
    const postgres: number[][] = VISUALS.map(() => []);
    for (const c of duck(0)) await connections.replay(c.statements);
    for (const c of post(0)) await replayPostgres(pool, c.statements);
    const rawPages: number[] = [];
    const coldPages: number[] = [];
    const pgPages: number[] = [];
    // A page's variants follow the visuals' (runs+1..2*runs), as captured.
    const ours = shares(s.runs, ROUNDS);
    const theirs = shares(s.pgRuns, ROUNDS);
    const pgReplays = async (i: number, variants: number[]) => {
      for (const j of variants)
        postgres[i]?.push(await timed(() => replayPostgres(pool, post(j)[i]?.statements ?? [])));
    };
    const pgPageRuns = async (variants: number[]) => {
      for (const j of variants) pgPages.push(await postgresPage(post(j), pool));
    };
    for (let r = 0; r < ROUNDS; r++) {
      const [before, after] = halves(theirs[r] ?? []);
      for (const [i, visual] of VISUALS.entries()) {
        await pgReplays(i, before);
        for (const k of ours[r] ?? []) {
          raw[i]?.push(await timed(() => connections.replay(duck(k)[i]?.statements ?? [])));
          cold[i]?.push(await timed(() => queryVisual(session, request(visual, s.lastDay, k))));
        }
        await pgReplays(i, after);
      }
      await pgPageRuns(before);
      for (const k of ours[r] ?? []) {
        rawPages.push(await duckDbPage(duck(s.runs + k), connections));
        coldPages.push(await apiPage(s.runs + k));
      }
      await pgPageRuns(after);
    }
    // Last, pages asked as a person asks them after reading the dashboard a while (variants past
    // the pages', not asked before), so that what the server forgets after a pause is forgotten.
    const afterIdlePages: number[] = [];
    for (let i = 1; i <= IDLE_PAGES; i++) {
      await sleep(IDLE_PAUSE_MS);
      afterIdlePages.push(await apiPage(2 * s.runs + i));
    }
    return {
      api: { firstOpen, sameAnswers, cached, cachedPages, cold, coldPages, afterIdlePages },
      raw: { visuals: raw, pages: rawPages },
      postgres: { visuals: postgres, pages: pgPages },
    };
  } finally {
    connections.close();
    instance.closeSync();
    await pool.end();
  }
}

/** Each visual's statements on the file opened afresh for them, as a request meets a closed file. */
export async function freshDuckDb(captured: Captured[][], s: MeasureSettings): Promise<number[][]> {
  const fresh: number[][] = VISUALS.map(() => []);
  for (const variant of captured.slice(1, s.runs + 1)) {
    for (const [i, c] of variant.entries()) {
      fresh[i]?.push(
        await timed(async () => {
          const opened = await DuckDBInstance.create(s.rawFile, DUCKDB_CONFIG);
          try {
            const connections = await duckDbConnections(opened, 1);
            await connections.replay(c.statements);
            connections.close();
          } finally {
            opened.closeSync();
          }
        }),
      );
    }
  }
  return fresh;
}

/** A page's visuals at once on DuckDB, at most six at a time. */
function duckDbPage(variant: Captured[], connections: DuckDbConnections) {
  return timed(() =>
    limited(
      variant.map((c) => () => connections.replay(c.statements)),
      BROWSER_CONNECTIONS,
    ),
  );
}

/** The same on PostgreSQL. */
function postgresPage(variant: Captured[], pool: pg.Pool) {
  return timed(() =>
    limited(
      variant.map((c) => () => replayPostgres(pool, c.statements)),
      BROWSER_CONNECTIONS,
    ),
  );
}

/** Rounds of measures over every visual and the page, each with a share of the variants. */
const ROUNDS = 3;

/**
 * The pause before each of those pages: longer than the organization guard remembers a grant and
 * than pg keeps an idle connection by default (10 s each; the app's pool keeps them 5 minutes,
 * decision 152), shorter than the warehouse file stays open (2 minutes).
 */
export const IDLE_PAUSE_MS = 15_000;
const IDLE_PAGES = 3;

/** Variants 1..count in `rounds` consecutive shares, the first ones the larger. */
function shares(count: number, rounds: number): number[][] {
  const all = Array.from({ length: count }, (_, i) => i + 1);
  const result: number[][] = [];
  for (let r = 0, start = 0; r < rounds; r++) {
    const size = Math.ceil((count - start) / (rounds - r));
    result.push(all.slice(start, start + size));
    start += size;
  }
  return result;
}

/** A share as two halves, the first the larger: replayed before and after DuckDB's turns. */
function halves(variants: number[]): [number[], number[]] {
  const split = Math.ceil(variants.length / 2);
  return [variants.slice(0, split), variants.slice(split)];
}

/**
 * Equal answers, numbers to 12 significant digits: DuckDB adds a sum's parts in whatever order
 * its threads finish them, so a converted amount (a DOUBLE) can differ in its last bits between
 * two runs of the same statement over the same rows (32.16695841762426 and …429).
 */
function alike(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => alike(x, b[i]));
  if (
    a !== null &&
    b !== null &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const [ka, kb] = [Object.keys(a), Object.keys(b)];
    return (
      ka.length === kb.length &&
      ka.every((k) => k in b && alike((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return isDeepStrictEqual(a, b);
}
