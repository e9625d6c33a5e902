// The sandbox's report engine: reads a ReportingRequest as Apple documents it (startTime, endTime,
// granularity with its date-range rules, selector with orderBy and pagination, the totals flags)
// and answers ReportingResponseBody rows: one per campaign, ad group, keyword or search term.
import { z } from 'zod';
import { addDays, utcDay } from '@maya/contracts';
import { SandboxApiError } from '../../sandbox/apis/api';
import { datesWithData } from '../../sandbox/apis/data';
import { addMetrics, campaignsOf, currencyExponent, emptyMetrics, searchTermDay } from './sandbox-data';
import type { AppleAdGroup, AppleCampaign, AppleMetrics, AppleOrg, AppleSearchTerm } from './sandbox-data';

export type ReportLevel = 'campaigns' | 'adgroups' | 'keywords' | 'searchterms';

/** Apple's DAILY rule: start and end at most 90 days apart, the start at most 90 days back. */
export const DAILY_MAX_DAYS = 90;

const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The format is YYYY-MM-DD');
const Bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const ReportingRequestSchema = z.object({
  startTime: ISO_DATE,
  endTime: ISO_DATE,
  granularity: z.enum(['DAILY', 'HOURLY', 'WEEKLY', 'MONTHLY']).optional(),
  timeZone: z.enum(['ORTZ', 'UTC']).optional(),
  groupBy: z.array(z.string()).optional(),
  returnRowTotals: Bool.optional(),
  returnGrandTotals: Bool.optional(),
  returnRecordsWithNoMetrics: Bool.optional(),
  selector: z.object({
    orderBy: z
      .array(z.object({ field: z.string(), sortOrder: z.enum(['ASCENDING', 'DESCENDING']) }))
      .max(1)
      .optional(),
    conditions: z.array(z.unknown()).optional(),
    pagination: z
      .object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) })
      .optional(),
  }),
});
export type ReportingRequest = z.infer<typeof ReportingRequestSchema>;

const invalid = (message: string) => new SandboxApiError('invalid_argument', message);

/** Apple's documented constraints, checked before any row is built. */
export function validateReport(level: ReportLevel, request: ReportingRequest, nowMs: number): void {
  const { startTime, endTime, granularity } = request;
  if (startTime > endTime) throw invalid('startTime must not be after endTime');
  if (request.groupBy && request.groupBy.length > 0)
    throw invalid('The sandbox supports no groupBy dimensions');
  if (request.selector.conditions && request.selector.conditions.length > 0) {
    throw invalid('The sandbox supports no selector conditions');
  }
  if (granularity === undefined) {
    if (!request.returnRowTotals)
      throw invalid("If you don't specify granularity, returnRowTotals must be true");
    return;
  }
  if (granularity !== 'DAILY') throw invalid('The sandbox supports DAILY granularity only');
  if (request.returnGrandTotals) throw invalid('If you specify granularity, returnGrandTotals must be false');
  if (level === 'searchterms') {
    if (request.returnRowTotals) {
      throw invalid(
        'For search term reports with granularity, returnRowTotals and returnGrandTotals must be false',
      );
    }
    if (request.timeZone === 'UTC')
      throw invalid('Search term-level reports only support a timeZone value of ORTZ');
  }
  const today = utcDay(nowMs);
  if (Date.parse(endTime) - Date.parse(startTime) > DAILY_MAX_DAYS * 86_400_000) {
    throw invalid(`DAILY: startTime and endTime must be at most ${DAILY_MAX_DAYS} days apart`);
  }
  if (startTime < addDays(today, -DAILY_MAX_DAYS)) {
    throw invalid(`DAILY: startTime must be at most ${DAILY_MAX_DAYS} days in the past`);
  }
}

const METRIC_ORDER: Readonly<Record<string, (m: AppleMetrics) => number>> = {
  localSpend: (m) => m.spendMinor,
  impressions: (m) => m.impressions,
  taps: (m) => m.taps,
  totalInstalls: (m) => m.tapInstalls + m.viewInstalls,
};

