// The one query the GA4 events connector runs against a GA4 BigQuery export: events of the daily
// tables (events_YYYYMMDD) aggregated by day, event name and the session's traffic source.
// https://support.google.com/analytics/answer/7029846 (export schema)
//
// The source, medium and campaign are the session's, as GA4's session reports attribute them:
// `session_traffic_source_last_click.cross_channel_campaign` (the session's last-click
// attribution across channels, exported since July 2024), else the event's own
// `collected_traffic_source` (the UTM and click ids collected with the event). The `traffic_source`
// record is the user's first touch: it never changes for a user, so grouping by it credits every
// later session (a newsletter visit, a direct return) to the campaign that first brought the user.
//
// `events_*` also matches the intraday tables (events_intraday_YYYYMMDD); their suffix starts with
// a letter, so the digits-only BETWEEN leaves them out and only settled daily tables are read.

/** GA4 export datasets are `analytics_` followed by the property id. */
export const GA4_DATASET_PATTERN = /^analytics_\d+$/;
/** Google Cloud project ids (optionally domain-scoped, `example.com:project`). */
export const GCP_PROJECT_PATTERN = /^(?:[a-z0-9.-]+:)?[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

export const SUFFIX_PARAMETERS = { from: 'start_suffix', to: 'end_suffix' } as const;

/** The result columns, in order, with their BigQuery types. */
export const EVENTS_DAILY_FIELDS = [
  { name: 'event_date', type: 'STRING' },
  { name: 'event_name', type: 'STRING' },
  { name: 'source', type: 'STRING' },
  { name: 'medium', type: 'STRING' },
  { name: 'campaign', type: 'STRING' },
  { name: 'event_count', type: 'INTEGER' },
  { name: 'users', type: 'INTEGER' },
  { name: 'revenue_micros', type: 'INTEGER' },
] as const;

/**
 * Whose traffic source the rows are grouped by: the session's (what the connector asks), or the
 * user's first touch (`traffic_source`), kept so that the sandbox answers a query on the wrong one
 * with other numbers, as a real export does.
 */
export type Attribution = 'session' | 'first_touch';

const SOURCE_COLUMNS: Record<Attribution, { source: string; medium: string; campaign: string }> = {
  session: {
    source:
      'COALESCE(session_traffic_source_last_click.cross_channel_campaign.source, collected_traffic_source.manual_source)',
    medium:
      'COALESCE(session_traffic_source_last_click.cross_channel_campaign.medium, collected_traffic_source.manual_medium)',
    campaign:
      'COALESCE(session_traffic_source_last_click.cross_channel_campaign.campaign_name, collected_traffic_source.manual_campaign_name)',
  },
  first_touch: {
    source: 'traffic_source.source',
    medium: 'traffic_source.medium',
    campaign: 'traffic_source.name',
  },
};

/** The SQL; project and dataset must have passed the patterns above (they are quoted, not parameters). */
export function eventsDailySql(
  projectId: string,
  datasetId: string,
  attribution: Attribution = 'session',
): string {
  const columns = SOURCE_COLUMNS[attribution];
  if (!GCP_PROJECT_PATTERN.test(projectId) || !GA4_DATASET_PATTERN.test(datasetId)) {
    throw new RangeError(`Not a GA4 export dataset: ${projectId}.${datasetId}`);
  }
  return `SELECT
  event_date,
  event_name,
  IFNULL(${columns.source}, '(direct)') AS source,
  IFNULL(${columns.medium}, '(none)') AS medium,
  IFNULL(${columns.campaign}, '(direct)') AS campaign,
  COUNT(*) AS event_count,
  COUNT(DISTINCT user_pseudo_id) AS users,
  CAST(ROUND(SUM(IFNULL(ecommerce.purchase_revenue_in_usd, 0)) * 1000000) AS INT64) AS revenue_micros
FROM \`${projectId}.${datasetId}.events_*\`
WHERE _TABLE_SUFFIX BETWEEN @${SUFFIX_PARAMETERS.from} AND @${SUFFIX_PARAMETERS.to}
GROUP BY event_date, event_name, source, medium, campaign
ORDER BY event_date, event_name, source, medium, campaign`;
}
