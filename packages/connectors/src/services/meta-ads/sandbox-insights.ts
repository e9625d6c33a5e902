// The sandbox's Ads Insights engine: reads an insights query as Meta documents it (level,
// time_range, time_increment, fields) and answers rows in Meta's shape, numbers as strings.
import { utcDay } from '@maya/contracts';
import { datesWithData } from '../../sandbox/apis/data';
import { SandboxApiError } from '../../sandbox/apis/api';
import { ACTION_TYPES, addMetrics, adDay, campaignsOf, emptyMetrics, formatAmount } from './sandbox-data';
import type { DayMetrics, MetaAdAccount } from './sandbox-data';

export type InsightsLevel = 'account' | 'campaign' | 'adset' | 'ad';
const LEVELS: readonly InsightsLevel[] = ['account', 'campaign', 'adset', 'ad'];

/** The fields the sandbox answers, and the finest level each needs. */
const FIELD_LEVEL: Readonly<Record<string, InsightsLevel>> = {
  account_id: 'account',
  account_name: 'account',
  account_currency: 'account',
  campaign_id: 'campaign',
  campaign_name: 'campaign',
  objective: 'campaign',
  adset_id: 'adset',
  adset_name: 'adset',
  ad_id: 'ad',
  ad_name: 'ad',
  impressions: 'account',
  clicks: 'account',
  inline_link_clicks: 'account',
  spend: 'account',
  actions: 'account',
  action_values: 'account',
  date_start: 'account',
  date_stop: 'account',
};

/** Meta keeps 37 months of insights. */
const MAX_MONTHS_BACK = 37;

export type InsightsQuery = {
  level: InsightsLevel;
  fields: string[];
  since: string;
  until: string;
  /** `1`: a row per day; `all_days`: one row for the whole range. */
  daily: boolean;
};

const invalid = (message: string) => new SandboxApiError('invalid_argument', message);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseInsightsQuery(query: Record<string, unknown>, nowMs: number): InsightsQuery {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const level = text('level') ?? 'account';
  if (!LEVELS.includes(level as InsightsLevel)) {
    throw invalid(`(#100) level must be one of the following values: ${LEVELS.join(', ')}`);
  }
  const fields = (text('fields') ?? 'spend,impressions')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  fields.forEach((field, index) => {
    const needs = FIELD_LEVEL[field];
    if (!needs) {
      throw invalid(
        `(#100) fields[${index}] must be one of the following values: ${Object.keys(FIELD_LEVEL).join(', ')}`,
      );
    }
    if (LEVELS.indexOf(needs) > LEVELS.indexOf(level as InsightsLevel)) {
      throw invalid(`(#100) ${field} is not available at level ${level}`);
    }
  });
  if (text('date_preset') !== undefined)
    throw invalid('(#100) The sandbox supports time_range, not date_preset');
  if (text('breakdowns') !== undefined) throw invalid('(#100) The sandbox supports no breakdowns');
  let range: { since?: unknown; until?: unknown };
  try {
    range = JSON.parse(text('time_range') ?? 'null') as typeof range;
  } catch {
    throw invalid('(#100) param time_range must be a JSON object');
  }
  if (!range || typeof range.since !== 'string' || typeof range.until !== 'string') {
    throw invalid('(#100) time_range must contain since and until');
  }
  const { since, until } = range as { since: string; until: string };
  if (!ISO_DATE.test(since) || !ISO_DATE.test(until) || since > until) {
    throw invalid('(#100) time_range must have since and until dates (YYYY-MM-DD), since not after until');
  }
  const oldest = new Date(nowMs);
  oldest.setUTCMonth(oldest.getUTCMonth() - MAX_MONTHS_BACK);
  if (since < utcDay(oldest)) {
    throw invalid(
      `(#3018) The start date of the time range cannot be beyond ${MAX_MONTHS_BACK} months from the current date`,
    );
  }
  const increment = text('time_increment') ?? 'all_days';
  if (increment !== '1' && increment !== 'all_days') {
    throw invalid('(#100) The sandbox supports time_increment 1 or all_days');
  }
  return { level: level as InsightsLevel, fields, since, until, daily: increment === '1' };
}