const SORT_FIELDS: Readonly<Record<ReportLevel, readonly string[]>> = {
  campaigns: ['campaignId', 'campaignName'],
  adgroups: ['adGroupId', 'adGroupName'],
  keywords: ['keywordId', 'keyword'],
  searchterms: ['searchTermText', 'keywordId', 'adGroupId'],
};

type Entity = {
  sortKeys: Record<string, string | number>;
  metadata: Record<string, unknown>;
  terms: [AppleAdGroup, AppleSearchTerm][];
};

/** The report's entities for the level (a campaign's children for the campaign-scoped reports). */
function entitiesOf(org: AppleOrg, level: ReportLevel, campaign: AppleCampaign | null): Entity[] {
  const campaigns = campaign ? [campaign] : campaignsOf(org);
  const entities: Entity[] = [];
  for (const c of campaigns) {
    const allTerms = c.adGroups.flatMap((g) =>
      g.searchTerms.map((t) => [g, t] as [AppleAdGroup, AppleSearchTerm]),
    );
    if (level === 'campaigns') {
      entities.push({
        sortKeys: { campaignId: c.id, campaignName: c.name },
        metadata: {
          campaignId: c.id,
          campaignName: c.name,
          deleted: false,
          campaignStatus: c.status,
          app: c.app,
          servingStatus: 'RUNNING',
          servingStateReasons: null,
          countriesOrRegions: c.countries,
          totalBudget: null,
          dailyBudget: money(c.dailyBudgetMinor, org.currency),
          displayStatus: 'RUNNING',
          supplySources: ['APPSTORE_SEARCH_RESULTS'],
          adChannelType: 'SEARCH',
          orgId: org.orgId,
          billingEvent: 'TAPS',
        },
        terms: allTerms,
      });
      continue;
    }
    for (const g of c.adGroups) {
      const group = { adGroupId: g.id, adGroupName: g.name, adGroupDeleted: false };
      if (level === 'adgroups') {
        entities.push({
          sortKeys: { adGroupId: g.id, adGroupName: g.name },
          metadata: {
            campaignId: c.id,
            ...group,
            deleted: false,
            adGroupStatus: g.status,
            adGroupServingStatus: 'RUNNING',
            adGroupDisplayStatus: g.status === 'PAUSED' ? 'PAUSED' : 'RUNNING',
            orgId: org.orgId,
          },
          terms: g.searchTerms.map((t) => [g, t]),
        });
        continue;
      }
      for (const k of g.keywords) {
        const keyword = {
          keywordId: k.id,
          keyword: k.text,
          matchType: k.matchType,
          bidAmount: money(k.bidMinor, org.currency),
        };
        if (level === 'keywords') {
          entities.push({
            sortKeys: { keywordId: k.id, keyword: k.text },
            metadata: {
              ...keyword,
              keywordStatus: 'ACTIVE',
              deleted: false,
              keywordDisplayStatus: 'RUNNING',
              ...group,
            },
            terms: g.searchTerms.filter((t) => t.keywordId === k.id).map((t) => [g, t]),
          });
          continue;
        }
        for (const t of g.searchTerms.filter((term) => term.keywordId === k.id)) {
          entities.push(
            searchTermEntity(t, { ...keyword, deleted: false, keywordDisplayStatus: 'RUNNING' }, group, g),
          );
        }
      }
      if (level === 'searchterms') {
        for (const t of g.searchTerms.filter((term) => term.keywordId === null)) {
          entities.push(
            searchTermEntity(
              t,
              {
                keywordId: null,
                keyword: null,
                matchType: 'AUTO',
                bidAmount: null,
                deleted: false,
                keywordDisplayStatus: null,
              },
              group,
              g,
            ),
          );
        }
      }
    }
  }
  return entities;
}

