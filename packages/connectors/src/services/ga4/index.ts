export { ga4Connector, createGa4Connector, GA4_SCOPE } from './connector';
export type { Ga4Options } from './connector';
export { TRAFFIC_DAILY_STREAM, EVENTS_DAILY_STREAM } from './streams';
