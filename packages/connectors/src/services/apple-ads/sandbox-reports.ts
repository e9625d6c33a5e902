// The sandbox's report engine: reads an AppsReportingRequest as Apple documents it (timeRange
// with its granularity rules, the required campaignId filter, sorting, pagination, options) and
// answers the AppsReportResponse envelope: one row per campaign, ad group, keyword or search term
// with its `totalMetrics` and, with a granularity, its `granularMetrics`.
// https://developer.apple.com/documentation/apple-ads-platform-api/reports
import { z } from 'zod';
import { addDays, utcDay } from '@maya/contracts';
import { SandboxApiError } from '../../sandbox/apis/api';
import { datesWithData } from '../../sandbox/apis/data';
import { addMetrics, campaignsOf, currencyExponent, emptyMetrics, searchTermDay } from './sandbox-data';
import type { AppleAdGroup, AppleKeyword, AppleMetrics, AppleOrg, AppleSearchTerm } from './sandbox-data';

export type ReportLevel = 'campaigns' | 'adgroups' | 'keywords' | 'searchterms';

/** Apple's DAILY rule: the start at most 90 days back, the range longer than one day. */
export const DAILY_MAX_DAYS = 90;
/** RequestPagination: `pageSize` at most 5000, 100 by default. */
export const MAX_PAGE_SIZE = 5000;

const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The format is YYYY-MM-DD');
const Id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number);

export const ReportingRequestSchema = z.object({
  timeRange: z.object({
    start: ISO_DATE,
    end: ISO_DATE,
    timeZone: z.enum(['ORTZ', 'UTC']),
    granularity: z.enum(['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY']).optional(),
  }),
  filters: z
    .array(
      z.object({
        field: z.string(),
        operator: z.string(),
        value: z.union([Id, z.array(Id)]),
      }),
    )
    .optional(),
  sorting: z
    .array(z.object({ field: z.string(), order: z.enum(['ASC', 'DESC']) }))
    .max(1)
    .optional(),
  pagination: z
    .object({ offset: z.number().int().min(0), pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE) })
    .optional(),
  fields: z.array(z.string()).optional(),
  groupBy: z.array(z.string()).optional(),
  options: z.object({ includeRows: z.array(z.enum(['GRAND_TOTAL', 'EMPTY_METRICS'])).optional() }).optional(),
});
export type ReportingRequest = z.infer<typeof ReportingRequestSchema>;

/** The campaigns (and ad groups) a request's filters scope it to. */
export type ReportScope = { campaignIds: Set<number>; adGroupIds: Set<number> | null };

const invalid = (message: string) => new SandboxApiError('invalid_argument', message);

function idsOf(filter: { field: string; operator: string; value: number | number[] }): Set<number> {
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  if (filter.operator === 'EQUALS' && values.length === 1) return new Set(values);
  if (filter.operator === 'IN' && values.length > 0) return new Set(values);
  throw invalid(`The ${filter.field} filter takes EQUALS with one value or IN with values`);
}

/** Apple's documented constraints, checked before any row is built; answers the report's scope. */
export function validateReport(level: ReportLevel, request: ReportingRequest, nowMs: number): ReportScope {
  const { start, end, granularity, timeZone } = request.timeRange;
  if (start > end) throw invalid('timeRange.start must not be after timeRange.end');
  if (request.groupBy && request.groupBy.length > 0)
    throw invalid('The sandbox supports no groupBy dimensions');
  let campaignIds: Set<number> | null = null;
  let adGroupIds: Set<number> | null = null;
  for (const filter of request.filters ?? []) {
    if (filter.field === 'campaignId') campaignIds = idsOf(filter);
    else if (filter.field === 'adGroupId') adGroupIds = idsOf(filter);
    else throw invalid(`The sandbox supports no filter on ${filter.field}`);
  }
  if (!campaignIds) throw invalid('Every apps report request requires a campaignId filter');
  const includeRows = request.options?.includeRows ?? [];
  if (level === 'searchterms') {
    if (timeZone !== 'ORTZ') throw invalid('Search term reports only support a timeZone value of ORTZ');
    if (includeRows.includes('EMPTY_METRICS')) throw invalid('EMPTY_METRICS is not supported for SEARCHTERM');
  }
  if (granularity === undefined) return { campaignIds, adGroupIds };
  if (granularity !== 'DAILY') throw invalid('The sandbox supports DAILY granularity only');
  if (start === end) throw invalid('DAILY: the date range must be greater than one day');
  const today = utcDay(nowMs);
  if (start < addDays(today, -DAILY_MAX_DAYS)) {
    throw invalid(`DAILY: the date range start must be within the last ${DAILY_MAX_DAYS} days`);
  }
  return { campaignIds, adGroupIds };
}