function searchTermEntity(
  term: AppleSearchTerm,
  keyword: Record<string, unknown>,
  group: Record<string, unknown>,
  adGroup: AppleAdGroup,
): Entity {
  return {
    sortKeys: { searchTermText: term.text, keywordId: term.keywordId ?? 0, adGroupId: adGroup.id },
    metadata: { ...keyword, ...group, searchTermText: term.text, searchTermSource: term.source },
    terms: [[adGroup, term]],
  };
}

export function money(minor: number, currency: string): { amount: string; currency: string } {
  const exponent = currencyExponent(currency);
  return { amount: exponent === 0 ? String(minor) : (minor / 10 ** exponent).toFixed(exponent), currency };
}

/** Apple's SpendRow: the additive metrics and the rates and averages derived from them. */
function spendRow(m: AppleMetrics, currency: string): Record<string, unknown> {
  const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);
  const average = (minor: number, n: number) => money(n === 0 ? 0 : Math.round(minor / n), currency);
  const totalInstalls = m.tapInstalls + m.viewInstalls;
  return {
    impressions: m.impressions,
    taps: m.taps,
    ttr: ratio(m.taps, m.impressions),
    localSpend: money(m.spendMinor, currency),
    avgCPT: average(m.spendMinor, m.taps),
    avgCPM: average(m.spendMinor * 1000, m.impressions),
    tapInstalls: m.tapInstalls,
    viewInstalls: m.viewInstalls,
    totalInstalls,
    totalNewDownloads: m.newDownloads,
    totalRedownloads: m.redownloads,
    tapInstallCPI: average(m.spendMinor, m.tapInstalls),
    totalAvgCPI: average(m.spendMinor, totalInstalls),
    tapInstallRate: ratio(m.tapInstalls, m.taps),
    totalInstallRate: ratio(totalInstalls, m.taps),
  };
}

/** The ReportingResponseBody of a request (already validated; late conversions: per date). */
export function buildReport(
  org: AppleOrg,
  level: ReportLevel,
  campaign: AppleCampaign | null,
  request: ReportingRequest,
  nowMs: number,
  lateConversions: (date: string) => number = () => 1,
): Record<string, unknown> {
  const dates = datesWithData(request.startTime, request.endTime, nowMs);
  const daily = request.granularity === 'DAILY';
  const rows: { entity: Entity; days: [string, AppleMetrics][]; total: AppleMetrics }[] = [];
  for (const entity of entitiesOf(org, level, campaign)) {
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
    if (total.impressions > 0 || request.returnRecordsWithNoMetrics) rows.push({ entity, days, total });
  }
  const order = request.selector.orderBy?.[0];
  if (order) {
    const byMetric = METRIC_ORDER[order.field];
    if (!byMetric && !SORT_FIELDS[level].includes(order.field)) {
      throw invalid(`orderBy field ${order.field} is not available in this report`);
    }
    const value = (row: (typeof rows)[number]) =>
      byMetric ? byMetric(row.total) : (row.entity.sortKeys[order.field] ?? 0);
    const sign = order.sortOrder === 'ASCENDING' ? 1 : -1;
    // A stable sort: ties keep the account's own order, so pages never overlap.
    rows.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  }
  const offset = request.selector.pagination?.offset ?? 0;
  const limit = request.selector.pagination?.limit ?? 20;
  const page = rows.slice(offset, offset + limit);
  const grand = emptyMetrics();
  for (const row of rows) addMetrics(grand, row.total);
  return {
    data: {
      reportingDataResponse: {
        row: page.map((row) => ({
          other: false,
          ...(daily
            ? { granularity: row.days.map(([date, m]) => ({ ...spendRow(m, org.currency), date })) }
            : {}),
          ...(request.returnRowTotals ? { total: spendRow(row.total, org.currency) } : {}),
          metadata: row.entity.metadata,
        })),
        ...(request.returnGrandTotals
          ? { grandTotals: { other: false, total: spendRow(grand, org.currency) } }
          : {}),
      },
    },
    pagination: { totalResults: rows.length, startIndex: offset, itemsPerPage: page.length },
    error: null,
  };
}
