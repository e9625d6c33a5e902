// The one query the GA4 events connector runs against a GA4 BigQuery export: events of the daily
// tables (events_YYYYMMDD) aggregated by day, event name and the user's first traffic source.
// https://support.google.com/analytics/answer/7029846 (export schema)
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

/** The SQL; project and dataset must have passed the patterns above (they are quoted, not parameters). */
export function eventsDailySql(projectId: string, datasetId: string): string {
  if (!GCP_PROJECT_PATTERN.test(projectId) || !GA4_DATASET_PATTERN.test(datasetId)) {
    throw new RangeError(`Not a GA4 export dataset: ${projectId}.${datasetId}`);
  }
  return `SELECT
  event_date,
  event_name,
  IFNULL(traffic_source.source, '(direct)') AS source,
  IFNULL(traffic_source.medium, '(none)') AS medium,
  IFNULL(traffic_source.name, '(direct)') AS campaign,
  COUNT(*) AS event_count,
  COUNT(DISTINCT user_pseudo_id) AS users,
  CAST(ROUND(SUM(IFNULL(ecommerce.purchase_revenue_in_usd, 0)) * 1000000) AS INT64) AS revenue_micros
FROM \`${projectId}.${datasetId}.events_*\`
WHERE _TABLE_SUFFIX BETWEEN @${SUFFIX_PARAMETERS.from} AND @${SUFFIX_PARAMETERS.to}
GROUP BY event_date, event_name, source, medium, campaign
ORDER BY event_date, event_name, source, medium, campaign`;
}