const METRIC_ORDER: Readonly<Record<string, (m: AppleMetrics) => number>> = {
  localSpend: (m) => m.spendMinor,
  impressions: (m) => m.impressions,
  taps: (m) => m.taps,
  totalInstalls: (m) => m.tapInstalls + m.viewInstalls,
};

const SORT_FIELDS: Readonly<Record<ReportLevel, readonly string[]>> = {
  campaigns: ['id', 'name'],
  adgroups: ['id', 'name'],
  keywords: ['id', 'text'],
  searchterms: ['searchTermText', 'adGroupId'],
};

type Entity = {
  sortKeys: Record<string, string | number>;
  metadata: Record<string, unknown>;
  terms: [AppleAdGroup, AppleSearchTerm][];
};

const adGroupMin = (g: AppleAdGroup) => ({ name: g.name, deleted: false });

/** The report's entities for the level, within the campaigns (and ad groups) of its scope. */
function entitiesOf(org: AppleOrg, level: ReportLevel, scope: ReportScope): Entity[] {
  const account = { adAccountId: org.adAccountId };
  const entities: Entity[] = [];
  for (const c of campaignsOf(org).filter((campaign) => scope.campaignIds.has(campaign.id))) {
    const groups = c.adGroups.filter((g) => scope.adGroupIds?.has(g.id) ?? true);
    if (level === 'campaigns') {
      entities.push({
        sortKeys: { id: c.id, name: c.name },
        metadata: {
          id: c.id,
          promotedObject: { name: c.app.appName },
          promotedObjectType: 'APPSTORE_APP',
          promotedObjectId: String(c.app.adamId),
          name: c.name,
          status: c.status,
          deleted: false,
          displayStatus: 'RUNNING',
          ...account,
          systemStatus: 'RUNNING',
          systemStatusReasons: [],
          billingEvent: 'TAPS',
          systemStatusLimitingReasons: [],
          targeting: {
            supplyPlacement: { include: ['APPSTORE_SEARCH_RESULTS'] },
            countryOrRegion: { include: c.countries },
          },
          dailyBudget: { value: money(c.dailyBudgetMinor, org.currency) },
          bidStrategy: { bidStrategyType: 'MANUAL_CPT' },
          adChannelType: 'SEARCH',
        },
        terms: groups.flatMap((g) => g.searchTerms.map((t) => [g, t] as [AppleAdGroup, AppleSearchTerm])),
      });
      continue;
    }
    for (const g of groups) {
      if (level === 'adgroups') {
        entities.push({
          sortKeys: { id: g.id, name: g.name },
          metadata: {
            id: g.id,
            campaignId: c.id,
            ...account,
            name: g.name,
            status: g.status,
            pricingModel: 'CPT',
            deleted: false,
            systemStatus: g.status === 'PAUSED' ? 'NOT_RUNNING' : 'RUNNING',
            campaign: { name: c.name, deleted: false },
          },
          terms: g.searchTerms.map((t) => [g, t]),
        });
        continue;
      }
      const keywordOf = (k: AppleKeyword) => ({
        id: k.id,
        campaignId: c.id,
        ...account,
        deleted: false,
        text: k.text,
        status: 'ENABLED',
        matchType: k.matchType,
        bid: money(k.bidMinor, org.currency),
        adGroupId: g.id,
        displayStatus: 'RUNNING',
        adGroup: adGroupMin(g),
      });
      if (level === 'keywords') {
        for (const k of g.keywords) {
          entities.push({
            sortKeys: { id: k.id, text: k.text },
            metadata: keywordOf(k),
            terms: g.searchTerms.filter((t) => t.keywordId === k.id).map((t) => [g, t]),
          });
        }
        continue;
      }
      for (const t of g.searchTerms) {
        const keyword = g.keywords.find((k) => k.id === t.keywordId);
        entities.push({
          sortKeys: { searchTermText: t.text, adGroupId: g.id },
          metadata: {
            campaignId: c.id,
            ...account,
            searchTermText: t.text,
            // Search Match terms matched no bidded keyword: an auto-match source, no keyword.
            searchTermSource: t.source === 'AUTO' ? 'AUTO' : 'SEARCH',
            keyword: keyword ? keywordOf(keyword) : null,
            adGroupId: g.id,
            adGroup: adGroupMin(g),
          },
          terms: [[g, t]],
        });
      }
    }
  }
  return entities;
}

