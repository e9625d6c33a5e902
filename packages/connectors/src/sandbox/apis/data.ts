import { utcDay } from '@maya/contracts';
// Deterministic, realistic sandbox data: every value is a pure function of its keys (account,
// entity, date), so any date range can be asked for in any order and always gives the same
// answer, with no stored data. Days follow a weekly rhythm (weekdays busier), a yearly season
// (a Q4 peak, a summer dip) and a slow upward trend.

const DAY_MS = 86_400_000;
/** How far back sandbox providers have data: two years of daily rows. */
export const HISTORY_DAYS = 730;

/** FNV-1a, 32 bits: a fast stable hash of the key parts. */
export function hash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x2f; // separator, so ('ab','c') differs from ('a','bc')
    h = Math.imul(h, 0x01000193);
  }
  // final avalanche (murmur3 fmix32), so close keys give unrelated values
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) for the keys. */
export function unit(...parts: (string | number)[]): number {
  return hash(...parts) / 0x1_0000_0000;
}

/** Picks one of the items for the keys. */
export function pick<T>(items: readonly T[], ...parts: (string | number)[]): T {
  const item = items[hash(...parts) % items.length];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The demand multiplier of a date: around 1, from about 0.55 (a summer Sunday) to 1.5 (a December Tuesday). */
export function season(date: string): number {
  const ms = dayMs(date);
  const day = new Date(ms).getUTCDay();
  const weekly = day === 0 ? 0.78 : day === 6 ? 0.85 : 1.05;
  const dayOfYear = (ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / DAY_MS;
  const yearly = 1 + 0.18 * Math.cos(((dayOfYear - 340) / 365) * 2 * Math.PI);
  const trend = 1 + 0.0003 * ((ms - Date.UTC(2024, 0, 1)) / DAY_MS);
  return weekly * yearly * trend;
}

/**
 * A daily count: `base` scaled by the season and a per-day noise of ±`spread` (default 35 %),
 * stable for the keys and the date.
 */
export function daily(base: number, date: string, ...keys: (string | number)[]): number {
  const noise = 1 - 0.35 + 0.7 * unit(...keys, date);
  return Math.max(0, Math.round(base * season(date) * noise));
}

/** The first and last dates with data for a clock: the last 730 days up to yesterday (UTC). */
export function historyWindow(nowMs: number): { first: string; last: string } {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return {
    first: utcDay(today - HISTORY_DAYS * DAY_MS),
    last: utcDay(today - DAY_MS),
  };
}

/**
 * An ad platform's window: the same days and today's, in progress, as Google Ads reports them in
 * the account's own zone. Yesterday in an account's zone, where its loads end, is then always
 * there: east of UTC it is today in UTC from the zone's midnight on (Berlin's, at 23:00 UTC).
 */
export function adPlatformWindow(nowMs: number): { first: string; last: string } {
  const { first } = historyWindow(nowMs);
  return { first, last: utcDay(Math.floor(nowMs / DAY_MS) * DAY_MS) };
}

/** The dates of [from, to] that have data (clipped to the history window), in order. */
export function datesWithData(from: string, to: string, nowMs: number): string[] {
  const window = historyWindow(nowMs);
  const start = Math.max(dayMs(from), dayMs(window.first));
  const end = Math.min(dayMs(to), dayMs(window.last));
  const dates: string[] = [];
  for (let ms = start; ms <= end; ms += DAY_MS) dates.push(utcDay(ms));
  return dates;
}

/** Opaque page tokens: the offset into a deterministic result, base64url JSON. */
export function encodePageToken(offset: number, query: string): string {
  return Buffer.from(JSON.stringify({ o: offset, q: hash(query) })).toString('base64url');
}

/** The offset of a page token, or null when it is malformed or belongs to another query. */
export function decodePageToken(token: string, query: string): number | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      o?: unknown;
      q?: unknown;
    };
    return typeof value.o === 'number' && value.o >= 0 && value.q === hash(query) ? value.o : null;
  } catch {
    return null;
  }
}

/** Words the sandbox builds campaign, keyword and search-term names from (an outdoor-gear shop). */
export const VOCABULARY = {
  brands: ['acme', 'northpeak', 'trailfox'],
  products: [
    'hiking boots',
    'rain jacket',
    'tent',
    'sleeping bag',
    'backpack',
    'trekking poles',
    'headlamp',
    'water filter',
    'camping stove',
    'fleece',
    'trail shoes',
    'climbing harness',
    'down jacket',
    'gaiters',
    'compass',
    'dry bag',
    'camp chair',
    'hammock',
    'base layer',
    'ski goggles',
  ],
  modifiers: [
    'best',
    'cheap',
    'buy',
    'waterproof',
    'lightweight',
    'women',
    'men',
    'kids',
    'sale',
    'review',
    'near me',
    'ultralight',
    '2 person',
    'winter',
    'summer',
    'discount',
    'online',
    'vs',
    'size guide',
    'how to choose',
  ],
  countries: ['gr', 'de', 'fr', 'it', 'es', 'gb', 'us', 'nl'],
  devices: ['DESKTOP', 'MOBILE', 'TABLET'],
} as const;
