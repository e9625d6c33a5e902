// Writes a checked report as Microsoft does: a quoted header block, the column names, one row per
// distinct combination of the requested attributes (and time period), and the copyright footer.
// https://learn.microsoft.com/advertising/guides/reports#reportschema
import { utcDay } from '@maya/contracts';
import { datesWithData, historyWindow } from '../../sandbox/apis/data';
import { ATTRIBUTES, METRICS, REPORT_TYPES } from './sandbox-report-columns';
import type { Sums } from './sandbox-report-columns';
import type { Aggregation, Report } from './sandbox-reports';
import { dayRows } from './sandbox-metrics';
import type { BaseRow } from './sandbox-metrics';

/** The TimePeriod of a date: the day, the week's Sunday, the month's first day, the year. */
function period(date: string, aggregation: Aggregation): string {
  switch (aggregation) {
    case 'Daily':
      return date;
    case 'Weekly': {
      const ms = Date.parse(`${date}T00:00:00Z`);
      return utcDay(ms - new Date(ms).getUTCDay() * 86_400_000);
    }
    case 'Monthly':
      return `${date.slice(0, 7)}-01`;
    case 'Yearly':
      return date.slice(0, 4);
    case 'Summary':
      return '';
    default:
      throw new Error(`unknown aggregation ${String(aggregation satisfies never)}`);
  }
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
const usDate = (date: string) =>
  `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}/${date.slice(0, 4)}`;

/** The report's rows, grouped by its attribute columns, as CSV text (late conversions: per date). */
export function writeReport(
  report: Report,
  nowMs: number,
  lateConversions: (date: string) => number = () => 1,
): { csv: string; rows: number } {
  const attributes = report.columns.filter((c) => c in ATTRIBUTES);
  const groups = new Map<string, { first: BaseRow; period: string; sums: Sums }>();
  for (const date of datesWithData(report.from, report.to, nowMs)) {
    const bucket = period(date, report.aggregation);
    for (const account of report.accounts) {
      for (const row of dayRows(account, date, lateConversions(date))) {
        if (REPORT_TYPES[report.type].queriesOnly && !row.query) continue;
        const key = `${bucket}\u0001${attributes.map((c) => ATTRIBUTES[c]?.(row) ?? '').join('\u0001')}`;
        let group = groups.get(key);
        if (!group) {
          group = {
            first: row,
            period: bucket,
            sums: { impressions: 0, clicks: 0, spendCents: 0, halves: 0, revenueCents: 0 },
          };
          groups.set(key, group);
        }
        group.sums.impressions += row.impressions;
        group.sums.clicks += row.clicks;
        group.sums.spendCents += row.spendCents;
        group.sums.halves += row.conversionHalves;
        group.sums.revenueCents += row.revenueCents;
      }
    }
  }
  const lines: string[] = [];
  if (report.preamble) {
    const last = usDate(historyWindow(nowMs).last);
    lines.push(
      quote(`Report Name: ${report.name}`),
      quote(`Report Time: ${usDate(report.from)} - ${usDate(report.to)}`),
      quote('Time Zone: (GMT) Coordinated Universal Time'),
      quote(`Last Completed Available Day: ${last} 11:59:59 PM (GMT)`),
      quote(`Last Completed Available Hour: ${last} 11:59:59 PM (GMT)`),
      quote(`Report Aggregation: ${report.aggregation}`),
      quote('Report Filter: '),
      quote(`Potential Incomplete Data: ${report.to >= historyWindow(nowMs).last}`),
      quote(`Rows: ${groups.size}`),
      '',
    );
  }
  if (report.headers) lines.push(report.columns.map(quote).join(','));
  for (const { first, period: bucket, sums } of groups.values()) {
    const cells = report.columns.map((column) =>
      column === 'TimePeriod' ? bucket : (ATTRIBUTES[column]?.(first) ?? METRICS[column]?.(sums) ?? ''),
    );
    lines.push(cells.map(quote).join(','));
  }
  if (report.footer)
    lines.push(
      '',
      quote(`©${new Date(nowMs).getUTCFullYear()} Microsoft Corporation. All rights reserved. `),
    );
  // The file starts with a byte-order mark, as Microsoft's CSV reports do.
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows: groups.size };
}