type Bucket = { key: string; names: Record<string, string>; metrics: DayMetrics };

/** The rows of the query, in Meta's order: by day, then by object (late conversions: per date). */
export function insightsRows(
  account: MetaAdAccount,
  query: InsightsQuery,
  nowMs: number,
  lateConversions: (date: string) => number = () => 1,
): Record<string, unknown>[] {
  const dates = datesWithData(query.since, query.until, nowMs);
  const rows: Record<string, unknown>[] = [];
  const groups = query.daily ? dates.map((date) => [date]) : dates.length > 0 ? [dates] : [];
  for (const group of groups) {
    const first = group[0] ?? query.since;
    const buckets = new Map<string, Bucket>();
    for (const campaign of campaignsOf(account.accountId)) {
      for (const adSet of campaign.adSets) {
        for (const ad of adSet.ads) {
          for (const date of group) {
            const metrics = adDay(account, campaign, ad, date, lateConversions(date));
            if (!metrics) continue;
            const key = { account: account.accountId, campaign: campaign.id, adset: adSet.id, ad: ad.id }[
              query.level
            ];
            let bucket = buckets.get(key);
            if (!bucket) {
              bucket = {
                key,
                names: {
                  campaign_id: campaign.id,
                  campaign_name: campaign.name,
                  objective: campaign.objective,
                  adset_id: adSet.id,
                  adset_name: adSet.name,
                  ad_id: ad.id,
                  ad_name: ad.name,
                },
                metrics: emptyMetrics(),
              };
              buckets.set(key, bucket);
            }
            addMetrics(bucket.metrics, metrics);
          }
        }
      }
    }
    const dateStart = query.daily ? first : query.since;
    const dateStop = query.daily ? first : query.until;
    for (const bucket of buckets.values())
      rows.push(toRow(account, query.fields, bucket, dateStart, dateStop));
  }
  return rows;
}

/** The standard action types in Meta's order, then the custom conversions. */
function inMetaOrder(types: ReadonlyMap<string, number>): string[] {
  const standard: readonly string[] = ACTION_TYPES;
  const custom = [...types.keys()].filter((t) => !standard.includes(t)).sort();
  return [...standard.filter((t) => types.has(t)), ...custom];
}

function toRow(
  account: MetaAdAccount,
  fields: readonly string[],
  bucket: Bucket,
  dateStart: string,
  dateStop: string,
): Record<string, unknown> {
  const m = bucket.metrics;
  const row: Record<string, unknown> = {};
  for (const field of fields) {
    switch (field) {
      case 'account_id':
        row.account_id = account.accountId;
        break;
      case 'account_name':
        row.account_name = account.name;
        break;
      case 'account_currency':
        row.account_currency = account.currency;
        break;
      case 'impressions':
        row.impressions = String(m.impressions);
        break;
      case 'clicks':
        row.clicks = String(m.clicks);
        break;
      case 'inline_link_clicks':
        row.inline_link_clicks = String(m.inlineLinkClicks);
        break;
      case 'spend':
        row.spend = formatAmount(m.spendMinor, account.currency);
        break;
      case 'actions':
        // Meta leaves out the list when there were no actions.
        if (m.actions.size > 0) {
          row.actions = inMetaOrder(m.actions).map((t) => ({
            action_type: t,
            value: String(m.actions.get(t)),
          }));
        }
        break;
      case 'action_values':
        if (m.actionValuesMinor.size > 0) {
          row.action_values = inMetaOrder(m.actionValuesMinor).map((t) => ({
            action_type: t,
            value: formatAmount(m.actionValuesMinor.get(t) ?? 0, account.currency),
          }));
        }
        break;
      case 'date_start':
      case 'date_stop':
        break;
      default:
        row[field] = bucket.names[field];
    }
  }
  row.date_start = dateStart;
  row.date_stop = dateStop;
  return row;
}
