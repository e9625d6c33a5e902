// The GAQL query of each stream and how one GoogleAdsRow becomes a stream row. int64 values arrive
// as JSON strings (cost_micros stays exact: Number is exact to 2^53 micros, 9 billion units).
// https://developers.google.com/google-ads/api/docs/query/overview
import type { DateRange, Row } from '../../core/types';
import type { GoogleAdsRow } from './api';
import {
  AD_GROUPS_STREAM,
  CAMPAIGNS_STREAM,
  CONVERSION_ACTIONS_STREAM,
  KEYWORDS_STREAM,
  SEARCH_TERMS_STREAM,
} from './streams';

type Fields = Record<string, unknown> | undefined;

const int = (value: unknown): number => (value == null ? 0 : Number(value));
const num = (value: unknown): number =>
  typeof value === 'number' ? value : value == null ? 0 : Number(value);
const str = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : null;

/** 'customers/1/conversionActions/2' → '2'. */
const lastId = (resourceName: unknown): string | null =>
  typeof resourceName === 'string' ? resourceName.slice(resourceName.lastIndexOf('/') + 1) : null;

const METRICS =
  'metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value';

export type StreamQuery = {
  stream: string;
  query: (range: DateRange) => string;
  row: (result: GoogleAdsRow, accountId: string, currency: string) => Row;
};

const during = (range: DateRange) => `segments.date BETWEEN '${range.from}' AND '${range.to}'`;

/**
 * Adds the performance columns to a stream row. Rows are built as one literal each plus these
 * assignments (every row of a stream gets the same shape), not spread together from parts: a
 * year of search terms is millions of rows.
 */
function withPerformance(row: Row, metrics: Fields, currency: string): Row {
  row.impressions = int(metrics?.impressions);
  row.clicks = int(metrics?.clicks);
  row.cost_micros = int(metrics?.costMicros);
  row.conversions = num(metrics?.conversions);
  row.conversions_value = num(metrics?.conversionsValue);
  row.currency = currency;
  return row;
}

export const STREAM_QUERIES: StreamQuery[] = [
  {
    stream: CAMPAIGNS_STREAM.name,
    query: (range) =>
      `SELECT segments.date, campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type, ` +
      `${METRICS} FROM campaign WHERE ${during(range)}`,
    row: (r, accountId, currency) =>
      withPerformance(
        {
          date: str(r.segments?.date),
          account_id: accountId,
          campaign_id: str(r.campaign?.id),
          campaign_name: str(r.campaign?.name),
          campaign_status: str(r.campaign?.status),
          channel_type: str(r.campaign?.advertisingChannelType),
        },
        r.metrics,
        currency,
      ),
  },
  {
    stream: AD_GROUPS_STREAM.name,
    query: (range) =>
      `SELECT segments.date, campaign.id, ad_group.id, ad_group.name, ad_group.status, ad_group.type, ` +
      `${METRICS} FROM ad_group WHERE ${during(range)}`,
    row: (r, accountId, currency) =>
      withPerformance(
        {
          date: str(r.segments?.date),
          account_id: accountId,
          campaign_id: str(r.campaign?.id),
          ad_group_id: str(r.adGroup?.id),
          ad_group_name: str(r.adGroup?.name),
          ad_group_status: str(r.adGroup?.status),
          ad_group_type: str(r.adGroup?.type),
        },
        r.metrics,
        currency,
      ),
  },
  {
    stream: KEYWORDS_STREAM.name,
    query: (range) =>
      `SELECT segments.date, campaign.id, ad_group.id, ad_group_criterion.criterion_id, ` +
      `ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.status, ` +
      `${METRICS} FROM keyword_view WHERE ${during(range)}`,
    row: (r, accountId, currency) => {
      const criterion = r.adGroupCriterion;
      const keyword = criterion?.keyword as Fields;
      return withPerformance(
        {
          date: str(r.segments?.date),
          account_id: accountId,
          campaign_id: str(r.campaign?.id),
          ad_group_id: str(r.adGroup?.id),
          keyword_id: str(criterion?.criterionId),
          keyword_text: str(keyword?.text),
          match_type: str(keyword?.matchType),
          keyword_status: str(criterion?.status),
        },
        r.metrics,
        currency,
      );
    },
  },
  {
    stream: SEARCH_TERMS_STREAM.name,
    // The campaign and ad group come from the view's resource name: selecting campaign.id and
    // ad_group.id would add both resources (with their own resource names), a third of every
    // page's bytes, to parse for two ids.
    query: (range) =>
      `SELECT segments.date, search_term_view.search_term, segments.search_term_match_type, ` +
      `${METRICS} FROM search_term_view WHERE ${during(range)}`,
    row: (r, accountId, currency) => {
      const segments = r.segments;
      const view = r.searchTermView;
      const name = typeof view?.resourceName === 'string' ? view.resourceName : '';
      // 'customers/{customer}/searchTermViews/{campaign}~{ad_group}~{term, base64url}'
      const start = name.lastIndexOf('/') + 1;
      const first = name.indexOf('~', start);
      const second = first < 0 ? -1 : name.indexOf('~', first + 1);
      return withPerformance(
        {
          date: str(segments?.date),
          account_id: accountId,
          campaign_id: second > first + 1 && first > start ? name.slice(start, first) : null,
          ad_group_id: second > first + 1 && first > start ? name.slice(first + 1, second) : null,
          search_term: str(view?.searchTerm),
          match_type: str(segments?.searchTermMatchType),
        },
        r.metrics,
        currency,
      );
    },
  },
  {
    stream: CONVERSION_ACTIONS_STREAM.name,
    // Conversion-action segments go only with conversion metrics (Google refuses impressions here).
    query: (range) =>
      `SELECT segments.date, campaign.id, segments.conversion_action, segments.conversion_action_name, ` +
      `segments.conversion_action_category, metrics.conversions, metrics.conversions_value ` +
      `FROM campaign WHERE ${during(range)}`,
    row: (r, accountId, currency) => {
      const segments = r.segments;
      return {
        date: str(segments?.date),
        account_id: accountId,
        campaign_id: str(r.campaign?.id),
        conversion_action_id: lastId(segments?.conversionAction),
        conversion_action_name: str(segments?.conversionActionName),
        conversion_action_category: str(segments?.conversionActionCategory),
        conversions: num(r.metrics?.conversions),
        conversions_value: num(r.metrics?.conversionsValue),
        currency,
      };
    },
  },
];

/** The client accounts a customer reaches: itself (level 0) and those directly below it. */
export const CUSTOMER_CLIENTS_QUERY =
  'SELECT customer_client.client_customer, customer_client.id, customer_client.descriptive_name, ' +
  'customer_client.manager, customer_client.level, customer_client.status, customer_client.currency_code, ' +
  'customer_client.time_zone ' +
  'FROM customer_client WHERE customer_client.level <= 1';

export const CUSTOMER_CURRENCY_QUERY = 'SELECT customer.id, customer.currency_code FROM customer';
