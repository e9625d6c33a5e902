// The report's side of the reconciliation: one account's days as -maya's "Daily performance"
// table answers them through the API (filtered to its service and identifier), with its totals
// row, and the days of a range laid out for comparing with the provider's.
import { addDays } from '@maya/contracts';
import type { ReportFilter, ReportQueryResponse } from '@maya/contracts';
import { MAYA_REPORT } from '@maya/analytics';
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';
import type { AccountTotals, DayTotals, Range } from '@maya/connectors/testing';
import type { Connected, Owner } from './sandbox-accounts';

/** -maya's table of a row per day, and its page. */
const DAILY = 'daily-performance';
export const DAILY_PAGE = MAYA_REPORT.pages.find((p) => p.visuals.some((v) => v.id === DAILY))?.name;

async function query(
  t: AccountsApp,
  owner: Owner,
  visualId: string,
  filters: ReportFilter[],
  dateRange: Range,
) {
  const answer = await call(t.base, 'POST', `/reports/${MAYA_REPORT.slug}/query`, {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      report: MAYA_REPORT.slug,
      page: DAILY_PAGE,
      visual_id: visualId,
      filters,
      date_range: dateRange,
      sort: null,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ReportQueryResponse;
}

const only = (column: string, value: string): ReportFilter => ({
  id: `reconcile-${column}`,
  kind: 'list',
  table: 'performance',
  column,
  mode: 'include',
  values: [value],
});

/** In the account's minor units: the report shows spend in currency units (its own: account_spend). */
type ToMinor = (spend: number) => number;
/** The report's days of one account, and its totals row. */
type ReportDays = { days: AccountTotals['days']; total: DayTotals };

const dayOf = (row: ReportQueryResponse['rows'][number], minor: ToMinor): DayTotals => ({
  spendMinor: minor(Number(row.account_spend ?? 0)),
  clicks: Number(row.clicks ?? 0),
  conversions: Number(row.conversions ?? 0),
});

/**
 * The report's numbers for one account: the Daily performance table over the range, a row per
 * day, and its totals row; `minor` is applied once the currency is known.
 */
export async function reportTotals(
  t: AccountsApp,
  owner: Owner,
  target: Connected,
  range: Range,
): Promise<(minor: ToMinor) => ReportDays> {
  const filters = [only('service', target.service), only('account', target.account.identifier)];
  const table = await query(t, owner, DAILY, filters, range);
  expect(table.truncated).toBe(false);
  expect(table.columns[0]).toMatchObject({ name: 'date', role: 'dimension', grain: 'day' });
  return (minor) => ({
    days: new Map(table.rows.map((row) => [String(row.date), dayOf(row, minor)])),
    total: dayOf(table.totals?.grand ?? {}, minor),
  });
}
/**
 * Every day of the range for both sides, a missing day as zeros (a provider leaves out days
 * without delivery, the report days without rows).
 */
export function comparable(days: AccountTotals['days'], range: Range): Record<string, DayTotals> {
  const out: Record<string, DayTotals> = {};
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    out[date] = days.get(date) ?? { spendMinor: 0, clicks: 0, conversions: 0 };
  }
  return out;
}

export function sumOf(days: Record<string, DayTotals>): DayTotals {
  const total = { spendMinor: 0, clicks: 0, conversions: 0 };
  for (const day of Object.values(days)) {
    total.spendMinor += day.spendMinor;
    total.clicks += day.clicks;
    total.conversions += day.conversions;
  }
  return total;
}
