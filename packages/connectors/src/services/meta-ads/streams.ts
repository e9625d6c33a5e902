// The tables the Meta Ads connector loads, and how an Ads Insights row becomes their rows.
import { ACCOUNT_DAY, strings, integers } from '../../core/columns';
import type { Row, StreamColumn, StreamSchema } from '../../core/types';
import { decimalToMicros } from '../../core/money';

const delivery: StreamColumn[] = [
  { name: 'currency', type: 'string' },
  ...integers('cost_micros', 'impressions', 'clicks', 'link_clicks'),
];

export const META_STREAMS = {
  campaigns: {
    name: 'campaigns',
    description: 'Daily delivery per campaign (Ads Insights, level=campaign).',
    columns: [
      ...ACCOUNT_DAY,
      ...strings('campaign_id', 'campaign_name'),
      { name: 'objective', type: 'string', nullable: true },
      ...delivery,
    ],
    primaryKey: ['account_id', 'date', 'campaign_id'],
  },
  ad_sets: {
    name: 'ad_sets',
    description: 'Daily delivery per ad set (Ads Insights, level=adset).',
    columns: [...ACCOUNT_DAY, ...strings('campaign_id', 'ad_set_id', 'ad_set_name'), ...delivery],
    primaryKey: ['account_id', 'date', 'ad_set_id'],
  },
  ads: {
    name: 'ads',
    description: 'Daily delivery per ad (Ads Insights, level=ad).',
    columns: [...ACCOUNT_DAY, ...strings('campaign_id', 'ad_set_id', 'ad_id', 'ad_name'), ...delivery],
    primaryKey: ['account_id', 'date', 'ad_id'],
  },
  conversions: {
    name: 'conversions',
    description:
      'Actions per day, campaign and action type (Ads Insights `actions` and `action_values`, ' +
      'default attribution window: 7-day click, 1-day view).',
    columns: [
      ...ACCOUNT_DAY,
      ...strings('campaign_id', 'action_type'),
      { name: 'conversions', type: 'number' },
      { name: 'currency', type: 'string' },
      { name: 'conversion_value_micros', type: 'integer', nullable: true },
    ],
    primaryKey: ['account_id', 'date', 'campaign_id', 'action_type'],
  },
} as const satisfies Record<string, StreamSchema>;

export type MetaStreamName = keyof typeof META_STREAMS;

/** An Ads Insights row as the Graph API answers it (every number a string). */
export type InsightsRow = {
  date_start: string;
  account_currency?: string;
  campaign_id?: string;
  campaign_name?: string;
  objective?: string;
  adset_id?: string;
  adset_name?: string;
  ad_id?: string;
  ad_name?: string;
  spend?: string;
  impressions?: string;
  clicks?: string;
  inline_link_clicks?: string;
  actions?: { action_type: string; value: string }[];
  action_values?: { action_type: string; value: string }[];
};

/** What the insights request asks for at each level. */
export const INSIGHTS_FIELDS = {
  campaign:
    'campaign_id,campaign_name,objective,account_currency,spend,impressions,clicks,inline_link_clicks',
  adset: 'campaign_id,adset_id,adset_name,account_currency,spend,impressions,clicks,inline_link_clicks',
  ad: 'campaign_id,adset_id,ad_id,ad_name,account_currency,spend,impressions,clicks,inline_link_clicks',
} as const;

/** The campaign level with the actions of the conversions stream. */
export const CAMPAIGN_CONVERSION_FIELDS = `${INSIGHTS_FIELDS.campaign},actions,action_values`;

const count = (value: string | undefined) => (value === undefined ? 0 : Number(value));

/** Every request asks for account_currency: a row without it is a provider fault, not a default. */
function currencyOf(row: InsightsRow): string {
  if (!row.account_currency) throw new Error('Ads Insights row without account_currency');
  return row.account_currency;
}

function deliveryOf(row: InsightsRow): Row {
  return {
    currency: currencyOf(row),
    cost_micros: row.spend === undefined ? 0 : decimalToMicros(row.spend),
    impressions: count(row.impressions),
    clicks: count(row.clicks),
    link_clicks: count(row.inline_link_clicks),
  };
}

export function campaignRow(accountId: string, row: InsightsRow): Row {
  return {
    account_id: accountId,
    date: row.date_start,
    campaign_id: row.campaign_id ?? '',
    campaign_name: row.campaign_name ?? '',
    objective: row.objective ?? null,
    ...deliveryOf(row),
  };
}

export function adSetRow(accountId: string, row: InsightsRow): Row {
  return {
    account_id: accountId,
    date: row.date_start,
    campaign_id: row.campaign_id ?? '',
    ad_set_id: row.adset_id ?? '',
    ad_set_name: row.adset_name ?? '',
    ...deliveryOf(row),
  };
}

export function adRow(accountId: string, row: InsightsRow): Row {
  return {
    account_id: accountId,
    date: row.date_start,
    campaign_id: row.campaign_id ?? '',
    ad_set_id: row.adset_id ?? '',
    ad_id: row.ad_id ?? '',
    ad_name: row.ad_name ?? '',
    ...deliveryOf(row),
  };
}

/** One row per action type of a campaign-day, with its value when Meta reports one. */
export function conversionRows(accountId: string, row: InsightsRow): Row[] {
  const values = new Map((row.action_values ?? []).map((v) => [v.action_type, v.value]));
  return (row.actions ?? []).map((action) => {
    const value = values.get(action.action_type);
    return {
      account_id: accountId,
      date: row.date_start,
      campaign_id: row.campaign_id ?? '',
      action_type: action.action_type,
      conversions: Number(action.value),
      currency: currencyOf(row),
      conversion_value_micros: value === undefined ? null : decimalToMicros(value),
    };
  });
}
