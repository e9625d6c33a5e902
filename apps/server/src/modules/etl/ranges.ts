// What a load of one account reads: per stream, from the day after its last fully loaded day
// (minus the look-back, the days the provider still revises) up to yesterday in the account's
// time zone, so that an outage of any length is filled on resume. Pure functions, tested alone.
import type { DateRange, StreamSchema } from '@maya/connectors';
import { addDays, dayInTimeZone } from '@maya/contracts';

/** The zone of an account whose provider reports none (or one we do not know): UTC. */
export const DEFAULT_TIME_ZONE = 'UTC';
/**
 * A gap longer than this is loaded in consecutive ranges of at most this many days, each one
 * committed (tables swapped, days recorded) before the next, so that a long outage's fill keeps
 * what it loaded if it is interrupted. Each connector still cuts a range into the windows its
 * provider accepts (`windows`, core/dates.ts).
 */
export const GAP_CHUNK_DAYS = 31;

/**
 * A first load takes the most recent days of the plan's history first (one load, then the model
 * is rebuilt, so reports show them), then the older days behind them (decision 660).
 */
export const RECENT_FIRST_DAYS = 90;
/**
 * The older history is loaded newest first in ranges of at most this many days, each committed
 * and recorded before the next (a quarter: few swaps of the growing tables, steady progress).
 */
export const BACKFILL_CHUNK_DAYS = 92;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to` (ISO dates), `to` excluded. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/**
 * A first load's range cut into its recent days, loaded first, and the older history before
 * them (null when the range is no longer than `recentDays`).
 */
export function splitFirstLoad(
  first: DateRange,
  recentDays: number,
): { recent: DateRange; older: DateRange | null } {
  const from = addDays(first.to, 1 - recentDays);
  if (from <= first.from) return { recent: first, older: null };
  return { recent: { from, to: first.to }, older: { from: first.from, to: addDays(from, -1) } };
}

/** The history still to load before `historyFrom`, back to `earliest`; null when it is complete. */
export function backfillRange(historyFrom: string, earliest: string): DateRange | null {
  return historyFrom > earliest ? { from: earliest, to: addDays(historyFrom, -1) } : null;
}

/**
 * How much of the first load's range is in when its days from `historyFrom` are (0 to 99);
 * null when the history is complete.
 */
export function backfillPercent(first: DateRange, historyFrom: string | null): number | null {
  if (historyFrom === null || historyFrom <= first.from) return null;
  const total = daysBetween(first.from, first.to) + 1;
  const loaded = daysBetween(historyFrom, first.to) + 1;
  return Math.max(0, Math.min(99, Math.floor((loaded * 100) / total)));
}

/** The latest of the streams' first loaded days: the history is complete up to it for all of them. */
export function latestDay(days: ReadonlyMap<string, string>): string | null {
  let latest: string | null = null;
  for (const day of days.values()) if (latest === null || day > latest) latest = day;
  return latest;
}

/** An account's time zone: the provider's (`metadata.time_zone`) when it is a zone we know. */
export function accountTimeZone(metadata: Record<string, string>): string {
  const zone = metadata.time_zone;
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    dayInTimeZone(0, zone);
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Yesterday on the account's wall calendar. */
export function yesterdayIn(timeZone: string, now: Date): string {
  return addDays(dayInTimeZone(now, timeZone), -1);
}

/**
 * The range a stream re-reads after its last fully loaded day: the look-back's days before it
 * and every day after it up to yesterday. The look-back never reaches before `earliest` (the
 * first day the plan's history keeps); the days after the last loaded one are always read. Null
 * when nothing is due (already loaded up to yesterday and no look-back).
 */
export function gapRange(input: {
  lastLoadedDay: string;
  lookbackDays: number;
  timeZone: string;
  now: Date;
  earliest: string;
}): DateRange | null {
  const to = yesterdayIn(input.timeZone, input.now);
  const lookedBack = addDays(input.lastLoadedDay, 1 - Math.max(0, input.lookbackDays));
  const next = addDays(input.lastLoadedDay, 1);
  // The look-back, clamped to [earliest, next] (next wins when the history starts after it).
  const from = lookedBack > input.earliest ? lookedBack : input.earliest < next ? input.earliest : next;
  return from > to ? null : { from, to };
}

/**
 * The deep re-check (decision 650): a provider may restate a day older than the look-back (a
 * conversion credited 60 days after its click, an analytics property's data reprocessed). Every
 * `DEEP_RECHECK_EVERY_DAYS` days of the account's calendar, each stream re-reads its last
 * `DEEP_RECHECK_DAYS` days instead of its look-back, so that the warehouse matches the provider
 * again within a week whatever the provider changed in that reach.
 */
export const DEEP_RECHECK_EVERY_DAYS = 7;
export const DEEP_RECHECK_DAYS = 90;

/**
 * The days a stream re-reads before the day after its last loaded one: its look-back, or the deep
 * re-check's when the last one (`deepCheckedDay`, null: never) is `DEEP_RECHECK_EVERY_DAYS` or
 * more days before `yesterday`.
 */
export function rereadDays(input: {
  lookbackDays: number;
  deepCheckedDay: string | null;
  yesterday: string;
}): { days: number; deep: boolean } {
  const deep =
    input.deepCheckedDay === null ||
    addDays(input.deepCheckedDay, DEEP_RECHECK_EVERY_DAYS) <= input.yesterday;
  return deep
    ? { days: Math.max(input.lookbackDays, DEEP_RECHECK_DAYS), deep }
    : { days: input.lookbackDays, deep };
}

/** The range cut into consecutive ranges of at most `days` days, oldest first. */
export function chunkRange(range: DateRange, days: number): DateRange[] {
  if (!Number.isFinite(days)) return [range];
  const chunks: DateRange[] = [];
  for (let from = range.from; from <= range.to; from = addDays(from, days)) {
    const end = addDays(from, days - 1);
    chunks.push({ from, to: end < range.to ? end : range.to });
  }
  return chunks;
}

/** One `loadAccount` of a plan: these streams over this range. */
export type LoadStep = { range: DateRange; streams: string[] };

/** Whether a stream has days (its rows are replaced by range) or is a snapshot (replaced whole). */
export function isDated(stream: StreamSchema): boolean {
  return stream.columns.some((c) => c.name === 'date');
}

/**
 * The loads that bring an account up to date: each stream's range cut into chunks of its
 * `chunkDays` (Infinity: one load), streams of the
 * same chunk loaded together (one request can serve several of them). A snapshot stream (no
 * days) is loaded once, with the last chunk. Oldest first, so the recorded days only move on.
 */
export function planLoads(
  streams: readonly StreamSchema[],
  rangeOf: (stream: StreamSchema) => { range: DateRange; chunkDays: number } | null,
): LoadStep[] {
  const steps = new Map<string, LoadStep>();
  const add = (range: DateRange, stream: string) => {
    const key = `${range.from}/${range.to}`;
    const step = steps.get(key) ?? { range, streams: [] };
    step.streams.push(stream);
    steps.set(key, step);
  };
  for (const stream of streams) {
    const due = rangeOf(stream);
    if (due === null) continue;
    const chunks = chunkRange(due.range, due.chunkDays);
    const last = chunks.at(-1);
    if (isDated(stream)) for (const chunk of chunks) add(chunk, stream.name);
    else if (last) add(last, stream.name);
  }
  return [...steps.values()].sort(
    (a, b) => a.range.to.localeCompare(b.range.to) || a.range.from.localeCompare(b.range.from),
  );
}
