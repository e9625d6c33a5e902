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

/** A report: its request, and how a row becomes a stream row (values in request order). */
export type Report = {
  stream: string;
  dimensions: string[];
  metrics: string[];
  toRow: (dimensions: string[], metrics: string[], currency: string | null) => Row;
};

const int = (value: string | undefined) => (value === undefined ? null : Number.parseInt(value, 10));

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
      sessions: int(m[0]),
      engaged_sessions: int(m[1]),
      total_users: int(m[2]),
      new_users: int(m[3]),
      key_events: int(m[4]),
      revenue_micros: m[5] === undefined ? null : doubleToMicros(m[5]),
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
      event_count: int(m[0]),
      key_events: int(m[1]),
      revenue_micros: m[2] === undefined ? null : doubleToMicros(m[2]),
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
