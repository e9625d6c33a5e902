// The rows of the report queries' integration test: a marketing_performance table whose sums the
// test computes here, independently of the compiled SQL. And the query and filter the report tests
// start from.
import { utcDay } from '@maya/contracts';
import type { ReportFilter } from '@maya/contracts';
import type { Row } from '@maya/warehouse';
import { packValue } from '../src/models/packed-key';
import type { ReportQuery } from '../src/reports/compile-query';

/** The performance table's dates in the current month. */
export const THIS_MONTH: ReportFilter = {
  id: 'date',
  kind: 'relative_date',
  table: 'performance',
  column: 'date',
  operator: 'in_this',
  count: null,
  unit: 'month',
};

/** A query of the performance table with nothing but what `over` sets. */
export const performanceQuery = (over: Partial<ReportQuery> = {}): ReportQuery => ({
  table: 'performance',
  measures: [],
  dimensions: [],
  filters: [],
  dateRange: null,
  sort: [],
  limit: null,
  offset: null,
  ...over,
});

export type Fixture = {
  date: string;
  service: string;
  channel: string;
  campaign: string;
  name: string | null;
  cost: number;
  impressions: number;
  clicks: number;
  conversions: number;
  value: number;
};

function days(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => utcDay(start + i * 86_400_000));
}

const each = (dates: string[], rest: Omit<Fixture, 'date'>): Fixture[] =>
  dates.map((date) => ({ date, ...rest }));

// 2,100 days of one campaign (more points than a chart draws), then February and March 2024.
export const FIXTURE: Fixture[] = [
  ...each(days('2018-01-01', 2_100), {
    service: 'google_ads',
    channel: 'Google Ads',
    campaign: 'c1',
    name: 'Brand Search',
    cost: 1,
    impressions: 100,
    clicks: 10,
    conversions: 1,
    value: 3,
  }),
  ...each(days('2024-02-01', 29), {
    service: 'google_ads',
    channel: 'Google Ads',
    campaign: 'c2',
    name: 'Generic Search',
    cost: 1,
    impressions: 150,
    clicks: 15,
    conversions: 1,
    value: 2,
  }),
  ...each(days('2024-03-01', 31), {
    service: 'google_ads',
    channel: 'Google Ads',
    campaign: 'c2',
    name: 'Generic Search',
    cost: 2,
    impressions: 200,
    clicks: 20,
    conversions: 2,
    value: 5,
  }),
  ...each(days('2024-03-01', 31), {
    service: 'facebook_ads',
    channel: 'Meta Ads',
    campaign: 'm1',
    name: "Prospecting 'EU'",
    cost: 3,
    impressions: 1000,
    clicks: 5,
    conversions: 0,
    value: 0,
  }),
  ...each(days('2024-03-01', 31), {
    service: 'microsoft_ads',
    channel: 'Microsoft Ads',
    campaign: 'b1',
    name: null,
    cost: 0,
    impressions: 0,
    clicks: 0,
    conversions: 0,
    value: 0,
  }),
];

export function modelRow(f: Fixture): Row {
  return {
    date: f.date,
    source_service: f.service,
    account_id: 'a1',
    campaign_id: f.campaign,
    ad_group_id: '',
    channel: f.channel,
    campaign_name: f.name,
    currency: 'EUR',
    cost_micros: f.cost * 1_000_000,
    impressions: f.impressions,
    clicks: f.clicks,
    conversions: String(f.conversions),
    conversion_value_micros: f.value * 1_000_000,
    channel_campaign: packValue(f.channel, f.name),
  };
}

export const sum = (rows: Fixture[], key: 'cost' | 'impressions' | 'clicks' | 'conversions' | 'value') =>
  rows.reduce((total, r) => total + r[key], 0);
export const inRange = (from: string, to: string) => FIXTURE.filter((f) => f.date >= from && f.date <= to);
export const MARCH = inRange('2024-03-01', '2024-03-31');
