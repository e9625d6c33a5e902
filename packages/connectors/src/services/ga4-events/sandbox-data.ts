// The sandbox's GA4 BigQuery exports: project maya-demo-project with two export datasets, one
// shared with the product's service account and one not, holding daily tables for the last two
// years and today's intraday table. The events of a day are a pure function of (dataset, date).
import { utcDay } from '@maya/contracts';
import { compactDate } from '../../core/dates';
import { daily, datesWithData, historyWindow, unit } from '../../sandbox/apis/data';
import { SANDBOX_SERVICE_ACCOUNT_EMAIL } from '../../core/sandbox-service-account';
import type { Attribution } from './sql';

export const SANDBOX_PROJECT = 'maya-demo-project';

export type SandboxDataset = {
  datasetId: string;
  location: string;
  readers: readonly string[];
  weight: number;
};

export const SANDBOX_DATASETS: readonly SandboxDataset[] = [
  { datasetId: 'analytics_123456789', location: 'EU', readers: [SANDBOX_SERVICE_ACCOUNT_EMAIL], weight: 1 },
  // Linked, but the product's service account was never granted access (the guide's step 4).
  { datasetId: 'analytics_987654321', location: 'EU', readers: [], weight: 0.4 },
];

export function findDataset(projectId: string, datasetId: string): SandboxDataset | null {
  return projectId === SANDBOX_PROJECT
    ? (SANDBOX_DATASETS.find((d) => d.datasetId === datasetId) ?? null)
    : null;
}

/** The table ids of a dataset, in BigQuery's (lexicographic) order. */
export function tableIds(nowMs: number): string[] {
  const { first, last } = historyWindow(nowMs);
  const daily = datesWithData(first, last, nowMs).map((date) => `events_${compactDate(date)}`);
  const today = compactDate(utcDay(nowMs));
  return [...daily, `events_intraday_${today}`];
}

/** The traffic sources of the export: users' first touches (traffic_source) and sessions' sources. */
const SOURCES = [
  { source: 'google', medium: 'organic', name: '(organic)', weight: 1, buyers: 0.02 },
  { source: '(direct)', medium: '(none)', name: '(direct)', weight: 0.6, buyers: 0.025 },
  { source: 'google', medium: 'cpc', name: 'brand_search', weight: 0.3, buyers: 0.04 },
  { source: 'google', medium: 'cpc', name: 'generic_search', weight: 0.4, buyers: 0.015 },
  { source: 'facebook.com', medium: 'referral', name: '(referral)', weight: 0.12, buyers: 0.006 },
  { source: 'newsletter', medium: 'email', name: 'weekly_digest', weight: 0.1, buyers: 0.035 },
] as const;
type Source = (typeof SOURCES)[number];
/**
 * Where the day's sessions of users first brought by a source come from: most from that source
 * again, the others returning directly or from the newsletter. So the session's source
 * (session_traffic_source_last_click) and the user's first touch (traffic_source) differ.
 */
const SESSION_SOURCES: readonly { source: Source | 'first_touch'; share: number }[] = [
  { source: 'first_touch', share: 0.7 },
  { source: SOURCES[1], share: 0.2 },
  { source: SOURCES[5], share: 0.1 },
];

/** Events per user of each event name. */
const EVENTS = [
  { name: 'session_start', perUser: 1.3 },
  { name: 'first_visit', perUser: 0.45 },
  { name: 'page_view', perUser: 3.6 },
  { name: 'user_engagement', perUser: 1.9 },
  { name: 'scroll', perUser: 1.2 },
  { name: 'view_item', perUser: 0.9 },
  { name: 'add_to_cart', perUser: 0.12 },
  { name: 'begin_checkout', perUser: 0.05 },
] as const;

/** One result row: event_date (YYYYMMDD), event_name, source, medium, campaign and the counts. */
export type EventRow = [string, string, string, string, string, number, number, number];

/**
 * The day's rows grouped by the session's traffic source (what the connector asks) or by the
 * user's first touch. Each (first touch, session source) pair has its own users, so the two
 * groupings hold the same events, told apart only by their sources.
 */
export function eventRows(
  dataset: SandboxDataset,
  date: string,
  attribution: Attribution = 'session',
): EventRow[] {
  const suffix = compactDate(date);
  const grouped = new Map<string, EventRow>();
  for (const first of SOURCES) {
    for (const { source, share } of SESSION_SOURCES) {
      const session = source === 'first_touch' ? first : source;
      const keys = [dataset.datasetId, first.source, first.medium, first.name];
      if (session !== first) keys.push(session.source, session.medium, session.name);
      const named = attribution === 'session' ? session : first;
      for (const [name, count, users, revenue] of pairEvents(dataset, date, first, share, keys)) {
        const key = [name, named.source, named.medium, named.name].join('\u0001');
        const row = grouped.get(key) ?? [suffix, name, named.source, named.medium, named.name, 0, 0, 0];
        row[5] += count;
        row[6] += users;
        row[7] += revenue;
        grouped.set(key, row);
      }
    }
  }
  // ORDER BY event_date, event_name, source, medium, campaign
  return [...grouped.values()].sort((a, b) =>
    a.slice(0, 5).join('\u0001') < b.slice(0, 5).join('\u0001') ? -1 : 1,
  );
}

/** The events of the users first brought by `first` whose sessions of the day are `share` of theirs. */
function pairEvents(
  dataset: SandboxDataset,
  date: string,
  first: Source,
  share: number,
  keys: string[],
): [string, number, number, number][] {
  const users = daily(400 * dataset.weight * first.weight * share, date, ...keys);
  if (users === 0) return [];
  const buyers = Math.floor(
    users * first.buyers * (0.5 + unit('buyers', date, ...keys)) + unit('b', date, ...keys),
  );
  const events: [string, number, number, number][] = EVENTS.map((event) => {
    const count = Math.round(users * event.perUser * (0.8 + 0.4 * unit(event.name, date, ...keys)));
    return [event.name, count, Math.min(users, count), 0];
  });
  if (buyers > 0) {
    const orderCents = 3_500 + Math.floor(10_000 * unit('order', date, ...keys));
    // Revenue in USD micros of whole cents, as a ROUND(SUM(...) * 1e6) of cent amounts gives.
    events.push(['purchase', buyers, buyers, buyers * orderCents * 10_000]);
  }
  return events.filter(([, count]) => count > 0);
}
