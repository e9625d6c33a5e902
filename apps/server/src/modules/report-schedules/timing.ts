// When a schedule delivers (issue 32): at an hour of its recipients' time zone, every day, every
// week on a weekday or every month on a day, and when a failed delivery is tried again.
import { unreachable, type ScheduleFrequency } from '@maya/contracts';

export type Calendar = {
  frequency: ScheduleFrequency;
  /** ISO weekday, 1 Monday … 7 Sunday (weekly). */
  weekday: number | null;
  /** 1-28 (monthly). */
  monthDay: number | null;
  hour: number;
  timeZone: string;
};

const DAY_MS = 86_400_000;

/** Whether the runtime knows the IANA zone (Europe/Berlin); names like "EST" are refused too. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `at` in `zone`. */
function wallClock(at: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant `zone`'s clocks read `hour`:00 on the day (year, month, day). An hour that the
 * zone skips (the spring change) is the first instant after the gap.
 */
export function zonedInstant(year: number, month: number, day: number, hour: number, zone: string): Date {
  const local = Date.UTC(year, month - 1, day, hour);
  let at = local - offsetAt(new Date(local), zone);
  // Once more with the offset of the instant found: right on either side of a change.
  at = local - offsetAt(new Date(at), zone);
  return new Date(at);
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
function isoWeekday(year: number, month: number, day: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

function matches(calendar: Calendar, year: number, month: number, day: number): boolean {
  switch (calendar.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return isoWeekday(year, month, day) === calendar.weekday;
    case 'monthly':
      return day === calendar.monthDay;
    default:
      return unreachable(calendar.frequency);
  }
}

/** The schedule's first delivery strictly after `after`. */
export function nextOccurrence(calendar: Calendar, after: Date): Date {
  const today = wallClock(after, calendar.timeZone);
  const start = Date.UTC(today.year, today.month - 1, today.day);
  // A month and a few days cover every calendar (the 28th comes once in every month).
  for (let days = 0; days <= 62; days += 1) {
    const date = new Date(start + days * DAY_MS);
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (!matches(calendar, year, month, day)) continue;
    const at = zonedInstant(year, month, day, calendar.hour, calendar.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error(`no delivery of ${JSON.stringify(calendar)} within two months`);
}

/** Waits before each retry of a failed delivery: 5 minutes, 30 minutes, 2 hours; then it gives up. */
export const RETRY_DELAYS_MS = [5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

/** When the failed attempt number `attempt` (1 for the first failure) is tried again; null: give up. */
export function retryAt(attempt: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
