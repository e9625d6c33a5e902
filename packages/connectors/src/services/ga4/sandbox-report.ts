// The sandbox's runReport: validates a request as the Data API does (names, compatibility) and
// aggregates the fact tables of sandbox-data.ts by the requested dimensions.
// https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport
import { utcDay } from '@maya/contracts';
import { z } from 'zod';
import { datesWithData } from '../../sandbox/apis/data';
import { SandboxApiError } from '../../sandbox/apis/api';
import { eventFacts, sessionFacts } from './sandbox-data';
import type { EventFact, Metrics, SandboxProperty, SessionFact } from './sandbox-data';

const MAX_LIMIT = 250_000;
const SCHEMA_URL = 'https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema';

type Table = 'session' | 'event';
const DIMENSIONS: Record<string, Table | 'both'> = {
  date: 'both',
  sessionSource: 'session',
  sessionMedium: 'session',
  sessionCampaignName: 'session',
  deviceCategory: 'session',
  country: 'session',
  eventName: 'event',
};
type MetricSpec = {
  type: 'TYPE_INTEGER' | 'TYPE_FLOAT' | 'TYPE_CURRENCY';
  table: Table | 'both';
  read: (m: Metrics) => number;
};
const METRICS: Record<string, MetricSpec> = {
  sessions: { type: 'TYPE_INTEGER', table: 'session', read: (m) => m.sessions },
  engagedSessions: { type: 'TYPE_INTEGER', table: 'session', read: (m) => m.engagedSessions },
  totalUsers: { type: 'TYPE_INTEGER', table: 'both', read: (m) => m.totalUsers },
  newUsers: { type: 'TYPE_INTEGER', table: 'session', read: (m) => m.newUsers },
  // A float: fractional on session-scoped rows (sandbox-data.ts, splitCredits).
  keyEvents: { type: 'TYPE_FLOAT', table: 'both', read: (m) => m.keyEvents },
  // The name GA4 used before March 2024; still answered, as keyEvents.
  conversions: { type: 'TYPE_FLOAT', table: 'both', read: (m) => m.keyEvents },
  eventCount: { type: 'TYPE_INTEGER', table: 'event', read: (m) => m.eventCount },
  totalRevenue: { type: 'TYPE_CURRENCY', table: 'both', read: (m) => m.revenueCents },
};

const int64 = z.union([z.number().int().min(0), z.string().regex(/^\d+$/).transform(Number)]);
export const RunReportSchema = z
  .object({
    dateRanges: z
      .array(z.object({ startDate: z.string(), endDate: z.string(), name: z.string().optional() }))
      .min(1),
    dimensions: z
      .array(z.object({ name: z.string() }))
      .max(9)
      .default([]),
    metrics: z
      .array(z.object({ name: z.string() }))
      .min(1)
      .max(10),
    limit: int64.optional(),
    offset: int64.optional(),
    keepEmptyRows: z.boolean().optional(),
  })
  .strict();
export type RunReportRequest = z.infer<typeof RunReportSchema>;

const invalid = (message: string) => new SandboxApiError('invalid_argument', message);

/** 'YYYY-MM-DD', 'today', 'yesterday' or 'NdaysAgo' (in UTC: the sandbox ignores the property time zone). */
function resolveDate(value: string, nowMs: number): string {
  const today = Math.floor(nowMs / 86_400_000) * 86_400_000;
  const ago =
    value === 'today' ? 0 : value === 'yesterday' ? 1 : Number(/^(\d+)daysAgo$/.exec(value)?.[1] ?? NaN);
  if (!Number.isNaN(ago)) return utcDay(today - ago * 86_400_000);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  throw invalid(`Invalid date '${value}'. Dates must be YYYY-MM-DD, NdaysAgo, yesterday, or today.`);
}

