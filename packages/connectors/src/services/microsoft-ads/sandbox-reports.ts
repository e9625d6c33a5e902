// The sandbox's report requests: checked as the Reporting service checks them (a report type it
// serves, known columns, TimePeriod with a time aggregation, a valid time) before they are queued;
// sandbox-report-writer.ts writes them.
// https://learn.microsoft.com/advertising/guides/reports
import { utcDay } from '@maya/contracts';
import { z } from 'zod';
import { historyWindow } from '../../sandbox/apis/data';
import type { SandboxAccount } from './sandbox-data';
import { MicrosoftFault } from './sandbox-errors';
import { ATTRIBUTES, CAMPAIGN, COMMON, METRICS, REPORT_TYPES } from './sandbox-report-columns';
import type { ReportType } from './sandbox-report-columns';

const AGGREGATIONS = ['Summary', 'Daily', 'Weekly', 'Monthly', 'Yearly'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

const ReportDate = z.object({ Day: z.number().int(), Month: z.number().int(), Year: z.number().int() });
export const ReportRequestSchema = z.object({
  Type: z.string(),
  ExcludeColumnHeaders: z.boolean().nullish(),
  ExcludeReportFooter: z.boolean().nullish(),
  ExcludeReportHeader: z.boolean().nullish(),
  Format: z.string().nullish(),
  FormatVersion: z.string().nullish(),
  ReportName: z.string().nullish(),
  ReturnOnlyCompleteData: z.boolean().nullish(),
  Aggregation: z.string(),
  Columns: z.array(z.string()).min(1),
  Filter: z.null().optional(),
  Scope: z.object({
    AccountIds: z.array(z.union([z.number(), z.string()])).min(1),
    AdGroups: z.null().optional(),
    Campaigns: z.null().optional(),
  }),
  Time: z.object({
    CustomDateRangeStart: ReportDate.nullish(),
    CustomDateRangeEnd: ReportDate.nullish(),
    PredefinedTime: z.string().nullish(),
    ReportTimeZone: z.string().nullish(),
  }),
});
export type ReportRequestBody = z.infer<typeof ReportRequestSchema>;

/** A checked report request, ready to be written. */
export type Report = {
  name: string;
  type: ReportType;
  aggregation: Aggregation;
  columns: string[];
  accounts: SandboxAccount[];
  from: string;
  to: string;
  headers: boolean;
  preamble: boolean;
  footer: boolean;
};

const reportingError = (code: number, message: string) =>
  new MicrosoftFault(400, 'ApiFaultDetail', { Code: code, ErrorCode: null, Message: message });

function dateOf(value: z.infer<typeof ReportDate>, code: number): string {
  const ms = Date.UTC(value.Year, value.Month - 1, value.Day);
  const date = utcDay(ms);
  if (
    Number.isNaN(ms) ||
    date !== `${value.Year}-${String(value.Month).padStart(2, '0')}-${String(value.Day).padStart(2, '0')}`
  ) {
    throw reportingError(code, `The report time contains an invalid custom date: ${JSON.stringify(value)}.`);
  }
  return date;
}

/** Predefined times the sandbox serves, relative to today (UTC). */
function predefined(name: string, nowMs: number): { from: string; to: string } {
  const today = Math.floor(nowMs / 86_400_000) * 86_400_000;
  const day = 86_400_000;
  const now = new Date(today);
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const ranges: Record<string, [number, number]> = {
    Today: [today, today],
    Yesterday: [today - day, today - day],
    LastSevenDays: [today - 7 * day, today - day],
    LastFourteenDays: [today - 14 * day, today - day],
    LastThirtyDays: [today - 30 * day, today - day],
    ThisMonth: [first, today],
    LastMonth: [Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1), first - day],
  };
  const range = ranges[name];
  if (!range) throw reportingError(2008, `The sandbox does not serve the predefined time ${name}.`);
  return { from: utcDay(range[0]), to: utcDay(range[1]) };
}

export function checkReport(request: ReportRequestBody, accounts: SandboxAccount[], nowMs: number): Report {
  if (!Object.hasOwn(REPORT_TYPES, request.Type)) {
    throw reportingError(
      2002,
      `The report request type is not valid (the sandbox serves ${Object.keys(REPORT_TYPES).join(', ')}).`,
    );
  }
  const type = request.Type as ReportType;
  if ((request.Format ?? 'Csv') !== 'Csv') throw reportingError(2003, 'The sandbox writes Csv reports only.');
  const aggregation = AGGREGATIONS.find((a) => a === request.Aggregation);
  if (!aggregation)
    throw reportingError(
      2007,
      `The report aggregation ${request.Aggregation} is not valid for the report time.`,
    );
  const allowed = new Set([
    ...COMMON,
    ...CAMPAIGN,
    ...REPORT_TYPES[type].extra,
    ...Object.keys(METRICS),
    'TimePeriod',
  ]);
  const unknown = request.Columns.filter((c) => !allowed.has(c));
  if (unknown.length > 0)
    throw reportingError(2034, `The report columns are not valid: ${unknown.join(', ')}.`);
  if (new Set(request.Columns).size !== request.Columns.length)
    throw reportingError(2034, 'The report columns repeat a column.');
  const timed = request.Columns.includes('TimePeriod');
  if (aggregation === 'Summary' && timed)
    throw reportingError(2007, 'TimePeriod cannot be used with Summary aggregation.');
  if (
    !request.Columns.some((c) => c in METRICS) ||
    !request.Columns.some((c) => c in ATTRIBUTES || c === 'TimePeriod')
  ) {
    throw reportingError(
      2034,
      'A report needs at least one attribute column and one performance statistics column.',
    );
  }
  const time = request.Time;
  const custom = time.CustomDateRangeStart || time.CustomDateRangeEnd;
  if (Boolean(custom) === Boolean(time.PredefinedTime)) {
    throw reportingError(2008, 'The report time must be either a custom date range or a predefined time.');
  }
  let range: { from: string; to: string };
  if (custom) {
    if (!time.CustomDateRangeStart || !time.CustomDateRangeEnd) {
      throw reportingError(2008, 'The custom date range needs a start and an end.');
    }
    range = { from: dateOf(time.CustomDateRangeStart, 2009), to: dateOf(time.CustomDateRangeEnd, 2010) };
    if (range.to < range.from) throw reportingError(2011, 'The custom date range ends before it starts.');
  } else range = predefined(time.PredefinedTime ?? '', nowMs);
  if (request.ReturnOnlyCompleteData && range.to > historyWindow(nowMs).last) {
    throw reportingError(
      2004,
      'Complete data was asked for, but only partial data is available for the report time.',
    );
  }
  return {
    name: request.ReportName ?? type.replace(/Request$/, ''),
    type,
    aggregation: timed ? aggregation : 'Summary',
    columns: request.Columns,
    accounts,
    ...range,
    headers: !request.ExcludeColumnHeaders,
    preamble: !request.ExcludeReportHeader,
    footer: !request.ExcludeReportFooter,
  };
}
