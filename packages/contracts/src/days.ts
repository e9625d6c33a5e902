// ISO days: calendar dates written `YYYY-MM-DD`, with no time and no time zone. The one date module
// of connectors, warehouse, analytics, server and web (decision 352).
//
// An instant (a `Date`, epoch milliseconds) has a different day in different places, so the
// functions that turn one into a day say whose calendar they read:
// - `utcDay`: the day in UTC. Providers' reports, the warehouse and the reports count days in UTC.
// - `dayInTimeZone`: the day on the wall calendar of an IANA time zone (an ad account's zone).
// - `localDay`: the day on this process's own calendar (in the browser: the user's "today").
// Everything else is arithmetic on days, done in UTC so that no daylight-saving hour can move it.

/** Milliseconds in a day of UTC (which has no daylight-saving time). */
export const DAY_MS = 86_400_000;

/** The first and last day a day computation returns: results are clamped to years 1 to 9999. */
export const FIRST_ISO_DAY = '0001-01-01';
export const LAST_ISO_DAY = '9999-12-31';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function instantMs(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Not a valid instant');
  return ms;
}

/** Date.UTC without its mapping of years 0-99 to 1900-1999; month 0-based, overflow carries. */
function utcMs(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

const MIN_MS = utcMs(1, 0, 1);
const MAX_MS = utcMs(9999, 11, 31);

function fromUtcMs(ms: number): string {
  const date = new Date(Math.min(Math.max(ms, MIN_MS), MAX_MS));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The day in UTC at an instant: 2026-03-01T23:30:00-05:00 is UTC day 2026-03-02. */
export function utcDay(instant: Date | number): string {
  return fromUtcMs(instantMs(instant));
}

/** The day on this process's calendar at an instant (in a browser: the user's local day). */
export function localDay(instant: Date | number): string {
  const date = new Date(instantMs(instant));
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The day on the wall calendar of an IANA time zone at an instant: 2026-03-02T03:00Z is
 * 2026-03-01 in America/Los_Angeles and 2026-03-02 in Asia/Tokyo. Throws a RangeError for an
 * unknown zone.
 */
export function dayInTimeZone(instant: Date | number, timeZone: string): string {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instantMs(instant)).map((p) => [p.type, p.value]));
  return `${pad(Number(parts.year), 4)}-${parts.month}-${parts.day}`;
}

/** Whether the text is a real `YYYY-MM-DD` day (2024-02-29 is, 2024-02-30 and 2024-2-3 are not). */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && fromUtcMs(utcMs(year, month - 1, day)) === text;
}

const SHOWN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A day typed as the UI shows days, DD/MM/YYYY (a one-digit day or month, `.` or `-` between
 * them are read too), or as `YYYY-MM-DD`, as an ISO day; null when it is not a day of the
 * calendar (31/02/2026).
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const shown = SHOWN_DAY.exec(trimmed);
  const day = shown ? `${shown[3]}-${pad(Number(shown[2]))}-${pad(Number(shown[1]))}` : trimmed;
  return isIsoDay(day) ? day : null;
}

/** The instant a day starts in UTC, in epoch milliseconds. Throws a RangeError if it is not a real day. */
export function utcDayStart(day: string): number {
  if (!isIsoDay(day)) throw new RangeError(`Not an ISO day (YYYY-MM-DD): ${day}`);
  return utcMs(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** The day `days` days after (negative: before) a day. */
export function addDays(day: string, days: number): string {
  return fromUtcMs(utcDayStart(day) + days * DAY_MS);
}

/** Adds months, clamping to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const start = new Date(utcDayStart(day));
  const first = new Date(utcMs(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDate = new Date(utcMs(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromUtcMs(
    utcMs(first.getUTCFullYear(), first.getUTCMonth(), Math.min(start.getUTCDate(), lastDate)),
  );
}

/** Days from `from` to `to`, both counted (1 for a single day; 0 or less when `to` is before `from`). */
export function daysBetween(range: { from: string; to: string }): number {
  return Math.round((utcDayStart(range.to) - utcDayStart(range.from)) / DAY_MS) + 1;
}

/** Monday 0 ... Sunday 6 (ISO 8601 weeks). */
export function isoWeekday(day: string): number {
  return (new Date(utcDayStart(day)).getUTCDay() + 6) % 7;
}