export function money(minor: number, currency: string): { amount: string; currency: string } {
  const exponent = currencyExponent(currency);
  return { amount: exponent === 0 ? String(minor) : (minor / 10 ** exponent).toFixed(exponent), currency };
}

/** Apple's metrics of a row: the additive ones and the rates and averages derived from them. */
function metricsRow(m: AppleMetrics, currency: string): Record<string, unknown> {
  const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);
  const average = (minor: number, n: number) => money(n === 0 ? 0 : Math.round(minor / n), currency);
  const totalInstalls = m.tapInstalls + m.viewInstalls;
  return {
    localSpend: money(m.spendMinor, currency),
    impressions: m.impressions,
    taps: m.taps,
    ttr: ratio(m.taps, m.impressions),
    cpt: average(m.spendMinor, m.taps),
    cpm: average(m.spendMinor * 1000, m.impressions),
    tapInstalls: m.tapInstalls,
    viewInstalls: m.viewInstalls,
    totalInstalls,
    totalNewDownloads: m.newDownloads,
    totalRedownloads: m.redownloads,
    totalAvgCPI: average(m.spendMinor, totalInstalls),
    totalInstallRate: ratio(totalInstalls, m.taps),
  };
}

/** The AppsReportResponse of a request (already validated; late conversions: per date). */
export function buildReport(
  org: AppleOrg,
  level: ReportLevel,
  scope: ReportScope,
  request: ReportingRequest,
  nowMs: number,
  lateConversions: (date: string) => number = () => 1,
): Record<string, unknown> {
  const { start, end, granularity } = request.timeRange;
  const dates = datesWithData(start, end, nowMs);
  const includeRows = request.options?.includeRows ?? [];
  const rows: { entity: Entity; days: [string, AppleMetrics][]; total: AppleMetrics }[] = [];
  for (const entity of entitiesOf(org, level, scope)) {
    const total = emptyMetrics();
    const days: [string, AppleMetrics][] = [];
    for (const date of dates) {
      const day = emptyMetrics();
      const late = lateConversions(date);
      for (const [group, term] of entity.terms) {
        const metrics = searchTermDay(org, group, term, date, late);
        if (metrics) addMetrics(day, metrics);
      }
      if (day.impressions === 0) continue;
      days.push([date, day]);
      addMetrics(total, day);
    }
    if (total.impressions > 0 || includeRows.includes('EMPTY_METRICS')) rows.push({ entity, days, total });
  }
  const order = request.sorting?.[0];
  if (order) {
    const byMetric = METRIC_ORDER[order.field];
    if (!byMetric && !SORT_FIELDS[level].includes(order.field)) {
      throw invalid(`sorting field ${order.field} is not available in this report`);
    }
    const value = (row: (typeof rows)[number]) =>
      byMetric ? byMetric(row.total) : (row.entity.sortKeys[order.field] ?? 0);
    const sign = order.order === 'ASC' ? 1 : -1;
    // A stable sort: ties keep the account's own order, so pages never overlap.
    rows.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  }
  const offset = request.pagination?.offset ?? 0;
  const pageSize = request.pagination?.pageSize ?? 100;
  const page = rows.slice(offset, offset + pageSize);
  const grand = emptyMetrics();
  for (const row of rows) addMetrics(grand, row.total);
  return {
    result: {
      rows: page.map((row) => ({
        metadata: row.entity.metadata,
        totalMetrics: metricsRow(row.total, org.currency),
        ...(granularity
          ? { granularMetrics: row.days.map(([date, m]) => ({ date, ...metricsRow(m, org.currency) })) }
          : {}),
      })),
      ...(includeRows.includes('GRAND_TOTAL')
        ? { summary: { grandTotal: metricsRow(grand, org.currency) } }
        : {}),
    },
    pagination: { offset, pageSize, totalCount: rows.length },
    error: null,
  };
}
