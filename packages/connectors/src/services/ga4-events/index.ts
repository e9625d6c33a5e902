export { ga4EventsConnector, createGa4EventsConnector, BIGQUERY_READ_SCOPE } from './connector';
export type { Ga4EventsOptions } from './connector';
export { ga4ExportServiceAccountEmail, serviceAccountTokenSource } from './auth';
export { EXPORT_EVENTS_DAILY_STREAM } from './streams';
export { eventsDailySql, GA4_DATASET_PATTERN } from './sql';
