// The Data API reports the GA4 connector runs, one per stream (runReport, paged with limit and
// offset), and how a report row becomes a stream row.
// https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport
import { fromCompactDate } from '../../core/dates';
import type { ProviderHttp } from '../../core/http';
import { doubleToMicros } from '../../core/money';
import type { DateRange, Row } from '../../core/types';
import { EVENTS_DAILY_STREAM, TRAFFIC_DAILY_STREAM } from './streams';

type ReportRow = { dimensionValues: { value: string }[]; metricValues: { value: string }[] };
export type ReportAnswer = {
  dimensionHeaders?: { name: string }[];
  metricHeaders?: { name: string; type: string }[];
  rows?: ReportRow[];
  rowCount?: number;
  metadata?: { currencyCode?: string };
};

/**
 * A report: its request, and how a row becomes a stream row (dimension values and the metric
 * values parsed by `metricValue`, in request order).
 */
export type Report = {
  stream: string;
  dimensions: string[];
  metrics: string[];
  toRow: (dimensions: string[], metrics: (number | null)[], currency: string | null) => Row;
};

/**
 * A metric's value as its header declares it (`metricHeaders[].type`, the Data API's MetricType):
 * TYPE_CURRENCY in micros of the property currency, every other type (TYPE_INTEGER, TYPE_FLOAT,
 * durations, distances) as the number it is, never truncated: `keyEvents` is declared a float and
 * is fractional when GA4 credits a key event to several sessions. An absent value is null; a
 * value that is not a number fails the load rather than store a wrong one.
 * https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/MetricType
 */
export function metricValue(
  name: string,
  value: string | undefined,
  type: string | undefined,
): number | null {
  if (value === undefined) return null;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) {
    throw new Error(
      `Google Analytics answered ${JSON.stringify(value)} for the metric ${name} (${type ?? 'no type'})`,
    );
  }
  return type === 'TYPE_CURRENCY' ? doubleToMicros(value) : number;
}

export const REPORTS: readonly Report[] = [
  {
    stream: TRAFFIC_DAILY_STREAM.name,
    dimensions: [
      'date',
      'sessionSource',
      'sessionMedium',
      'sessionCampaignName',
      'deviceCategory',
      'country',
    ],
    metrics: ['sessions', 'engagedSessions', 'totalUsers', 'newUsers', 'keyEvents', 'totalRevenue'],
    toRow: ([date, source, medium, campaign, device, country], m, currency) => ({
      date: fromCompactDate(date ?? ''),
      source: source ?? null,
      medium: medium ?? null,
      campaign: campaign ?? null,
      device_category: device ?? null,
      country: country ?? null,
      sessions: m[0] ?? null,
      engaged_sessions: m[1] ?? null,
      total_users: m[2] ?? null,
      new_users: m[3] ?? null,
      key_events: m[4] ?? null,
      revenue_micros: m[5] ?? null,
      currency,
    }),
  },
  {
    stream: EVENTS_DAILY_STREAM.name,
    dimensions: ['date', 'eventName'],
    metrics: ['eventCount', 'keyEvents', 'totalRevenue'],
    toRow: ([date, eventName], m, currency) => ({
      date: fromCompactDate(date ?? ''),
      event_name: eventName ?? null,
      event_count: m[0] ?? null,
      key_events: m[1] ?? null,
      revenue_micros: m[2] ?? null,
      currency,
    }),
  },
];

export async function* reportPages(
  http: ProviderHttp,
  url: string,
  report: Report,
  range: DateRange,
  limit: number,
): AsyncGenerator<ReportAnswer> {
  for (let offset = 0; ; offset += limit) {
    const answer = await http.json<ReportAnswer>(url, {
      json: {
        dateRanges: [{ startDate: range.from, endDate: range.to }],
        dimensions: report.dimensions.map((name) => ({ name })),
        metrics: report.metrics.map((name) => ({ name })),
        limit: String(limit),
        offset: String(offset),
      },
    });
    yield answer;
    const rows = answer.rows?.length ?? 0;
    if (rows === 0 || offset + rows >= (answer.rowCount ?? 0)) return;
  }
}