function tableOf(dimensions: string[], metrics: string[]): Table {
  const fields = [
    ...dimensions.map((name) => ({ name, table: DIMENSIONS[name] })),
    ...metrics.map((name) => ({ name, table: METRICS[name]?.table })),
  ];
  for (const field of fields.slice(0, dimensions.length)) {
    if (!field.table)
      throw invalid(
        `Field ${field.name} is not a valid dimension. For a list of valid dimensions and metrics, see ${SCHEMA_URL}`,
      );
  }
  for (const field of fields.slice(dimensions.length)) {
    if (!field.table)
      throw invalid(
        `Field ${field.name} is not a valid metric. For a list of valid dimensions and metrics, see ${SCHEMA_URL}`,
      );
  }
  const eventField = fields.find((f) => f.table === 'event');
  const sessionField = fields.find((f) => f.table === 'session');
  if (eventField && sessionField) {
    throw invalid(
      `Please remove ${eventField.name} to make the request compatible. The request's dimensions & metrics are incompatible. ` +
        'To learn more, see https://ga-dev-tools.google/ga4/dimensions-metrics-explorer/',
    );
  }
  return eventField ? 'event' : 'session';
}

const formatValue = (spec: MetricSpec, value: number) =>
  spec.type === 'TYPE_CURRENCY' ? String(value / 100) : String(value);

/**
 * A day's facts restated by `factor` (sandbox/apis/late-conversions.ts): key events credited
 * late, with their revenue (and, for the key event's own row, its count).
 */
function restate<F extends SessionFact | EventFact>(fact: F, factor: number): F {
  if (factor === 1 || fact.keyEvents === 0) return fact;
  // Session rows keep their half credits; an event's count stays whole.
  const step = 'eventName' in fact ? 1 : 2;
  const keyEvents = Math.round(fact.keyEvents * factor * step) / step;
  const eventCount = 'eventName' in fact && fact.eventCount === fact.keyEvents ? keyEvents : fact.eventCount;
  return { ...fact, keyEvents, eventCount, revenueCents: Math.round(fact.revenueCents * factor) };
}

export function runReport(
  property: SandboxProperty,
  request: RunReportRequest,
  nowMs: number,
  restated: (date: string) => number = () => 1,
) {
  const [range, ...more] = request.dateRanges;
  if (!range || more.length > 0) throw invalid('The sandbox answers one date range per request.');
  const from = resolveDate(range.startDate, nowMs);
  const to = resolveDate(range.endDate, nowMs);
  if (to < from) throw invalid('The end date of a date range must not be before its start date.');
  const dimensions = request.dimensions.map((d) => d.name);
  const metrics = request.metrics.map((m) => m.name);
  if (new Set(dimensions).size !== dimensions.length || new Set(metrics).size !== metrics.length) {
    throw invalid('Each dimension and metric may be requested only once.');
  }
  const table = tableOf(dimensions, metrics);
  const specs = metrics.flatMap((name) => {
    const spec = METRICS[name];
    return spec ? [{ name, ...spec }] : [];
  });

  const groups = new Map<string, { values: string[]; sums: number[] }>();
  for (const date of datesWithData(from, to, nowMs)) {
    const facts: (SessionFact | EventFact)[] =
      table === 'event' ? eventFacts(property, date) : sessionFacts(property, date);
    const factor = restated(date);
    for (const original of facts) {
      const fact = restate(original, factor);
      const values = dimensions.map((name) =>
        name === 'date' ? fact.date.replaceAll('-', '') : String((fact as Record<string, unknown>)[name]),
      );
      const key = values.join('\u0001');
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { values, sums: specs.map(() => 0) }));
      for (let i = 0; i < specs.length; i++)
        group.sums[i] = (group.sums[i] ?? 0) + (specs[i]?.read(fact) ?? 0);
    }
  }
  const sorted = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const offset = request.offset ?? 0;
  const limit = Math.min(request.limit ?? 10_000, MAX_LIMIT);
  const rows = sorted.slice(offset, offset + limit).map(([, group]) => ({
    dimensionValues: group.values.map((value) => ({ value })),
    metricValues: specs.map((spec, i) => ({ value: formatValue(spec, group.sums[i] ?? 0) })),
  }));
  return {
    dimensionHeaders: dimensions.map((name) => ({ name })),
    metricHeaders: specs.map((spec) => ({ name: spec.name, type: spec.type })),
    // The API leaves rows and rowCount out of an empty report.
    ...(sorted.length > 0 ? { rows, rowCount: sorted.length } : {}),
    metadata: { currencyCode: property.currencyCode, timeZone: property.timeZone },
    kind: 'analyticsData#runReport',
  };
}
